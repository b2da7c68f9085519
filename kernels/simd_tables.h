// Constant tables for the SIMD kernels, computed at compile time from the
// format definitions (never typed in by hand). Every table describes one
// 128-bit block holding one ID; wider targets broadcast it to each block.
//
// Notation: a 16-byte binary ID is a big-endian 128-bit value; "LE byte j" is
// byte 15 - j of the ID, i.e. bits [8j, 8j + 8) of the value.
#ifndef SORTID_KERNELS_SIMD_TABLES_H_
#define SORTID_KERNELS_SIMD_TABLES_H_

#include <array>
#include <cstdint>

#include "kernels/alphabet.h"
#include "kernels/format_facts.h"

namespace sortid::simd_tables {

inline constexpr uint8_t kZero = 0x80;  // TableLookupBytesOr0: lane becomes 0

// ---- Base32 encode -------------------------------------------------------
// Eight u16 lanes, lane l producing characters 2m and 2m+1 (m = first_pair +
// l). The pair covers value bits [s, s + 10) with s = top_bit - 10 m. The
// shuffle gathers the two LE bytes holding those bits into the lane; then
//   char 2m   = MulHigh(window & mask_hi, mul_hi)   (low byte of the lane)
//   char 2m+1 = (window & mask_lo) * mul_lo          (high byte of the lane)
struct Base32EncodeTables {
  std::array<uint8_t, 16> shuffle{};
  std::array<uint16_t, 8> mask_hi{}, mul_hi{}, mask_lo{}, mul_lo{};
};

constexpr Base32EncodeTables MakeBase32Encode(int top_bit, int first_pair) {
  Base32EncodeTables t;
  for (int l = 0; l < 8; ++l) {
    const int s = top_bit - 10 * (first_pair + l);
    const int byte = s / 8;
    const int offset = s % 8;  // always <= 6, so the 10 bits fit in 16
    t.shuffle[2 * l] = byte <= 15 ? static_cast<uint8_t>(15 - byte) : kZero;
    t.shuffle[2 * l + 1] = byte + 1 <= 15 ? static_cast<uint8_t>(15 - (byte + 1)) : kZero;
    t.mask_hi[l] = static_cast<uint16_t>(31 << (offset + 5));
    t.mul_hi[l] = static_cast<uint16_t>(1 << (16 - (offset + 5)));
    t.mask_lo[l] = static_cast<uint16_t>(31 << offset);
    t.mul_lo[l] = static_cast<uint16_t>(1 << (8 - offset));
  }
  return t;
}

// ULID: 26 characters, character k = bits [125 - 5k, 130 - 5k), pairs start
// at bit 120. Stored as characters 0..15 (pairs 0..7) and 10..25 (pairs 5..12).
inline constexpr Base32EncodeTables kUlidEncodeLo = MakeBase32Encode(120, 0);
inline constexpr Base32EncodeTables kUlidEncodeHi = MakeBase32Encode(120, 5);
inline constexpr int kUlidSecondChunk = 10;
// Record ID: 20 characters over the low 100 bits, pairs start at bit 90.
// Stored as characters 0..15 (pairs 0..7) and 4..19 (pairs 2..9).
inline constexpr Base32EncodeTables kRecordEncodeLo = MakeBase32Encode(90, 0);
inline constexpr Base32EncodeTables kRecordEncodeHi = MakeBase32Encode(90, 2);
inline constexpr int kRecordSecondChunk = 4;

// Crockford digits 0-15 and 16-31 as two 16-entry lookup tables.
constexpr std::array<uint8_t, 16> AlphabetHalf(bool lower, int half) {
  std::array<uint8_t, 16> t{};
  const char* digits = lower ? alphabet::kCrockfordLower : alphabet::kCrockfordUpper;
  for (int i = 0; i < 16; ++i) t[i] = static_cast<uint8_t>(digits[16 * half + i]);
  return t;
}

// ---- Base32 decode -------------------------------------------------------
// Characters are translated with three 16-entry tables indexed by the low
// nibble, one per ASCII row 0x30 (digits), 0x40 and 0x50 (letters; 0x60 and
// 0x70 reuse them for lower case). kZero marks bytes outside the alphabet.
constexpr std::array<uint8_t, 16> CrockfordRow(int row, bool lenient) {
  std::array<uint8_t, 16> t{};
  const auto& table = lenient ? alphabet::kCrockfordLenient : alphabet::kCrockfordStrict;
  for (int lo = 0; lo < 16; ++lo) {
    const int8_t v = table[static_cast<size_t>(row * 16 + lo)];
    t[static_cast<size_t>(lo)] = v < 0 ? kZero : static_cast<uint8_t>(v);
  }
  return t;
}

// The same translation as one 128-entry table (AVX3_DL vpermi2b); entries
// >= 0x80 of the input are caught separately by their sign bit.
constexpr std::array<uint8_t, 128> CrockfordAscii(bool lenient, bool lower_only) {
  std::array<uint8_t, 128> t{};
  const auto& table = lenient ? alphabet::kCrockfordLenient : alphabet::kCrockfordStrict;
  for (int c = 0; c < 128; ++c) {
    const int8_t v = table[static_cast<size_t>(c)];
    const bool upper_letter = c >= 'A' && c <= 'Z';
    t[static_cast<size_t>(c)] =
        (v < 0 || (lower_only && upper_letter)) ? kZero : static_cast<uint8_t>(v);
  }
  return t;
}

// Packing: digits are arranged into 5-bit "slots" so that every 8 slots form
// one 40-bit group in a u64 lane. A block of 16 slots yields 10 big-endian
// bytes; lane byte of big-endian byte n is 8 (n / 5) + 4 - n % 5.
constexpr uint8_t GroupByte(int n) { return static_cast<uint8_t>(8 * (n / 5) + 4 - n % 5); }

struct Base32DecodeTables {
  std::array<uint8_t, 16> slots_a{};  // from the first load: slots of block A
  std::array<uint8_t, 16> slots_b{};  // from the second load: slots of block B
  std::array<uint8_t, 16> final_a{};  // output bytes taken from packed A
  std::array<uint8_t, 16> final_b{};  // output bytes taken from packed B
};

// ULID: 6 zero slots + 26 digits = 32 slots = 160 bits, the top 32 zero.
// A = [0 x6, d0..d9] (first load, chars 0..15), B = d10..d25 (second load at
// +10). Output bytes 0..5 = A's big-endian bytes 4..9, 6..15 = B's 0..9.
constexpr Base32DecodeTables MakeUlidDecode() {
  Base32DecodeTables t;
  for (int j = 0; j < 16; ++j) {
    t.slots_a[j] = j < 6 ? kZero : static_cast<uint8_t>(j - 6);
    t.slots_b[j] = static_cast<uint8_t>(j);
    t.final_a[j] = j < 6 ? GroupByte(j + 4) : kZero;
    t.final_b[j] = j < 6 ? kZero : GroupByte(j - 6);
  }
  return t;
}

// Record ID: 4 zero slots + 20 digits = 24 slots = 120 bits under a zero top
// byte. A = [0 x4, d0..d11] (first load), B = [d12..d19, 0 x8] (second load
// at +4, lanes 8..15). Output byte 0 = 0, 1..10 = A's 0..9, 11..15 = B's 0..4.
constexpr Base32DecodeTables MakeRecordDecode() {
  Base32DecodeTables t;
  for (int j = 0; j < 16; ++j) {
    t.slots_a[j] = j < 4 ? kZero : static_cast<uint8_t>(j - 4);
    t.slots_b[j] = j < 8 ? static_cast<uint8_t>(j + 8) : kZero;
    t.final_a[j] = (j >= 1 && j <= 10) ? GroupByte(j - 1) : kZero;
    t.final_b[j] = j >= 11 ? GroupByte(j - 11) : kZero;
  }
  return t;
}

// slots_b of Record IDs: lanes 8-15 moved to 0-7. The portable decoder packs
// the second load as it is and reads B's bytes from the upper u64 lane
// (FromUpperHalf) instead of shuffling them down first.
inline constexpr std::array<uint8_t, 16> kUpperHalfDown = {
    8, 9, 10, 11, 12, 13, 14, 15, kZero, kZero, kZero, kZero, kZero, kZero, kZero, kZero};
constexpr std::array<uint8_t, 16> FromUpperHalf(const std::array<uint8_t, 16>& final_bytes) {
  std::array<uint8_t, 16> t{};
  for (size_t j = 0; j < 16; ++j) {
    t[j] = final_bytes[j] == kZero ? kZero : static_cast<uint8_t>(final_bytes[j] + 8);
  }
  return t;
}

inline constexpr Base32DecodeTables kUlidDecode = MakeUlidDecode();
inline constexpr Base32DecodeTables kRecordDecode = MakeRecordDecode();
// Lane byte of a 40-bit group's little-endian byte k (0..4) after packing:
// bytes 0..4 in order, or the x86 layout (pmaddwd leaves the high 20 bits
// shifted left by 4 in bytes 0..2 and the low 20 bits in bytes 4..6; one
// shift-or completes byte 6). RemapGroupBytes moves final_a / final_b there.
inline constexpr std::array<uint8_t, 5> kGroupBytesInOrder = {0, 1, 2, 3, 4};
inline constexpr std::array<uint8_t, 5> kGroupBytesX86 = {4, 5, 6, 1, 2};
constexpr std::array<uint8_t, 16> RemapGroupBytes(const std::array<uint8_t, 16>& final_bytes,
                                                  const std::array<uint8_t, 5>& at) {
  std::array<uint8_t, 16> t{};
  for (size_t j = 0; j < 16; ++j) {
    const uint8_t b = final_bytes[j];
    t[j] = b == kZero ? kZero : static_cast<uint8_t>(b / 8 * 8 + at[b % 8]);
  }
  return t;
}
// Plain ULIDs loaded 32 bytes from 6 before each item (the AVX2 and AVX3
// decoders): lanes of 16 bytes whose first 6 belong to the item before,
// repeating every kPeriod bytes of a vector of kBytes.
inline constexpr size_t kUlidBorrowed = 6;
// 0xFF on the item's own bytes, 0 on the borrowed ones.
template <size_t kBytes, size_t kPeriod>
constexpr std::array<uint8_t, kBytes> UlidOwnBytes() {
  std::array<uint8_t, kBytes> t{};
  for (size_t j = 0; j < kBytes; ++j) t[j] = (j % kPeriod) < kUlidBorrowed ? 0 : 0xFF;
  return t;
}
// Saturating bias of the first character (kFirstCharBias's rule: a value
// above 7 or with bit 7 set ends up >= 0x80), at byte 6 of each period.
template <size_t kBytes, size_t kPeriod>
constexpr std::array<uint8_t, kBytes> UlidFirstCharBias() {
  std::array<uint8_t, kBytes> t{};
  for (size_t j = kUlidBorrowed; j < kBytes; j += kPeriod) t[j] = 0x78;
  return t;
}
// The identity shuffle (ULID's slots_b: the decoder skips that lookup).
inline constexpr std::array<uint8_t, 16> kIdentity16 = [] {
  std::array<uint8_t, 16> t{};
  for (int j = 0; j < 16; ++j) t[static_cast<size_t>(j)] = static_cast<uint8_t>(j);
  return t;
}();

// ---- UUID hex -----------------------------------------------------------
// Character position of hex digit h in the 36-character form.
constexpr int UuidCharOfNibble(int h) {
  return static_cast<int>(internal::UuidCharOfDigit(static_cast<size_t>(h)));
}
constexpr bool IsUuidHyphen(int p) { return internal::IsUuidHyphen(static_cast<size_t>(p)); }

// Encode: the output window [w, w + 16) of the 36-character form is built
// from the hex digits of bytes 0..7 (H0) and 8..15 (H1) plus hyphens.
struct UuidEncodeWindow {
  std::array<uint8_t, 16> from_h0{}, from_h1{}, hyphens{};
};
constexpr UuidEncodeWindow MakeUuidEncodeWindow(int w) {
  UuidEncodeWindow t;
  for (int j = 0; j < 16; ++j) {
    const int p = w + j;
    t.from_h0[j] = t.from_h1[j] = kZero;
    if (IsUuidHyphen(p)) {
      t.hyphens[j] = '-';
      continue;
    }
    const int h = static_cast<int>(internal::UuidDigitOfChar(static_cast<size_t>(p)));
    if (h < 16) {
      t.from_h0[j] = static_cast<uint8_t>(h);
    } else {
      t.from_h1[j] = static_cast<uint8_t>(h - 16);
    }
  }
  return t;
}
// Whether a window takes any digit from a half (an entry other than kZero).
constexpr bool TakesAny(const std::array<uint8_t, 16>& from) {
  for (uint8_t index : from) {
    if (index != kZero) return true;
  }
  return false;
}
inline constexpr int kUuidWindows[3] = {0, 16, 20};
inline constexpr UuidEncodeWindow kUuidEncode[3] = {
    MakeUuidEncodeWindow(0), MakeUuidEncodeWindow(16), MakeUuidEncodeWindow(20)};

// Decode (36 characters, loads L0 = [0,16), L1 = [16,32), L2 = [20,36)):
// nibbles 0..15 gathered from L0/L1, nibbles 16..31 from L1/L2.
struct UuidDecodeTables {
  std::array<uint8_t, 16> n0_from_l0{}, n0_from_l1{}, n1_from_l1{}, n1_from_l2{};
  // 0xFF where a '-' belongs in L0 and L1 (the four hyphens, at 8, 13, 18
  // and 23, all lie there; L2 needs no mask).
  std::array<std::array<uint8_t, 16>, 2> hyphen_lanes{};
};
constexpr UuidDecodeTables MakeUuidDecode() {
  UuidDecodeTables t;
  for (int h = 0; h < 32; ++h) {
    const int p = UuidCharOfNibble(h);
    const auto lane = static_cast<size_t>(h % 16);
    if (h < 16) {
      t.n0_from_l0[lane] = p < 16 ? static_cast<uint8_t>(p) : kZero;
      t.n0_from_l1[lane] = p < 16 ? kZero : static_cast<uint8_t>(p - 16);
    } else {
      t.n1_from_l1[lane] = p < 32 ? static_cast<uint8_t>(p - 16) : kZero;
      t.n1_from_l2[lane] = p < 32 ? kZero : static_cast<uint8_t>(p - 20);
    }
  }
  for (int win = 0; win < 2; ++win) {
    for (int j = 0; j < 16; ++j) {
      t.hyphen_lanes[static_cast<size_t>(win)][static_cast<size_t>(j)] =
          IsUuidHyphen(kUuidWindows[win] + j) ? 0xFF : 0x00;
    }
  }
  return t;
}
inline constexpr UuidDecodeTables kUuidDecode = MakeUuidDecode();
static_assert(
    [] {
      int hyphens = 0;
      for (const auto& lanes : kUuidDecode.hyphen_lanes) {
        for (const uint8_t lane : lanes) hyphens += lane != 0;
      }
      return hyphens;
    }() == 4,
    "the L0 and L1 hyphen masks must cover all four hyphens of the 36-character form");

// Low bytes of the eight u16 lanes of P0 into bytes 0..7, of P1 into 8..15.
constexpr std::array<uint8_t, 16> EvenBytes(bool upper_half) {
  std::array<uint8_t, 16> t{};
  for (int j = 0; j < 16; ++j) {
    const bool mine = upper_half ? j >= 8 : j < 8;
    t[static_cast<size_t>(j)] = mine ? static_cast<uint8_t>(2 * (j % 8)) : kZero;
  }
  return t;
}
inline constexpr std::array<uint8_t, 16> kEvenToLow = EvenBytes(false);
inline constexpr std::array<uint8_t, 16> kEvenToHigh = EvenBytes(true);

}  // namespace sortid::simd_tables

#endif  // SORTID_KERNELS_SIMD_TABLES_H_
