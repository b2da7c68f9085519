// The per-item codec for Arm (NEON, and the SVE targets, whose CPUs all have
// Advanced SIMD: the codec uses 128-bit NEON registers, not Highway vectors).
// Decode: tbl / tbx over a 128-entry table (value + 1, 0 outside the
// alphabet), one saturating subtract against per-lane limits for bad
// characters and the ULID overflow, shift-left-and-insert merges into 10-,
// 20- and 40-bit lanes, and one two-register tbl orders the ID bytes. Encode:
// tbl gathers each character's two ID bytes, ushl by a negative count cuts
// out its 5 bits, a two-register tbl maps them to the alphabet. Invariant:
// loads and stores stay inside the text and the ID.

// Toggle include guard: included once per target by kernels/dispatch.cc.
#if defined(SORTID_KERNELS_NEON_ITEM_CODEC_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_NEON_ITEM_CODEC_INL_H_
#undef SORTID_KERNELS_NEON_ITEM_CODEC_INL_H_
#else
#define SORTID_KERNELS_NEON_ITEM_CODEC_INL_H_
#endif

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "hwy/highway.h"
#include "kernels/alphabet.h"
#include "kernels/item_codec.h"
#include "kernels/item_tables.h"
#include "kernels/target_guard.h"

#if HWY_ARCH_ARM_A64
#include <arm_neon.h>
#endif

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if HWY_ARCH_ARM_A64
namespace item_neon {

using single::Alphabet;

// ---- Tables ----

// Value + 1 of each ASCII byte (0: not in the alphabet).
struct AsciiTable {
  alignas(16) uint8_t value[128];
};
constexpr AsciiTable MakeAsciiTable(const std::array<int8_t, 256>& source, bool upper_ok) {
  AsciiTable t{};
  for (size_t c = 0; c < 128; ++c) {
    const bool upper = c >= 'A' && c <= 'Z';
    t.value[c] = source[c] >= 0 && (upper_ok || !upper) ? static_cast<uint8_t>(source[c] + 1) : 0;
  }
  return t;
}
constexpr AsciiTable kCrockfordTables[3] = {
    MakeAsciiTable(alphabet::kCrockfordStrict, true),
    MakeAsciiTable(alphabet::kCrockfordLenient, true),
    MakeAsciiTable(alphabet::kCrockfordStrict, false),
};
constexpr AsciiTable kHexTable = MakeAsciiTable(alphabet::kHex, true);

// Character lanes are the first 16 characters, then the last 16; the four
// 40-bit lanes (item_tables::kFortyBitPack) are a register pair.
using item_tables::Limits;
constexpr Limits kUlidLimits = item_tables::MakeLimits(0);
constexpr Limits kRecordLimits = item_tables::MakeLimits(-1);
constexpr const item_tables::PackIndex& kPack = item_tables::kFortyBitPack;

// Encode: character k has its 5 bits at value bit p = top - 5k, in the
// 16-bit window of value bytes p / 8 and p / 8 + 1, at bit p % 8 of it.
// Groups of 8 characters, one per register.
struct EncodePlan {
  alignas(16) uint8_t gather[4][16];
  alignas(16) int16_t shift[4][8];  // negative: ushl shifts right
};
constexpr EncodePlan MakeEncodePlan(int top, int chars) {
  EncodePlan plan{};
  for (int k = 0; k < 32; ++k) {
    uint8_t* gather = plan.gather[k / 8] + 2 * (k % 8);
    if (k >= chars) {
      gather[0] = gather[1] = 0xFF;  // tbl: index past the table reads 0
      continue;
    }
    const int p = top - 5 * k;
    const int low_byte = p / 8;  // value byte, 0 = least significant
    gather[0] = static_cast<uint8_t>(15 - low_byte);
    gather[1] = low_byte + 1 <= 15 ? static_cast<uint8_t>(15 - (low_byte + 1)) : 0xFF;
    plan.shift[k / 8][k % 8] = static_cast<int16_t>(-(p % 8));
  }
  return plan;
}
constexpr EncodePlan kUlidEncode = MakeEncodePlan(125, 26);
constexpr EncodePlan kRecordEncode = MakeEncodePlan(95, 20);

using item_tables::kLower;
using item_tables::kUpper;

// UUID text: which character each hex digit comes from, as indexes into the
// register pairs (text[0..15], text[16..31]) and (text[16..31],
// text[20..35]); which hex digit each character takes when encoding, from
// (hex 0-15, hex 16-31), 0xFF at the hyphens.
struct UuidPlan {
  alignas(16) uint8_t first16[16];
  alignas(16) uint8_t last16[16];
  alignas(16) uint8_t chars0[16];
  alignas(16) uint8_t chars16[16];
  alignas(16) uint8_t hyphens0[16];
  alignas(16) uint8_t hyphens16[16];
};
constexpr bool IsHyphen(int k) { return k == 8 || k == 13 || k == 18 || k == 23; }
constexpr UuidPlan MakeUuidPlan() {
  UuidPlan p{};
  int digit = 0;
  for (int k = 0; k < 36; ++k) {
    if (k < 32 && IsHyphen(k)) {
      (k < 16 ? p.chars0[k] : p.chars16[k - 16]) = 0xFF;
      (k < 16 ? p.hyphens0[k] : p.hyphens16[k - 16]) = '-';
      continue;
    }
    if (digit < 16) {
      p.first16[digit] = static_cast<uint8_t>(k);
    } else {
      p.last16[digit - 16] = static_cast<uint8_t>(k < 32 ? k - 16 : k - 4);
    }
    if (k < 16) p.chars0[k] = static_cast<uint8_t>(digit);
    if (k >= 16 && k < 32) p.chars16[k - 16] = static_cast<uint8_t>(digit);
    ++digit;
  }
  return p;
}
constexpr UuidPlan kUuidPlan = MakeUuidPlan();

// ---- Helpers ----

// 16 bytes -> value + 1 from a 128-entry table (0 for bytes past it).
// tbl and tbx yield 0 or keep the lane for an index past the table, so
// bytes >= 0x80 read 0.
inline uint8x16_t Lookup128(uint8x16_t c, const AsciiTable& t) {
  const uint8x16x4_t low = vld1q_u8_x4(t.value);
  const uint8x16x4_t high = vld1q_u8_x4(t.value + 64);
  return vqtbx4q_u8(vqtbl4q_u8(low, c), high, vsubq_u8(c, vdupq_n_u8(64)));
}

// Two halves of 16 digits (right-aligned in 32 lanes) -> the 16 ID bytes.
inline uint8x16_t PackDigits(uint8x16_t first, uint8x16_t last) {
  uint8x16x2_t forty;
  const uint8x16_t halves[2] = {first, last};
  for (int h = 0; h < 2; ++h) {
    const uint16x8_t pairs = vreinterpretq_u16_u8(halves[h]);  // d0 | d1 << 8
    const uint16x8_t ten =
        vandq_u16(vsliq_n_u16(vshrq_n_u16(pairs, 8), pairs, 5), vdupq_n_u16(0x3FF));
    const uint32x4_t tens = vreinterpretq_u32_u16(ten);  // w0 | w1 << 16
    const uint32x4_t twenty =
        vandq_u32(vsliq_n_u32(vshrq_n_u32(tens, 16), tens, 10), vdupq_n_u32(0xFFFFF));
    const uint64x2_t twenties = vreinterpretq_u64_u32(twenty);
    forty.val[h] =
        vreinterpretq_u8_u64(vandq_u64(vsliq_n_u64(vshrq_n_u64(twenties, 32), twenties, 20),
                                       vdupq_n_u64((uint64_t{1} << 40) - 1)));
  }
  return vqtbl2q_u8(forty, vld1q_u8(kPack.index));
}

// ---- Crockford ----

template <Alphabet kAlphabet, int kChars>
bool DecodeCrockford(const uint8_t* text, uint8_t* out) {
  const AsciiTable& table = kCrockfordTables[static_cast<int>(kAlphabet)];
  const Limits& limits = kChars == 26 ? kUlidLimits : kRecordLimits;
  const uint8x16_t one = vdupq_n_u8(1);
  const uint8x16_t first = vsubq_u8(Lookup128(vld1q_u8(text), table), one);
  const uint8x16_t last = vsubq_u8(Lookup128(vld1q_u8(text + kChars - 16), table), one);
  const uint8x16_t over =
      vorrq_u8(vqsubq_u8(first, vld1q_u8(limits.max)), vqsubq_u8(last, vld1q_u8(limits.max + 16)));
  if (vmaxvq_u8(over) != 0) return false;
  // Right-align: the first half holds characters 0 .. kChars - 17 in its top lanes.
  const uint8x16_t aligned = vextq_u8(vdupq_n_u8(0), first, kChars - 16);
  vst1q_u8(out, PackDigits(aligned, last));
  return true;
}

template <int kChars>
void EncodeCrockford(const uint8_t* id, bool lower, char* out) {
  const EncodePlan& plan = kChars == 26 ? kUlidEncode : kRecordEncode;
  const uint8x16_t bytes = vld1q_u8(id);
  uint8x16_t digits[2];
  for (int half = 0; half < 2; ++half) {
    uint16x8_t groups[2];
    for (int g = 0; g < 2; ++g) {
      const int group = 2 * half + g;
      const uint16x8_t windows =
          vreinterpretq_u16_u8(vqtbl1q_u8(bytes, vld1q_u8(plan.gather[group])));
      groups[g] = vandq_u16(vshlq_u16(windows, vld1q_s16(plan.shift[group])), vdupq_n_u16(31));
    }
    digits[half] = vuzp1q_u8(vreinterpretq_u8_u16(groups[0]), vreinterpretq_u8_u16(groups[1]));
  }
  const uint8x16x2_t a =
      vld1q_u8_x2(reinterpret_cast<const uint8_t*>((lower ? kLower : kUpper).chars));
  const uint8x16_t chars0 = vqtbl2q_u8(a, digits[0]);
  const uint8x16_t chars16 = vqtbl2q_u8(a, digits[1]);
  vst1q_u8(reinterpret_cast<uint8_t*>(out), chars0);
  // The last 16 characters, overlapping the first store.
  vst1q_u8(reinterpret_cast<uint8_t*>(out) + kChars - 16, vextq_u8(chars0, chars16, kChars - 16));
}

// ---- UUID ----

inline bool HexToBytes(uint8x16_t first, uint8x16_t last, uint8_t* out) {
  const uint8x16_t one = vdupq_n_u8(1);
  const uint8x16_t d0 = vsubq_u8(Lookup128(first, kHexTable), one);
  const uint8x16_t d1 = vsubq_u8(Lookup128(last, kHexTable), one);
  const uint8x16_t fifteen = vdupq_n_u8(15);
  if (vmaxvq_u8(vorrq_u8(vqsubq_u8(d0, fifteen), vqsubq_u8(d1, fifteen))) != 0) return false;
  // Even digits are high nibbles: (even << 4) | odd.
  vst1q_u8(out, vsliq_n_u8(vuzp2q_u8(d0, d1), vuzp1q_u8(d0, d1), 4));
  return true;
}

bool DecodeUuidHex(const uint8_t* text, uint8_t* out) {
  return HexToBytes(vld1q_u8(text), vld1q_u8(text + 16), out);
}

bool DecodeUuid(const uint8_t* text, uint8_t* out) {
  const bool hyphens = (text[8] == '-') & (text[13] == '-') & (text[18] == '-') & (text[23] == '-');
  if (!hyphens) return false;
  const uint8x16_t at16 = vld1q_u8(text + 16);
  const uint8x16x2_t low = {{vld1q_u8(text), at16}};
  const uint8x16x2_t high = {{at16, vld1q_u8(text + 20)}};
  return HexToBytes(vqtbl2q_u8(low, vld1q_u8(kUuidPlan.first16)),
                    vqtbl2q_u8(high, vld1q_u8(kUuidPlan.last16)), out);
}

// 16 bytes -> 32 hex characters (hex 0-15, hex 16-31).
inline uint8x16x2_t BytesToHex(const uint8_t* id, bool lower) {
  const uint8x16_t bytes = vld1q_u8(id);
  const uint8x16_t hi = vshrq_n_u8(bytes, 4);
  const uint8x16_t lo = vandq_u8(bytes, vdupq_n_u8(15));
  const uint8x16_t digits =
      vld1q_u8(reinterpret_cast<const uint8_t*>(lower ? alphabet::kHexLower : alphabet::kHexUpper));
  return {{vqtbl1q_u8(digits, vzip1q_u8(hi, lo)), vqtbl1q_u8(digits, vzip2q_u8(hi, lo))}};
}

void EncodeUuidHex(const uint8_t* id, bool lower, char* out) {
  const uint8x16x2_t hex = BytesToHex(id, lower);
  vst1q_u8_x2(reinterpret_cast<uint8_t*>(out), hex);
}

void EncodeUuid(const uint8_t* id, bool lower, char* out) {
  const uint8x16x2_t hex = BytesToHex(id, lower);
  const UuidPlan& p = kUuidPlan;
  auto* text = reinterpret_cast<uint8_t*>(out);
  vst1q_u8(text, vorrq_u8(vqtbl2q_u8(hex, vld1q_u8(p.chars0)), vld1q_u8(p.hyphens0)));
  vst1q_u8(text + 16, vorrq_u8(vqtbl2q_u8(hex, vld1q_u8(p.chars16)), vld1q_u8(p.hyphens16)));
  const uint32_t last_four = vgetq_lane_u32(vreinterpretq_u32_u8(hex.val[1]), 3);  // hex 28-31
  std::memcpy(out + 32, &last_four, 4);
}

}  // namespace item_neon
#endif  // HWY_ARCH_ARM_A64

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_NEON_ITEM_CODEC_INL_H_
