// The sortid command: argument parsing (CLI11) and dispatch to the
// subcommands in cli/*.cc. Exit codes: 0 ok, 1 bad data, 2 usage, 3 I/O.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "sortid/sortid.hpp"

namespace {

using sortid::cli::kExitBadData;
using sortid::cli::kExitUsage;

double Seconds(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Fails with a clear message when SORTID_TARGET named a target that is not
// available: the library never falls back silently.
bool CheckTarget() {
  if (sortid::active_target()[0] != '\0') return true;
  const char* forced = std::getenv("SORTID_TARGET");
  std::fprintf(stderr, "sortid: SORTID_TARGET=%s is not a supported target; run `sortid targets`\n",
               forced ? forced : "");
  return false;
}

int RunDemo(size_t count) {
  if (!CheckTarget()) return kExitUsage;
  // Sample data: current time in the 48-bit timestamp, 80 pseudo-random bits
  // (std::mt19937_64 — demo data only; the CSPRNG generator is separate).
  const auto now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::system_clock::now().time_since_epoch())
                          .count();
  std::mt19937_64 rng{std::random_device{}()};
  std::vector<uint8_t> ids(count * 16);
  for (size_t i = 0; i < count; ++i) {
    uint8_t* id = &ids[16 * i];
    const auto ms = static_cast<uint64_t>(now_ms) + i / 1024;
    for (int b = 0; b < 6; ++b) id[b] = static_cast<uint8_t>(ms >> (40 - 8 * b));
    const uint64_t r1 = rng(), r2 = rng();
    for (int b = 0; b < 8; ++b) id[6 + b] = static_cast<uint8_t>(r1 >> (8 * b));
    for (int b = 0; b < 2; ++b) id[14 + b] = static_cast<uint8_t>(r2 >> (8 * b));
  }

  // One ULID per line, as a log or column export would hold them.
  sortid::TextOptions lines;
  lines.terminator = '\n';
  const size_t stride = sortid::item_length(sortid::Format::kUlid, lines);
  std::vector<char> text(count * stride);
  auto start = std::chrono::steady_clock::now();
  const sortid::Status encoded =
      sortid::encode(sortid::Format::kUlid, ids.data(), count, text.data(), stride, nullptr, lines);
  const double encode_s = Seconds(start);

  // Corrupt two lines to show per-item validation.
  std::vector<size_t> corrupted;
  if (count >= 8) {
    corrupted = {count / 3, count - 1};
    text[corrupted[0] * stride + 7] = 'U';  // not in the Crockford alphabet
    text[corrupted[1] * stride + 0] = '8';  // overflows 128 bits
  }

  std::vector<uint8_t> decoded(count * 16);
  std::vector<uint8_t> validity((count + 7) / 8);
  start = std::chrono::steady_clock::now();
  const sortid::Status status = sortid::decode(sortid::Format::kUlid, text.data(), count, stride,
                                               decoded.data(), validity.data(), lines);
  const double decode_s = Seconds(start);
  if (!encoded.ok() || !status.ok()) {
    std::fprintf(stderr, "sortid: %s\n", sortid::error_message(status.error));
    return kExitBadData;
  }

  size_t mismatches = 0;
  for (size_t i = 0; i < count; ++i) {
    const bool valid = (validity[i / 8] >> (i % 8)) & 1;
    const bool expect_valid = std::find(corrupted.begin(), corrupted.end(), i) == corrupted.end();
    if (valid != expect_valid || (valid && std::memcmp(&decoded[16 * i], &ids[16 * i], 16) != 0)) {
      ++mismatches;
    }
  }

  std::printf("sortid %s demo on target %s\n", SORTID_VERSION_STRING, sortid::active_target());
  std::printf("  generated %zu IDs (timestamp now, 80 random bits)\n", count);
  std::printf("  encoded to one-per-line ULID text (%zu bytes) in %.3f ms: %.1f M IDs/s\n",
              text.size(), encode_s * 1e3, static_cast<double>(count) / encode_s / 1e6);
  std::printf("  decoded + validated in %.3f ms: %.1f M IDs/s, %zu invalid\n", decode_s * 1e3,
              static_cast<double>(count) / decode_s / 1e6, status.invalid);
  for (size_t i : corrupted) {
    const std::string_view line(&text[i * stride], stride);
    const sortid::Explanation why = sortid::explain(sortid::Format::kUlid, line, lines);
    std::printf("  line %zu: %.*s -> %s at byte %zu\n", i + 1, 26, line.data(),
                sortid::error_message(why.error), why.position);
  }
  for (size_t i = 0; i < count && i < 3; ++i) {
    sortid::Ulid ulid;
    std::memcpy(ulid.bytes.data(), &decoded[16 * i], 16);
    std::printf("  sample: %s  uuid %s  time %s\n", ulid.to_string().c_str(),
                ulid.to_uuid().c_str(), sortid::format_iso8601(ulid.timestamp_ms()).c_str());
  }
  std::printf("  round trip: %s (%zu mismatches)\n", mismatches == 0 ? "ok" : "FAILED", mismatches);
  return mismatches == 0 ? 0 : kExitBadData;
}

// --delimiter: one byte, or "tab" / "\t".
char ParseDelimiter(const std::string& text) {
  if (text == "tab" || text == "\\t" || text == "\t") return '\t';
  if (text.size() != 1 || text[0] == '"' || text[0] == '\n' || text[0] == '\r') {
    throw sortid::cli::CliError(kExitUsage,
                                "--delimiter: expected one character (or 'tab'), not a quote "
                                "or line break");
  }
  return text[0];
}

// Options every row-reading subcommand shares.
struct ScanArgs {
  std::string format = "ulid";
  size_t field = 0;
  std::string delimiter = ",";
  bool header = false;
  std::string prefix;
  bool lenient = false;
  std::string progress = "auto";
  bool no_progress = false;
  std::vector<std::string> files;

  void Add(CLI::App* app, const char* format_option, const char* format_help) {
    app->add_option(format_option, format, format_help)->capture_default_str();
    app->add_option("--field", field, "1-based field holding the ID (CSV/TSV rows, like cut -f)")
        ->check(CLI::Range(size_t{1}, size_t{1} << 20));
    app->add_option("--delimiter", delimiter, "field delimiter: one character or 'tab'")
        ->capture_default_str();
    app->add_flag("--header", header, "pass the first row through untouched");
    app->add_option("--prefix", prefix,
                    "prefix every input ID carries (with typeid: the type name)");
    app->add_flag("--lenient", lenient, "accept Crockford aliases I/L (as 1) and O (as 0)");
    app->add_option("--progress", progress, "progress bar on stderr: auto, always or never")
        ->capture_default_str();
    app->add_flag("--no-progress", no_progress, "no progress bar (same as --progress never)");
    app->add_option("files", files, "input files ('-' or none: standard input)");
  }

  sortid::cli::ScanOptions Resolve() const {
    sortid::cli::ScanOptions scan;
    scan.format = sortid::cli::ParseIdFormat(format, "--from/--format");
    scan.text.prefix = prefix;
    scan.text.lenient = lenient;
    scan.field = field;
    scan.delimiter = ParseDelimiter(delimiter);
    scan.header = header;
    scan.progress =
        no_progress ? sortid::cli::ProgressMode::kNever : sortid::cli::ParseProgressMode(progress);
    if (header && field == 0 && scan.format == sortid::cli::IdFormat::kBin) {
      throw sortid::cli::CliError(kExitUsage, "--header does not apply to binary input");
    }
    return scan;
  }
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"sortid: encode, decode, validate and generate sortable IDs in bulk", "sortid"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string(SORTID_VERSION_STRING));
  app.footer("Exit codes: 0 ok, 1 bad data, 2 usage, 3 I/O error.");

  // convert
  ScanArgs convert_scan;
  std::string convert_to, convert_on_error = "fail", convert_out_prefix;
  bool convert_lower = false;
  CLI::App* convert = app.add_subcommand(
      "convert", "Convert one ID per line, or one CSV/TSV field, between formats");
  convert_scan.Add(convert, "--from", "input: ulid, record, uuid, hex, bin or typeid");
  convert
      ->add_option("--to", convert_to,
                   "output: ulid, record, uuid, hex, bin, typeid, ms or iso8601")
      ->required();
  convert->add_option("--out-prefix", convert_out_prefix,
                      "prefix written before each output ID (--to typeid: the type name)");
  convert->add_flag("--lower", convert_lower, "lower-case output letters");
  convert
      ->add_option("--on-error", convert_on_error,
                   "invalid rows: fail (stop, exit 1), skip, keep (original text) or null "
                   "(empty field)")
      ->capture_default_str();

  // validate
  ScanArgs validate_scan;
  bool validate_unique = false, validate_sorted = false;
  uint64_t validate_max_errors = 0;
  CLI::App* validate = app.add_subcommand(
      "validate", "Report every invalid row, duplicates and order; exit 1 if anything is bad");
  validate_scan.Add(validate, "--format", "ulid, record, uuid, hex, bin or typeid");
  validate->add_flag("--unique", validate_unique, "report duplicate IDs");
  validate->add_flag("--sorted", validate_sorted, "report the first row out of order");
  validate->add_option("--max-errors", validate_max_errors,
                       "stop after K problems (0: report all)");

  // shard
  ScanArgs shard_scan;
  uint32_t shard_count = 0;
  std::string shard_out_dir, shard_on_error = "fail";
  CLI::App* shard = app.add_subcommand(
      "shard", "Route rows to N shards by a hash of the binary ID; print the counts");
  shard_scan.Add(shard, "--format", "ulid, record, uuid, hex, bin or typeid");
  shard->add_option("--shards", shard_count, "number of shards")
      ->required()
      ->check(CLI::Range(1u, 65536u));
  shard->add_option("--out-dir", shard_out_dir, "write DIR/shard-NNNN.<ext> (without: only count)");
  shard->add_option("--on-error", shard_on_error, "invalid rows: fail or skip")
      ->capture_default_str();

  // gen
  sortid::cli::GenOptions gen_options;
  std::string gen_progress = "auto";
  bool gen_no_progress = false;
  CLI::App* gen = app.add_subcommand("gen", "Generate N IDs, one per line (or 16-byte records)");
  gen->add_option("-n,--count", gen_options.count, "number of IDs")->capture_default_str();
  gen->add_option("--kind", gen_options.kind, "ulid, ulid-monotonic, record or uuidv7")
      ->capture_default_str();
  gen->add_option("--to", gen_options.to,
                  "ulid, record, uuid, hex or bin (default: the kind's own)");
  gen->add_option("--prefix", gen_options.prefix, "prefix written before each ID");
  gen->add_flag("--typeid", gen_options.type_id, "--prefix is a TypeID type name ('_' implied)");
  gen->add_flag("--lower", gen_options.lower, "lower-case letters");
  gen->add_option("--threads", gen_options.threads, "generator threads")->capture_default_str();
  gen->add_option("--seed", gen_options.seed_hex,
                  "64 hex digits: deterministic stream (test data only, never for real IDs)");
  gen->add_option("--time", gen_options.time,
                  "fixed clock (ISO 8601 or ms) instead of the current time");
  gen->add_option("--progress", gen_progress, "progress bar: auto, always or never")
      ->capture_default_str();
  gen->add_flag("--no-progress", gen_no_progress, "no progress bar");

  // inspect, bounds, targets, bench, demo
  std::vector<std::string> inspect_ids;
  CLI::App* inspect = app.add_subcommand(
      "inspect", "Detect each ID's format and print its fields (time, random, machine, ...)");
  inspect->add_option("ids", inspect_ids, "IDs: ULID, Record ID, UUID, TypeID or PREFIX<ulid>")
      ->required();
  std::string bounds_from, bounds_to, bounds_format = "ulid";
  CLI::App* bounds = app.add_subcommand(
      "bounds", "Smallest and largest ID of a time window, for BETWEEN range queries");
  bounds->add_option("--from", bounds_from, "start: ISO 8601 (UTC unless an offset is given) or ms")
      ->required();
  bounds->add_option("--to", bounds_to, "end (inclusive), same forms")->required();
  bounds->add_option("--format", bounds_format, "ulid, record, uuid or hex")->capture_default_str();
  CLI::App* targets = app.add_subcommand("targets", "List compiled, supported and active targets");
  double bench_seconds = 0.5;
  CLI::App* bench = app.add_subcommand("bench", "Quick table of IDs/s per CPU target");
  bench->add_option("--seconds", bench_seconds, "time per measurement")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 60.0));
  size_t demo_count = 1 << 20;
  CLI::App* demo = app.add_subcommand(
      "demo", "Encode, decode and validate a generated sample; print what happened");
  demo->add_option("-n,--count", demo_count, "number of IDs")->check(CLI::Range(1, 1 << 28));

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : kExitUsage;
  }
  if (!CheckTarget()) return kExitUsage;
  using namespace sortid::cli;
  try {
    if (*convert) {
      ConvertOptions options;
      options.scan = convert_scan.Resolve();
      options.to = ParseIdFormat(convert_to, "--to");
      options.out_prefix = convert_out_prefix;
      options.lower = convert_lower;
      options.on_error = ParseOnError(convert_on_error);
      options.files = convert_scan.files;
      return RunConvert(options);
    }
    if (*validate) {
      ValidateOptions options;
      options.scan = validate_scan.Resolve();
      options.unique = validate_unique;
      options.sorted = validate_sorted;
      options.max_errors = validate_max_errors;
      options.files = validate_scan.files;
      return RunValidate(options);
    }
    if (*shard) {
      ShardOptions options;
      options.scan = shard_scan.Resolve();
      options.shards = shard_count;
      options.out_dir = shard_out_dir;
      options.on_error = ParseOnError(shard_on_error);
      options.files = shard_scan.files;
      return RunShard(options);
    }
    if (*gen) {
      gen_options.progress =
          gen_no_progress ? ProgressMode::kNever : ParseProgressMode(gen_progress);
      return RunGen(gen_options);
    }
    if (*inspect) return RunInspect(inspect_ids);
    if (*bounds) return RunBounds(bounds_from, bounds_to, bounds_format);
    if (*targets) return RunTargets();
    if (*bench) return RunBench(bench_seconds);
    if (*demo) return RunDemo(demo_count);
  } catch (const CliError& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "sortid: %s\n", e.what());
    return e.code();
  }
  return kExitUsage;
}
