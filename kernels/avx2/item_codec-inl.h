// The per-item Crockford codec for AVX2 and AVX3 (without VBMI): the SSE4
// codec's algorithm (kernels/sse4/item_codec-inl.h, whose tables it uses) on
// one 256-bit register instead of two 128-bit ones. vpshufb and vpackuswb
// work within 128-bit halves, which is the layout the algorithm already has:
// the first 16 characters in the low half, the last 16 in the high half.
// UUID text takes the same shape: the 32 hex digits in one register (digits
// 0-15 low, 16-31 high) from two overlapping loads, one translation for all
// of them.
//
// Toggle include guard: included once per target by kernels/dispatch.cc.
#if defined(SORTID_KERNELS_AVX2_ITEM_CODEC_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_AVX2_ITEM_CODEC_INL_H_
#undef SORTID_KERNELS_AVX2_ITEM_CODEC_INL_H_
#else
#define SORTID_KERNELS_AVX2_ITEM_CODEC_INL_H_
#endif

#include <cstdint>

#include "hwy/highway.h"
#include "kernels/avx2/uuid_encode-inl.h"
#include "kernels/item_codec.h"
#include "kernels/sse4/item_codec-inl.h"
#include "kernels/target_guard.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if SORTID_X86_AT_LEAST(AVX2)
namespace item_avx2 {

using single::Alphabet;
using namespace item_sse4;  // NOLINT(build/namespaces): the shared tables

inline __m256i Table32(const void* p) { return _mm256_load_si256(static_cast<const __m256i*>(p)); }

// The SSE4 codec's 16-byte tables repeated in both 128-bit halves, so that
// each lookup is a vpshufb with a memory operand, not a load and an insert
// per call.
template <int kGroups>
struct NibbleTables256 {
  alignas(32) uint8_t value[kGroups][32];
  alignas(32) uint8_t member[kGroups][32];
};
template <int kGroups>
constexpr NibbleTables256<kGroups> Widen(const NibbleTables<kGroups>& t) {
  NibbleTables256<kGroups> w{};
  for (int g = 0; g < kGroups; ++g) {
    for (int i = 0; i < 32; ++i) {
      w.value[g][i] = t.value[g][i % 16];
      w.member[g][i] = t.member[g][i % 16];
    }
  }
  return w;
}
constexpr NibbleTables256<3> kCrockfordTables256[3] = {
    Widen(kCrockfordTables[0]), Widen(kCrockfordTables[1]), Widen(kCrockfordTables[2])};
constexpr NibbleTables256<2> kHexTables256 = Widen(kHexTables);

struct Alphabet256 {
  alignas(32) char low[32];   // characters 0-15, twice
  alignas(32) char high[32];  // characters 16-31, twice
};
constexpr Alphabet256 WidenAlphabet(const item_tables::Alphabet32& a) {
  Alphabet256 w{};
  for (int i = 0; i < 32; ++i) {
    w.low[i] = a.chars[i % 16];
    w.high[i] = a.chars[16 + i % 16];
  }
  return w;
}
constexpr Alphabet256 kUpper256 = WidenAlphabet(kUpper);
constexpr Alphabet256 kLower256 = WidenAlphabet(kLower);

// 32 characters -> their digits, or 0xFF for a byte outside the alphabet.
template <int kGroups>
inline __m256i Digits(__m256i c, const NibbleTables256<kGroups>& t) {
  const __m256i nibble = _mm256_set1_epi8(0x0F);
  const __m256i hi = _mm256_and_si256(_mm256_srli_epi16(c, 4), nibble);
  const __m256i lo = _mm256_and_si256(c, nibble);
  const auto group = [&](int g) {
    const __m256i index = _mm256_or_si256(lo, _mm256_shuffle_epi8(Table32(t.member[g]), hi));
    return _mm256_shuffle_epi8(Table32(t.value[g]), index);
  };
  __m256i sum = _mm256_or_si256(group(0), group(1));
  if constexpr (kGroups == 3) sum = _mm256_or_si256(sum, group(2));
  return _mm256_sub_epi8(sum, _mm256_set1_epi8(1));
}

template <Alphabet kAlphabet, int kChars>
bool DecodeCrockford(const uint8_t* text, uint8_t* out) {
  const NibbleTables256<3>& tables = kCrockfordTables256[static_cast<int>(kAlphabet)];
  const Limits& limits = kChars == 26 ? kUlidLimits : kRecordLimits;
  const __m256i chars = _mm256_inserti128_si256(
      _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(text))),
      _mm_loadu_si128(reinterpret_cast<const __m128i*>(text + kChars - 16)), 1);
  const __m256i digits = Digits(chars, tables);
  const __m256i over = _mm256_subs_epu8(digits, Table32(limits.max));
  if (!_mm256_testz_si256(over, over)) return false;
  // Right-align the first half (vpslldq shifts both halves; keep the high one).
  const __m256i aligned =
      _mm256_blend_epi32(_mm256_bslli_epi128(digits, 32 - kChars), digits, 0xF0);
  const __m256i ten = _mm256_maddubs_epi16(aligned, _mm256_set1_epi16(0x0120));  // d0 * 32 + d1
  const __m256i twenty = _mm256_madd_epi16(ten, _mm256_set1_epi32(0x00010400));  // w0 * 1024 + w1
  const __m256i forty = _mm256_or_si256(
      _mm256_srli_epi64(twenty, 32),
      _mm256_and_si256(_mm256_slli_epi64(twenty, 20), _mm256_set1_epi64x((int64_t{1} << 40) - 1)));
  const __m256i bytes = _mm256_shuffle_epi8(forty, Table32(kPack.index));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out),
                   _mm_or_si128(_mm256_castsi256_si128(bytes), _mm256_extracti128_si256(bytes, 1)));
  return true;
}

template <int kChars>
void EncodeCrockford(const uint8_t* id, bool lower, char* out) {
  const EncodePlan& plan = kChars == 26 ? kUlidEncode : kRecordEncode;
  const Alphabet256& a = lower ? kLower256 : kUpper256;
  const __m256i bytes =
      _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(id)));
  __m256i groups[2];  // slots 0-1: groups 0 and 2; slots 2-3: groups 1 and 3
  for (int g = 0; g < 2; ++g) {
    const __m256i windows = _mm256_shuffle_epi8(bytes, Table32(plan.gather[2 * g]));
    groups[g] = _mm256_srli_epi16(_mm256_mullo_epi16(windows, Table32(plan.multiplier[2 * g])), 11);
  }
  const __m256i digits = _mm256_packus_epi16(groups[0], groups[1]);  // characters 0-31
  const __m256i index = _mm256_add_epi8(digits, _mm256_set1_epi8(0x70));
  const __m256i chars = _mm256_or_si256(
      _mm256_shuffle_epi8(Table32(a.low), index),
      _mm256_shuffle_epi8(Table32(a.high), _mm256_xor_si256(index, _mm256_set1_epi8(-128))));
  const __m128i chars0 = _mm256_castsi256_si128(chars);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), chars0);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out + kChars - 16),
                   _mm_alignr_epi8(_mm256_extracti128_si256(chars, 1), chars0, kChars - 16));
}

// ---- UUID ----

// Per 128-bit lane, pshufb indexes that gather hex digit 16 * lane + i
// from the loads at text + 0 and text + 4 (0x80: from the other load).
struct UuidPlan256 {
  alignas(32) uint8_t digit_from0[32];
  alignas(32) uint8_t digit_from4[32];
};
constexpr UuidPlan256 MakeUuidPlan256() {
  UuidPlan256 p{};
  int d = 0;  // the hex digit character k holds
  for (int k = 0; k < 36; ++k) {
    if (IsHyphen(k)) continue;
    const int lane = d / 16;
    const int at0 = k - 16 * lane;  // offset in the text + 0 load's lane
    const bool from0 = at0 >= 0 && at0 < 16;
    p.digit_from0[d] = from0 ? static_cast<uint8_t>(at0) : 0x80;
    p.digit_from4[d] = from0 ? 0x80 : static_cast<uint8_t>(at0 - 4);
    ++d;
  }
  return p;
}
constexpr UuidPlan256 kUuidPlan256 = MakeUuidPlan256();

// 32 hex digits, digits 0-15 in the low lane -> 16 bytes; false if any is not one.
inline bool HexDigitsToBytes(__m256i chars, uint8_t* out) {
  const __m256i digits = Digits(chars, kHexTables256);
  // A byte outside the alphabet is 0xFF, so its sign bit shows it.
  if (_mm256_movemask_epi8(digits) != 0) return false;
  const __m256i pairs = _mm256_maddubs_epi16(digits, _mm256_set1_epi16(0x0110));  // d0 * 16 + d1
  _mm_storeu_si128(
      reinterpret_cast<__m128i*>(out),
      _mm_packus_epi16(_mm256_castsi256_si128(pairs), _mm256_extracti128_si256(pairs, 1)));
  return true;
}

bool DecodeUuidHex(const uint8_t* text, uint8_t* out) {
  return HexDigitsToBytes(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(text)), out);
}

bool DecodeUuid(const uint8_t* text, uint8_t* out) {
  const __m256i at0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(text));
  const __m256i at4 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(text + 4));
  const auto hyphens =
      static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(at0, _mm256_set1_epi8('-'))));
  if ((hyphens & kHyphenBits) != kHyphenBits) return false;
  const UuidPlan256& p = kUuidPlan256;
  return HexDigitsToBytes(_mm256_or_si256(_mm256_shuffle_epi8(at0, Table32(p.digit_from0)),
                                          _mm256_shuffle_epi8(at4, Table32(p.digit_from4))),
                          out);
}

#if SORTID_TARGET_UUID_AVX2_ENCODE_PAIRS
// Two stores, not the SSE4 code's three (kernels/avx2/uuid_encode-inl.h:
// stores are what bound it on AMD Zen 3).
void EncodeUuid(const uint8_t* id, bool lower, char* out) {
  EncodeUuidItemAvx2(id, lower, reinterpret_cast<uint8_t*>(out));
}
#else
using item_sse4::EncodeUuid;
#endif
using item_sse4::EncodeUuidHex;

}  // namespace item_avx2
#endif  // SORTID_X86_AT_LEAST(AVX2)

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_AVX2_ITEM_CODEC_INL_H_
