// Decoding of Python text columns (numpy S / U arrays, gathered str items)
// through sortid's bulk decode. See text_decode.h; ../shared/SPEC.md §2 for
// the formats. Work is done in chunks so that scratch buffers stay in cache.
#include "python/src/text_decode.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace sortid::python {
namespace {

constexpr size_t kChunk = 16384;  // items per scratch chunk

bool AllZero(const char* bytes, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (bytes[i] != 0) return false;
  }
  return true;
}

}  // namespace

void UnpackBits(const uint8_t* bits, size_t count, uint8_t* bytes) {
  // Eight bits at a time: spread bit k of b to byte k of a 64-bit word.
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    const uint64_t b = bits[i / 8];
    const uint64_t spread = ((b * 0x8040201008040201ull) >> 7) & 0x0101010101010101ull;
    uint8_t lanes[8];
    for (int k = 0; k < 8; ++k) lanes[k] = static_cast<uint8_t>(spread >> (8 * (7 - k)));
    std::memcpy(bytes + i, lanes, 8);
  }
  for (; i < count; ++i) bytes[i] = static_cast<uint8_t>((bits[i / 8] >> (i % 8)) & 1);
}

Status DecodeFixedWidth(Format format, const char* text, size_t count, size_t stride,
                        const TextOptions& options, uint8_t* ids, uint8_t* valid) {
  const size_t length = item_length(format, options);
  if (length == 0) return Status{Error::kArgument, 0};
  if (stride < length) {  // every item is too short
    std::memset(ids, 0, count * kBinarySize);
    std::memset(valid, 0, count);
    return Status{Error::kOk, count};
  }
  Status total;
  uint8_t bits[kChunk / 8];
  for (size_t start = 0; start < count; start += kChunk) {
    const size_t n = std::min(kChunk, count - start);
    const char* chunk = text + start * stride;
    uint8_t* chunk_ids = ids + start * kBinarySize;
    const Status status = decode(format, chunk, n, stride, chunk_ids, bits, options);
    if (!status.ok()) return status;
    if (status.invalid == 0) {
      std::memset(valid + start, 1, n);
    } else {
      UnpackBits(bits, n, valid + start);
    }
    total.invalid += status.invalid;
    if (stride == length) continue;
    // Bytes past the ID must be numpy's NUL padding.
    for (size_t i = 0; i < n; ++i) {
      if (valid[start + i] != 0 && !AllZero(chunk + i * stride + length, stride - length)) {
        valid[start + i] = 0;
        std::memset(chunk_ids + i * kBinarySize, 0, kBinarySize);
        ++total.invalid;
      }
    }
  }
  return total;
}

Status DecodeUcs4(Format format, const uint32_t* text, size_t count, size_t width,
                  const TextOptions& options, uint8_t* ids, uint8_t* valid) {
  const size_t length = item_length(format, options);
  if (length == 0) return Status{Error::kArgument, 0};
  if (width < length) {
    std::memset(ids, 0, count * kBinarySize);
    std::memset(valid, 0, count);
    return Status{Error::kOk, count};
  }
  // Narrow each item to `length` bytes; a non-ASCII code point or non-NUL
  // padding becomes 0xFF, which no format accepts.
  std::vector<char> narrow(std::min(kChunk, count) * length);
  Status total;
  for (size_t start = 0; start < count; start += kChunk) {
    const size_t n = std::min(kChunk, count - start);
    for (size_t i = 0; i < n; ++i) {
      const uint32_t* item = text + (start + i) * width;
      char* out = narrow.data() + i * length;
      for (size_t c = 0; c < length; ++c) {
        out[c] = item[c] < 0x80 ? static_cast<char>(item[c]) : static_cast<char>(0xFF);
      }
      for (size_t c = length; c < width; ++c) {
        if (item[c] != 0) out[0] = static_cast<char>(0xFF);
      }
    }
    const Status status = DecodeFixedWidth(format, narrow.data(), n, length, options,
                                           ids + start * kBinarySize, valid + start);
    if (!status.ok()) return status;
    total.invalid += status.invalid;
  }
  return total;
}

Status DecodeItems(Format format, const Item* items, size_t count, const TextOptions& options,
                   uint8_t* ids, uint8_t* valid) {
  const size_t length = item_length(format, options);
  if (length == 0) return Status{Error::kArgument, 0};
  // Items of another length become null items: the module's contract is the
  // exact form only (decode_items would also take a bare 32-digit UUID).
  std::vector<TextItem> exact(count);
  for (size_t i = 0; i < count; ++i) {
    exact[i] =
        items[i].size == length ? TextItem{items[i].data, items[i].size} : TextItem{nullptr, 0};
  }
  std::vector<uint8_t> bits((count + 7) / 8);
  const Status status = decode_items(format, exact.data(), count, ids, bits.data(), options);
  if (!status.ok()) return status;
  UnpackBits(bits.data(), count, valid);
  return status;
}

}  // namespace sortid::python
