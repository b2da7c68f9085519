#include "cli/row_decoder.h"

#include <algorithm>
#include <cstring>

namespace sortid::cli {

RowDecoder::RowDecoder(const ScanOptions& options) : options_(options) {
  if (options_.format == IdFormat::kMs || options_.format == IdFormat::kIso8601) {
    throw CliError(kExitUsage, std::string("--from ") + IdFormatName(options_.format) +
                                   ": a timestamp is an output format only");
  }
  if (options_.format == IdFormat::kTypeId) options_.text.type_id = true;
  format_ = LibraryFormat(options_.format);
  options_.text.terminator = -1;
  if (options_.format == IdFormat::kBin) {
    if (options_.field != 0 || options_.header) {
      throw CliError(kExitUsage, "--field / --header do not apply to binary input");
    }
    item_length_ = 16;
  } else if (variable_typeid()) {
    item_length_ = 0;
  } else {
    const sortid::Status probe = sortid::decode(format_, "", 0, 1, nullptr, nullptr, options_.text);
    if (!probe.ok()) {
      throw CliError(kExitUsage, "--prefix '" + std::string(options_.text.prefix) +
                                     "' is not usable with --from " +
                                     IdFormatName(options_.format));
    }
    item_length_ = sortid::item_length(format_, options_.text);
  }
  dense_.resize(kBatchRows * std::max<size_t>(item_length_, 1));
  dense_ids_.resize(kBatchRows * 16);
  dense_validity_.resize(kBatchRows / 8);
  dense_rows_.resize(kBatchRows);
}

namespace {
constexpr uint8_t kUnusable = Row::kMissingField | Row::kUnterminatedQuote;
}  // namespace

size_t RowDecoder::Decode(const Row* rows, size_t n, uint8_t* ids, uint8_t* validity) {
  std::memset(ids, 0, 16 * n);
  std::memset(validity, 0, (n + 7) / 8);
  if (variable_typeid()) return DecodeTypeIds(rows, n, ids, validity);
  const size_t len = item_length_;
  size_t k = 0;
  char* dense = dense_.data();
  for (size_t i = 0; i < n; ++i) {
    const Row& row = rows[i];
    if (row.field_len != len || (row.flags & kUnusable)) continue;
    std::memcpy(dense + k * len, row.begin + row.field_off, len);
    dense_rows_[k++] = static_cast<uint32_t>(i);
  }
  const sortid::Status status = sortid::decode(format_, dense, k, len, dense_ids_.data(),
                                               dense_validity_.data(), options_.text);
  if (!status.ok()) throw CliError(kExitUsage, sortid::error_message(status.error));
  size_t valid = 0;
  for (size_t m = 0; m < k; ++m) {
    if (!((dense_validity_[m / 8] >> (m % 8)) & 1)) continue;
    const size_t i = dense_rows_[m];
    std::memcpy(ids + 16 * i, &dense_ids_[16 * m], 16);
    validity[i / 8] |= static_cast<uint8_t>(1u << (i % 8));
    ++valid;
  }
  return valid;
}

// Each row carries its own type name: decoded one by one (the variable prefix
// rules out a fixed-stride batch).
size_t RowDecoder::DecodeTypeIds(const Row* rows, size_t n, uint8_t* ids, uint8_t* validity) const {
  size_t valid = 0;
  for (size_t i = 0; i < n; ++i) {
    const std::string_view field = rows[i].field();
    if (rows[i].flags & kUnusable) continue;
    const sortid::TypeIdSplit split = sortid::typeid_split(field);
    if (split.error != sortid::Error::kOk) continue;
    sortid::TextOptions text = options_.text;
    text.prefix = split.type_name;
    uint8_t bit = 0;
    if (sortid::decode(format_, field.data(), 1, field.size(), ids + 16 * i, &bit, text).ok() &&
        bit) {
      validity[i / 8] |= static_cast<uint8_t>(1u << (i % 8));
      ++valid;
    }
  }
  return valid;
}

sortid::Explanation RowDecoder::Explain(const Row& row) const {
  const std::string_view field = row.field();
  if (variable_typeid()) {
    const sortid::TypeIdSplit split = sortid::typeid_split(field);
    if (split.error != sortid::Error::kOk) return {split.error, split.prefix_len};
    sortid::TextOptions text = options_.text;
    text.prefix = split.type_name;
    return sortid::explain(format_, field, text);
  }
  return sortid::explain(format_, field, options_.text);
}

}  // namespace sortid::cli
