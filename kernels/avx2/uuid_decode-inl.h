// AVX2 UUID decoder (target AVX2; kernels/avx3/uuid_decode-inl.h widens it
// to 4 items per 512-bit step for AVX3 without VBMI): 2 items per step, each
// item's 32 hex digits in one 256-bit vector (lane 0: digits 0-15, lane 1:
// digits 16-31), gathered by one vpshufb per 32-byte load with no inserts.
// The caller's nibble translation (kernels/hex_uuid-inl.h) gives values and
// error bytes; vpmaddubsw and vpackuswb join the digit pairs of both items and
// one vpermq puts each ID's 16 bytes together. References: W. Mula and
// D. Lemire, "Faster Base64 Encoding and Decoding Using AVX2 Instructions",
// ACM TOW 2018 (nibble-pair joining); simdutf's src/haswell/.

// Toggle include guard: included once per target by kernels/hex_uuid-inl.h.
#if defined(SORTID_KERNELS_AVX2_UUID_DECODE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_AVX2_UUID_DECODE_INL_H_
#undef SORTID_KERNELS_AVX2_UUID_DECODE_INL_H_
#else
#define SORTID_KERNELS_AVX2_UUID_DECODE_INL_H_
#endif

#include <array>
#include <cstring>

#include "hwy/highway.h"
#include "kernels/format_facts.h"
#include "kernels/simd_common-inl.h"
#include "kernels/target_guard.h"

// The tables serve AVX2 and AVX3 (kernels/avx3/uuid_decode-inl.h); the pair
// step is AVX2's (on AVX3 the 512-bit kernels beat it: docs/performance.md,
// "Why the kernels look as they do").
#define SORTID_TARGET_UUID_AVX2_TABLES (SORTID_X86_AT_LEAST(AVX2) && !SORTID_X86_AT_LEAST(AVX3_DL))
#define SORTID_TARGET_UUID_AVX2_PAIRS (SORTID_X86_AT_LEAST(AVX2) && !SORTID_X86_AT_LEAST(AVX3))

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if SORTID_TARGET_UUID_AVX2_TABLES

// vpshufb indices for the 36-character form: digit d of lane L (d = 16L + j)
// from load 0 (characters [0, 32), lane L = characters [16L, 16L + 16)) or
// load 1 (characters [4, 36), lane L = [4 + 16L, 20 + 16L)); 0x80 = zero.
// hyphen_lanes: 0xFF where load 0 holds a hyphen. 64 bytes: the 32 for one
// item twice, so AVX3's two items per vector load them whole.
struct UuidWideTables {
  alignas(64) std::array<uint8_t, 64> from_load0{}, from_load1{}, hyphen_lanes{};
};
constexpr UuidWideTables MakeUuidWideTables() {
  UuidWideTables t{};
  for (size_t j = 0; j < 64; ++j) {
    const size_t d = j % 32, lane = d / 16, pos = internal::UuidCharOfDigit(d);
    const bool in_load0 = pos >= 16 * lane && pos < 16 * lane + 16;
    t.from_load0[j] = static_cast<uint8_t>(in_load0 ? pos - 16 * lane : 0x80);
    t.from_load1[j] = static_cast<uint8_t>(in_load0 ? 0x80 : pos - 4 - 16 * lane);
  }
  for (int h : internal::kUuidHyphens) {
    t.hyphen_lanes[static_cast<size_t>(h)] = t.hyphen_lanes[32 + static_cast<size_t>(h)] = 0xFF;
  }
  return t;
}
inline constexpr UuidWideTables kUuidWideTables = MakeUuidWideTables();
static_assert(kUuidWideTables.from_load1[15] == 13 && kUuidWideTables.from_load1[63] == 15);

// Translated digits (0-15) and error bytes of the items in a vector.
template <class V>
struct UuidItemsWide {
  V values, errors;
};

// Items of 256 bits each: load0 / load1 hold characters [0, 32) / [4, 36)
// of each (load1 unused for the 32-character form, already in order).
// Hyphens are compared in place in load0. The block kernel (one ID per
// 128-bit block) would need three 16-byte loads and 1.5 vinserti128 per item.
template <bool kHyphens, class D, class Translate>
HWY_INLINE UuidItemsWide<hn::Vec<D>> TranslateUuidItemsWide(D d, hn::Vec<D> load0, hn::Vec<D> load1,
                                                            const Translate& translate) {
  auto chars = load0;
  auto errors = hn::Zero(d);
  if constexpr (kHyphens) {
    chars = hn::Or(hn::TableLookupBytesOr0(load0, hn::Load(d, kUuidWideTables.from_load0.data())),
                   hn::TableLookupBytesOr0(load1, hn::Load(d, kUuidWideTables.from_load1.data())));
    errors =
        hn::And(hn::Xor(load0, hn::Set(d, '-')), hn::Load(d, kUuidWideTables.hyphen_lanes.data()));
  }
  const auto values = translate(d, chars, &errors);
  return {values, errors};
}
#endif  // SORTID_TARGET_UUID_AVX2_TABLES

#if SORTID_TARGET_UUID_AVX2_PAIRS
// One item's 32 translated digits (lane 0: digits 0-15) and error bytes.
template <bool kHyphens, class Translate>
HWY_INLINE UuidItemsWide<hn::Vec<hn::Full256<uint8_t>>> TranslateUuidItemAvx2(
    const uint8_t* item, const Translate& translate) {
  const hn::Full256<uint8_t> d;
  return TranslateUuidItemsWide<kHyphens>(
      d, hn::LoadU(d, item), kHyphens ? hn::LoadU(d, item + 4) : hn::Zero(d), translate);
}

// Decodes the items at `first` and first + stride (pointing at their first
// hex character) into out (32 bytes); returns their error bits.
// layout_errors: 128-bit lane k non-zero when item k's prefix or terminator
// is wrong. translate(d, chars, &error) maps hex characters to 0-15 and ors
// non-zero bytes into error for anything else.
template <bool kHyphens, class Translate>
HWY_INLINE uint32_t DecodeUuidPairAvx2(const uint8_t* first, size_t stride, __m256i layout_errors,
                                       uint8_t* out, const Translate& translate) {
  const auto a = TranslateUuidItemAvx2<kHyphens>(first, translate);
  const auto b = TranslateUuidItemAvx2<kHyphens>(first + stride, translate);
  const __m256i k16 = _mm256_set1_epi16(0x0110);  // bytes {16, 1}: high, low digit
  // Lane 0: bytes 0-7 of both IDs, lane 1: bytes 8-15; vpermq orders them by ID.
  const __m256i packed = _mm256_packus_epi16(_mm256_maddubs_epi16(a.values.raw, k16),
                                             _mm256_maddubs_epi16(b.values.raw, k16));
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), _mm256_permute4x64_epi64(packed, 0xD8));
  const __m256i any = _mm256_or_si256(_mm256_or_si256(a.errors.raw, b.errors.raw), layout_errors);
  if (HWY_LIKELY(_mm256_testz_si256(any, any))) return 0;
  const __m128i layout_a = _mm256_castsi256_si128(layout_errors);
  const __m128i layout_b = _mm256_extracti128_si256(layout_errors, 1);
  const uint32_t bits = static_cast<uint32_t>(!_mm256_testz_si256(a.errors.raw, a.errors.raw) ||
                                              !_mm_testz_si128(layout_a, layout_a)) |
                        static_cast<uint32_t>(!_mm256_testz_si256(b.errors.raw, b.errors.raw) ||
                                              !_mm_testz_si128(layout_b, layout_b))
                            << 1;
  for (size_t k = 0; k < 2; ++k) {
    if ((bits >> k) & 1) std::memset(out + 16 * k, 0, 16);
  }
  return bits;
}

#endif  // SORTID_TARGET_UUID_AVX2_PAIRS

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_AVX2_UUID_DECODE_INL_H_
