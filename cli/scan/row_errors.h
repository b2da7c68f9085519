// The messages for rows that do not decode: where (file:line:column, the
// line and column of the offending byte, quoted line breaks counted) and why.
#ifndef SORTID_CLI_SCAN_ROW_ERRORS_H_
#define SORTID_CLI_SCAN_ROW_ERRORS_H_

#include <cstddef>
#include <string>

#include "cli/scan/row_decoder.h"
#include "cli/scan/scan_types.h"

namespace sortid::cli {

// The error for a row over --max-row-bytes under --on-error fail.
std::string TooLongError(const std::string& file, uint64_t line, size_t max_row_bytes);

class RowErrors {
 public:
  explicit RowErrors(const RowDecoder& decoder) : decoder_(decoder) {}

  // Why an invalid row failed, and where: "file:line:column: reason".
  std::string Describe(const std::string& file, const Row& row) const;
  // "file:line:column" of byte pos of the row's field (binary: record number).
  std::string Where(const std::string& file, const Row& row, size_t pos) const;
  // The same for byte offset of the row.
  std::string WhereInRow(const std::string& file, const Row& row, size_t offset) const;

 private:
  const RowDecoder& decoder_;
};

}  // namespace sortid::cli

#endif  // SORTID_CLI_SCAN_ROW_ERRORS_H_
