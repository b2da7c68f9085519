// Decodes the ID field of a batch of rows: gathers the fields of the expected
// length into a dense buffer, decodes them with one bulk call, scatters the
// IDs back to their rows (TypeIDs with a per-row type name: one by one).
#ifndef SORTID_CLI_ROW_DECODER_H_
#define SORTID_CLI_ROW_DECODER_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "cli/scan_types.h"

namespace sortid::cli {

class RowDecoder {
 public:
  // Resolves the input format and options; throws CliError(kExitUsage) when
  // they cannot be used together.
  explicit RowDecoder(const ScanOptions& options);

  // Decodes rows[0..n) (n <= kBatchRows) into ids (n * 16 bytes, zero where
  // invalid) and the validity bitmap; returns the number of valid rows.
  size_t Decode(const Row* rows, size_t n, uint8_t* ids, uint8_t* validity);
  // Why a row's field does not decode (position within the field).
  sortid::Explanation Explain(const Row& row) const;

  const ScanOptions& options() const { return options_; }
  sortid::Format format() const { return format_; }
  // Length of every ID text; 0 for TypeIDs whose type name varies per row.
  size_t item_length() const { return item_length_; }
  bool variable_typeid() const {
    return options_.format == IdFormat::kTypeId && options_.text.prefix.empty();
  }

 private:
  size_t DecodeTypeIds(const Row* rows, size_t n, uint8_t* ids, uint8_t* validity) const;

  ScanOptions options_;
  sortid::Format format_;
  size_t item_length_ = 0;
  std::vector<char> dense_;
  std::vector<uint8_t> dense_ids_, dense_validity_;
  std::vector<uint32_t> dense_rows_;
};

}  // namespace sortid::cli

#endif  // SORTID_CLI_ROW_DECODER_H_
