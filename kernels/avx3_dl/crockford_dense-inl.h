// AVX-512 VBMI dense paths for ULID / Record ID text (AVX3_DL and newer, see
// target_guard.h): four items per 128 bytes of text, whole 64-byte vectors,
// no per-item loads, with the per-layout tables of the call's plan
// (crockford_dense_plan.h, kernels/plan.cc). The portable kernel
// (kernels/base32_common-inl.h) calls these for the first count - count % 8
// items; layouts without a prefix take the stream paths first
// (crockford_stream-inl.h, crockford_stream_decode-inl.h), so these handle
// prefixes, other terminators and what the stream encoder leaves.
// References: W. Mula and D. Lemire, "Base64 encoding and decoding at almost
// the speed of a memory copy", SPE 2020; simdutf's src/icelake/.

// Toggle include guard: included once per target by kernels/base32_common-inl.h.
#if defined(SORTID_KERNELS_AVX3_DL_CROCKFORD_DENSE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_AVX3_DL_CROCKFORD_DENSE_INL_H_
#undef SORTID_KERNELS_AVX3_DL_CROCKFORD_DENSE_INL_H_
#else
#define SORTID_KERNELS_AVX3_DL_CROCKFORD_DENSE_INL_H_
#endif

#include <cstring>

#include "hwy/highway.h"
#include "kernels/avx3_dl/crockford_dense_plan.h"
#include "kernels/avx3_dl/crockford_stream_decode_plan.h"
#include "kernels/target_guard.h"
#include "kernels/kernel_api.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if SORTID_X86_AT_LEAST(AVX3_DL)

// alphabet64: the 32 output characters twice (64 bytes, 64-byte aligned).
// Encodes the first count - count % 8 items; returns how many and adds the
// invalid ones (Record IDs with any of the top 28 bits set) to *invalid.
template <bool kTopBitsMustBeZero>
HWY_INLINE size_t EncodeCrockfordDense(const kernels::EncodeArgs& args,
                                       const simd_tables::CrockfordDensePlan& plan,
                                       const uint8_t* alphabet64, size_t* invalid) {
  const __m512i alphabet = _mm512_load_si512(alphabet64);
  const __m512i gather0 = _mm512_load_si512(plan.enc_gather[0]);
  const __m512i gather1 = _mm512_load_si512(plan.enc_gather[1]);
  const __m512i shift0 = _mm512_load_si512(plan.enc_shift[0]);
  const __m512i shift1 = _mm512_load_si512(plan.enc_shift[1]);
  const __m512i template0 = _mm512_load_si512(plan.enc_template[0]);
  const __m512i template1 = _mm512_load_si512(plan.enc_template[1]);
  const __mmask64 keep0 = plan.enc_gather_keep[0], keep1 = plan.enc_gather_keep[1];
  const __mmask64 fixed0 = plan.enc_template_lanes[0], fixed1 = plan.enc_template_lanes[1];
  const __mmask64 store1 = plan.enc_store_lanes[1];
  const size_t len = plan.item_len;
  const size_t n = args.count - args.count % 8;
  // Locals, not args.*: the char stores below may alias args, and GCC would
  // reload args.ids / args.validity on every step (a load in front of each
  // step's load address; see crockford_stream-inl.h).
  const uint8_t* const in = args.ids;
  auto* const out = reinterpret_cast<uint8_t*>(args.out);
  uint8_t* const validity = args.validity;
  // Record IDs: bytes 0-3 of each ID (one dword) masked with the top 28 bits.
  const __m512i top_bits = _mm512_set1_epi32(static_cast<int>(0xF0FFFFFFu));
  // A local copy: the output stores could alias the plan (caller's storage).
  uint64_t clear_lanes[16][2];
  std::memcpy(clear_lanes, plan.enc_clear, sizeof(clear_lanes));
  size_t bad = 0;
  for (size_t base = 0; base < n; base += 8) {
    uint32_t errors = 0;
    for (size_t g = 0; g < 2; ++g) {
      const size_t i = base + 4 * g;
      const __m512i ids = _mm512_loadu_si512(in + 16 * i);
      // Record IDs with any of the top 28 bits set get NUL characters: their
      // character lanes are taken from the template, which is 0 there.
      uint64_t clear0 = 0, clear1 = 0;
      if constexpr (kTopBitsMustBeZero) {
        const uint32_t top = _mm512_mask_test_epi32_mask(0x1111, ids, top_bits);
        const uint32_t item_errors =
            (top & 1) | ((top >> 3) & 2) | ((top >> 6) & 4) | ((top >> 9) & 8);
        clear0 = clear_lanes[item_errors][0];
        clear1 = clear_lanes[item_errors][1];
        errors |= item_errors << (4 * g);
      }
      const __m512i fields0 =
          _mm512_multishift_epi64_epi8(shift0, _mm512_maskz_permutexvar_epi8(keep0, gather0, ids));
      const __m512i fields1 =
          _mm512_multishift_epi64_epi8(shift1, _mm512_maskz_permutexvar_epi8(keep1, gather1, ids));
      const __m512i chars0 = _mm512_mask_blend_epi8(
          fixed0 | clear0, _mm512_permutexvar_epi8(fields0, alphabet), template0);
      const __m512i chars1 = _mm512_mask_blend_epi8(
          fixed1 | clear1, _mm512_permutexvar_epi8(fields1, alphabet), template1);
      _mm512_storeu_si512(out + i * len, chars0);
      _mm512_mask_storeu_epi8(out + i * len + 64, store1, chars1);
    }
    validity[base / 8] = static_cast<uint8_t>(~errors);
    bad += static_cast<size_t>(hwy::PopCount(errors));
  }
  *invalid = bad;
  return n;
}

// Decodes the first count - count % 8 items; returns how many and adds the
// invalid ones to *invalid. ascii128: value per ASCII byte, bit 7 = invalid
// (128 bytes, 64-byte aligned). kFixedBytes: the layout has a prefix or a
// terminator (plan.dec_fixed_lanes != 0) to compare. The error vectors of 8
// items are ORed and tested once; per-item flags only when that shows one.
template <bool kFixedBytes>
HWY_INLINE size_t DecodeCrockfordDense(const kernels::DecodeArgs& args,
                                       const simd_tables::CrockfordDensePlan& plan,
                                       const uint8_t* ascii128, size_t* invalid) {
  const __m512i lut_lo = _mm512_load_si512(ascii128);
  const __m512i lut_hi = _mm512_load_si512(ascii128 + 64);
  const __m512i relayout0 = _mm512_load_si512(plan.dec_relayout[0]);
  const __m512i relayout1 = _mm512_load_si512(plan.dec_relayout[1]);
  const __m512i fixed_expected = _mm512_load_si512(plan.dec_fixed_expected);
  const __m512i final_bytes = _mm512_load_si512(simd_tables::kCrockfordDenseFinal.bytes);
  const __m512i weights_5 = _mm512_set1_epi16(0x0120);       // bytes {32, 1}
  const __m512i weights_10 = _mm512_set1_epi32(0x00010400);  // words {1024, 1}
  const __m512i error_bits = _mm512_load_si512(plan.dec_error_bits);
  const __m512i high_bit = _mm512_set1_epi8(static_cast<char>(0x80));
  const __mmask64 chars = plan.dec_char_lanes;
  const __mmask64 fixed = plan.dec_fixed_lanes;
  const __mmask64 load1 = plan.dec_load_lanes[1];
  const size_t len = plan.item_len;
  const size_t n = args.count - args.count % 8;
  const auto* text = reinterpret_cast<const uint8_t*>(args.text);
  // 0xFF in the prefix / terminator lanes (compared with the expected bytes).
  const __m512i fixed_bytes = _mm512_movm_epi8(fixed);
  uint8_t* const ids = args.ids;
  uint8_t* const validity = args.validity;
  size_t bad = 0;
  for (size_t base = 0; base < n; base += 8) {
    // Error bytes (non-zero: an error in that u64 lane) of the 4 vectors.
    __m512i errs[2][2], packed[2][2];
#pragma GCC unroll 2
    for (size_t g = 0; g < 2; ++g) {  // items base + 4g .. base + 4g + 3
      const uint8_t* p = text + (base + 4 * g) * len;
      const __m512i a = _mm512_loadu_si512(p);
      const __m512i b = _mm512_maskz_loadu_epi8(load1, p + 64);
      const __m512i r0 = _mm512_permutex2var_epi8(a, relayout0, b);
      const __m512i r1 = _mm512_permutex2var_epi8(a, relayout1, b);
      const __m512i t0 = _mm512_maskz_permutex2var_epi8(chars, lut_lo, r0, lut_hi);
      const __m512i t1 = _mm512_maskz_permutex2var_epi8(chars, lut_lo, r1, lut_hi);
      // Error bytes, in vectors (three ternary ops, no mask-to-GPR per item):
      // (value | input & 0x80) & error_bits: bit 7 = not in the alphabet (or
      // input >= 0x80), bits 3-4 of character 0 = value above 7; OR
      // (input ^ expected) & fixed_bytes: prefix / terminator mismatches.
      __m512i e0 = _mm512_ternarylogic_epi32(t0, r0, high_bit, 0xF8);
      __m512i e1 = _mm512_ternarylogic_epi32(t1, r1, high_bit, 0xF8);
      if constexpr (kFixedBytes) {
        e0 = _mm512_ternarylogic_epi32(
            e0, error_bits, _mm512_ternarylogic_epi32(r0, fixed_expected, fixed_bytes, 0x28), 0xEA);
        e1 = _mm512_ternarylogic_epi32(
            e1, error_bits, _mm512_ternarylogic_epi32(r1, fixed_expected, fixed_bytes, 0x28), 0xEA);
      } else {
        e0 = _mm512_and_si512(e0, error_bits);
        e1 = _mm512_and_si512(e1, error_bits);
      }
      errs[g][0] = e0;
      errs[g][1] = e1;
      __m512i p0 = _mm512_madd_epi16(_mm512_maddubs_epi16(t0, weights_5), weights_10);
      __m512i p1 = _mm512_madd_epi16(_mm512_maddubs_epi16(t1, weights_5), weights_10);
      packed[g][0] = _mm512_or_si512(_mm512_slli_epi64(p0, 20), _mm512_srli_epi64(p0, 32));
      packed[g][1] = _mm512_or_si512(_mm512_slli_epi64(p1, 20), _mm512_srli_epi64(p1, 32));
    }
    // One test for the 8 items; exact flags only when it shows an error.
    const __m512i any = _mm512_or_si512(
        _mm512_ternarylogic_epi32(errs[0][0], errs[0][1], errs[1][0], 0xFE), errs[1][1]);
    if (HWY_LIKELY(_mm512_test_epi64_mask(any, any) == 0)) {
#pragma GCC unroll 2
      for (size_t g = 0; g < 2; ++g) {
        _mm512_storeu_si512(ids + 16 * (base + 4 * g),
                            _mm512_permutex2var_epi8(packed[g][0], final_bytes, packed[g][1]));
      }
      validity[base / 8] = 0xFF;
      continue;
    }
    // Bit q of nibble k: u64 lane q of item k holds an error (four lanes per item).
    uint32_t lane_errors = 0;
    for (size_t g = 0; g < 2; ++g) {
      lane_errors |= (static_cast<uint32_t>(_mm512_test_epi64_mask(errs[g][0], errs[g][0])) |
                      static_cast<uint32_t>(_mm512_test_epi64_mask(errs[g][1], errs[g][1])) << 8)
                     << (16 * g);
    }
    // Any lane of a nibble -> bit 0 of the nibble -> one bit per item.
    uint32_t any_lane = lane_errors | lane_errors >> 1;
    any_lane |= any_lane >> 2;
    const uint32_t errors = _pext_u32(any_lane, 0x11111111u);
    for (size_t g = 0; g < 2; ++g) {
      _mm512_storeu_si512(ids + 16 * (base + 4 * g),  // the final permute zeroes invalid IDs
                          _mm512_maskz_permutex2var_epi8(
                              simd_tables::kCrockfordKeepLanes[~(errors >> (4 * g)) & 0xF],
                              packed[g][0], final_bytes, packed[g][1]));
    }
    simd_tables::FinishCrockfordBlock(errors, validity + base / 8, &bad);
  }
  *invalid = bad;
  return n;
}
#endif  // SORTID_X86_AT_LEAST(AVX3_DL)

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_AVX3_DL_CROCKFORD_DENSE_INL_H_
