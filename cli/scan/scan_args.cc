#include "cli/scan/scan_args.h"

#include <sched.h>

#include <algorithm>

namespace sortid::cli {

OnError ParseOnError(const std::string& name) {
  if (name == "fail") return OnError::kFail;
  if (name == "skip") return OnError::kSkip;
  if (name == "keep") return OnError::kKeep;
  if (name == "null") return OnError::kNull;
  throw CliError(kExitUsage, "--on-error: expected fail, skip, keep or null");
}

OnError ResolveOnError(const std::string& on_error, const std::string& rejects) {
  if (rejects == "-") {
    throw CliError(kExitUsage,
                   "--rejects -: give a file name ('-' would mix the rejected rows into standard "
                   "output)");
  }
  return ParseOnError(!on_error.empty() ? on_error : rejects.empty() ? "fail" : "skip");
}

unsigned AvailableCores() {
  cpu_set_t set;
  if (::sched_getaffinity(0, sizeof(set), &set) == 0) {
    return static_cast<unsigned>(std::clamp(CPU_COUNT(&set), 1, 256));
  }
  return 1;
}

char ParseDelimiter(const std::string& text) {
  if (text == "tab" || text == "\\t" || text == "\t") return '\t';
  if (text.size() != 1 || text[0] == '"' || text[0] == '\n' || text[0] == '\r') {
    throw CliError(kExitUsage,
                   "--delimiter: expected one character (or 'tab'), not a quote or line break");
  }
  const char c = text[0];
  const bool in_ids = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                      c == '-' || c == '_';
  if (in_ids) {
    throw CliError(kExitUsage, "--delimiter " + PrintableByte(static_cast<unsigned char>(c)) +
                                   ": IDs contain that character (letters, digits, '-' and '_' "
                                   "cannot separate fields)");
  }
  return c;
}

void ScanArgs::Add(CLI::App* app, const char* format_option, const char* format_help,
                   const char* header_help) {
  app->add_option(format_option, format, format_help)->capture_default_str();
  app->add_option("--field", field, "1-based field holding the ID (CSV/TSV rows, like cut -f)")
      ->check(CLI::Range(size_t{1}, size_t{1} << 20));
  app->add_option("--delimiter", delimiter, "field delimiter: one character or 'tab'")
      ->capture_default_str();
  app->add_option("--quote", quote,
                  "field mode: csv (RFC 4180 quotes) or none ('\"' is an ordinary byte, as in "
                  "TSV)")
      ->capture_default_str();
  app->add_flag("--header", header, header_help);
  app->add_option("--prefix", prefix, "prefix every input ID carries (with typeid: the type name)");
  app->add_flag("--lenient", lenient, "accept Crockford aliases I/L (as 1) and O (as 0)");
  app->add_option("--max-row-bytes", max_row_bytes,
                  "longest row accepted, line ending not counted (longer: an error, or a bad "
                  "row under --on-error skip/keep/null); also the most a quoted field may span")
      ->capture_default_str()
      ->check(CLI::Range(size_t{64}, size_t{1} << 30));
  app->add_option("--progress", progress, "progress bar on stderr: auto, always or never")
      ->capture_default_str();
  app->add_flag("--no-progress", no_progress, "no progress bar (same as --progress never)");
  app->add_option("--threads", threads,
                  "threads (default: the cores available, at most 8; 1: one thread); the output "
                  "is the same for any N")
      ->check(CLI::Range(1u, 256u));
  app->add_option("files", files, "input files ('-' or none: standard input)");
}

ScanOptions ScanArgs::Resolve(const std::string& command) const {
  ScanOptions scan;
  scan.command = command;
  scan.format = ParseIdFormat(format, "--from/--format");
  scan.text.prefix = prefix;
  scan.text.lenient = lenient;
  scan.field = field;
  scan.delimiter = ParseDelimiter(delimiter);
  if (quote != "csv" && quote != "none") {
    throw CliError(kExitUsage, "--quote: expected csv or none");
  }
  if (quote == "none" && field == 0) {
    throw CliError(kExitUsage, "--quote applies to field mode only (--field N)");
  }
  scan.quoting = quote == "csv";
  scan.header = header;
  scan.max_row_bytes = max_row_bytes;
  scan.threads = threads != 0 ? threads : std::min(AvailableCores(), kDefaultThreadsMax);
  scan.progress = no_progress ? ProgressMode::kNever : ParseProgressMode(progress);
  if (scan.format == IdFormat::kBin && (!prefix.empty() || lenient)) {
    throw CliError(kExitUsage, "--prefix / --lenient do not apply to binary input");
  }
  const bool aliases = scan.format == IdFormat::kUlid || scan.format == IdFormat::kRecordId ||
                       scan.format == IdFormat::kTypeId;
  if (lenient && !aliases && scan.format != IdFormat::kMs && scan.format != IdFormat::kIso8601) {
    throw CliError(kExitUsage, std::string("--lenient applies to Crockford base32 input (ulid, "
                                           "record); --from ") +
                                   IdFormatName(scan.format) + " has no aliases");
  }
  if (header && field == 0 && scan.format == IdFormat::kBin) {
    throw CliError(kExitUsage, "--header does not apply to binary input");
  }
  if (field != 0 && prefix.find(scan.delimiter) != std::string::npos) {
    throw CliError(kExitUsage, "--prefix contains the delimiter " +
                                   PrintableByte(static_cast<unsigned char>(scan.delimiter)));
  }
  return scan;
}

}  // namespace sortid::cli
