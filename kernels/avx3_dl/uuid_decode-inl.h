// AVX-512 VBMI UUID decoder (targets AVX3_DL and newer, see target_guard.h):
// 4 items per step as two pairs, each pair two 64-byte loads; per pair one
// vpermi2b gathers the 64 hex digits, one 128-entry vpermi2b translates and
// validates them (0x80 = not a hex digit), vpmaddubsw joins digit pairs into
// bytes, and one last vpermi2b emits the 4 IDs (64 bytes), zeroing the
// invalid ones. Hyphens, prefix and terminator bytes are compared in place.
// uuid_dense_plan.h explains the tables (from the kernel table's prepare
// step). The portable kernel (kernels/hex_uuid-inl.h) calls it for the first
// count - count % 8 items and decodes the rest itself.
// References: W. Mula and D. Lemire, "Base64 encoding and decoding at almost
// the speed of a memory copy", SPE 2020 (vpermi2b translation, vpmaddubsw
// packing); simdutf's src/icelake/ (one folder per x86 target).
//
// Toggle include guard: included once per target by kernels/hex_uuid-inl.h.
#if defined(SORTID_KERNELS_AVX3_DL_UUID_DECODE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_AVX3_DL_UUID_DECODE_INL_H_
#undef SORTID_KERNELS_AVX3_DL_UUID_DECODE_INL_H_
#else
#define SORTID_KERNELS_AVX3_DL_UUID_DECODE_INL_H_
#endif

#include "hwy/highway.h"
#include "kernels/avx3_dl/target_guard.h"
#include "kernels/avx3_dl/uuid_dense_plan.h"
#include "kernels/kernel_api.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if SORTID_TARGET_HAS_VBMI

// The loop-invariant state of one call, in registers.
struct UuidDecodeRegs {
  __m512i gather, expected_lo, expected_hi, lut_lo, lut_hi;
  __mmask64 fixed_lo, fixed_hi;
  size_t hi_offset;
};

// One pair of items: the translated digits (0x80 = not a hex digit), the
// characters (bit 7 = not ASCII) and the fixed-byte mismatches in LO / HI.
struct UuidPair {
  __m512i values, chars;
  __mmask64 bad_lo, bad_hi;
};

template <bool kFixedInHi>
HWY_INLINE UuidPair DecodeUuidPair(const uint8_t* pair, const UuidDecodeRegs& r) {
  const __m512i lo = _mm512_loadu_si512(pair);
  const __m512i hi = _mm512_loadu_si512(pair + r.hi_offset);
  const __m512i chars = _mm512_permutex2var_epi8(lo, r.gather, hi);
  UuidPair p{_mm512_permutex2var_epi8(r.lut_lo, chars, r.lut_hi), chars,
             _mm512_mask_cmpneq_epi8_mask(r.fixed_lo, lo, r.expected_lo), 0};
  if constexpr (kFixedInHi) p.bad_hi = _mm512_mask_cmpneq_epi8_mask(r.fixed_hi, hi, r.expected_hi);
  return p;
}

// Bits 0-1: items 0-1 of the pair are invalid.
HWY_INLINE uint32_t UuidPairErrors(const UuidPair& p, const simd_tables::UuidDecodePlan& plan) {
  const uint64_t bad_digits = _mm512_movepi8_mask(_mm512_or_si512(p.values, p.chars));
  uint32_t errors = 0;
  for (size_t item = 0; item < 2; ++item) {
    const uint64_t digits = (bad_digits >> (32 * item)) & 0xFFFFFFFFu;
    const uint64_t fixed =
        (p.bad_lo & plan.item_lanes[item][0]) | (p.bad_hi & plan.item_lanes[item][1]);
    errors |= static_cast<uint32_t>((digits | fixed) != 0) << item;
  }
  return errors;
}

// Decodes the first count - count % 8 items; returns how many and sets
// *invalid to the number of invalid ones among them.
template <bool kFixedInHi>
HWY_INLINE size_t DecodeUuidDenseLoop(const kernels::DecodeArgs& args,
                                      const simd_tables::UuidDecodePlan& plan, size_t* invalid) {
  const UuidDecodeRegs r{_mm512_load_si512(plan.gather),
                         _mm512_load_si512(plan.expected[0]),
                         _mm512_load_si512(plan.expected[1]),
                         _mm512_load_si512(simd_tables::kUuidHexAscii.bytes),
                         _mm512_load_si512(simd_tables::kUuidHexAscii.bytes + 64),
                         plan.fixed_lanes[0],
                         plan.fixed_lanes[1],
                         plan.hi_offset};
  const __m512i weights = _mm512_set1_epi16(0x0110);  // bytes {16, 1}: high, low nibble
  const __m512i final_bytes = _mm512_load_si512(plan.final_bytes);
  // Output lanes of the IDs whose validity bit (of 4) is set.
  alignas(64) static constexpr uint64_t kKeepLanes[16] = {
      0x0000000000000000, 0x000000000000FFFF, 0x00000000FFFF0000, 0x00000000FFFFFFFF,
      0x0000FFFF00000000, 0x0000FFFF0000FFFF, 0x0000FFFFFFFF0000, 0x0000FFFFFFFFFFFF,
      0xFFFF000000000000, 0xFFFF00000000FFFF, 0xFFFF0000FFFF0000, 0xFFFF0000FFFFFFFF,
      0xFFFFFFFF00000000, 0xFFFFFFFF0000FFFF, 0xFFFFFFFFFFFF0000, 0xFFFFFFFFFFFFFFFF};
  const size_t stride = plan.stride;
  const size_t n = args.count - args.count % 8;
  const auto* text = reinterpret_cast<const uint8_t*>(args.text);
  uint8_t* ids = args.ids;
  uint8_t* validity = args.validity;
  size_t bad = 0;
  for (size_t base = 0; base < n; base += 8) {
    uint32_t errors = 0;
    for (size_t g = 0; g < 2; ++g) {  // items i..i+3
      const size_t i = base + 4 * g;
      const uint8_t* p = text + i * stride;
      const UuidPair p0 = DecodeUuidPair<kFixedInHi>(p, r);
      const UuidPair p1 = DecodeUuidPair<kFixedInHi>(p + 2 * stride, r);
      const __m512i w0 = _mm512_maddubs_epi16(p0.values, weights);
      const __m512i w1 = _mm512_maddubs_epi16(p1.values, weights);
      // Bit 7 of any digit lane: a character that is no hex digit.
      const __m512i digit_errors = _mm512_or_si512(
          _mm512_ternarylogic_epi32(p0.values, p0.chars, p1.values, 0xFE), p1.chars);
      __mmask64 any =
          _kor_mask64(_mm512_movepi8_mask(digit_errors), _kor_mask64(p0.bad_lo, p1.bad_lo));
      if constexpr (kFixedInHi) any = _kor_mask64(any, _kor_mask64(p0.bad_hi, p1.bad_hi));
      uint32_t group = 0;
      if (HWY_UNLIKELY(!_kortestz_mask64_u8(any, any))) {
        group = UuidPairErrors(p0, plan) | UuidPairErrors(p1, plan) << 2;
      }
      _mm512_storeu_si512(ids + 16 * i, _mm512_maskz_permutex2var_epi8(kKeepLanes[~group & 0xF], w0,
                                                                       final_bytes, w1));
      errors |= group << (4 * g);
    }
    validity[base / 8] = static_cast<uint8_t>(~errors);
    bad += static_cast<size_t>(hwy::PopCount(errors));
  }
  *invalid = bad;
  return n;
}

HWY_INLINE size_t DecodeUuidDense(const kernels::DecodeArgs& args,
                                  const simd_tables::UuidDecodePlan& plan, size_t* invalid) {
  return plan.fixed_lanes[1] != 0 ? DecodeUuidDenseLoop<true>(args, plan, invalid)
                                  : DecodeUuidDenseLoop<false>(args, plan, invalid);
}
#endif  // SORTID_TARGET_HAS_VBMI

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_AVX3_DL_UUID_DECODE_INL_H_
