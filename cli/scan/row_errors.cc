#include "cli/scan/row_errors.h"

namespace sortid::cli {

std::string TooLongError(const std::string& file, uint64_t line, size_t max_row_bytes) {
  return file + ":" + std::to_string(line) + ": row longer than " + std::to_string(max_row_bytes) +
         " bytes (raise the limit with --max-row-bytes, or take such rows as bad rows with "
         "--on-error skip)";
}

std::string RowErrors::WhereInRow(const std::string& file, const Row& row, size_t offset) const {
  if (decoder_.options().format == IdFormat::kBin) {
    return file + ": record " + std::to_string(row.line);
  }
  uint64_t line = row.line;
  size_t line_start = 0;
  for (size_t i = 0; i < offset && i < row.row_len; ++i) {
    if (row.begin[i] == '\n') ++line, line_start = i + 1;
  }
  return file + ":" + std::to_string(line) + ":" + std::to_string(offset - line_start + 1);
}

std::string RowErrors::Where(const std::string& file, const Row& row, size_t pos) const {
  return WhereInRow(file, row, row.field_off + pos);
}

std::string RowErrors::Describe(const std::string& file, const Row& row) const {
  if (row.flags & Row::kTooLong) {
    return file + ":" + std::to_string(row.line) + ": row longer than " +
           std::to_string(decoder_.options().max_row_bytes) + " bytes (--max-row-bytes): skipped";
  }
  if (row.flags & Row::kPartialRecord) {
    return WhereInRow(file, row, 0) + ": " + std::to_string(row.row_len) + " trailing byte" +
           (row.row_len == 1 ? "" : "s") + " after " + std::to_string(row.line - 1) +
           " complete 16-byte records (binary input must be a multiple of 16 bytes)";
  }
  // A quote problem first: it decides where the fields are.
  if (row.flags & Row::kQuoteOverLimit) {
    return WhereInRow(file, row, row.problem_off) +
           ": quoted field not closed within --max-row-bytes (" +
           std::to_string(decoder_.options().max_row_bytes) +
           " bytes; the quote opens here): the row is this line only";
  }
  if ((row.flags & Row::kQuoteCut) && (row.flags & Row::kUnterminatedQuote)) {
    return WhereInRow(file, row, row.problem_off) +
           ": quoted field not closed before the end of input (the quote opens here): the row "
           "is this line only";
  }
  if (row.flags & Row::kQuoteCut) {
    return WhereInRow(file, row, row.problem_off) +
           ": quoted field spans lines and has text after its closing quote (RFC 4180; the "
           "quote opens here): the row is this line only";
  }
  if (row.flags & Row::kUnterminatedQuote) {
    return WhereInRow(file, row, row.problem_off) +
           ": quoted field not closed before the end of input (the quote opens here)";
  }
  if (row.flags & Row::kTextAfterQuote) {
    return WhereInRow(file, row, row.problem_off) + ": " +
           PrintableByte(static_cast<unsigned char>(row.begin[row.problem_off])) +
           " after the closing quote of a field (RFC 4180: a quoted field ends at its closing "
           "quote)";
  }
  if (row.flags & Row::kMissingField) {
    return Where(file, row, 0) + ": missing field " + std::to_string(decoder_.options().field) +
           " (the row has " + std::to_string(row.fields_found) + ")";
  }
  size_t position = 0;
  const std::string why = decoder_.Explain(row, &position);
  return Where(file, row, position) + ": " + why;
}

}  // namespace sortid::cli
