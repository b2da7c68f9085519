#include "cli/row_errors.h"

namespace sortid::cli {

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
  if (row.flags & Row::kMissingField) {
    return Where(file, row, 0) + ": missing field " + std::to_string(decoder_.options().field) +
           " (the row has " + std::to_string(row.fields_found) + ")";
  }
  if (row.flags & Row::kUnterminatedQuote) {
    return Where(file, row, 0) + ": quoted field not closed before the end of input";
  }
  const sortid::Explanation why = decoder_.Explain(row);
  size_t expected = decoder_.item_length();
  if (decoder_.variable_typeid()) {
    const sortid::TypeIdSplit split = sortid::typeid_split(row.field());
    expected = split.type_name.size() + 27;
    if (why.error == sortid::Error::kPrefix) {
      return Where(file, row, why.position) + ": invalid TypeID type name";
    }
  }
  if (why.error == sortid::Error::kOk) {  // decoded, but rejected afterwards (encode range)
    return Where(file, row, 0) + ": " + sortid::error_message(sortid::Error::kRange);
  }
  return Where(file, row, why.position) + ": " + DescribeError(why, row.field(), expected);
}

}  // namespace sortid::cli
