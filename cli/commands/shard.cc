// sortid shard: routes rows to N shards by XXH3 of the binary ID, spreading
// the time-ordered (hot-partition) keys evenly; prints the count per shard.
#include <sys/stat.h>
#include <xxhash.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>

#include "cli/commands/commands.h"
#include "cli/commands/shard_files.h"
#include "cli/io.h"
#include "cli/scan/batch_store.h"
#include "cli/scan/rejects.h"
#include "cli/scan/same_file.h"
#include "cli/scan/scan_args.h"
#include "cli/scan/scanner.h"

namespace sortid::cli {
namespace {

struct ShardOptions {
  ScanOptions scan;
  uint32_t shards = 0;
  std::string out_dir;  // empty: count only
  OnError on_error = OnError::kFail;
  bool force = false;   // replace shard files of an earlier run
  std::string rejects;  // --rejects FILE
  std::vector<std::string> files;
};

class ShardSink : public Sink {
 public:
  ShardSink(const RowErrors& errors, const ShardOptions& options, const std::string& extension,
            Rejects& rejects)
      : errors_(errors), options_(options), rejects_(rejects), counts_(options.shards) {
    if (options.out_dir.empty()) return;
    outputs_ = CreateShardFiles(options.out_dir, options.shards, extension, options.force);
  }

  void OnHeader(const std::string&, std::string_view row) override {
    if (header_written_) return;  // one header per shard file, from the first input
    header_written_ = true;
    for (auto& out : outputs_) {
      out->Append(row.data(), row.size());
      if (row.empty() || row.back() != '\n') out->Put('\n');
    }
    eol_ = row.size() >= 2 && row[row.size() - 2] == '\r' ? 2 : 1;
  }

  void OnBatch(const Batch& batch) override {
    for (size_t i = 0; i < batch.count; ++i) {
      const Row row = batch.row(i);
      if (!batch.valid(i)) {
        ++invalid_;
        if (options_.on_error == OnError::kFail) {
          throw CliError(kExitBadData, errors_.Describe(*batch.file, row));
        }
        const std::string why = errors_.Describe(*batch.file, row);
        if (invalid_ <= 10) {
          Progress::ClearLine();
          std::fprintf(stderr, "sortid shard: %s (skipped)\n", why.c_str());
        }
        rejects_.Add(why,
                     row.flags & Row::kTooLong ? std::string_view{}
                                               : std::string_view{row.begin, row.row_len},
                     options_.scan.format == IdFormat::kBin);
        continue;
      }
      const uint32_t shard =
          static_cast<uint32_t>(XXH3_64bits(batch.ids + 16 * i, 16) % options_.shards);
      ++counts_[shard];
      if (row.eol_len != 0) eol_ = row.eol_len;
      if (!outputs_.empty()) {
        Output& out = *outputs_[shard];
        out.Append(row.begin, row.row_len);
        if (row.eol_len == 0 && options_.scan.format != IdFormat::kBin) {
          if (eol_ == 2) out.Put('\r');  // the file's own line ending
          out.Put('\n');
        }
        out.MaybeFlush();
      }
    }
  }

  void FlushAll() {
    for (auto& out : outputs_) out->Flush();
    rejects_.Flush();
  }

  void Finish() {
    FlushAll();
    uint64_t total = 0, largest = 0;
    for (uint64_t c : counts_) total += c, largest = std::max(largest, c);
    for (uint32_t s = 0; s < options_.shards; ++s) {
      std::printf("shard %u\t%llu\n", s, static_cast<unsigned long long>(counts_[s]));
    }
    const double mean = static_cast<double>(total) / options_.shards;
    std::printf("total\t%llu rows in %u shards, largest %.3f x the mean",
                static_cast<unsigned long long>(total), options_.shards,
                mean > 0 ? static_cast<double>(largest) / mean : 0.0);
    if (invalid_ != 0)
      std::printf(", %llu invalid rows skipped", static_cast<unsigned long long>(invalid_));
    std::printf("\n");
  }

 private:
  const RowErrors& errors_;
  const ShardOptions& options_;
  Rejects& rejects_;
  std::vector<uint64_t> counts_;
  std::vector<std::unique_ptr<Output>> outputs_;
  uint64_t invalid_ = 0;
  bool header_written_ = false;
  uint8_t eol_ = 1;
};

int RunShard(const ShardOptions& options) {
  if (options.shards == 0) throw CliError(kExitUsage, "--shards must be at least 1");
  if (options.on_error == OnError::kKeep || options.on_error == OnError::kNull) {
    throw CliError(kExitUsage, "shard --on-error takes fail or skip");
  }
  std::string extension = options.scan.format == IdFormat::kBin ? ".bin" : ".txt";
  if (!options.files.empty()) {
    const std::string& first = options.files.front();
    const size_t dot = first.rfind('.');
    if (dot != std::string::npos && first.find('/', dot) == std::string::npos) {
      extension = first.substr(dot);
    }
  }
  if (!options.rejects.empty() && options.on_error != OnError::kSkip) {
    throw CliError(kExitUsage, "--rejects goes with --on-error skip (the default with --rejects)");
  }
  std::vector<OutputFile> outputs;
  if (!options.rejects.empty()) outputs.push_back({"--rejects", options.rejects});
  // Shard counts past the open-file limit are refused later; 1 Mi covers any limit.
  for (uint32_t i = 0; i < options.shards && i < (1u << 20); ++i) {
    outputs.push_back(
        {"shard file", options.out_dir + "/" + ShardFileName(i, options.shards, extension)});
  }
  for (const std::string& name : ExistingShardFiles(options.out_dir)) {
    outputs.push_back(
        {"shard file (an earlier run's: --force removes it)", options.out_dir + "/" + name});
  }
  RefuseOutputsThatAreInputs(options.files, outputs);
  Scanner scanner(options.scan);
  Rejects rejects(options.rejects);
  ShardSink sink(scanner.errors(), options, extension, rejects);
  try {
    if (options.scan.threads > 1 && ChunkedScanApplies(options.scan)) {
      RunStoredScan(options.scan, options.files, true, sink);
    } else {
      scanner.Run(options.files, sink);
    }
  } catch (const CliError&) {
    sink.FlushAll();  // rows routed before the failure stay in their shards
    throw;
  }
  sink.Finish();
  return kExitOk;
}

struct ShardArgs {
  ScanArgs scan;
  uint32_t shards = 0;
  std::string out_dir, on_error, rejects;
  bool force = false;
  CLI::Option* out_dir_option = nullptr;
};

ShardOptions Resolve(const ShardArgs& args) {
  ShardOptions options;
  options.scan = args.scan.Resolve("shard");
  options.shards = args.shards;
  if (args.out_dir_option->count() > 0 && args.out_dir.empty()) {
    throw CliError(kExitUsage,
                   "--out-dir: empty directory name (leave the option out "
                   "to only count)");
  }
  options.out_dir = args.out_dir;
  options.force = args.force;
  options.rejects = args.rejects;
  options.on_error = ResolveOnError(args.on_error, args.rejects);
  options.scan.long_rows_are_bad = options.on_error == OnError::kSkip;
  options.files = args.scan.files;
  return options;
}

void DeclareShard(CLI::App* app, ShardArgs& args) {
  args.scan.Add(app, "--format", "ulid, record, uuid (36 or 32 characters), hex, bin or typeid",
                "the first row of each input is a header: the first input's is written once at "
                "the top of every shard file");
  app->add_option("--shards", args.shards, "number of shards")
      ->required()
      ->check(CLI::Range(1u, 65536u));
  args.out_dir_option = app->add_option(
      "--out-dir", args.out_dir,
      "write DIR/shard-NNNN.<ext>, the index as wide as the largest (without: only count)");
  app->add_flag("--force", args.force, "replace the shard files of an earlier run in DIR");
  app->add_option("--on-error", args.on_error, "invalid rows: fail (the default) or skip");
  app->add_option("--rejects", args.rejects,
                  "write every invalid row to FILE, verbatim, after a '# file:line:column: "
                  "reason' line (implies --on-error skip)");
}

}  // namespace

Command AddShardCommand(CLI::App& parent) {
  return MakeCommand(parent, "shard",
                     "Route rows to N shards by a hash of the binary ID; print the counts",
                     DeclareShard, [](const ShardArgs& args) { return RunShard(Resolve(args)); });
}

}  // namespace sortid::cli
