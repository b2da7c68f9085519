// Scalar reference codecs for ULID, Record ID and UUID text.
//
// Straight from docs/formats.md: a 128-bit big-endian value is read as one
// unsigned integer; ULID text is that value as 26 groups of 5 bits (two
// leading zero bits), Record ID text its low 100 bits as 20 groups, UUID text
// its 32 nibbles in hex with hyphens at 8, 13, 18, 23 (RFC 9562 §4).
// Crockford alphabet: https://www.crockford.com/base32.html
#include "kernels/scalar/reference.h"

#include <array>
#include <cstring>

#include "kernels/alphabet.h"
#include "kernels/format_facts.h"
#include "kernels/scalar/chacha20.h"

namespace sortid::reference {
namespace {

// The 128-bit value of a binary ID as two big-endian 64-bit halves.
struct Value128 {
  uint64_t hi = 0;
  uint64_t lo = 0;
};

Value128 LoadBigEndian(const uint8_t id[16]) {
  Value128 v;
  for (int i = 0; i < 8; ++i) v.hi = (v.hi << 8) | id[i];
  for (int i = 8; i < 16; ++i) v.lo = (v.lo << 8) | id[i];
  return v;
}

void StoreBigEndian(Value128 v, uint8_t out[16]) {
  for (int i = 7; i >= 0; --i, v.hi >>= 8) out[i] = static_cast<uint8_t>(v.hi);
  for (int i = 15; i >= 8; --i, v.lo >>= 8) out[i] = static_cast<uint8_t>(v.lo);
}

// The 5 bits of the value starting at bit `pos` (0 = least significant);
// bits at 128 and above read as zero (the ULID's two pad bits).
unsigned FiveBits(Value128 v, int pos) {
  if (pos >= 64) return static_cast<unsigned>(v.hi >> (pos - 64)) & 31;
  if (pos > 59) return static_cast<unsigned>((v.hi << (64 - pos)) | (v.lo >> pos)) & 31;
  return static_cast<unsigned>(v.lo >> pos) & 31;
}

// digits[from .. from + count) as one number, most significant first.
uint64_t Join(const uint8_t* digits, int from, int count, int bits_per_digit) {
  uint64_t n = 0;
  for (int k = from; k < from + count; ++k) n = (n << bits_per_digit) | digits[k];
  return n;
}

bool IsUpperAscii(uint8_t c) { return c >= 'A' && c <= 'Z'; }

// An offset into one item always fits Result's 56-bit position; the mask says so.
Result Fail(Error error, size_t position) {
  return {.error = error, .position = position & ((uint64_t{1} << 56) - 1)};
}

// Validates `count` Crockford characters into digits[]. Character 0 of a
// ULID may not exceed 7 (26 characters carry 130 bits, the top 2 must be 0).
Result CrockfordDigits(const ItemSpec& spec, const uint8_t* text, int count, size_t offset,
                       uint8_t* digits) {
  const auto& table = spec.lenient ? alphabet::kCrockfordLenient : alphabet::kCrockfordStrict;
  for (int k = 0; k < count; ++k) {
    const uint8_t c = text[k];
    const int8_t digit = table[c];
    const size_t at = offset + static_cast<size_t>(k);
    if (digit < 0 || (spec.lower_only && IsUpperAscii(c))) return Fail(Error::kCharacter, at);
    if (spec.format == Format::kUlid && k == 0 && digit > 7) return Fail(Error::kOverflow, at);
    digits[k] = static_cast<uint8_t>(digit);
  }
  return {};
}

constexpr std::array<bool, 36> kIsUuidHyphen = [] {
  std::array<bool, 36> t{};
  for (size_t k = 0; k < t.size(); ++k) t[k] = internal::IsUuidHyphen(k);
  return t;
}();

bool IsUuidHyphenPosition(size_t k) { return k < 36 && kIsUuidHyphen[k]; }

// Validates 32 hex digits, or 36 characters with hyphens at 8, 13, 18, 23,
// into digits[0..32).
Result HexDigits(const uint8_t* text, size_t chars, size_t offset, uint8_t* digits) {
  const bool hyphenated = chars == 36;
  int n = 0;
  for (size_t k = 0; k < chars; ++k) {
    const uint8_t c = text[k];
    if (hyphenated && IsUuidHyphenPosition(k)) {
      if (c != '-') return Fail(Error::kHyphen, offset + k);
      continue;
    }
    const int8_t digit = alphabet::kHex[c];
    if (digit < 0) return Fail(c == '-' ? Error::kHyphen : Error::kCharacter, offset + k);
    digits[n++] = static_cast<uint8_t>(digit);
  }
  return {};
}

}  // namespace

Result DecodeItem(const ItemSpec& spec, const uint8_t* item, size_t len, uint8_t out[16]) {
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
  uint8_t digits[32];
  Value128 v;
  Result result;
  switch (spec.format) {
    case Format::kUlid:
      // 26 digits = 130 bits: digits 0-12 are value bits 127..65, 13-24 bits
      // 64..5, digit 25 bits 4..0.
      result = CrockfordDigits(spec, id, 26, spec.prefix_len, digits);
      if (result.error == Error::kOk) {
        const uint64_t top = Join(digits, 0, 13, 5), middle = Join(digits, 13, 12, 5);
        v.hi = (top << 1) | (middle >> 59);
        v.lo = (middle << 5) | digits[25];
      }
      break;
    case Format::kRecordId: {
      // 20 digits = timestamp (8), machine id (8), counter (4): 40+40+20 bits.
      result = CrockfordDigits(spec, id, 20, spec.prefix_len, digits);
      if (result.error == Error::kOk) {
        const uint64_t timestamp = Join(digits, 0, 8, 5), machine = Join(digits, 8, 8, 5);
        const uint64_t counter = Join(digits, 16, 4, 5);
        v.hi = timestamp >> 4;
        v.lo = (timestamp << 60) | (machine << 20) | counter;
      }
      break;
    }
    case Format::kUuid:
    case Format::kUuidHex:
      result = HexDigits(id, id_len, spec.prefix_len, digits);
      if (result.error == Error::kOk) {
        v.hi = Join(digits, 0, 16, 4);
        v.lo = Join(digits, 16, 16, 4);
      }
      break;
  }
  if (result.error != Error::kOk) return result;
  if (spec.terminator >= 0 && id[id_len] != static_cast<uint8_t>(spec.terminator)) {
    return Fail(Error::kTerminator, spec.prefix_len + id_len);
  }
  StoreBigEndian(v, out);
  return {};
}

namespace {
// EncodeId's body, forced inline into the bulk loop, where the format is a
// constant and the switch folds away: once EncodeId has other callers GCC
// keeps it out of line, and the loop would pay a call and a switch per ID.
[[gnu::always_inline]] inline bool EncodeIdInline(Format format, const uint8_t id[16], bool lower,
                                                  char* out) {
  const Value128 v = LoadBigEndian(id);
  switch (format) {
    case Format::kUlid:
    case Format::kRecordId: {
      // Character k is the 5-bit group at value bit 125 - 5k (ULID, 26
      // characters over 130 bits) or 95 - 5k (Record ID, 20 over 100 bits).
      const bool ulid = format == Format::kUlid;
      if (!ulid && (v.hi >> 36) != 0) {  // Record ID: the top 28 bits must be 0
        std::memset(out, 0, 20);
        return false;
      }
      const char* digits = lower ? alphabet::kCrockfordLower : alphabet::kCrockfordUpper;
      const int chars = ulid ? 26 : 20;
      const int top = ulid ? 125 : 95;
      for (int k = 0; k < chars; ++k) out[k] = digits[FiveBits(v, top - 5 * k)];
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
}  // namespace

bool EncodeId(Format format, const uint8_t id[16], bool lower, char* out) {
  return EncodeIdInline(format, id, lower, out);
}

size_t Encode(Format format, const kernels::EncodeArgs& args) {
  const size_t id_len = kernels::kTextLength[static_cast<int>(format)];
  std::memset(args.validity, 0, (args.count + 7) / 8);
  size_t invalid = 0;
  for (size_t i = 0; i < args.count; ++i) {
    char* slot = args.out + i * args.out_stride;
    if (args.prefix_len != 0) std::memcpy(slot, args.prefix, args.prefix_len);
    const bool valid =
        EncodeIdInline(format, args.ids + 16 * i, args.lower, slot + args.prefix_len);
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
  const ItemSpec spec{format,          args.prefix,  args.prefix_len,
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

// A ULID's last 16 characters are its bytes 6-15 exactly (80 bits): encode a
// ULID with those bytes and keep its tail.
Error RandomUlidText(const kernels::RandomUlidTextArgs& args) {
  for (size_t i = 0; i < args.count; ++i) {
    uint8_t id[16] = {};
    std::memcpy(id + 6, args.random + 10 * i, 10);
    char text[26];
    EncodeId(Format::kUlid, id, args.lower, text);
    char* slot = args.out + i * args.out_stride;
    if (args.prefix_len != 0) std::memcpy(slot, args.prefix, args.prefix_len);
    std::memcpy(slot + args.prefix_len, args.stamp, 10);
    std::memcpy(slot + args.prefix_len + 10, text + 10, 16);
    if (args.terminator >= 0) slot[args.prefix_len + 26] = static_cast<char>(args.terminator);
  }
  return Error::kOk;
}

namespace {
template <Format F>
Result EncodeFormat(const kernels::EncodeArgs& args) {
  return {.error = Error::kOk, .count = Encode(F, args)};
}
template <Format F>
Result DecodeFormat(const kernels::DecodeArgs& args) {
  return {.error = Error::kOk, .count = Decode(F, args)};
}
Error KeystreamFromWords(const uint32_t* words, uint8_t* out, size_t blocks) {
  ChaChaState state;
  for (int i = 0; i < 16; ++i) state.words[i] = words[i];
  ChaCha20Keystream(state, out, blocks);
  return Error::kOk;
}
}  // namespace

constinit const kernels::KernelTable kReferenceTable = {
    "SCALAR",
    0,
    kernels::PlanFamily::kNone,
    {EncodeFormat<Format::kUlid>, EncodeFormat<Format::kRecordId>, EncodeFormat<Format::kUuid>,
     EncodeFormat<Format::kUuidHex>},
    {DecodeFormat<Format::kUlid>, DecodeFormat<Format::kRecordId>, DecodeFormat<Format::kUuid>,
     DecodeFormat<Format::kUuidHex>},
    KeystreamFromWords,
    RandomUlidText,
    &kernels::kSwarItemCodec,
};

const kernels::KernelTable& Table() { return kReferenceTable; }

}  // namespace sortid::reference

namespace sortid::kernels {

Result ExplainPlainItem(Format format, bool lenient, const uint8_t* text, size_t length,
                        uint8_t* id) {
  reference::ItemSpec spec;
  spec.format = format;
  spec.lenient = lenient;
  return reference::DecodeItem(spec, text, length, id);
}

}  // namespace sortid::kernels
