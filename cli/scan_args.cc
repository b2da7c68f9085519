#include "cli/scan_args.h"

namespace sortid::cli {

OnError ParseOnError(const std::string& name) {
  if (name == "fail") return OnError::kFail;
  if (name == "skip") return OnError::kSkip;
  if (name == "keep") return OnError::kKeep;
  if (name == "null") return OnError::kNull;
  throw CliError(kExitUsage, "--on-error: expected fail, skip, keep or null");
}

char ParseDelimiter(const std::string& text) {
  if (text == "tab" || text == "\\t" || text == "\t") return '\t';
  if (text.size() != 1 || text[0] == '"' || text[0] == '\n' || text[0] == '\r') {
    throw CliError(kExitUsage,
                   "--delimiter: expected one character (or 'tab'), not a quote or line break");
  }
  return text[0];
}

void ScanArgs::Add(CLI::App* app, const char* format_option, const char* format_help) {
  app->add_option(format_option, format, format_help)->capture_default_str();
  app->add_option("--field", field, "1-based field holding the ID (CSV/TSV rows, like cut -f)")
      ->check(CLI::Range(size_t{1}, size_t{1} << 20));
  app->add_option("--delimiter", delimiter, "field delimiter: one character or 'tab'")
      ->capture_default_str();
  app->add_flag("--header", header, "pass the first row through untouched");
  app->add_option("--prefix", prefix, "prefix every input ID carries (with typeid: the type name)");
  app->add_flag("--lenient", lenient, "accept Crockford aliases I/L (as 1) and O (as 0)");
  app->add_option("--progress", progress, "progress bar on stderr: auto, always or never")
      ->capture_default_str();
  app->add_flag("--no-progress", no_progress, "no progress bar (same as --progress never)");
  app->add_option("files", files, "input files ('-' or none: standard input)");
}

ScanOptions ScanArgs::Resolve() const {
  ScanOptions scan;
  scan.format = ParseIdFormat(format, "--from/--format");
  scan.text.prefix = prefix;
  scan.text.lenient = lenient;
  scan.field = field;
  scan.delimiter = ParseDelimiter(delimiter);
  scan.header = header;
  scan.progress = no_progress ? ProgressMode::kNever : ParseProgressMode(progress);
  if (header && field == 0 && scan.format == IdFormat::kBin) {
    throw CliError(kExitUsage, "--header does not apply to binary input");
  }
  return scan;
}

}  // namespace sortid::cli
