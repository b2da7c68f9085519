// sortid convert: one ID per line, or one field of a CSV/TSV row, from one
// format to another; every other byte of each row is copied untouched. Also
// times to IDs (--from ms|iso8601 --bound min|max: range keys in bulk).
#include "cli/commands/commands.h"
#include "cli/commands/convert_sink.h"
#include "cli/common.h"
#include "cli/scan/parallel_scan.h"
#include "cli/scan/same_file.h"
#include "cli/scan/scanner.h"

namespace sortid::cli {
namespace {

// Combinations refused before any row is read.
void CheckConvertOptions(const ConvertOptions& options) {
  const bool binary = options.scan.format == IdFormat::kBin || options.to == IdFormat::kBin;
  if (binary && options.on_error == OnError::kKeep) {
    throw CliError(kExitUsage, "--on-error keep cannot pass text through binary input or output");
  }
  if (options.to == IdFormat::kBin && options.on_error == OnError::kNull) {
    throw CliError(kExitUsage,
                   "--on-error null with --to bin: a binary record has no empty value (16 zero "
                   "bytes are a valid ID); use skip, or --rejects FILE");
  }
  if (options.to == IdFormat::kBin && options.scan.field != 0) {
    throw CliError(kExitUsage, "--to bin writes bare 16-byte records; it does not take --field");
  }
  if (options.to == IdFormat::kBin && options.scan.header) {
    throw CliError(kExitUsage,
                   "--to bin writes bare 16-byte records; a --header row has no place "
                   "in them");
  }
  if (options.to == IdFormat::kTypeId && options.out_prefix.empty()) {
    throw CliError(kExitUsage, "--to typeid needs --out-prefix TYPE");
  }
  for (char c : options.out_prefix) {
    const bool control = static_cast<unsigned char>(c) < 0x20 || c == 0x7F;
    const bool breaks_field = options.scan.field != 0 && (c == options.scan.delimiter || c == '"');
    if (control || breaks_field) {
      throw CliError(kExitUsage, "--out-prefix contains " +
                                     PrintableByte(static_cast<unsigned char>(c)) +
                                     ", which would break the output row");
    }
  }
  if (!options.rejects.empty() && options.on_error != OnError::kSkip) {
    throw CliError(kExitUsage,
                   "--rejects takes the invalid rows out of the output: use it with --on-error "
                   "skip (the default with --rejects)");
  }
}

// --threads: each worker converts its chunks into memory with a sink of
// its own; the run's sink writes them out in input order.
class ConvertWorker : public ChunkWorker {
 public:
  explicit ConvertWorker(const ConvertOptions& options)
      : ChunkWorker(options.scan), rejects_(""), sink_(errors(), memory_, rejects_, options) {}

 protected:
  Sink& Begin(Chunk& chunk) override {
    if (!chunk.result) chunk.result = std::make_unique<ConvertChunk>();
    sink_.BeginChunk(static_cast<ConvertChunk*>(chunk.result.get()), chunk.file_index);
    return sink_;
  }
  void End(Chunk&) override { sink_.EndChunk(); }

 private:
  Output memory_;
  Rejects rejects_;  // none: the run's sink writes them
  ConvertSink sink_;
};

class ConvertWriter : public ChunkConsumer {
 public:
  explicit ConvertWriter(ConvertSink& sink) : sink_(sink) {}
  void Consume(Chunk& chunk, uint64_t first_line) override {
    sink_.TakeChunk(*chunk.file, chunk.file_index, static_cast<ConvertChunk&>(*chunk.result),
                    first_line);
  }

 private:
  ConvertSink& sink_;
};

int RunConvert(const ConvertOptions& options) {
  CheckConvertOptions(options);
  std::vector<OutputFile> outputs = {{"standard output", ""}};
  if (!options.rejects.empty()) outputs.push_back({"--rejects", options.rejects});
  RefuseOutputsThatAreInputs(options.files, outputs);
  if (options.to == IdFormat::kBin) RefuseBinaryToTerminal(options.force_binary);
  Scanner scanner(options.scan);
  Rejects rejects(options.rejects);
  Output out(1);
  ConvertSink sink(scanner.errors(), out, rejects, options);
  try {
    if (options.scan.threads > 1 && ChunkedScanApplies(options.scan)) {
      ConvertWriter writer(sink);
      RunParallelScan(
          options.scan, options.files, [&] { return std::make_unique<ConvertWorker>(options); },
          writer);
    } else {
      scanner.Run(options.files, sink);
    }
  } catch (const CliError&) {
    out.Flush();  // the good rows before the failure are not lost
    rejects.Flush();
    throw;
  }
  out.Flush();
  rejects.Flush();
  sink.Report();
  return kExitOk;
}

struct ConvertArgs {
  ScanArgs scan;
  std::string to, on_error, out_prefix, rejects, bound;
  bool lower = false;
  bool force_binary = false;
};

ConvertOptions Resolve(const ConvertArgs& args) {
  ConvertOptions options;
  options.scan = args.scan.Resolve("convert");
  options.to = ParseIdFormat(args.to, "--to");
  options.out_prefix = args.out_prefix;
  options.lower = args.lower;
  options.force_binary = args.force_binary;
  options.rejects = args.rejects;
  options.on_error = ResolveOnError(args.on_error, args.rejects);
  options.scan.long_rows_are_bad = options.on_error != OnError::kFail;
  if (!args.bound.empty() && args.bound != "min" && args.bound != "max") {
    throw CliError(kExitUsage, "--bound: expected min or max");
  }
  const bool time_in =
      options.scan.format == IdFormat::kMs || options.scan.format == IdFormat::kIso8601;
  // Options that do not apply are refused rather than silently ignored.
  if (!args.bound.empty() && !time_in) {
    throw CliError(kExitUsage, "--bound applies to time input only (--from ms or iso8601)");
  }
  if (options.to == IdFormat::kBin && (!args.out_prefix.empty() || args.lower)) {
    throw CliError(kExitUsage, "--out-prefix / --lower do not apply to --to bin (no text)");
  }
  const bool text_out = options.to != IdFormat::kBin && options.to != IdFormat::kMs &&
                        options.to != IdFormat::kIso8601;
  if (!text_out && (!args.out_prefix.empty() || args.lower)) {
    throw CliError(kExitUsage, std::string("--out-prefix / --lower do not apply to --to ") +
                                   IdFormatName(options.to) + " (not an ID text)");
  }
  options.scan.time_bound =
      args.bound == "max" ? sortid::TimeBound::kEnd : sortid::TimeBound::kStart;
  options.scan.time_layout = LibraryFormat(options.to);
  if (time_in && (options.to == IdFormat::kBin || options.to == IdFormat::kTypeId)) {
    options.scan.time_layout = sortid::Format::kUlid;
  }
  options.files = args.scan.files;
  return options;
}

void DeclareConvert(CLI::App* app, ConvertArgs& args) {
  args.scan.Add(app, "--from",
                "input: ulid, record, uuid (36 or 32 characters), hex, bin, typeid, or a time: "
                "ms or iso8601 (see --bound)",
                "the first row of each input is a header: the first input's is written once, "
                "unchanged");
  app->add_option("--to", args.to, "output: ulid, record, uuid, hex, bin, typeid, ms or iso8601")
      ->required();
  app->add_option("--out-prefix", args.out_prefix,
                  "prefix written before each output ID (--to typeid: the type name)");
  app->add_flag("--lower", args.lower, "lower-case output letters");
  app->add_flag("--force-binary", args.force_binary,
                "--to bin: write the records even when standard output is a terminal");
  app->add_option("--on-error", args.on_error,
                  "invalid rows: fail (stop, exit 1; the default), skip, keep (original text) or "
                  "null (empty field)");
  app->add_option("--rejects", args.rejects,
                  "write every invalid row to FILE, verbatim, after a '# file:line:column: "
                  "reason' line (implies --on-error skip)");
  app->add_option("--bound", args.bound,
                  "with --from ms|iso8601: each time becomes the smallest (min) or largest (max) "
                  "ID of its millisecond (max of a date: of its last millisecond)")
      ->default_str("min");
}

}  // namespace

Command AddConvertCommand(CLI::App& parent) {
  return MakeCommand(
      parent, "convert", "Convert one ID per line, or one CSV/TSV field, between formats",
      DeclareConvert, [](const ConvertArgs& args) { return RunConvert(Resolve(args)); });
}

}  // namespace sortid::cli
