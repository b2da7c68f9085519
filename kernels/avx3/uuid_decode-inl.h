// AVX-512 UUID decoder without VBMI (target AVX3): kernels/avx2/uuid_decode-inl.h
// widened to 4 items per step. Each item's 32 hex digits fill two 128-bit
// lanes (digits 0-15, 16-31), two items per 512-bit vector made from 32-byte
// loads joined by vinserti64x4, one vpshufb per load gathering the digits.
// The caller's nibble translation (kernels/hex_uuid-inl.h) gives values and
// error bytes; vpmaddubsw and vpackuswb join digit pairs and one vpermq
// orders the 4 IDs. References: W. Mula and D. Lemire, "Faster Base64 Encoding
// and Decoding Using AVX2 Instructions", ACM TOW 2018 (nibble-pair joining);
// simdutf's src/skylake/.

// Toggle include guard: included once per target by kernels/hex_uuid-inl.h.
#if defined(SORTID_KERNELS_AVX3_UUID_DECODE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_AVX3_UUID_DECODE_INL_H_
#undef SORTID_KERNELS_AVX3_UUID_DECODE_INL_H_
#else
#define SORTID_KERNELS_AVX3_UUID_DECODE_INL_H_
#endif

#include <array>
#include <cstring>

#include "hwy/highway.h"
#include "kernels/avx2/uuid_decode-inl.h"
#include "kernels/simd_common-inl.h"
#include "kernels/target_guard.h"

#define SORTID_TARGET_UUID_AVX3_QUADS (SORTID_X86_AT_LEAST(AVX3) && !SORTID_X86_AT_LEAST(AVX3_DL))

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if SORTID_TARGET_UUID_AVX3_QUADS

// Loads are characters [0, 32) and [4, 36) of each item; hyphens are
// compared in place by vpternlogd. The block kernel this replaces needs three
// 16-byte loads and 2.25 inserts per item.
// The 32 bytes at a (low half) and at b (high half).
HWY_INLINE hn::Vec<hn::Full512<uint8_t>> LoadTwoHalves(const uint8_t* a, const uint8_t* b) {
  hn::Vec<hn::Full512<uint8_t>> v;
  v.raw = _mm512_inserti64x4(
      _mm512_castsi256_si512(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(a))),
      _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b)), 1);
  return v;
}

// Items a and b: translated digits (lanes 0-1: a's) and error bytes.
template <bool kHyphens, class Translate>
HWY_INLINE UuidItemsWide<hn::Vec<hn::Full512<uint8_t>>> TranslateTwoUuidItems(
    const uint8_t* a, const uint8_t* b, const Translate& translate) {
  const hn::Full512<uint8_t> d;
  return TranslateUuidItemsWide<kHyphens>(
      d, LoadTwoHalves(a, b), kHyphens ? LoadTwoHalves(a + 4, b + 4) : hn::Zero(d), translate);
}

// Decodes the 4 items at `first` + k * stride (pointing at their first hex
// character) into out (64 bytes); returns their error bits. layout_errors:
// 128-bit lane k non-zero when item k's prefix or terminator is wrong.
// translate(d, chars, &error) maps hex characters to 0-15 and ors non-zero
// bytes into error for anything else.
template <bool kHyphens, class Translate>
HWY_INLINE uint32_t DecodeUuidQuadAvx3(const uint8_t* first, size_t stride, __m512i layout_errors,
                                       uint8_t* out, const Translate& translate) {
  const auto ab = TranslateTwoUuidItems<kHyphens>(first, first + stride, translate);
  const auto cd =
      TranslateTwoUuidItems<kHyphens>(first + 2 * stride, first + 3 * stride, translate);
  const __m512i k16 = _mm512_set1_epi16(0x0110);  // bytes {16, 1}: high, low digit
  // Lane 0: bytes 0-7 of IDs 0 and 2, lane 1: their bytes 8-15, lanes 2-3
  // the same for IDs 1 and 3; vpermq orders the 64-bit halves by ID.
  const __m512i packed = _mm512_packus_epi16(_mm512_maddubs_epi16(ab.values.raw, k16),
                                             _mm512_maddubs_epi16(cd.values.raw, k16));
  _mm512_storeu_si512(out,
                      _mm512_permutexvar_epi64(_mm512_setr_epi64(0, 2, 4, 6, 1, 3, 5, 7), packed));
  const __m512i any = _mm512_ternarylogic_epi32(ab.errors.raw, cd.errors.raw, layout_errors, 0xFE);
  if (HWY_LIKELY(_mm512_test_epi8_mask(any, any) == 0)) return 0;
  const uint64_t bad_ab = _mm512_test_epi8_mask(ab.errors.raw, ab.errors.raw);
  const uint64_t bad_cd = _mm512_test_epi8_mask(cd.errors.raw, cd.errors.raw);
  const uint64_t bad_layout = _mm512_test_epi8_mask(layout_errors, layout_errors);
  uint32_t bits = 0;
  for (size_t k = 0; k < 4; ++k) {
    const uint64_t digits = ((k < 2 ? bad_ab : bad_cd) >> (32 * (k % 2))) & 0xFFFFFFFFu;
    const uint64_t layout = (bad_layout >> (16 * k)) & 0xFFFFu;
    if (digits != 0 || layout != 0) {
      bits |= 1u << k;
      std::memset(out + 16 * k, 0, 16);
    }
  }
  return bits;
}

#endif  // SORTID_TARGET_UUID_AVX3_QUADS

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_AVX3_UUID_DECODE_INL_H_
