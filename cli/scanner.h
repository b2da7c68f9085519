// The input side shared by convert, validate and shard: reads files in large
// blocks, splits them into rows (one ID per line, a CSV/TSV field, or 16-byte
// binary records), decodes the IDs in batches through the vector kernels and
// hands each batch to a Sink with the validity bitmap.
//
// Hot path (one ID per line): the block is decoded in place at the fixed
// stride "ID + line ending" (27 bytes for ULID + "\n"), the kernel checking
// the terminator; only rows that fail (bad ID, other length, last line
// without newline) are located with memchr and handled one by one, after
// which the fixed stride resumes. CRLF files take the same path (stride 28).
// Field mode locates the field in each row (RFC 4180 quoting, quoted line
// breaks), gathers the fields into a dense buffer and decodes that.
#ifndef SORTID_CLI_SCANNER_H_
#define SORTID_CLI_SCANNER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "cli/common.h"
#include "cli/io.h"
#include "sortid/sortid.hpp"

namespace sortid::cli {

// One input row. Offsets are relative to begin; the field excludes quotes.
struct Row {
  enum Flags : uint8_t { kQuoted = 1, kMissingField = 2, kUnterminatedQuote = 4 };
  const char* begin = nullptr;
  uint32_t field_off = 0;
  uint32_t field_len = 0;
  uint32_t row_len = 0;  // including the line ending
  uint8_t eol_len = 0;   // 0 (end of input or binary), 1 "\n", 2 "\r\n"
  uint8_t flags = 0;
  uint32_t fields_found = 0;  // with kMissingField: how many fields the row has
  uint64_t line = 0;          // 1-based line (binary input: record number)

  std::string_view field() const { return {begin + field_off, field_len}; }
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
  IdFormat format = IdFormat::kUlid;  // input format (kBin: 16-byte records)
  sortid::TextOptions text;           // prefix, lenient, type_id (no terminator)
  size_t field = 0;                   // 1-based field, 0 = the whole line
  char delimiter = ',';
  bool header = false;
  ProgressMode progress = ProgressMode::kAuto;
};

class Scanner {
 public:
  static constexpr size_t kBatch = 4096;
  static constexpr size_t kBlockBytes = 4 << 20;   // the longest row accepted
  static constexpr size_t kReadBytes = 256 << 10;  // one read() call

  explicit Scanner(const ScanOptions& options);  // throws CliError(kExitUsage)

  // Streams every file (empty list: stdin) through sink.
  void Run(const std::vector<std::string>& files, Sink& sink);

  // Why an invalid row's field failed, and where: "file:line:column: reason".
  std::string Describe(const std::string& file, const Row& row) const;
  // "file:line:column" of byte pos of the row's field (binary: record number).
  std::string Where(const std::string& file, const Row& row, size_t pos) const;

 private:
  // Returns the bytes left over at the end of the input (binary input only).
  size_t ScanRead(Input& input, std::vector<char>& buffer, Sink& sink, uint64_t* done,
                  Progress* progress);
  // One block: rows handed to the sink; returns the bytes consumed.
  size_t Process(const char* data, size_t size, bool at_eof, Sink& sink);
  size_t ProcessLines(const char* data, size_t size, bool at_eof, Sink& sink);
  size_t ProcessFields(const char* data, size_t size, bool at_eof, Sink& sink);
  size_t ProcessBinary(const char* data, size_t size, Sink& sink);
  // Locates the line at data (no further than end); fills row geometry.
  Row LineRow(const char* data, const char* end) const;
  void AddRow(Row row, size_t newlines, Sink& sink);
  void FlushRows(Sink& sink);
  sortid::Explanation Explain(const Row& row) const;
  bool variable_typeid() const {
    return options_.format == IdFormat::kTypeId && options_.text.prefix.empty();
  }

  ScanOptions options_;
  sortid::Format format_;
  size_t item_length_;
  const std::string* file_ = nullptr;
  uint32_t file_index_ = 0;
  uint64_t line_ = 1;
  bool header_pending_ = false;
  size_t slow_streak_ = 0;
  std::vector<Row> rows_;
  std::vector<char> dense_;
  std::vector<uint8_t> ids_, validity_, dense_ids_, dense_validity_;
  std::vector<uint8_t> line_ids_, line_validity_;  // the fixed-stride decode
  std::vector<uint32_t> dense_rows_;
};

}  // namespace sortid::cli

#endif  // SORTID_CLI_SCANNER_H_
