// The portable per-item codec: one ULID, Record ID or UUID text <-> 16 bytes
// without tables, allocation or dispatch. The 16-byte vectors are GCC/Clang
// generic vectors (`vector_size`), so they compile to baseline SSE2 or NEON
// and need no CPU check; digits are classified by ranges and packed with SWAR
// "merge adjacent fields" steps. Invariant: vectors overlap where a text is
// not a multiple of 16 bytes, so no byte outside the item is read or written;
// these functions only say valid / invalid, and callers take the error kind
// and position from the reference kernel (kernels/scalar/reference.cc), so
// errors are the reference's by construction (tests/kernels/single_test.cc).
// Formats: docs/spec.md §1; Crockford: https://www.crockford.com/base32.html
#ifndef SORTID_KERNELS_SCALAR_ITEM_SWAR_H_
#define SORTID_KERNELS_SCALAR_ITEM_SWAR_H_

#include <bit>
#include <cstdint>
#include <cstring>

#include "kernels/item_codec.h"

namespace sortid::single {

using I8x16 = int8_t __attribute__((vector_size(16)));
using U8x16 = uint8_t __attribute__((vector_size(16)));
using U16x8 = uint16_t __attribute__((vector_size(16)));
using U32x4 = uint32_t __attribute__((vector_size(16)));
using U64x2 = uint64_t __attribute__((vector_size(16)));

inline constexpr uint64_t kLow40 = (uint64_t{1} << 40) - 1;
inline constexpr uint64_t kLow32 = 0xFFFFFFFFu;
inline constexpr int8_t kLetterBase = 'a' - 10;  // 'a' reads as digit 10

inline U8x16 Load16(const uint8_t* p) {
  U8x16 v;
  std::memcpy(&v, p, 16);
  return v;
}

inline void Store16(I8x16 v, char* p) { std::memcpy(p, &v, 16); }

inline uint64_t Load64(const uint8_t* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

inline uint64_t Load32(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// Byte order of the machine: vectors are loaded little-endian (lane 0 = first byte).
inline uint64_t FromBigEndian(uint64_t v) {
  return std::endian::native == std::endian::little ? __builtin_bswap64(v) : v;
}

inline void StoreId(uint64_t hi, uint64_t lo, uint8_t* out) {
  hi = FromBigEndian(hi);
  lo = FromBigEndian(lo);
  std::memcpy(out, &hi, 8);
  std::memcpy(out + 8, &lo, 8);
}

inline void LoadId(const uint8_t* id, uint64_t* hi, uint64_t* lo) {
  *hi = FromBigEndian(Load64(id));
  *lo = FromBigEndian(Load64(id + 8));
}

// True when every byte of `valid` is 0xFF.
inline bool AllSet(U8x16 valid) {
  const auto lanes = std::bit_cast<U64x2>(valid);
  return (lanes[0] & lanes[1]) == ~uint64_t{0};
}

// Bytes of c in lo..hi: -1 (0xFF) where true. Two operations: the range is
// moved to the bottom of the signed byte range and compared once.
inline I8x16 InRange(U8x16 c, uint8_t lo, uint8_t hi) {
  const auto moved = std::bit_cast<I8x16>(c + static_cast<uint8_t>(0x80 - lo));
  return moved < static_cast<int8_t>(-128 + (hi - lo + 1));
}

inline U8x16 Unsigned(I8x16 mask) { return std::bit_cast<U8x16>(mask); }

// Digits of kBits bits, one per byte -> two numbers of 8 digits each (bytes
// 0-7 and 8-15, most significant first), by merging neighbours: bytes ->
// 16-bit lanes (2 digits) -> 32 (4) -> 64 (8).
template <int kBits>
inline U64x2 MergeDigits(U8x16 digits) {
  constexpr uint16_t kLow1 = (1u << kBits) - 1;
  constexpr uint32_t kLow2 = (1u << 2 * kBits) - 1;
  constexpr uint64_t kLow4 = (uint64_t{1} << 4 * kBits) - 1;
  auto w = std::bit_cast<U16x8>(digits);
  w = ((w & kLow1) << kBits) | (w >> 8);
  auto x = std::bit_cast<U32x4>(w);
  x = ((x & kLow2) << 2 * kBits) | (x >> 16);
  auto y = std::bit_cast<U64x2>(x);
  return ((y & kLow4) << 4 * kBits) | (y >> 32);
}

// The reverse of MergeDigits: two numbers of 8 kBits-bit digits -> one digit
// per byte, most significant first.
template <int kBits>
inline I8x16 SplitDigits(U64x2 y) {
  constexpr uint16_t kLow1 = (1u << kBits) - 1;
  constexpr uint32_t kLow2 = (1u << 2 * kBits) - 1;
  constexpr uint64_t kLow4 = (uint64_t{1} << 4 * kBits) - 1;
  y = (y >> 4 * kBits) | ((y & kLow4) << 32);
  auto x = std::bit_cast<U32x4>(y);
  x = (x >> 2 * kBits) | ((x & kLow2) << 16);
  auto w = std::bit_cast<U16x8>(x);
  w = (w >> kBits) | ((w & kLow1) << 8);
  return std::bit_cast<I8x16>(w);
}

// Crockford digits are classified by ranges (0-9, a-z once case is folded
// with | 0x20, minus i l o u) instead of a table lookup.
// 16 Crockford characters -> their digits as two 40-bit numbers (characters
// 0-7 and 8-15, most significant first); *valid keeps 0xFF only in bytes
// that are digits of the alphabet.
template <Alphabet kAlphabet>
inline U64x2 CrockfordDigits16(U8x16 c, U8x16* valid) {
  const U8x16 f = c | 0x20;  // letters folded to lower case; '0'-'9' already have 0x20
  const auto folded = std::bit_cast<I8x16>(f);
  const U8x16 is_digit = Unsigned(InRange(c, '0', '9'));
  const U8x16 is_letter =
      Unsigned(kAlphabet == Alphabet::kLowerOnly ? InRange(c, 'a', 'z') : InRange(f, 'a', 'z'));
  const U8x16 is_i = Unsigned(folded == 'i'), is_l = Unsigned(folded == 'l');
  const U8x16 is_o = Unsigned(folded == 'o'), is_u = Unsigned(folded == 'u');
  // Digits: f - '0'. Letters: f - 'a' + 10, minus one for each of i, l, o, u
  // below (each comparison is 0xFF, i.e. -1, where true; 0 for digits).
  U8x16 digit = f - '0' + (is_letter & static_cast<uint8_t>(-('a' - '0' - 10))) +
                Unsigned(folded > 'i') + Unsigned(folded > 'l') + Unsigned(folded > 'o') +
                Unsigned(folded > 'u');
  U8x16 excluded = is_i | is_l | is_o | is_u;
  if constexpr (kAlphabet == Alphabet::kLenient) {  // I L -> 1, O -> 0
    digit = (digit & ~(is_i | is_l | is_o)) | ((is_i | is_l) & 1);
    excluded = is_u;
  }
  *valid &= is_digit | (is_letter & ~excluded);
  return MergeDigits<5>(digit);
}

// 16 hex characters -> two 32-bit numbers (characters 0-7 and 8-15).
inline U64x2 HexDigits16(U8x16 c, U8x16* valid) {
  const U8x16 f = c | 0x20;
  const U8x16 is_letter = Unsigned(InRange(f, 'a', 'f'));
  // Digits: f - '0'; letters: f - 'a' + 10.
  const U8x16 digit = f - '0' + (is_letter & static_cast<uint8_t>(-('a' - '0' - 10)));
  *valid &= Unsigned(InRange(c, '0', '9')) | is_letter;
  return MergeDigits<4>(digit);
}

// Two 40-bit numbers -> 16 Crockford characters, most significant first.
inline I8x16 CrockfordChars16(U64x2 y, bool lower) {
  const I8x16 d = SplitDigits<5>(y);
  // "0123456789ABCDEFGH" then J K M N P Q R S T V W X Y Z: skip I, L, O, U.
  const I8x16 ascii = d + '0' + ((d > 9) & 7) - (d > 17) - (d > 19) - (d > 21) - (d > 26);
  return lower ? (ascii | 0x20) : ascii;  // 0x20 is already set in '0'-'9'
}

// Two 32-bit numbers -> 16 hex characters.
inline I8x16 HexChars16(U64x2 y, bool lower) {
  const I8x16 d = SplitDigits<4>(y);
  const int8_t letter_gap = lower ? 'a' - '0' - 10 : 'A' - '0' - 10;  // from '9' + 1 to 'a' / 'A'
  return d + '0' + ((d > 9) & letter_gap);
}

// ---- Decoding: text (exact length, no prefix) -> 16 bytes; false if invalid. ----

// The two loads overlap (ULID: characters 0-15 and 10-25, Record ID: 0-15
// and 4-19), so nothing past the item is read.
template <Alphabet kAlphabet>
inline bool DecodeUlid(const uint8_t* text, uint8_t* out) {
  U8x16 valid = ~U8x16{};
  const U64x2 a = CrockfordDigits16<kAlphabet>(Load16(text), &valid);       // digits 0-15
  const U64x2 b = CrockfordDigits16<kAlphabet>(Load16(text + 10), &valid);  // digits 10-25
  // 130 bits: digits 0-7 are value bits 129..90 (the top two must be 0).
  if (!AllSet(valid) || (a[0] >> 38) != 0) return false;
  StoreId((a[0] << 26) | (a[1] >> 14), (a[1] << 50) | ((b[0] & 0x3FF) << 40) | b[1], out);
  return true;
}

template <Alphabet kAlphabet>
inline bool DecodeRecordId(const uint8_t* text, uint8_t* out) {
  U8x16 valid = ~U8x16{};
  const U64x2 a = CrockfordDigits16<kAlphabet>(Load16(text), &valid);      // digits 0-15
  const U64x2 b = CrockfordDigits16<kAlphabet>(Load16(text + 4), &valid);  // digits 4-19
  if (!AllSet(valid)) return false;
  // timestamp (digits 0-7) | machine (8-15) | counter (16-19): 100 bits.
  StoreId(a[0] >> 4, (a[0] << 60) | (a[1] << 20) | (b[1] & 0xFFFFF), out);
  return true;
}

// 32 hex digits given as four 8-character words.
inline bool DecodeHexWords(uint64_t w0, uint64_t w1, uint64_t w2, uint64_t w3, uint8_t* out) {
  U8x16 valid = ~U8x16{};
  const U64x2 a = HexDigits16(std::bit_cast<U8x16>(U64x2{w0, w1}), &valid);
  const U64x2 b = HexDigits16(std::bit_cast<U8x16>(U64x2{w2, w3}), &valid);
  if (!AllSet(valid)) return false;
  StoreId((a[0] << 32) | a[1], (b[0] << 32) | b[1], out);
  return true;
}

inline bool DecodeUuidHex(const uint8_t* text, uint8_t* out) {
  return DecodeHexWords(Load64(text), Load64(text + 8), Load64(text + 16), Load64(text + 24), out);
}

// 8-4-4-4-12 with hyphens at 8, 13, 18, 23.
inline bool DecodeUuid(const uint8_t* text, uint8_t* out) {
  const bool hyphens =
      ((text[8] ^ '-') | (text[13] ^ '-') | (text[18] ^ '-') | (text[23] ^ '-')) == 0;
  return DecodeHexWords(Load64(text), Load32(text + 9) | (Load32(text + 14) << 32),
                        Load32(text + 19) | (Load32(text + 24) << 32), Load64(text + 28), out) &&
         hyphens;
}

// ---- Encoding: 16 bytes -> text (no prefix). ----

inline void EncodeUlid(const uint8_t* id, bool lower, char* out) {
  uint64_t hi, lo;
  LoadId(id, &hi, &lo);
  // Character k holds value bits 129-5k .. 125-5k; 0-15 and 10-25 overlap.
  Store16(CrockfordChars16(U64x2{hi >> 26, ((hi << 14) | (lo >> 50)) & kLow40}, lower), out);
  Store16(CrockfordChars16(U64x2{((hi << 24) | (lo >> 40)) & kLow40, lo & kLow40}, lower),
          out + 10);
}

// The ID's first four bytes, big-endian (one load; the top 28 bits are its high ones).
inline uint32_t RecordIdTop(const uint8_t* id) {
  return (uint32_t{id[0]} << 24) | (uint32_t{id[1]} << 16) | (uint32_t{id[2]} << 8) |
         uint32_t{id[3]};
}

// The top 28 of the 128 bits must be zero (Record IDs carry 100 bits).
inline constexpr uint32_t kRecordIdMaxTop = 0xF;
inline bool RecordIdEncodable(const uint8_t* id) { return RecordIdTop(id) <= kRecordIdMaxTop; }

// Precondition: RecordIdEncodable(id).
inline void EncodeRecordId(const uint8_t* id, bool lower, char* out) {
  uint64_t hi, lo;
  LoadId(id, &hi, &lo);
  // Character k holds bits 99-5k .. 95-5k; 0-15 and 4-19 overlap.
  Store16(CrockfordChars16(U64x2{((hi << 4) | (lo >> 60)) & kLow40, (lo >> 20) & kLow40}, lower),
          out);
  Store16(CrockfordChars16(U64x2{((hi << 24) | (lo >> 40)) & kLow40, lo & kLow40}, lower), out + 4);
}

inline void EncodeUuidHex(const uint8_t* id, bool lower, char* out) {
  uint64_t hi, lo;
  LoadId(id, &hi, &lo);
  Store16(HexChars16(U64x2{hi >> 32, hi & kLow32}, lower), out);
  Store16(HexChars16(U64x2{lo >> 32, lo & kLow32}, lower), out + 16);
}

inline void EncodeUuid(const uint8_t* id, bool lower, char* out) {
  char hex[32];
  EncodeUuidHex(id, lower, hex);
  std::memcpy(out, hex, 8);
  std::memcpy(out + 9, hex + 8, 4);
  std::memcpy(out + 14, hex + 12, 4);
  std::memcpy(out + 19, hex + 16, 4);
  std::memcpy(out + 24, hex + 20, 12);
  out[8] = out[13] = out[18] = out[23] = '-';
}

}  // namespace sortid::single

#endif  // SORTID_KERNELS_SCALAR_ITEM_SWAR_H_
