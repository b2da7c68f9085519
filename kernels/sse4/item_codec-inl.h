// The per-item codec for SSE4 and better x86 targets without VBMI. Decode
// looks each character up by its low nibble in one pshufb table per group of
// high nibbles, a group answering only its own rows (NibbleTables), packs the
// digits with pmaddubsw / pmaddwd and two shifts into 40-bit lanes, and one
// pshufb per lane pair puts the bytes in order. Encode gathers each
// character's two ID bytes into a 16-bit lane, pmullw and one shift cut out
// its 5 bits, two pshufb map digits to the alphabet (EncodePlan). Invariant:
// loads and stores stay inside the text and the ID. Reference: W. Mula,
// D. Lemire, "Faster Base64 encoding and decoding using AVX2 instructions"
// (ACM TWEB, 2018).

// Toggle include guard: included once per target by kernels/dispatch.cc.
#if defined(SORTID_KERNELS_SSE4_ITEM_CODEC_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_SSE4_ITEM_CODEC_INL_H_
#undef SORTID_KERNELS_SSE4_ITEM_CODEC_INL_H_
#else
#define SORTID_KERNELS_SSE4_ITEM_CODEC_INL_H_
#endif

#include <array>
#include <cstdint>
#include <cstring>
#include <initializer_list>

#include "hwy/highway.h"
#include "kernels/alphabet.h"
#include "kernels/item_codec.h"
#include "kernels/item_tables.h"
#include "kernels/target_guard.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if SORTID_X86_AT_LEAST(SSE4)
namespace item_sse4 {

using single::Alphabet;

// ---- Tables (shared with kernels/avx2/item_codec-inl.h) ----

// Per group of high nibbles: the value + 1 of the character with each low
// nibble (0 = not in the alphabet), and which high nibbles are in the group
// (0) or not (0x80). Groups are read off the lower-case rows; the upper-case
// rows must agree (checked below), and lower-only tables leave them out.
// A table selects its group by turning the index of every other byte into
// 0x80, so exactly one group answers a character of the alphabet and none
// answers any other byte.
template <int kGroups>
struct NibbleTables {
  alignas(16) uint8_t value[kGroups][16];
  alignas(16) uint8_t member[kGroups][16];
};

template <int kGroups>
constexpr NibbleTables<kGroups> MakeNibbleTables(const std::array<int8_t, 256>& source,
                                                 const int (&rows)[kGroups], bool upper_too) {
  NibbleTables<kGroups> t{};
  for (int g = 0; g < kGroups; ++g) {
    for (int lo = 0; lo < 16; ++lo) {
      const int v = source[rows[g] * 16 + lo];
      t.value[g][lo] = static_cast<uint8_t>(v < 0 ? 0 : v + 1);
    }
    for (int hi = 0; hi < 16; ++hi) {
      const bool letters = rows[g] >= 6;
      const bool in = hi == rows[g] || (upper_too && letters && hi == rows[g] - 2);
      t.member[g][hi] = in ? 0 : 0x80;
    }
  }
  return t;
}

// The grouping is exact: every byte of the alphabet is in one of the rows,
// and an upper-case row holds the same values as its lower-case row.
constexpr bool RowsCover(const std::array<int8_t, 256>& source, std::initializer_list<int> rows) {
  for (int c = 0; c < 256; ++c) {
    bool listed = false;
    for (int row : rows) {
      listed = listed || c / 16 == row || (row >= 6 && c / 16 == row - 2);
    }
    if (source[c] >= 0 && !listed) return false;
    if (c / 16 == 4 || c / 16 == 5) {
      if (source[c] != source[c + 32]) return false;
    }
  }
  return true;
}
static_assert(RowsCover(alphabet::kCrockfordStrict, {3, 6, 7}));
static_assert(RowsCover(alphabet::kCrockfordLenient, {3, 6, 7}));
static_assert(RowsCover(alphabet::kHex, {3, 6}));

constexpr int kCrockfordRows[3] = {3, 6, 7};  // 0-9, a-o, p-z
constexpr int kHexRows[2] = {3, 6};           // 0-9, a-f
using CrockfordTables = NibbleTables<3>;
constexpr CrockfordTables kCrockfordTables[3] = {
    MakeNibbleTables(alphabet::kCrockfordStrict, kCrockfordRows, true),
    MakeNibbleTables(alphabet::kCrockfordLenient, kCrockfordRows, true),
    MakeNibbleTables(alphabet::kCrockfordStrict, kCrockfordRows, false),
};
constexpr NibbleTables<2> kHexTables = MakeNibbleTables(alphabet::kHex, kHexRows, true);

// Character lanes are the first 16 characters, then the last 16.
using item_tables::Limits;
constexpr Limits kUlidLimits = item_tables::MakeLimits(0);
constexpr Limits kRecordLimits = item_tables::MakeLimits(-1);

// The four 40-bit lanes (item_tables::kFortyBitPack) lie in two 128-bit
// halves; half h holds lanes 2h and 2h + 1, and its pshufb takes the ID bytes
// that lie there (0x80 elsewhere).
struct PackPlan {
  alignas(32) uint8_t index[2][16];
};
constexpr PackPlan MakePackPlan() {
  PackPlan p{};
  for (int i = 0; i < 16; ++i) {
    const int at = item_tables::kFortyBitPack.index[i];
    for (int h = 0; h < 2; ++h) {
      p.index[h][i] = at / 16 == h ? static_cast<uint8_t>(at % 16) : 0x80;
    }
  }
  return p;
}
constexpr PackPlan kPack = MakePackPlan();

// Encode: character k of a text whose character 0 has its lowest bit at
// value bit top has its 5 bits at p = top - 5k, inside the 16-bit window of
// value bytes p / 8 and p / 8 + 1, at bit s = p % 8 of it. gather puts the
// window's ID bytes in the character's 16-bit lane; multiplying by
// 2^(11 - s) and shifting right by 11 leaves the 5 bits. Characters come in
// groups of 8 (16-bit lanes); groups are stored in the order 0, 2, 1, 3, so
// that an AVX2 register holding slots 0-1 and one holding slots 2-3 pack
// (vpackuswb works per 128-bit half) into characters 0-31 in order.
struct EncodePlan {
  alignas(32) uint8_t gather[4][16];
  alignas(32) uint16_t multiplier[4][8];
};
constexpr int kEncodeSlot[4] = {0, 2, 1, 3};  // group -> slot
constexpr EncodePlan MakeEncodePlan(int top, int chars) {
  EncodePlan plan{};
  for (int k = 0; k < 32; ++k) {
    const int slot = kEncodeSlot[k / 8];
    const int lane = k % 8;
    if (k >= chars) {
      plan.gather[slot][2 * lane] = plan.gather[slot][2 * lane + 1] = 0x80;
      continue;
    }
    const int p = top - 5 * k;
    const int low_byte = p / 8;  // value byte, 0 = least significant
    plan.gather[slot][2 * lane] = static_cast<uint8_t>(15 - low_byte);
    plan.gather[slot][2 * lane + 1] =
        low_byte + 1 <= 15 ? static_cast<uint8_t>(15 - (low_byte + 1)) : 0x80;
    plan.multiplier[slot][lane] = static_cast<uint16_t>(1u << (11 - p % 8));
  }
  return plan;
}
constexpr EncodePlan kUlidEncode = MakeEncodePlan(125, 26);
constexpr EncodePlan kRecordEncode = MakeEncodePlan(95, 20);

using item_tables::Alphabet32;  // two 16-byte halves for pshufb
using item_tables::kLower;
using item_tables::kUpper;

// UUID text: which character each of the 32 hex digits comes from, as
// pshufb indexes into the loads at 0, 16 and 20 (0x80: not that load), and
// where the hyphens go when encoding.
struct UuidPlan {
  alignas(16) uint8_t first16_from0[16];   // digits 0-15 <- text[0..15]
  alignas(16) uint8_t first16_from16[16];  // digits 0-15 <- text[16..31]
  alignas(16) uint8_t last16_from16[16];   // digits 16-31 <- text[16..31]
  alignas(16) uint8_t last16_from20[16];   // digits 16-31 <- text[20..35]
  alignas(16) uint8_t chars0[16];          // characters 0-15 <- hex 0-15
  alignas(16) uint8_t chars16[16];         // characters 16-31 <- hex 14-29
  alignas(16) char hyphens0[16];           // '-' at 8 and 13
  alignas(16) char hyphens16[16];          // '-' at 18 and 23 (lanes 2 and 7)
};
constexpr bool IsHyphen(int k) { return k == 8 || k == 13 || k == 18 || k == 23; }
constexpr UuidPlan MakeUuidPlan() {
  UuidPlan p{};
  int digit = 0;
  for (int k = 0; k < 36; ++k) {
    if (IsHyphen(k)) continue;
    if (digit < 16) {
      p.first16_from0[digit] = k < 16 ? static_cast<uint8_t>(k) : 0x80;
      p.first16_from16[digit] = k >= 16 ? static_cast<uint8_t>(k - 16) : 0x80;
    } else {
      p.last16_from16[digit - 16] = k < 32 ? static_cast<uint8_t>(k - 16) : 0x80;
      p.last16_from20[digit - 16] = k >= 32 ? static_cast<uint8_t>(k - 20) : 0x80;
    }
    if (k < 16) p.chars0[k] = static_cast<uint8_t>(digit);
    if (k >= 16 && k < 32) p.chars16[k - 16] = static_cast<uint8_t>(digit - 14);
    ++digit;
  }
  for (int k = 0; k < 32; ++k) {
    if (!IsHyphen(k)) continue;
    if (k < 16) {
      p.chars0[k] = 0x80;
      p.hyphens0[k] = '-';
    } else {
      p.chars16[k - 16] = 0x80;
      p.hyphens16[k - 16] = '-';
    }
  }
  return p;
}
constexpr UuidPlan kUuidPlan = MakeUuidPlan();
constexpr uint32_t kHyphenBits = (1u << 8) | (1u << 13) | (1u << 18) | (1u << 23);

// ---- Helpers ----

inline __m128i Load16(const void* p) { return _mm_loadu_si128(static_cast<const __m128i*>(p)); }
inline __m128i Table16(const void* p) { return _mm_load_si128(static_cast<const __m128i*>(p)); }

// 16 characters -> their digits, or 0xFF for a byte outside the alphabet.
template <int kGroups>
requires(kGroups == 2 || kGroups == 3) inline __m128i
    Digits(__m128i c, const NibbleTables<kGroups>& t) {
  const __m128i nibble = _mm_set1_epi8(0x0F);
  const __m128i hi = _mm_and_si128(_mm_srli_epi16(c, 4), nibble);
  const __m128i lo = _mm_and_si128(c, nibble);
  const auto group = [&](int g) {
    const __m128i index = _mm_or_si128(lo, _mm_shuffle_epi8(Table16(t.member[g]), hi));
    return _mm_shuffle_epi8(Table16(t.value[g]), index);
  };
  __m128i sum = _mm_or_si128(group(0), group(1));
  if constexpr (kGroups == 3) sum = _mm_or_si128(sum, group(2));
  return _mm_sub_epi8(sum, _mm_set1_epi8(1));
}

// Two halves of 16 digits (right-aligned in 32 lanes) -> the 16 ID bytes.
inline __m128i PackDigits(__m128i first, __m128i last) {
  const __m128i mask40 = _mm_set1_epi64x((int64_t{1} << 40) - 1);
  __m128i forty[2];
  const __m128i halves[2] = {first, last};
  for (int h = 0; h < 2; ++h) {
    const __m128i ten = _mm_maddubs_epi16(halves[h], _mm_set1_epi16(0x0120));  // d0 * 32 + d1
    const __m128i twenty = _mm_madd_epi16(ten, _mm_set1_epi32(0x00010400));    // w0 * 1024 + w1
    forty[h] =
        _mm_or_si128(_mm_srli_epi64(twenty, 32), _mm_and_si128(_mm_slli_epi64(twenty, 20), mask40));
  }
  return _mm_or_si128(_mm_shuffle_epi8(forty[0], Table16(kPack.index[0])),
                      _mm_shuffle_epi8(forty[1], Table16(kPack.index[1])));
}

// Digits 0-31 -> characters of the alphabet (halves chars[0..15], [16..31]).
inline __m128i DigitsToChars(__m128i digits, const Alphabet32& a) {
  // + 0x70: digits 0-15 index the first half (bit 7 clear), 16-31 set bit 7;
  // flipping bit 7 selects the second half instead.
  const __m128i index = _mm_add_epi8(digits, _mm_set1_epi8(0x70));
  return _mm_or_si128(
      _mm_shuffle_epi8(Table16(a.chars), index),
      _mm_shuffle_epi8(Table16(a.chars + 16), _mm_xor_si128(index, _mm_set1_epi8(-128))));
}

// 8 characters' digits (one per 16-bit lane) from the ID in every byte lane.
inline __m128i CrockfordGroup(__m128i id, const EncodePlan& plan, int slot) {
  const __m128i windows = _mm_shuffle_epi8(id, Table16(plan.gather[slot]));
  return _mm_srli_epi16(_mm_mullo_epi16(windows, Table16(plan.multiplier[slot])), 11);
}

// ---- Crockford ----

template <Alphabet kAlphabet, int kChars>
bool DecodeCrockford(const uint8_t* text, uint8_t* out) {
  const CrockfordTables& tables = kCrockfordTables[static_cast<int>(kAlphabet)];
  const Limits& limits = kChars == 26 ? kUlidLimits : kRecordLimits;
  const __m128i first = Digits(Load16(text), tables);               // characters 0-15
  const __m128i last = Digits(Load16(text + kChars - 16), tables);  // the last 16
  const __m128i over = _mm_or_si128(_mm_subs_epu8(first, Table16(limits.max)),
                                    _mm_subs_epu8(last, Table16(limits.max + 16)));
  if (!_mm_testz_si128(over, over)) return false;
  // Right-align: the first half holds characters 0 .. kChars - 17 in its top lanes.
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out),
                   PackDigits(_mm_slli_si128(first, 32 - kChars), last));
  return true;
}

template <int kChars>
void EncodeCrockford(const uint8_t* id, bool lower, char* out) {
  const EncodePlan& plan = kChars == 26 ? kUlidEncode : kRecordEncode;
  const Alphabet32& a = lower ? kLower : kUpper;
  const __m128i bytes = Load16(id);
  const __m128i chars0 = DigitsToChars(
      _mm_packus_epi16(CrockfordGroup(bytes, plan, 0), CrockfordGroup(bytes, plan, 2)), a);
  const __m128i chars16 = DigitsToChars(
      _mm_packus_epi16(CrockfordGroup(bytes, plan, 1), CrockfordGroup(bytes, plan, 3)), a);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), chars0);
  // The last 16 characters, overlapping the first store.
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out + kChars - 16),
                   _mm_alignr_epi8(chars16, chars0, kChars - 16));
}

// ---- UUID ----

// 16 hex digits, or false if any is not one; two halves -> 16 bytes.
inline bool HexPairsToBytes(__m128i first, __m128i last, uint8_t* out) {
  const __m128i d0 = Digits(first, kHexTables);
  const __m128i d1 = Digits(last, kHexTables);
  const __m128i over =
      _mm_or_si128(_mm_subs_epu8(d0, _mm_set1_epi8(15)), _mm_subs_epu8(d1, _mm_set1_epi8(15)));
  if (!_mm_testz_si128(over, over)) return false;
  const __m128i weights = _mm_set1_epi16(0x0110);  // d0 * 16 + d1
  _mm_storeu_si128(
      reinterpret_cast<__m128i*>(out),
      _mm_packus_epi16(_mm_maddubs_epi16(d0, weights), _mm_maddubs_epi16(d1, weights)));
  return true;
}

bool DecodeUuidHex(const uint8_t* text, uint8_t* out) {
  return HexPairsToBytes(Load16(text), Load16(text + 16), out);
}

bool DecodeUuid(const uint8_t* text, uint8_t* out) {
  const __m128i at0 = Load16(text);
  const __m128i at16 = Load16(text + 16);
  const __m128i at20 = Load16(text + 20);
  const __m128i hyphen = _mm_set1_epi8('-');
  const uint32_t hyphens = static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(at0, hyphen))) |
                           static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(at16, hyphen)))
                               << 16;
  if ((hyphens & kHyphenBits) != kHyphenBits) return false;
  const UuidPlan& p = kUuidPlan;
  const __m128i first = _mm_or_si128(_mm_shuffle_epi8(at0, Table16(p.first16_from0)),
                                     _mm_shuffle_epi8(at16, Table16(p.first16_from16)));
  const __m128i last = _mm_or_si128(_mm_shuffle_epi8(at16, Table16(p.last16_from16)),
                                    _mm_shuffle_epi8(at20, Table16(p.last16_from20)));
  return HexPairsToBytes(first, last, out);
}

// 16 bytes -> 32 hex characters, digits 0-15 and 16-31.
struct HexChars {
  __m128i first, last;
};
inline HexChars BytesToHex(const uint8_t* id, bool lower) {
  const __m128i bytes = Load16(id);
  const __m128i nibble = _mm_set1_epi8(0x0F);
  const __m128i hi = _mm_and_si128(_mm_srli_epi16(bytes, 4), nibble);
  const __m128i lo = _mm_and_si128(bytes, nibble);
  const __m128i digits = Load16(lower ? alphabet::kHexLower : alphabet::kHexUpper);
  return {_mm_shuffle_epi8(digits, _mm_unpacklo_epi8(hi, lo)),
          _mm_shuffle_epi8(digits, _mm_unpackhi_epi8(hi, lo))};
}

void EncodeUuidHex(const uint8_t* id, bool lower, char* out) {
  const HexChars hex = BytesToHex(id, lower);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), hex.first);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 16), hex.last);
}

void EncodeUuid(const uint8_t* id, bool lower, char* out) {
  const HexChars hex = BytesToHex(id, lower);
  const UuidPlan& p = kUuidPlan;
  const __m128i chars0 =
      _mm_or_si128(_mm_shuffle_epi8(hex.first, Table16(p.chars0)), Table16(p.hyphens0));
  const __m128i from14 = _mm_alignr_epi8(hex.last, hex.first, 14);  // hex 14-29
  const __m128i chars16 =
      _mm_or_si128(_mm_shuffle_epi8(from14, Table16(p.chars16)), Table16(p.hyphens16));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), chars0);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 16), chars16);
  const int last_four = _mm_extract_epi32(hex.last, 3);  // hex 28-31
  std::memcpy(out + 32, &last_four, 4);
}

}  // namespace item_sse4
#endif  // SORTID_X86_AT_LEAST(SSE4)

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_SSE4_ITEM_CODEC_INL_H_
