// Decodes the ID field of a batch of rows with one sortid::decode_items call
// (fields of varying length; a UUID column may mix 36- and 32-character
// UUIDs). TypeIDs with a per-row type name and time input (--from ms |
// iso8601: the smallest or largest ID of each millisecond) go row by row.
#ifndef SORTID_CLI_SCAN_ROW_DECODER_H_
#define SORTID_CLI_SCAN_ROW_DECODER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/scan/scan_types.h"

namespace sortid::cli {

class RowDecoder {
 public:
  // Resolves the input format and options; throws CliError(kExitUsage) when
  // they cannot be used together.
  explicit RowDecoder(const ScanOptions& options);

  // Decodes rows[0..n) (n <= kBatchRows) into ids (n * 16 bytes, zero where
  // invalid) and the validity bitmap; returns the number of valid rows.
  size_t Decode(const Row* rows, size_t n, uint8_t* ids, uint8_t* validity);
  // Decodes n rows of stride bytes at data, each an ID of item_length()
  // bytes and a line ending of eol bytes (1: "\n", 2: "\r\n"), the kernel
  // checking the terminator: bit i of validity is set when row i decoded
  // and ends as said (the fixed-stride path of LineScanner).
  void DecodeFixed(const char* data, size_t n, size_t stride, uint8_t eol, uint8_t* ids,
                   uint8_t* validity) const;
  // Why a row's field does not decode: "reason" with its byte position in
  // the field (*position), for rows Decode left invalid.
  std::string Explain(const Row& row, size_t* position) const;

  const ScanOptions& options() const { return options_; }
  sortid::Format format() const { return shapes_[0].format; }
  // Length of every ID text of the main shape; 0 when it varies per row
  // (TypeIDs with their own type names, times).
  size_t item_length() const { return shapes_[0].length; }
  bool variable_typeid() const {
    return options_.format == IdFormat::kTypeId && options_.text.prefix.empty();
  }
  bool time_input() const {
    return options_.format == IdFormat::kMs || options_.format == IdFormat::kIso8601;
  }

 private:
  // One text form accepted for the column, decoded in one bulk call.
  struct Shape {
    sortid::Format format;
    size_t length;
  };
  size_t DecodeRowByRow(const Row* rows, size_t n, uint8_t* ids, uint8_t* validity) const;
  bool DecodeOne(std::string_view field, uint8_t* id) const;
  const Shape* ShapeOf(size_t length) const;

  ScanOptions options_;
  std::vector<Shape> shapes_;
  std::vector<sortid::TextItem> items_;
};

}  // namespace sortid::cli

#endif  // SORTID_CLI_SCAN_ROW_DECODER_H_
