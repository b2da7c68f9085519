// What the input side hands to the subcommands: rows (located in the input
// block), batches of decoded rows with their validity bitmap, the Sink that
// receives them, and the options that shape the scan.
#ifndef SORTID_CLI_SCAN_SCAN_TYPES_H_
#define SORTID_CLI_SCAN_SCAN_TYPES_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "cli/common.h"
#include "cli/io.h"
#include "cli/scan/csv.h"
#include "sortid/sortid.hpp"

namespace sortid::cli {

// One input row: its geometry (CsvRow: offsets relative to begin, the field
// without quotes) and where it is.
struct Row : CsvRow {
  const char* begin = nullptr;
  uint64_t line = 0;  // 1-based line (binary input: record number)

  std::string_view field() const { return {begin + field_off, field_len}; }
};

// Where the scan is: the file and the line of the next row.
struct ScanPosition {
  const std::string* file = nullptr;
  uint32_t file_index = 0;  // 1-based position of the file in the input list
  uint64_t line = 1;
  bool header_pending = false;
};

// A batch of decoded rows, in one of two layouts.
struct Batch {
  const std::string* file = nullptr;
  uint32_t file_index = 0;  // 1-based position of the file in the input list
  size_t count = 0;
  const uint8_t* ids = nullptr;       // count * 16 bytes; all zero where invalid
  const uint8_t* validity = nullptr;  // Arrow bitmap: bit i set = row i decoded
  size_t invalid = 0;
  // Fixed layout (rows == nullptr): row i is the stride bytes at base + i * stride,
  // the ID first, then the line ending of eol_len bytes; its line is first_line + i.
  const char* base = nullptr;
  size_t stride = 0;
  uint8_t eol_len = 0;
  uint64_t first_line = 0;
  // Explicit layout.
  const Row* rows = nullptr;

  bool valid(size_t i) const { return (validity[i / 8] >> (i % 8)) & 1; }
  Row row(size_t i) const;
};

class Sink {
 public:
  virtual ~Sink() = default;
  virtual void OnBatch(const Batch& batch) = 0;
  // The header row (--header), verbatim with its line ending.
  virtual void OnHeader(const std::string& /*file*/, std::string_view /*row*/) {}
};

struct ScanOptions {
  std::string command;                // "convert": notes on stderr start "sortid convert: "
  IdFormat format = IdFormat::kUlid;  // input format (kBin: 16-byte records; kMs, kIso8601: times)
  sortid::TextOptions text;           // prefix, lenient, type_id (no terminator)
  size_t field = 0;                   // 1-based field, 0 = the whole line
  char delimiter = ',';
  bool quoting = true;  // false (--quote none): '"' is an ordinary byte
  bool header = false;
  ProgressMode progress = ProgressMode::kAuto;
  size_t max_row_bytes = 4 << 20;  // longer rows: an error, or bad rows (long_rows_are_bad)
  bool long_rows_are_bad = false;  // a row over the limit is an invalid row, not the end
  unsigned threads = 1;            // --threads: workers scanning chunks (1: no pipeline)
  // Time input (kMs, kIso8601): each time becomes the smallest (kStart) or
  // largest (kEnd) ID of its millisecond in this format's layout.
  sortid::Format time_layout = sortid::Format::kUlid;
  sortid::TimeBound time_bound = sortid::TimeBound::kStart;
};

inline constexpr size_t kBatchRows = 4096;

}  // namespace sortid::cli

#endif  // SORTID_CLI_SCAN_SCAN_TYPES_H_
