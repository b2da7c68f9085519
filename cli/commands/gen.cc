// sortid gen: N fresh IDs, one per line (or 16-byte records), generated and
// encoded in chunks by one generator per thread; chunks are written in order.
#include <barrier>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <thread>

#include "cli/commands/commands.h"
#include "cli/commands/time_args.h"
#include "cli/common.h"
#include "cli/io.h"
#include "sortid/generator.hpp"

namespace sortid::cli {
namespace {

constexpr size_t kChunk = 1 << 15;  // IDs per thread per round

struct GenOptions {
  std::string count = "1";
  std::string kind = "ulid";
  std::string to;  // empty: the kind's own text form
  std::string prefix;
  bool type_id = false;
  bool lower = false;
  bool force_binary = false;  // --to bin even to a terminal
  unsigned threads = 1;
  std::string seed_hex;  // 64 hex digits: deterministic (test data only)
  std::string time;      // fixed clock (with --seed: reproducible output)
  bool seed_given = false, time_given = false;
  std::string progress = "auto";
  bool no_progress = false;
};

int64_t FixedClock(void* context) { return *static_cast<const int64_t*>(context); }

// -n: a whole number of IDs, 0 to 2^63 - 1 (no sign, no wrap-around).
uint64_t ParseCount(const std::string& text) {
  constexpr uint64_t kMax = (uint64_t{1} << 63) - 1;
  uint64_t n = 0;
  bool ok = !text.empty() && text.size() <= 19;
  for (char c : text) {
    if (c < '0' || c > '9') ok = false;
    if (ok) n = n * 10 + static_cast<uint64_t>(c - '0');
  }
  if (!ok || n > kMax) {
    throw CliError(kExitUsage, "-n/--count: '" + text + "' is not a count of IDs (0 to " +
                                   std::to_string(kMax) + ")");
  }
  return n;
}

int RunGen(const GenOptions& options) {
  const ProgressMode progress_mode =
      options.no_progress ? ProgressMode::kNever : ParseProgressMode(options.progress);
  sortid::IdKind kind;
  IdFormat natural;
  if (options.kind == "ulid") {
    kind = sortid::IdKind::kUlid, natural = IdFormat::kUlid;
  } else if (options.kind == "ulid-monotonic") {
    kind = sortid::IdKind::kUlidMonotonic, natural = IdFormat::kUlid;
  } else if (options.kind == "record") {
    kind = sortid::IdKind::kRecordId, natural = IdFormat::kRecordId;
  } else if (options.kind == "uuidv7") {
    kind = sortid::IdKind::kUuidV7, natural = IdFormat::kUuid;
  } else {
    throw CliError(kExitUsage, "--kind: expected ulid, ulid-monotonic, record or uuidv7");
  }
  const IdFormat to = options.to.empty() ? natural : ParseIdFormat(options.to, "--to");
  if (to == IdFormat::kMs || to == IdFormat::kIso8601 || to == IdFormat::kTypeId) {
    throw CliError(kExitUsage, "--to: gen writes ulid, record, uuid, hex or bin");
  }
  if (to == IdFormat::kRecordId && kind != sortid::IdKind::kRecordId) {
    throw CliError(kExitUsage,
                   std::string("--to ") + IdFormatName(to) + " cannot hold --kind " + options.kind);
  }
  if (options.threads == 0 || options.threads > 256) {
    throw CliError(kExitUsage, "--threads: expected 1 to 256");
  }
  if (options.threads > 1 && kind == sortid::IdKind::kUlidMonotonic) {
    throw CliError(kExitUsage,
                   "--kind ulid-monotonic needs one generator for one order: use --threads 1");
  }
  const uint64_t count = ParseCount(options.count);
  uint8_t seed[32];
  const bool seeded = options.seed_given;
  if (seeded) ParseSeed(options.seed_hex, seed);
  int64_t fixed_ms = 0;
  if (options.time_given) {
    fixed_ms = ParseTimeOption(options.time, "--time");
    // The kind's range: ULID and UUIDv7 48-bit ms from 1970; Record ID 40-bit from 2026.
    const bool record = kind == sortid::IdKind::kRecordId;
    const int64_t lo = record ? sortid::kRecordInceptionMs : 0;
    const int64_t hi =
        record ? sortid::kRecordInceptionMs + (int64_t{1} << 40) - 1 : (int64_t{1} << 48) - 1;
    if (fixed_ms < lo || fixed_ms > hi) {
      throw CliError(kExitUsage, "--time " + options.time + " is outside the range of --kind " +
                                     options.kind + ": " + TimeRangeText(lo, hi));
    }
  }

  const bool binary = to == IdFormat::kBin;
  const sortid::Format format = LibraryFormat(to);
  sortid::TextOptions text;
  text.prefix = options.prefix;
  text.type_id = options.type_id;
  if (options.lower) text.letter_case = sortid::LetterCase::kLower;
  text.terminator = '\n';
  if (binary && !options.prefix.empty()) throw CliError(kExitUsage, "--prefix needs text output");
  for (char c : options.prefix) {  // as convert --out-prefix: it would break the lines
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
      throw CliError(kExitUsage, "--prefix contains " +
                                     PrintableByte(static_cast<unsigned char>(c)) +
                                     ", which would break the output lines");
    }
  }
  if (options.type_id && !binary) {
    const std::string problem = TypeNameProblem(options.prefix);
    if (!problem.empty()) throw CliError(kExitUsage, "--typeid --prefix: " + problem);
    if (format != sortid::Format::kUlid) {
      throw CliError(kExitUsage, options.to.empty()
                                     ? "--typeid writes ULID text: --kind " + options.kind +
                                           " writes " + IdFormatName(to) +
                                           " text by default (add --to ulid)"
                                     : "--typeid writes ULID text: it does not take --to " +
                                           std::string(IdFormatName(to)));
    }
  }
  const size_t stride = binary ? 16 : sortid::item_length(format, text);
  {
    if (!binary && sortid::check_options(format, text) != sortid::Error::kOk) {
      throw CliError(kExitUsage, "--prefix '" + options.prefix + "' is not usable with --to " +
                                     IdFormatName(to));
    }
  }

  const unsigned threads = options.threads;
  std::vector<std::unique_ptr<sortid::Generator>> generators;
  for (unsigned t = 0; t < threads; ++t) {
    sortid::GeneratorOptions g;
    uint8_t thread_seed[32];
    if (seeded) {
      std::memcpy(thread_seed, seed, 32);
      thread_seed[31] = static_cast<uint8_t>(thread_seed[31] ^ t);  // one stream per thread
      g.seed = thread_seed;
    }
    if (!options.time.empty()) {
      g.clock = FixedClock;
      g.clock_context = &fixed_ms;
    }
    generators.push_back(std::make_unique<sortid::Generator>(g));
  }
  std::vector<std::vector<char>> buffers(threads > 1 ? threads : 0,
                                         std::vector<char>(kChunk * stride));
  std::vector<size_t> produced(threads, 0);
  std::vector<sortid::Error> errors(threads, sortid::Error::kOk);

  if (binary) RefuseBinaryToTerminal(options.force_binary);
  Output out(1);
  Progress progress(progress_mode, static_cast<int64_t>(count), "IDs");
  uint64_t remaining = count, written = 0;
  std::optional<CliError> failure;
  // How many were written and where the clock stood: the IDs that fit before
  // the error are in the output.
  auto stopped = [&](sortid::Error error) {
    return CliError(kExitBadData,
                    "generation stopped after " + std::to_string(written) + " of " +
                        std::to_string(count) + " IDs" +
                        (options.time.empty() ? std::string()
                                              : " at --time " + sortid::format_iso8601(fixed_ms)) +
                        ": " + sortid::error_message(error));
  };
  // Round r: thread t fills chunk t; the completion step writes chunks 0..T-1.
  auto write_round = [&]() noexcept {
    for (unsigned t = 0; t < threads && !failure; ++t) {
      try {
        out.WriteDirect(buffers[t].data(), produced[t] * stride);
        written += produced[t];
      } catch (const CliError& e) {
        failure.emplace(e);
      }
    }
    for (unsigned t = 0; t < threads && !failure; ++t) {
      if (errors[t] != sortid::Error::kOk) failure.emplace(stopped(errors[t]));
    }
    progress.Update(written);
    const uint64_t round = std::min<uint64_t>(remaining, uint64_t{kChunk} * threads);
    remaining = failure ? 0 : remaining - round;
  };
  auto fill = [&](unsigned t, uint64_t round_start_remaining, char* dst) {
    const uint64_t start = uint64_t{kChunk} * t;
    const size_t n =
        round_start_remaining > start
            ? static_cast<size_t>(std::min<uint64_t>(kChunk, round_start_remaining - start))
            : 0;
    sortid::Result r;
    if (n == 0) {
      r = {};
    } else if (binary) {
      r = generators[t]->generate(kind, reinterpret_cast<uint8_t*>(dst), n);
    } else {
      r = generators[t]->generate_text(kind, format, dst, n, stride, text);
    }
    produced[t] = r.count;
    errors[t] = r.error;
  };

  if (threads == 1) {  // straight into the output buffer
    while (remaining > 0) {
      fill(0, remaining, out.Reserve(kChunk * stride));
      out.Commit(produced[0] * stride);
      written += produced[0];
      if (errors[0] != sortid::Error::kOk) {
        progress.Finish();
        out.Flush();
        throw stopped(errors[0]);
      }
      out.MaybeFlush();
      remaining -= produced[0];
      progress.Update(written);
    }
  } else {
    std::barrier sync(static_cast<std::ptrdiff_t>(threads), write_round);
    std::vector<std::thread> workers;
    for (unsigned t = 0; t < threads; ++t) {
      workers.emplace_back([&, t] {
        while (true) {
          const uint64_t left = remaining;  // read before the barrier changes it
          if (left == 0) break;
          fill(t, left, buffers[t].data());
          sync.arrive_and_wait();
        }
      });
    }
    for (auto& w : workers) w.join();
  }
  progress.Finish();
  out.Flush();
  if (failure) throw *failure;
  return kExitOk;
}

}  // namespace

Command AddGenCommand(CLI::App& parent) {
  auto options = std::make_shared<GenOptions>();
  CLI::App* app = parent.add_subcommand("gen", "Generate N IDs, one per line (or 16-byte records)");
  app->add_option("-n,--count", options->count, "number of IDs (0 to 2^63-1)")
      ->capture_default_str();
  app->add_option("--kind", options->kind, "ulid, ulid-monotonic, record or uuidv7")
      ->capture_default_str();
  app->add_option("--to", options->to, "ulid, record, uuid, hex or bin (default: the kind's own)");
  app->add_option("--prefix", options->prefix, "prefix written before each ID");
  app->add_flag("--typeid", options->type_id, "--prefix is a TypeID type name ('_' implied)");
  app->add_flag("--lower", options->lower, "lower-case letters");
  app->add_flag("--force-binary", options->force_binary,
                "--to bin: write the records even when standard output is a terminal");
  app->add_option("--threads", options->threads,
                  "generator threads (1-256); with more than one, each writes its own chunks in "
                  "turn: record and uuidv7 output is then not in sorted order, and a --seed "
                  "gives a different stream for each thread count")
      ->capture_default_str();
  CLI::Option* seed_option =
      app->add_option("--seed", options->seed_hex,
                      "64 hex digits: deterministic stream (test data only, never for real IDs)");
  CLI::Option* time_option = app->add_option(
      "--time", options->time,
      "fixed clock instead of the current time: ISO 8601 (+10889-... for years past 9999) or "
      "ms (1700000000000 or 1700000000000ms)");
  app->add_option("--progress", options->progress, "progress bar: auto, always or never")
      ->capture_default_str();
  app->add_flag("--no-progress", options->no_progress, "no progress bar");
  return {app, [options, seed_option, time_option] {
            options->seed_given = seed_option->count() > 0;
            options->time_given = time_option->count() > 0;
            return RunGen(*options);
          }};
}

}  // namespace sortid::cli
