// Scalar reference codecs for ULID, Record ID and UUID text.
//
// Straight from ../shared/SPEC.md: a 128-bit big-endian value is read as one
// unsigned integer; ULID text is that value as 26 groups of 5 bits (two
// leading zero bits), Record ID text its low 100 bits as 20 groups, UUID text
// its 32 nibbles in hex with hyphens at 8, 13, 18, 23 (RFC 9562 §4).
// Crockford alphabet: https://www.crockford.com/base32.html
#include "kernels/scalar/reference.h"

#include <cstring>

#include "kernels/alphabet.h"

namespace sortid::reference {
namespace {

__extension__ typedef unsigned __int128 u128;

u128 LoadBigEndian(const uint8_t id[16]) {
  u128 value = 0;
  for (int i = 0; i < 16; ++i) value = (value << 8) | id[i];
  return value;
}

void StoreBigEndian(u128 value, uint8_t out[16]) {
  for (int i = 15; i >= 0; --i) {
    out[i] = static_cast<uint8_t>(value);
    value >>= 8;
  }
}

bool IsUpperAscii(uint8_t c) { return c >= 'A' && c <= 'Z'; }

Explanation Fail(Error error, size_t position) { return Explanation{error, position}; }

// Decodes `digits` Crockford characters at `text` into value. Character 0 of
// a ULID may not exceed 7 (2 + 128 bits = 130 bits of text).
Explanation DecodeCrockford(const ItemSpec& spec, const uint8_t* text, size_t digits,
                            size_t offset, u128* value) {
  const auto& table = spec.lenient ? alphabet::kCrockfordLenient : alphabet::kCrockfordStrict;
  u128 acc = 0;
  for (size_t k = 0; k < digits; ++k) {
    const uint8_t c = text[k];
    const int8_t digit = table[c];
    if (digit < 0 || (spec.lower_only && IsUpperAscii(c))) {
      return Fail(Error::kCharacter, offset + k);
    }
    if (spec.format == Format::kUlid && k == 0 && digit > 7) {
      return Fail(Error::kOverflow, offset + k);
    }
    acc = (acc << 5) | static_cast<u128>(digit);
  }
  *value = acc;
  return {};
}

bool IsUuidHyphenPosition(size_t k) {
  for (int h : alphabet::kUuidHyphens) {
    if (k == static_cast<size_t>(h)) return true;
  }
  return false;
}

// Decodes 32 hex digits, or 36 characters with hyphens at 8, 13, 18, 23.
Explanation DecodeHex(const uint8_t* text, size_t chars, size_t offset, u128* value) {
  const bool hyphenated = chars == 36;
  u128 acc = 0;
  for (size_t k = 0; k < chars; ++k) {
    const uint8_t c = text[k];
    if (hyphenated && IsUuidHyphenPosition(k)) {
      if (c != '-') return Fail(Error::kHyphen, offset + k);
      continue;
    }
    const int8_t digit = alphabet::kHex[c];
    if (digit < 0) return Fail(c == '-' ? Error::kHyphen : Error::kCharacter, offset + k);
    acc = (acc << 4) | static_cast<u128>(digit);
  }
  *value = acc;
  return {};
}

}  // namespace

Explanation DecodeItem(const ItemSpec& spec, const uint8_t* item, size_t len, uint8_t out[16]) {
  std::memset(out, 0, 16);
  const size_t fixed = spec.prefix_len + (spec.terminator >= 0 ? 1 : 0);
  size_t id_len = kernels::kTextLength[static_cast<int>(spec.format)];
  if (spec.format == Format::kUuid && len == fixed + 32) id_len = 32;  // bare UUID form
  const size_t expected = fixed + id_len;
  if (len != expected) return Fail(Error::kLength, len < expected ? len : expected);

  for (size_t k = 0; k < spec.prefix_len; ++k) {
    if (item[k] != static_cast<uint8_t>(spec.prefix[k])) return Fail(Error::kPrefix, k);
  }
  const uint8_t* id = item + spec.prefix_len;
  u128 value = 0;
  const Explanation decoded =
      (spec.format == Format::kUlid || spec.format == Format::kRecordId)
          ? DecodeCrockford(spec, id, id_len, spec.prefix_len, &value)
          : DecodeHex(id, id_len, spec.prefix_len, &value);
  if (decoded.error != Error::kOk) return decoded;
  if (spec.terminator >= 0 && id[id_len] != static_cast<uint8_t>(spec.terminator)) {
    return Fail(Error::kTerminator, spec.prefix_len + id_len);
  }
  StoreBigEndian(value, out);
  return {};
}

bool EncodeId(Format format, const uint8_t id[16], bool lower, char* out) {
  const u128 value = LoadBigEndian(id);
  switch (format) {
    case Format::kUlid:
    case Format::kRecordId: {
      // Least significant 5-bit group last, as in the Record ID seed's
      // reference encoder: 26 groups cover 130 bits (two zero), 20 cover 100.
      const int chars = format == Format::kUlid ? 26 : 20;
      if (format == Format::kRecordId && (value >> 100) != 0) {
        std::memset(out, 0, 20);
        return false;
      }
      const char* digits = lower ? alphabet::kCrockfordLower : alphabet::kCrockfordUpper;
      u128 rest = value;
      for (int k = chars - 1; k >= 0; --k) {
        out[k] = digits[static_cast<unsigned>(rest & 31)];
        rest >>= 5;
      }
      return true;
    }
    case Format::kUuid:
    case Format::kUuidHex: {
      const char* digits = lower ? alphabet::kHexLower : alphabet::kHexUpper;
      const bool hyphenated = format == Format::kUuid;
      int pos = 0;
      for (int byte = 0; byte < 16; ++byte) {
        for (int half : {id[byte] >> 4, id[byte] & 15}) {
          if (hyphenated && IsUuidHyphenPosition(static_cast<size_t>(pos))) out[pos++] = '-';
          out[pos++] = digits[half];
        }
      }
      return true;
    }
  }
  return false;
}

size_t Encode(Format format, const kernels::EncodeArgs& args) {
  const size_t id_len = kernels::kTextLength[static_cast<int>(format)];
  std::memset(args.validity, 0, (args.count + 7) / 8);
  size_t invalid = 0;
  for (size_t i = 0; i < args.count; ++i) {
    char* slot = args.out + i * args.out_stride;
    if (args.prefix_len != 0) std::memcpy(slot, args.prefix, args.prefix_len);
    const bool valid = EncodeId(format, args.ids + 16 * i, args.lower, slot + args.prefix_len);
    if (args.terminator >= 0) slot[args.prefix_len + id_len] = static_cast<char>(args.terminator);
    if (valid) {
      args.validity[i / 8] = static_cast<uint8_t>(args.validity[i / 8] | (1u << (i % 8)));
    } else {
      ++invalid;
    }
  }
  return invalid;
}

size_t Decode(Format format, const kernels::DecodeArgs& args) {
  const ItemSpec spec{format,       args.prefix,  args.prefix_len,
                      args.terminator, args.lenient, args.lower_only};
  const size_t item_len = args.prefix_len + kernels::kTextLength[static_cast<int>(format)] +
                          (args.terminator >= 0 ? 1 : 0);
  std::memset(args.validity, 0, (args.count + 7) / 8);
  size_t invalid = 0;
  for (size_t i = 0; i < args.count; ++i) {
    const auto* item = reinterpret_cast<const uint8_t*>(args.text + i * args.stride);
    if (DecodeItem(spec, item, item_len, args.ids + 16 * i).error == Error::kOk) {
      args.validity[i / 8] = static_cast<uint8_t>(args.validity[i / 8] | (1u << (i % 8)));
    } else {
      ++invalid;
    }
  }
  return invalid;
}

namespace {
template <Format F>
size_t EncodeFormat(const kernels::EncodeArgs& args) {
  return Encode(F, args);
}
template <Format F>
size_t DecodeFormat(const kernels::DecodeArgs& args) {
  return Decode(F, args);
}
}  // namespace

const kernels::KernelTable& Table() {
  static constexpr kernels::KernelTable kTable = {
      "SCALAR",
      0,
      {EncodeFormat<Format::kUlid>, EncodeFormat<Format::kRecordId>, EncodeFormat<Format::kUuid>,
       EncodeFormat<Format::kUuidHex>},
      {DecodeFormat<Format::kUlid>, DecodeFormat<Format::kRecordId>, DecodeFormat<Format::kUuid>,
       DecodeFormat<Format::kUuidHex>},
  };
  return kTable;
}

}  // namespace sortid::reference
