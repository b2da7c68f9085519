// AVX-512 VBMI "stream" decoder for ULID / Record ID text without a prefix or
// terminator (targets AVX3_DL and newer, see target_guard.h), 8 items per
// step: per vector one unaligned load + one vpermb re-lays S-slot items
// (crockford_stream_decode_plan.h), one vpermi2b translates (128-entry
// table, bit 7 = invalid), one ternary op + one vptestmq find the errors, and
// vpmaddubsw + vpmaddwd + shift + bit-select pack 40-bit groups; two vpermi2b
// emit the 8 IDs, zeroing the invalid ones. Layouts with a prefix or a
// terminator use crockford_dense-inl.h.
// References: W. Mula and D. Lemire, "Faster Base64 Encoding and Decoding
// Using AVX-512 Instructions", ACM TOPS 2020; simdutf's src/icelake/.
//
// Toggle include guard: included once per target by kernels/base32_common-inl.h.
#if defined(SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_DECODE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_DECODE_INL_H_
#undef SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_DECODE_INL_H_
#else
#define SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_DECODE_INL_H_
#endif

#include "hwy/highway.h"
#include "kernels/avx3_dl/crockford_stream_decode_plan.h"
#include "kernels/avx3_dl/target_guard.h"
#include "kernels/kernel_api.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if SORTID_TARGET_HAS_VBMI

// Decodes the first count - count % 8 items; returns how many and sets
// *invalid to the number of invalid ones among them. ascii128: value per ASCII byte, bit 7 =
// invalid (128 bytes, 64-byte aligned).
template <const simd_tables::CrockfordDecodeStreamPlan& kPlan>
HWY_INLINE size_t DecodeCrockfordStream(const kernels::DecodeArgs& args, const uint8_t* ascii128,
                                        size_t* invalid) {
  constexpr size_t kVectors = kPlan.vectors, kLen = kPlan.item_len;
  constexpr size_t kQwords = kPlan.qwords_per_item;
  static_assert(kPlan.usable && (kQwords == 3 || kQwords == 4));
  const __m512i lut_lo = _mm512_load_si512(ascii128);
  const __m512i lut_hi = _mm512_load_si512(ascii128 + 64);
  const __m512i weights_5 = _mm512_set1_epi16(0x0120);       // bytes {32, 1}
  const __m512i weights_10 = _mm512_set1_epi32(0x00010400);  // words {1024, 1}
  const __m512i low_20 = _mm512_set1_epi64(0xFFFFF);
  const __m512i high_bit = _mm512_set1_epi8(static_cast<char>(0x80));
  __m512i relayout[kVectors], error_bits[kVectors];
  for (size_t w = 0; w < kVectors; ++w) {
    relayout[w] = _mm512_load_si512(kPlan.vec[w].relayout);
    error_bits[w] = _mm512_load_si512(kPlan.vec[w].error_bits);
  }
  const __m512i final0 = _mm512_load_si512(kPlan.out[0].final_bytes);
  const __m512i final1 = _mm512_load_si512(kPlan.out[1].final_bytes);
  const size_t n = args.count - args.count % 8;
  const auto* text = reinterpret_cast<const uint8_t*>(args.text);
  uint8_t* const ids = args.ids;
  uint8_t* const validity = args.validity;
  *invalid = 0;
  for (size_t base = 0; base < n; base += 8) {
    const uint8_t* p = text + base * kLen;
    uint32_t lane_errors = 0;  // bit q: packed qword q (item q / kQwords) holds an error
    __m512i packed[kVectors];
#pragma GCC unroll 4
    for (size_t w = 0; w < kVectors; ++w) {
      const __m512i raw =
          _mm512_permutexvar_epi8(relayout[w], _mm512_loadu_si512(p + kPlan.vec[w].load_offset));
      const __m512i values =
          _mm512_maskz_permutex2var_epi8(kPlan.vec[w].value_lanes, lut_lo, raw, lut_hi);
      // values | raw & 0x80: bit 7 = not in the alphabet (or a byte >= 0x80);
      // the test keeps bits 3-4 of a ULID's first character (value above 7).
      const __m512i flagged = _mm512_ternarylogic_epi32(values, raw, high_bit, 0xF8);
      lane_errors |= static_cast<uint32_t>(_mm512_test_epi64_mask(flagged, error_bits[w]))
                     << (8 * w);
      const __m512i p20 = _mm512_madd_epi16(_mm512_maddubs_epi16(values, weights_5), weights_10);
      // d0 (bits 32-51) << 20 | d1 (bits 0-19): low_20 ? p20 : p20 >> 12.
      packed[w] = _mm512_ternarylogic_epi64(p20, _mm512_srli_epi64(p20, 12), low_20, 0xE4);
    }
    uint32_t errors;
    if constexpr (kQwords == 4) {
      uint32_t any = lane_errors | lane_errors >> 1;
      any |= any >> 2;
      errors = _pext_u32(any, 0x11111111u);
    } else {
      errors = _pext_u32(lane_errors | lane_errors >> 1 | lane_errors >> 2, 0x00249249u);
    }
    constexpr uint32_t kFirst1 = kPlan.out[1].first;
    _mm512_storeu_si512(ids + 16 * base,  // the final permutes zero invalid IDs
                        _mm512_maskz_permutex2var_epi8(
                            kPlan.out[0].lanes & simd_tables::kCrockfordKeepLanes[~errors & 0xF],
                            packed[0], final0, packed[1]));
    _mm512_storeu_si512(
        ids + 16 * (base + 4),
        _mm512_maskz_permutex2var_epi8(
            kPlan.out[1].lanes & simd_tables::kCrockfordKeepLanes[~errors >> 4 & 0xF],
            packed[kFirst1], final1, packed[kFirst1 + 1]));
    simd_tables::FinishCrockfordBlock(errors, validity + base / 8, invalid);
  }
  return n;
}

#endif  // SORTID_TARGET_HAS_VBMI

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_DECODE_INL_H_
