// The options every row-reading subcommand (convert, validate, shard)
// declares: input format, field, delimiter, header, prefix, row size limit,
// progress, files.
#ifndef SORTID_CLI_SCAN_SCAN_ARGS_H_
#define SORTID_CLI_SCAN_SCAN_ARGS_H_

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/scan/scan_types.h"

namespace sortid::cli {

// What convert and shard do with a row whose ID is invalid.
enum class OnError : uint8_t { kFail, kSkip, kKeep, kNull };
OnError ParseOnError(const std::string& name);
// --on-error as given; without it, skip when --rejects names a file, else fail.
OnError ResolveOnError(const std::string& on_error, const std::string& rejects);

struct ScanArgs {
  std::string format = "ulid";
  size_t field = 0;
  std::string delimiter = ",";
  std::string quote = "csv";
  bool header = false;
  std::string prefix;
  bool lenient = false;
  size_t max_row_bytes = 4 << 20;
  std::string progress = "auto";
  bool no_progress = false;
  unsigned threads = 0;  // 0: the default (AvailableCores, at most kDefaultThreadsMax)
  std::vector<std::string> files;

  // format_option: "--from" or "--format"; header_help: what this command
  // does with the header row.
  void Add(CLI::App* app, const char* format_option, const char* format_help,
           const char* header_help);
  // Throws CliError(kExitUsage) on a bad value or combination.
  ScanOptions Resolve(const std::string& command) const;
};

// The cores this process may run on (at least 1).
unsigned AvailableCores();
// The default --threads: the cores available, at most kDefaultThreadsMax
// (a scan of the page cache is bound by memory bandwidth well before, and
// each thread holds its chunks).
inline constexpr unsigned kDefaultThreadsMax = 8;

// --delimiter: one byte, or "tab" / "\t"; never a byte an ID can hold.
char ParseDelimiter(const std::string& text);

}  // namespace sortid::cli

#endif  // SORTID_CLI_SCAN_SCAN_ARGS_H_
