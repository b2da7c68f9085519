#include "cli/scan/row_decoder.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace sortid::cli {
namespace {

constexpr uint8_t kUnusable = Row::kMissingField | Row::kUnterminatedQuote | Row::kTextAfterQuote |
                              Row::kTooLong | Row::kPartialRecord;

bool Usable(sortid::Format format, const sortid::TextOptions& text) {
  return sortid::check_options(format, text) == sortid::Error::kOk;
}

bool StartsWithBom(std::string_view s) { return s.substr(0, 3) == "\xEF\xBB\xBF"; }

}  // namespace

RowDecoder::RowDecoder(const ScanOptions& options) : options_(options) {
  if (options_.format == IdFormat::kTypeId && options_.text.lenient) {
    throw CliError(kExitUsage,
                   "--lenient does not apply to --from typeid (a TypeID suffix is lower-case "
                   "Crockford base32 without aliases)");
  }
  if (options_.format == IdFormat::kTypeId) options_.text.type_id = true;
  const sortid::Format format = LibraryFormat(options_.format);
  options_.text.terminator = -1;
  if (options_.format == IdFormat::kBin) {
    if (options_.field != 0 || options_.header) {
      throw CliError(kExitUsage, "--field / --header do not apply to binary input");
    }
    shapes_.push_back({format, 16});
  } else if (variable_typeid() || time_input()) {
    if (time_input() && (!options_.text.prefix.empty() || options_.text.lenient)) {
      throw CliError(kExitUsage, "--prefix / --lenient do not apply to time input");
    }
    shapes_.push_back({format, 0});
  } else {
    if (!Usable(format, options_.text)) {
      throw CliError(kExitUsage, "--prefix '" + std::string(options_.text.prefix) +
                                     "' is not usable with --from " +
                                     IdFormatName(options_.format));
    }
    shapes_.push_back({format, sortid::item_length(format, options_.text)});
    // A UUID column also takes the bare 32-hex-digit form (RFC 9562 section 4).
    if (options_.format == IdFormat::kUuid && Usable(sortid::Format::kUuidHex, options_.text)) {
      shapes_.push_back(
          {sortid::Format::kUuidHex, sortid::item_length(sortid::Format::kUuidHex, options_.text)});
    }
  }
  items_.resize(kBatchRows);
}

const RowDecoder::Shape* RowDecoder::ShapeOf(size_t length) const {
  for (const Shape& shape : shapes_) {
    if (shape.length == length) return &shape;
  }
  return nullptr;
}

// One library call for the batch: each row's field as an item of its own
// length (unusable rows as null items), IDs and validity straight into place.
size_t RowDecoder::Decode(const Row* rows, size_t n, uint8_t* ids, uint8_t* validity) {
  if (item_length() == 0) {
    std::memset(ids, 0, 16 * n);
    std::memset(validity, 0, (n + 7) / 8);
    return DecodeRowByRow(rows, n, ids, validity);
  }
  for (size_t i = 0; i < n; ++i) {
    const Row& row = rows[i];
    items_[i] = (row.flags & kUnusable)
                    ? sortid::TextItem{nullptr, 0}
                    : sortid::TextItem{row.begin + row.field_off, row.field_len};
  }
  const sortid::Result status =
      sortid::decode_items(format(), items_.data(), n, ids, validity, options_.text);
  if (!status.ok()) throw CliError(kExitUsage, sortid::error_message(status.error));
  return n - status.count;
}

void RowDecoder::DecodeFixed(const char* data, size_t n, size_t stride, uint8_t eol, uint8_t* ids,
                             uint8_t* validity) const {
  sortid::TextOptions text = options_.text;
  text.terminator = eol == 1 ? '\n' : '\r';
  const sortid::Result status = sortid::decode(format(), data, n, stride, ids, validity, text);
  if (!status.ok()) throw CliError(kExitUsage, sortid::error_message(status.error));
  if (eol == 2) {  // the kernel checked the '\r'; the '\n' after it is checked here
    const size_t len = item_length();
    for (size_t i = 0; i < n; ++i) {
      if (data[i * stride + len + 1] != '\n') {
        validity[i / 8] &= static_cast<uint8_t>(~(1u << (i % 8)));
      }
    }
  }
}

bool RowDecoder::DecodeOne(std::string_view field, uint8_t* id) const {
  if (time_input()) {
    const bool integer = !field.empty() && field.find_first_not_of("0123456789", field[0] == '-') ==
                                               std::string_view::npos;
    if (integer != (options_.format == IdFormat::kMs)) return false;
    // A time names its millisecond (max: the largest ID of that millisecond);
    // only a date stands for a period, whose max is its last millisecond.
    const bool date_only = field.find_first_of("T: ") == std::string_view::npos;
    const std::optional<int64_t> ms =
        sortid::parse_timestamp(field, date_only ? options_.time_bound : sortid::TimeBound::kStart);
    if (!ms) return false;
    uint8_t other[16];
    return options_.time_bound == sortid::TimeBound::kStart
               ? sortid::bounds(options_.time_layout, *ms, id, other) == sortid::Error::kOk
               : sortid::bounds(options_.time_layout, *ms, other, id) == sortid::Error::kOk;
  }
  // TypeID: each row carries its own type name.
  std::string_view type_name;
  if (!sortid::split_typeid(field, &type_name).ok()) return false;
  sortid::TextOptions text = options_.text;
  text.prefix = type_name;
  return sortid::decode_one(format(), field, id, text).error == sortid::Error::kOk;
}

size_t RowDecoder::DecodeRowByRow(const Row* rows, size_t n, uint8_t* ids,
                                  uint8_t* validity) const {
  size_t valid = 0;
  for (size_t i = 0; i < n; ++i) {
    if (rows[i].flags & kUnusable) continue;
    if (DecodeOne(rows[i].field(), ids + 16 * i)) {
      validity[i / 8] |= static_cast<uint8_t>(1u << (i % 8));
      ++valid;
    } else {
      std::memset(ids + 16 * i, 0, 16);
    }
  }
  return valid;
}

std::string RowDecoder::Explain(const Row& row, size_t* position) const {
  // A quoted field is judged as its unescaped text ("" is one quote); the
  // position is mapped back to the bytes of the row.
  if ((row.flags & Row::kQuoted) && row.field().find("\"\"") != std::string_view::npos) {
    std::string unescaped;
    std::vector<size_t> raw;  // raw offset of each unescaped byte
    const std::string_view f = row.field();
    for (size_t i = 0; i < f.size(); ++i) {
      raw.push_back(i);
      unescaped.push_back(f[i]);
      if (f[i] == '"' && i + 1 < f.size() && f[i + 1] == '"') ++i;
    }
    Row copy = row;
    copy.begin = unescaped.data();
    copy.field_off = 0;
    copy.field_len = static_cast<uint32_t>(unescaped.size());
    copy.flags = static_cast<uint8_t>(copy.flags & ~Row::kQuoted);
    const std::string why = Explain(copy, position);
    *position = *position < raw.size() ? raw[*position] : f.size();
    return why;
  }
  const std::string_view field = row.field();
  *position = 0;
  if (StartsWithBom(field)) {
    return "starts with a UTF-8 byte order mark (EF BB BF); remove it";
  }
  if (time_input()) {
    const bool ms = options_.format == IdFormat::kMs;
    uint8_t unused[16];
    if (DecodeOne(field, unused)) return "";
    const bool readable = sortid::parse_timestamp(field).has_value();
    const bool integer = !field.empty() && field.find_first_not_of("0123456789", field[0] == '-') ==
                                               std::string_view::npos;
    if (ms && integer && !readable) {
      return "a whole number of milliseconds outside the times sortid reads";
    }
    if (!readable || integer != ms) {
      return ms ? "not a whole number of milliseconds"
                : "not an ISO 8601 time (2024-01-31, 2024-01-31T12:00:00.250Z, ...)";
    }
    return "time outside the range of the output format";
  }
  sortid::Result why;
  size_t expected = item_length();
  if (variable_typeid()) {
    std::string_view type_name;
    const sortid::Result split = sortid::split_typeid(field, &type_name);
    if (!split.ok()) {
      *position = split.position;
      return "invalid TypeID type name";
    }
    sortid::TextOptions text = options_.text;
    text.prefix = type_name;
    why = sortid::explain(format(), field, text);
    expected = type_name.size() + 27;
    if (why.error == sortid::Error::kPrefix) {
      *position = why.position;
      return "invalid TypeID type name";
    }
  } else {
    const Shape* shape = ShapeOf(field.size());
    why = sortid::explain(shape ? shape->format : format(), field, options_.text);
  }
  if (why.error == sortid::Error::kOk) {  // decoded, but rejected afterwards (encode range)
    return sortid::error_message(sortid::Error::kRange);
  }
  *position = why.position;
  if (why.error == sortid::Error::kLength && shapes_.size() > 1) {
    return "wrong length: " + std::to_string(field.size()) + " bytes, expected " +
           std::to_string(shapes_[0].length) + " or " + std::to_string(shapes_[1].length);
  }
  return DescribeError(why, field, expected);
}

}  // namespace sortid::cli
