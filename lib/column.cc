// Items of varying length: decode_items, decode_column and encode_column.
// One gather path (DecodeGathered): items -> a fixed-stride scratch batch of
// ID characters (the prefix is compared here) -> one call of the active
// kernel per batch and group -> IDs and validity scattered back.
// decode_column only turns its Arrow offsets into items, batch by batch.
#include <algorithm>
#include <cstring>
#include <limits>

#include "kernels/kernel_api.h"
#include "lib/bulk.h"
#include "lib/options.h"
#include "sortid/sortid.hpp"

namespace sortid {
namespace {

using internal::GetBit;
using internal::MulOverflows;
using internal::SetBit;

// Items per gathered batch (the scratch lives on the stack).
constexpr size_t kGatherBatch = 256;
constexpr size_t kMaxIdLength = 36;

// Decodes items through fixed-stride scratch batches. Group 0 holds items of
// the format's length; for Format::kUuid, group 1 holds the 32-character bare
// form, decoded as Format::kUuidHex.
class DecodeGathered {
 public:
  // Prepares the kernels for count items (the gathered layout: ID
  // characters back to back, no prefix, no terminator).
  DecodeGathered(Format format, const internal::ResolvedOptions& resolved, size_t count)
      : resolved_(resolved),
        format_{format, Format::kUuidHex},
        chars_{text_length(format), text_length(Format::kUuidHex)},
        groups_(format == Format::kUuid ? 2 : 1),
        kernels_{{format, false, count, chars_[0], nullptr, 0, -1},
                 {Format::kUuidHex, false, groups_ == 2 ? count : 0, chars_[1], nullptr, 0, -1}} {}

  // kOk, or the active table's error (kUnsupported from the stand-in table).
  Error error() const { return kernels_[0].error; }

  // Decodes items[0, n) (n <= kGatherBatch) into ids / validity at base.
  // A null item (data == nullptr) comes out invalid.
  Result Batch(const TextItem* items, size_t n, size_t base, uint8_t* ids, uint8_t* validity) {
    const size_t prefix_len = resolved_.prefix_len;
    size_t group_size[2] = {0, 0};
    Result status;
    for (size_t j = 0; j < n; ++j) {
      const size_t i = base + j;
      std::memset(ids + 16 * i, 0, 16);
      const TextItem& item = items[j];
      size_t g = groups_;  // none
      if (item.data != nullptr) {
        for (size_t k = 0; k < groups_; ++k) {
          if (item.size == prefix_len + chars_[k]) g = k;
        }
      }
      if (g == groups_ ||
          (prefix_len != 0 && std::memcmp(item.data, resolved_.prefix, prefix_len) != 0)) {
        if (validity != nullptr) SetBit(validity, i, false);
        ++status.count;
        continue;
      }
      std::memcpy(gathered_[g] + chars_[g] * group_size[g], item.data + prefix_len, chars_[g]);
      gathered_index_[g][group_size[g]++] = static_cast<uint32_t>(j);
    }
    for (size_t g = 0; g < groups_; ++g) {
      if (group_size[g] == 0) continue;
      const kernels::DecodeArgs args{gathered_[g],
                                     group_size[g],
                                     chars_[g],
                                     nullptr,
                                     0,
                                     -1,
                                     resolved_.lenient,
                                     resolved_.lower_only,
                                     gathered_ids_,
                                     gathered_validity_,
                                     &kernels_[g].plan};
      const Result decoded = kernels_[g].table.decode[static_cast<int>(format_[g])](args);
      if (!decoded.ok()) return {decoded.error};
      status.count += decoded.count;
      for (size_t k = 0; k < group_size[g]; ++k) {
        const size_t i = base + gathered_index_[g][k];
        const bool valid = GetBit(gathered_validity_, k);
        if (valid) std::memcpy(ids + 16 * i, gathered_ids_ + 16 * k, 16);
        if (validity != nullptr) SetBit(validity, i, valid);
      }
    }
    return status;
  }

 private:
  const internal::ResolvedOptions& resolved_;
  const Format format_[2];
  const size_t chars_[2];
  const size_t groups_;
  internal::PreparedKernels kernels_[2];
  char gathered_[2][kGatherBatch * kMaxIdLength];
  uint32_t gathered_index_[2][kGatherBatch];
  uint8_t gathered_ids_[kGatherBatch * 16];
  uint8_t gathered_validity_[kGatherBatch / 8];
};

// Options of item lists and columns: the items are exact, no terminator.
TextOptions WithoutTerminator(const TextOptions& options) {
  TextOptions exact = options;
  exact.terminator = -1;
  return exact;
}

}  // namespace

Result decode_items(Format format, const TextItem* items, size_t count, uint8_t* ids,
                    uint8_t* validity, const TextOptions& options) {
  const internal::ResolvedOptions resolved(format, WithoutTerminator(options));
  if (resolved.error != Error::kOk) return {resolved.error};
  if (count == 0) return {};
  if (items == nullptr || ids == nullptr || MulOverflows(count, 16)) return {Error::kArgument};
  DecodeGathered decoder(format, resolved, count);
  if (decoder.error() != Error::kOk) return {decoder.error()};
  Result status;
  for (size_t base = 0; base < count; base += kGatherBatch) {
    const Result batch =
        decoder.Batch(items + base, std::min(kGatherBatch, count - base), base, ids, validity);
    if (!batch.ok()) return batch;
    status.count += batch.count;
  }
  if (validity != nullptr) internal::ClearTail(validity, count);
  return status;
}

Result decode_column(Format format, const int32_t* offsets, const char* data, size_t count,
                     const uint8_t* input_validity, uint8_t* ids, uint8_t* validity,
                     const TextOptions& options) {
  const internal::ResolvedOptions resolved(format, WithoutTerminator(options));
  if (resolved.error != Error::kOk) return {resolved.error};
  if (count == 0) return {};
  if (offsets == nullptr || ids == nullptr || MulOverflows(count, 16)) return {Error::kArgument};
  if (offsets[0] < 0) return {Error::kArgument};
  for (size_t i = 0; i < count; ++i) {
    if (offsets[i + 1] < offsets[i]) return {Error::kArgument};
  }
  if (data == nullptr && offsets[count] != 0) return {Error::kArgument};
  DecodeGathered decoder(format, resolved, count);
  if (decoder.error() != Error::kOk) return {decoder.error()};
  TextItem items[kGatherBatch];
  Result status;
  for (size_t base = 0; base < count; base += kGatherBatch) {
    const size_t n = std::min(kGatherBatch, count - base);
    for (size_t j = 0; j < n; ++j) {
      const size_t i = base + j;
      const bool present = input_validity == nullptr || GetBit(input_validity, i);
      items[j] = present && data != nullptr
                     ? TextItem{data + offsets[i], static_cast<size_t>(offsets[i + 1] - offsets[i])}
                     : TextItem{nullptr, 0};
    }
    const Result batch = decoder.Batch(items, n, base, ids, validity);
    if (!batch.ok()) return batch;
    status.count += batch.count;
  }
  if (validity != nullptr) internal::ClearTail(validity, count);
  return status;
}

Result encode_column(Format format, const uint8_t* ids, size_t count, const uint8_t* input_validity,
                     int32_t* offsets, char* data, uint8_t* validity, const TextOptions& options) {
  const internal::ResolvedOptions resolved(format, WithoutTerminator(options));
  if (resolved.error != Error::kOk) return {resolved.error};
  if (count == 0) {
    if (offsets != nullptr) offsets[0] = 0;
    return {};
  }
  const size_t item_len = resolved.item_length(text_length(format));
  if (ids == nullptr || offsets == nullptr || data == nullptr || MulOverflows(count, 16) ||
      MulOverflows(count, item_len) ||
      count * item_len > static_cast<size_t>(std::numeric_limits<int32_t>::max())) {
    return {Error::kArgument};
  }
  const internal::PreparedKernels kernels(format, true, count, item_len, resolved.prefix,
                                          resolved.prefix_len, -1);
  if (kernels.error != Error::kOk) return {kernels.error};
  const kernels::EncodeFn kernel = kernels.table.encode[static_cast<int>(format)];

  // Per batch: the present IDs (gathered when some are null) are encoded back
  // to back at the write position; items that come out invalid (Record IDs
  // out of range) are then squeezed out, so that they, like nulls, are empty.
  constexpr size_t kEncodeBatch = 1024;
  uint8_t present_ids[kEncodeBatch * 16];
  uint8_t encoded_validity[kEncodeBatch / 8];
  size_t written = 0;  // bytes of data in use
  Result status;
  for (size_t base = 0; base < count; base += kEncodeBatch) {
    const size_t n = std::min(kEncodeBatch, count - base);
    const uint8_t* source = ids + 16 * base;
    size_t present = n;
    if (input_validity != nullptr) {
      present = 0;
      for (size_t j = 0; j < n; ++j) {
        if (GetBit(input_validity, base + j)) {
          std::memcpy(present_ids + 16 * present++, ids + 16 * (base + j), 16);
        }
      }
      source = present_ids;
    }
    const size_t start = written;
    if (present != 0) {
      const kernels::EncodeArgs args{source,       present,         data + start,
                                     item_len,     resolved.prefix, resolved.prefix_len,
                                     -1,           resolved.lower,  encoded_validity,
                                     &kernels.plan};
      const Result encoded = kernel(args);
      if (!encoded.ok()) return {encoded.error};
    }
    for (size_t j = 0, k = 0; j < n; ++j) {
      const size_t i = base + j;
      offsets[i] = static_cast<int32_t>(written);
      bool valid = false;
      if (input_validity == nullptr || GetBit(input_validity, i)) {
        valid = GetBit(encoded_validity, k);
        const size_t from = start + item_len * k++;
        if (valid) {
          if (from != written) std::memmove(data + written, data + from, item_len);
          written += item_len;
        }
      }
      if (!valid) ++status.count;
      if (validity != nullptr) SetBit(validity, i, valid);
    }
  }
  offsets[count] = static_cast<int32_t>(written);
  if (validity != nullptr) internal::ClearTail(validity, count);
  return status;
}

}  // namespace sortid
