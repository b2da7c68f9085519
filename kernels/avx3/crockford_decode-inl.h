// AVX-512 ULID decoder without VBMI (target AVX3): two items per 512-bit
// vector, each from one 32-byte load that starts 6 bytes before the item, so
// its two 128-bit lanes are exactly the A and B blocks of the portable decoder
// (kernels/base32_common-inl.h) and no slot shuffle is needed. Invariant: the
// 6 borrowed bytes are the previous item's characters, valid when it is, and
// never reach the bytes kept; errors (bytes with bit 7 set) are tested once
// per 8 items, with exact per-item flags only for a step holding an invalid
// item. References: W. Mula and D. Lemire, "Faster Base64 Encoding and
// Decoding Using AVX2 Instructions", ACM TOW 2018 (validate in bulk, locate
// errors afterwards); simdutf's src/skylake/ (one folder per x86 target).

// Toggle include guard: included once per target by kernels/base32_common-inl.h.
#if defined(SORTID_KERNELS_AVX3_CROCKFORD_DECODE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_AVX3_CROCKFORD_DECODE_INL_H_
#undef SORTID_KERNELS_AVX3_CROCKFORD_DECODE_INL_H_
#else
#define SORTID_KERNELS_AVX3_CROCKFORD_DECODE_INL_H_
#endif

#include <array>
#include <cstring>

#include "hwy/highway.h"
#include "kernels/simd_common-inl.h"
#include "kernels/simd_tables.h"
#include "kernels/target_guard.h"

#define SORTID_TARGET_ULID_AVX3_PAIRS (SORTID_X86_AT_LEAST(AVX3) && !SORTID_X86_AT_LEAST(AVX3_DL))

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if SORTID_TARGET_ULID_AVX3_PAIRS

// Pair vectors (lanes: A of item 0, B of item 0, A of item 1, B of item 1):
// the borrowed bytes are 0-5 of lanes 0 and 2, the first character byte 6.
inline constexpr auto kUlidPairOwnBytes = simd_tables::UlidOwnBytes<64, 32>();
inline constexpr auto kUlidPairFirstCharBias = simd_tables::UlidFirstCharBias<64, 32>();

// Items first_item and first_item + 1, from 32-byte loads 6 bytes before each.
// The low 128-bit lane holds 6 bytes of the item before (its characters
// 20-25) and characters 0-9, the high lane characters 10-25; the portable
// packing reads A's digits from slots 6-15 and never lets slots 0-5 reach the
// bytes it keeps. Per 4 items two 32-byte loads and two vinserti64x4 from
// memory replace the portable loop's two 16-byte loads and six masked 128-bit
// broadcasts (fewer uops and a shorter load-only loop: docs/performance.md,
// "Why the kernels look as they do").
HWY_INLINE __m512i LoadUlidPair(const uint8_t* first_item) {
  const uint8_t* p = first_item - simd_tables::kUlidBorrowed;
  return _mm512_inserti64x4(
      _mm512_castsi256_si512(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p))),
      _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 26)), 1);
}

// Decodes plain 26-byte ULIDs [begin, end) in steps of 8; begin >= 1 (the
// first load reads the 6 bytes before item begin). Returns where it stopped.
// translate(chars): values, bit 7 set for characters outside the alphabet
// inside 0x30-0x7F; pack(values): 40-bit groups per u64 lane (Pack40);
// final_ab: the output byte shuffle of A (lanes 0, 2) and B (lanes 1, 3).
template <class Translate, class Pack>
HWY_INLINE size_t DecodeUlidPairsAvx3(const uint8_t* text, uint8_t* ids, size_t begin, size_t end,
                                      __m512i final_ab, const Translate& translate,
                                      const Pack& pack, ValidityWriter* validity) {
  constexpr size_t kStride = 26;
  const __m512i bias = _mm512_loadu_si512(kUlidPairFirstCharBias.data());
  const __m512i k30 = _mm512_set1_epi8(0x30);
  size_t i = begin;
  for (; i + 8 <= end; i += 8) {
    const uint8_t* item = text + i * kStride;
    // Written out (GCC 12 kept arrays of these in memory).
    const __m512i c0 = LoadUlidPair(item), c1 = LoadUlidPair(item + 2 * kStride);
    const __m512i c2 = LoadUlidPair(item + 4 * kStride), c3 = LoadUlidPair(item + 6 * kStride);
    const __m512i v0 = translate(c0), v1 = translate(c1), v2 = translate(c2), v3 = translate(c3);
    // Any value with bit 7 set or a first character above 7 (the OR of the
    // values keeps both), any byte outside 0x30-0x7F (signed min, then a
    // saturating subtract). The borrowed bytes are the previous item's own
    // characters: valid when it is.
    const __m512i any_value = _mm512_or_si512(_mm512_ternarylogic_epi32(v0, v1, v2, 0xFE), v3);
    const __m512i lowest = _mm512_min_epi8(_mm512_min_epi8(c0, c1), _mm512_min_epi8(c2, c3));
    const __m512i error =
        _mm512_or_si512(_mm512_adds_epu8(any_value, bias), _mm512_subs_epi8(lowest, k30));
    // Two vshufi64x2 gather the A and B output bytes of 4 items.
    const auto store_four = [&](__m512i first, __m512i second, uint8_t * out) HWY_ATTR
        __attribute__((always_inline)) {
      const __m512i a = _mm512_shuffle_epi8(pack(first), final_ab);
      const __m512i b = _mm512_shuffle_epi8(pack(second), final_ab);
      _mm512_storeu_si512(
          out, _mm512_or_si512(_mm512_shuffle_i64x2(a, b, 0x88), _mm512_shuffle_i64x2(a, b, 0xDD)));
    };
    store_four(v0, v1, ids + 16 * i);
    store_four(v2, v3, ids + 16 * (i + 4));
    uint32_t step_errors = 0;
    if (HWY_UNLIKELY(_mm512_movepi8_mask(error) != 0)) {
      const __m512i own = _mm512_loadu_si512(kUlidPairOwnBytes.data());
      const __m512i chars[4] = {c0, c1, c2, c3}, values[4] = {v0, v1, v2, v3};
      for (size_t j = 0; j < 4; ++j) {
        const __m512i e = _mm512_ternarylogic_epi32(_mm512_adds_epu8(values[j], bias),
                                                    _mm512_subs_epi8(chars[j], k30), own,
                                                    0xA8);  // (a | b) & own
        const uint64_t bad = _mm512_movepi8_mask(e);
        for (size_t k = 0; k < 2; ++k) {
          if (((bad >> (32 * k)) & 0xFFFFFFFFu) == 0) continue;
          step_errors |= 1u << (2 * j + k);
          std::memset(ids + 16 * (i + 2 * j + k), 0, 16);
        }
      }
    }
    validity->Append(step_errors, 8);
  }
  return i;
}

#endif  // SORTID_TARGET_ULID_AVX3_PAIRS

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_AVX3_CROCKFORD_DECODE_INL_H_
