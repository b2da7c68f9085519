// Bulk codec glue: argument checks, option resolution, batching, column
// gathering, and the cold explain path. One kernel call per batch; the kernel
// table is chosen once per call (lib/targets.cc).
#include <algorithm>
#include <cstring>
#include <limits>

#include "kernels/kernel_api.h"
#include "kernels/scalar/chacha20.h"
#include "kernels/scalar/reference.h"
#include "lib/options.h"
#include "lib/targets.h"
#include "sortid/sortid.hpp"

namespace sortid {
namespace {

// Items per kernel call: a multiple of 8 so each batch's validity starts on a
// byte boundary, small enough that a batch stays in L1/L2.
constexpr size_t kBatch = 4096;
// Items per gathered column batch (scratch lives on the stack).
constexpr size_t kColumnBatch = 256;
constexpr size_t kMaxIdLength = 36;

bool IsValidFormat(Format format) { return static_cast<unsigned>(format) < kernels::kNumFormats; }

bool MulOverflows(size_t a, size_t b) {
  return b != 0 && a > std::numeric_limits<size_t>::max() / b;
}

void SetBit(uint8_t* bitmap, size_t i, bool value) {
  const auto mask = static_cast<uint8_t>(1u << (i % 8));
  bitmap[i / 8] = value ? static_cast<uint8_t>(bitmap[i / 8] | mask)
                        : static_cast<uint8_t>(bitmap[i / 8] & ~mask);
}

bool GetBit(const uint8_t* bitmap, size_t i) { return (bitmap[i / 8] >> (i % 8)) & 1; }

}  // namespace

size_t text_length(Format format) {
  return IsValidFormat(format) ? kernels::kTextLength[static_cast<int>(format)] : 0;
}

size_t item_length(Format format, const TextOptions& options) {
  const internal::ResolvedOptions resolved(format, options);
  if (resolved.error != Error::kOk) return 0;
  return resolved.prefix_len + text_length(format) + (resolved.terminator >= 0 ? 1 : 0);
}

Status encode(Format format, const uint8_t* ids, size_t count, char* out, size_t out_stride,
              uint8_t* validity, const TextOptions& options) {
  const internal::ResolvedOptions resolved(format, options);
  if (resolved.error != Error::kOk) return {resolved.error};
  if (count == 0) return {};
  const size_t item_len =
      resolved.prefix_len + text_length(format) + (resolved.terminator >= 0 ? 1 : 0);
  if (ids == nullptr || out == nullptr || out_stride < item_len ||
      MulOverflows(count, out_stride) || MulOverflows(count, 16)) {
    return {Error::kArgument};
  }
  const kernels::KernelTable* table = internal::ActiveTable();
  if (table == nullptr) return {Error::kUnsupported};
  const kernels::EncodeFn kernel = table->encode[static_cast<int>(format)];

  uint8_t scratch_validity[kBatch / 8];
  Status status;
  for (size_t done = 0; done < count; done += kBatch) {
    const kernels::EncodeArgs args{ids + 16 * done,
                                   std::min(kBatch, count - done),
                                   out + out_stride * done,
                                   out_stride,
                                   resolved.prefix,
                                   resolved.prefix_len,
                                   resolved.terminator,
                                   resolved.lower,
                                   validity != nullptr ? validity + done / 8 : scratch_validity};
    status.invalid += kernel(args);
  }
  return status;
}

Status decode(Format format, const char* text, size_t count, size_t stride, uint8_t* ids,
              uint8_t* validity, const TextOptions& options) {
  const internal::ResolvedOptions resolved(format, options);
  if (resolved.error != Error::kOk) return {resolved.error};
  if (count == 0) return {};
  const size_t item_len =
      resolved.prefix_len + text_length(format) + (resolved.terminator >= 0 ? 1 : 0);
  if (text == nullptr || ids == nullptr || stride < item_len || MulOverflows(count, stride) ||
      MulOverflows(count, 16)) {
    return {Error::kArgument};
  }
  const kernels::KernelTable* table = internal::ActiveTable();
  if (table == nullptr) return {Error::kUnsupported};
  const kernels::DecodeFn kernel = table->decode[static_cast<int>(format)];

  uint8_t scratch_validity[kBatch / 8];
  Status status;
  for (size_t done = 0; done < count; done += kBatch) {
    const kernels::DecodeArgs args{text + stride * done,
                                   std::min(kBatch, count - done),
                                   stride,
                                   resolved.prefix,
                                   resolved.prefix_len,
                                   resolved.terminator,
                                   resolved.lenient,
                                   resolved.lower_only,
                                   ids + 16 * done,
                                   validity != nullptr ? validity + done / 8 : scratch_validity};
    status.invalid += kernel(args);
  }
  return status;
}

Status decode_column(Format format, const int32_t* offsets, const char* data, size_t count,
                     const uint8_t* input_validity, uint8_t* ids, uint8_t* validity,
                     const TextOptions& options) {
  TextOptions column_options = options;
  column_options.terminator = -1;  // column items are exact
  const internal::ResolvedOptions resolved(format, column_options);
  if (resolved.error != Error::kOk) return {resolved.error};
  if (count == 0) return {};
  if (offsets == nullptr || ids == nullptr || MulOverflows(count, 16)) return {Error::kArgument};
  if (offsets[0] < 0) return {Error::kArgument};
  for (size_t i = 0; i < count; ++i) {
    if (offsets[i + 1] < offsets[i]) return {Error::kArgument};
  }
  if (data == nullptr && offsets[count] != 0) return {Error::kArgument};
  const kernels::KernelTable* table = internal::ActiveTable();
  if (table == nullptr) return {Error::kUnsupported};

  // Items are gathered (ID characters only: the prefix is compared here) into
  // a fixed-stride scratch batch and decoded by the active kernel. For
  // Format::kUuid, 32-character items form a second group decoded as kUuidHex.
  const size_t id_len = text_length(format);
  const bool has_bare_form = format == Format::kUuid;
  char gathered[2][kColumnBatch * kMaxIdLength];
  uint32_t gathered_index[2][kColumnBatch];
  uint8_t gathered_ids[kColumnBatch * 16];
  uint8_t gathered_validity[kColumnBatch / 8];

  Status status;
  for (size_t base = 0; base < count; base += kColumnBatch) {
    const size_t n = std::min(kColumnBatch, count - base);
    size_t group_size[2] = {0, 0};
    for (size_t j = 0; j < n; ++j) {
      const size_t i = base + j;
      std::memset(ids + 16 * i, 0, 16);
      const bool present = input_validity == nullptr || GetBit(input_validity, i);
      const char* item = data + offsets[i];
      const auto len = static_cast<size_t>(offsets[i + 1] - offsets[i]);
      int group = -1;
      if (len == resolved.prefix_len + id_len) group = 0;
      if (has_bare_form && len == resolved.prefix_len + 32) group = 1;
      const bool prefix_ok =
          group >= 0 && (resolved.prefix_len == 0 ||
                         std::memcmp(item, resolved.prefix, resolved.prefix_len) == 0);
      if (!present || !prefix_ok) {
        if (validity != nullptr) SetBit(validity, i, false);
        ++status.invalid;
        continue;
      }
      const size_t g = static_cast<size_t>(group);
      const size_t chars = g == 0 ? id_len : 32;
      std::memcpy(gathered[g] + kMaxIdLength * group_size[g], item + resolved.prefix_len, chars);
      gathered_index[g][group_size[g]++] = static_cast<uint32_t>(j);
    }
    for (size_t g = 0; g < 2; ++g) {
      if (group_size[g] == 0) continue;
      const Format group_format = g == 0 ? format : Format::kUuidHex;
      const kernels::DecodeArgs args{
          gathered[g], group_size[g],    kMaxIdLength,        nullptr,      0,
          -1,          resolved.lenient, resolved.lower_only, gathered_ids, gathered_validity};
      status.invalid += table->decode[static_cast<int>(group_format)](args);
      for (size_t k = 0; k < group_size[g]; ++k) {
        const size_t i = base + gathered_index[g][k];
        const bool valid = GetBit(gathered_validity, k);
        if (valid) std::memcpy(ids + 16 * i, gathered_ids + 16 * k, 16);
        if (validity != nullptr) SetBit(validity, i, valid);
      }
    }
  }
  if (validity != nullptr && count % 8 != 0) {
    validity[count / 8] = static_cast<uint8_t>(validity[count / 8] & ((1u << (count % 8)) - 1));
  }
  return status;
}

Status encode(Format format, std::span<const uint8_t> ids, std::span<char> out, size_t out_stride,
              std::span<uint8_t> validity, const TextOptions& options) {
  const size_t count = ids.size() / 16;
  if (ids.size() % 16 != 0 || MulOverflows(count, out_stride) || out.size() < count * out_stride ||
      (!validity.empty() && validity.size() < (count + 7) / 8)) {
    return {Error::kArgument};
  }
  return encode(format, ids.data(), count, out.data(), out_stride,
                validity.empty() ? nullptr : validity.data(), options);
}

Status decode(Format format, std::span<const char> text, size_t stride, std::span<uint8_t> ids,
              std::span<uint8_t> validity, const TextOptions& options) {
  if (stride == 0 || text.size() % stride != 0) return {Error::kArgument};
  const size_t count = text.size() / stride;
  if (MulOverflows(count, 16) || ids.size() < count * 16 ||
      (!validity.empty() && validity.size() < (count + 7) / 8)) {
    return {Error::kArgument};
  }
  return decode(format, text.data(), count, stride, ids.data(),
                validity.empty() ? nullptr : validity.data(), options);
}

Explanation explain(Format format, std::string_view item, const TextOptions& options) {
  const internal::ResolvedOptions resolved(format, options);
  if (resolved.error != Error::kOk) return {resolved.error, 0};
  const reference::ItemSpec spec{
      format,           resolved.prefix,    resolved.prefix_len, resolved.terminator,
      resolved.lenient, resolved.lower_only};
  uint8_t unused[16];
  return reference::DecodeItem(spec, reinterpret_cast<const uint8_t*>(item.data()), item.size(),
                               unused);
}

Error chacha20_keystream(const uint8_t* key, uint32_t counter, const uint8_t* nonce, uint8_t* out,
                         size_t blocks) {
  if (blocks == 0) return Error::kOk;
  if (key == nullptr || nonce == nullptr || out == nullptr || MulOverflows(blocks, 64)) {
    return Error::kArgument;
  }
  const kernels::KernelTable* table = internal::ActiveTable();
  if (table == nullptr) return Error::kUnsupported;
  const reference::ChaChaState state = reference::ChaChaInit(key, counter, nonce);
  table->chacha20(state.words, out, blocks);
  return Error::kOk;
}

const char* error_message(Error error) {
  switch (error) {
    case Error::kOk:
      return "ok";
    case Error::kLength:
      return "wrong length";
    case Error::kCharacter:
      return "invalid character";
    case Error::kOverflow:
      return "value overflows 128 bits (first character above '7')";
    case Error::kPrefix:
      return "prefix mismatch";
    case Error::kHyphen:
      return "hyphen missing or misplaced";
    case Error::kTerminator:
      return "unexpected byte after the ID (terminator expected)";
    case Error::kRange:
      return "value out of range for the format";
    case Error::kArgument:
      return "invalid argument";
    case Error::kUnsupported:
      return "CPU target unknown or not supported";
    case Error::kNoEntropy:
      return "the OS entropy source failed; nothing generated; retry";
  }
  return "unknown error";
}

}  // namespace sortid
