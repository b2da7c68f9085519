// Decoding of Python text columns (numpy S / U arrays, gathered str items)
// through sortid's bulk decode. See text_decode.h; docs/formats.md for
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

Result DecodeFixed(Format format, const char* text, size_t count, size_t stride,
                   const TextOptions& options, uint8_t* ids, uint8_t* valid);

// A UUID column takes both forms: hyphenated (36) and bare hex (32). Items
// the hyphenated decode rejects are tried again as bare hex when their text
// (before the NUL padding) has the bare length.
Result DecodeUuidFixedWidth(const char* text, size_t count, size_t stride,
                            const TextOptions& options, uint8_t* ids, uint8_t* valid) {
  Result total = DecodeFixed(Format::kUuid, text, count, stride, options, ids, valid);
  if (!total.ok() || total.count == 0) return total;
  const size_t hex_length = item_length(Format::kUuidHex, options);
  if (hex_length == 0 || stride < hex_length) return total;
  for (size_t i = 0; i < count; ++i) {
    const char* item = text + i * stride;
    if (valid[i] != 0 || !AllZero(item + hex_length, stride - hex_length)) continue;
    uint8_t ok = 0;
    const Result one =
        DecodeFixed(Format::kUuidHex, item, 1, hex_length, options, ids + i * kBinarySize, &ok);
    if (!one.ok()) return one;
    if (ok != 0) {
      valid[i] = 1;
      --total.count;
    }
  }
  return total;
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

Result DecodeFixedWidth(Format format, const char* text, size_t count, size_t stride,
                        const TextOptions& options, uint8_t* ids, uint8_t* valid) {
  if (format == Format::kUuid)
    return DecodeUuidFixedWidth(text, count, stride, options, ids, valid);
  return DecodeFixed(format, text, count, stride, options, ids, valid);
}

namespace {

Result DecodeFixed(Format format, const char* text, size_t count, size_t stride,
                   const TextOptions& options, uint8_t* ids, uint8_t* valid) {
  const size_t length = item_length(format, options);
  if (length == 0) return Result{.error = Error::kArgument};
  if (stride < length) {  // every item is too short
    std::memset(ids, 0, count * kBinarySize);
    std::memset(valid, 0, count);
    return Result{.error = Error::kOk, .count = count};
  }
  Result total;
  uint8_t bits[kChunk / 8];
  for (size_t start = 0; start < count; start += kChunk) {
    const size_t n = std::min(kChunk, count - start);
    const char* chunk = text + start * stride;
    uint8_t* chunk_ids = ids + start * kBinarySize;
    const Result status = decode(format, chunk, n, stride, chunk_ids, bits, options);
    if (!status.ok()) return status;
    if (status.count == 0) {
      std::memset(valid + start, 1, n);
    } else {
      UnpackBits(bits, n, valid + start);
    }
    total.count += status.count;
    if (stride == length) continue;
    // Bytes past the ID must be numpy's NUL padding.
    for (size_t i = 0; i < n; ++i) {
      if (valid[start + i] != 0 && !AllZero(chunk + i * stride + length, stride - length)) {
        valid[start + i] = 0;
        std::memset(chunk_ids + i * kBinarySize, 0, kBinarySize);
        ++total.count;
      }
    }
  }
  return total;
}

// Writes the UTF-8 form of a code point (1-4 bytes) to out; 0xFF (which no
// format accepts) for surrogates and values past U+10FFFF.
size_t Utf8(uint32_t c, char* out) {
  if (c < 0x80) {
    out[0] = static_cast<char>(c);
    return 1;
  }
  if (c < 0x800) {
    out[0] = static_cast<char>(0xC0 | (c >> 6));
    out[1] = static_cast<char>(0x80 | (c & 0x3F));
    return 2;
  }
  if ((c >= 0xD800 && c < 0xE000) || c > 0x10FFFF) {
    out[0] = static_cast<char>(0xFF);
    return 1;
  }
  if (c < 0x10000) {
    out[0] = static_cast<char>(0xE0 | (c >> 12));
    out[1] = static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out[2] = static_cast<char>(0x80 | (c & 0x3F));
    return 3;
  }
  out[0] = static_cast<char>(0xF0 | (c >> 18));
  out[1] = static_cast<char>(0x80 | ((c >> 12) & 0x3F));
  out[2] = static_cast<char>(0x80 | ((c >> 6) & 0x3F));
  out[3] = static_cast<char>(0x80 | (c & 0x3F));
  return 4;
}

}  // namespace

Result DecodeUcs4(Format format, const uint32_t* text, size_t count, size_t width,
                  const TextOptions& options, uint8_t* ids, uint8_t* valid) {
  // Each item as UTF-8 (a prefix may be non-ASCII), NUL-padded to `stride`
  // bytes: the longest UTF-8 ID text; an item whose UTF-8 form is longer, or
  // with anything but NULs after its text, starts with 0xFF (invalid).
  const size_t length = item_length(format, options);
  if (length == 0) return Result{.error = Error::kArgument};
  const size_t hex_length = format == Format::kUuid ? item_length(Format::kUuidHex, options) : 0;
  const size_t stride = std::max(length, hex_length);
  std::vector<char> narrow(std::min(kChunk, count) * stride);
  Result total;
  for (size_t start = 0; start < count; start += kChunk) {
    const size_t n = std::min(kChunk, count - start);
    std::memset(narrow.data(), 0, n * stride);
    for (size_t i = 0; i < n; ++i) {
      const uint32_t* item = text + (start + i) * width;
      char* out = narrow.data() + i * stride;
      size_t used = width;
      while (used > 0 && item[used - 1] == 0) --used;
      size_t bytes = 0;
      char utf8[4];
      for (size_t c = 0; c < used; ++c) {
        const size_t k = Utf8(item[c], utf8);
        if (bytes + k > stride || (k == 1 && utf8[0] == 0)) {
          out[0] = static_cast<char>(0xFF);
          break;
        }
        std::memcpy(out + bytes, utf8, k);
        bytes += k;
      }
    }
    const Result status = DecodeFixedWidth(format, narrow.data(), n, stride, options,
                                           ids + start * kBinarySize, valid + start);
    if (!status.ok()) return status;
    total.count += status.count;
  }
  return total;
}

Result DecodeItems(Format format, const Item* items, size_t count, const TextOptions& options,
                   uint8_t* ids, uint8_t* valid) {
  const size_t length = item_length(format, options);
  if (length == 0) return Result{.error = Error::kArgument};
  // Items of another length become null items: the module takes the exact
  // form of each format (a UUID: hyphenated or the bare 32 hex digits).
  const size_t hex_length = format == Format::kUuid ? item_length(Format::kUuidHex, options) : 0;
  std::vector<TextItem> exact(count);
  for (size_t i = 0; i < count; ++i) {
    const bool fits = items[i].size == length || (hex_length != 0 && items[i].size == hex_length);
    exact[i] = fits ? TextItem{items[i].data, items[i].size} : TextItem{nullptr, 0};
  }
  std::vector<uint8_t> bits((count + 7) / 8);
  const Result status = decode_items(format, exact.data(), count, ids, bits.data(), options);
  if (!status.ok()) return status;
  UnpackBits(bits.data(), count, valid);
  return status;
}

}  // namespace sortid::python
