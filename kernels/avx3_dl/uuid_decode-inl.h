// AVX-512 VBMI UUID decoder (AVX3_DL and newer, see target_guard.h): 4 items
// per group from three 64-byte loads in the common layouts (four otherwise);
// per pair of items one vpermi2b gathers the 64 hex digits, one 128-entry
// vpermi2b translates and validates them, vpmaddubsw joins digit pairs and a
// last vpermi2b emits the group's 4 IDs. Tables: uuid_dense_plan.h, from the
// call's plan (kernels/plan.cc); kernels/hex_uuid-inl.h decodes the tail.
// Invariant: the error bytes of 8 items are ORed into one vector and tested
// once; only when it shows an error are validity bits worked out and the bad
// IDs zeroed. References: W. Mula and D. Lemire, "Base64 encoding and decoding
// at almost the speed of a memory copy", SPE 2020; simdutf's src/icelake/.

// Toggle include guard: included once per target by kernels/hex_uuid-inl.h.
#if defined(SORTID_KERNELS_AVX3_DL_UUID_DECODE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_AVX3_DL_UUID_DECODE_INL_H_
#undef SORTID_KERNELS_AVX3_DL_UUID_DECODE_INL_H_
#else
#define SORTID_KERNELS_AVX3_DL_UUID_DECODE_INL_H_
#endif

#include "hwy/highway.h"
#include "kernels/target_guard.h"
#include "kernels/avx3_dl/uuid_dense_plan.h"
#include "kernels/kernel_api.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if SORTID_X86_AT_LEAST(AVX3_DL)

// The loop-invariant state of one call, in registers (named, not arrays:
// GCC keeps arrays of vectors in memory).
struct UuidDecodeRegs {
  __m512i gather0, gather1, lut_lo, lut_hi;
  __m512i expected0, expected1, expected2, expected3;
  __m512i checked0, checked1, checked2, checked3;
  size_t offset1, offset2, offset3;
};

// One group of 4 items: the loads V0-V3 and per pair the gathered
// characters (bit 7 = not ASCII) and their values (0x80 = not a hex digit).
struct UuidGroup {
  __m512i v0, v1, v2, v3, chars0, chars1, values0, values1;
};

// One load into a register. The empty asm keeps it there: without it GCC
// folds the load into the gather's vpermi2b and loads the same (mostly
// line-crossing) bytes again for the fixed-byte test, 9 loads per 8 items
// instead of 6.
HWY_INLINE __m512i LoadOnce(const uint8_t* p) {
  __m512i v = _mm512_loadu_si512(p);
  asm("" : "+v"(v));
  return v;
}

template <bool kShared>
HWY_INLINE UuidGroup LoadUuidGroup(const uint8_t* group, const UuidDecodeRegs& r) {
  UuidGroup g;
  g.v0 = LoadOnce(group);
  g.v1 = LoadOnce(group + r.offset1);
  g.v2 = kShared ? g.v1 : LoadOnce(group + r.offset2);
  g.v3 = LoadOnce(group + r.offset3);
  g.chars0 = _mm512_permutex2var_epi8(g.v0, r.gather0, g.v1);
  g.chars1 = _mm512_permutex2var_epi8(g.v2, r.gather1, g.v3);
  g.values0 = _mm512_permutex2var_epi8(r.lut_lo, g.chars0, r.lut_hi);
  g.values1 = _mm512_permutex2var_epi8(r.lut_lo, g.chars1, r.lut_hi);
  return g;
}

// Non-zero bytes where one of the 8 items of g0, g1 has an error: bit 7 of
// a value (the 4 vectors ORed, then masked: 2 ops), and per load position
// (a ^ e) | (b ^ e) of the two groups' loads ORed in under checked_bits (2
// ops; V2's are checked in V1 when shared): any bit of a fixed byte that
// differs from the expected one, bit 7 of a hex digit's byte (the gathered
// characters then die at their translation, so GCC needs no copy of the
// table). 8 ops for the common layouts, where a test per group takes 15.
template <bool kShared>
HWY_INLINE __m512i UuidBlockErrorBytes(const UuidGroup& g0, const UuidGroup& g1,
                                       const UuidDecodeRegs& r) {
  const __m512i bit7 = _mm512_set1_epi8(static_cast<char>(0x80));
  // a | b | c, then (a | b) & c.
  __m512i errors = _mm512_ternarylogic_epi32(g0.values0, g0.values1, g1.values0, 0xFE);
  errors = _mm512_ternarylogic_epi32(errors, g1.values1, bit7, 0xA8);
  // errors | ((a ^ e) | (b ^ e)) & checked bits.
  const auto add_loads = [&errors](__m512i a, __m512i b, __m512i expected, __m512i checked) {
    errors = _mm512_ternarylogic_epi32(errors, _mm512_ternarylogic_epi32(a, b, expected, 0x7E),
                                       checked, 0xF8);
  };
  add_loads(g0.v0, g1.v0, r.expected0, r.checked0);
  add_loads(g0.v1, g1.v1, r.expected1, r.checked1);
  if constexpr (!kShared) add_loads(g0.v2, g1.v2, r.expected2, r.checked2);
  add_loads(g0.v3, g1.v3, r.expected3, r.checked3);
  return errors;
}

// Bits 0-3: items 0-3 of the group are invalid (the cold path).
HWY_INLINE uint32_t UuidGroupErrors(const UuidGroup& g, const simd_tables::UuidDecodePlan& plan,
                                    const UuidDecodeRegs& r) {
  const uint64_t fixed_bad[4] = {
      _mm512_cmpneq_epi8_mask(g.v0, r.expected0), _mm512_cmpneq_epi8_mask(g.v1, r.expected1),
      _mm512_cmpneq_epi8_mask(g.v2, r.expected2), _mm512_cmpneq_epi8_mask(g.v3, r.expected3)};
  const uint64_t digits[2] = {_mm512_movepi8_mask(_mm512_or_si512(g.values0, g.chars0)),
                              _mm512_movepi8_mask(_mm512_or_si512(g.values1, g.chars1))};
  uint32_t errors = 0;
  for (size_t k = 0; k < 4; ++k) {
    uint64_t bad = (digits[k / 2] >> (32 * (k % 2))) & 0xFFFFFFFFu;
    for (size_t v = 0; v < 4; ++v) bad |= fixed_bad[v] & plan.item_lanes[k][v];
    errors |= static_cast<uint32_t>(bad != 0) << k;
  }
  return errors;
}

// Decodes the first count - count % 8 items; returns how many and sets
// *invalid to the number of invalid ones among them. Hyphens, prefix and
// terminator bytes are compared in place (vpternlogd in UuidBlockErrorBytes).
template <bool kShared>
HWY_INLINE size_t DecodeUuidDenseLoop(const kernels::DecodeArgs& args,
                                      const simd_tables::UuidDecodePlan& plan, size_t* invalid) {
  const UuidDecodeRegs r{_mm512_load_si512(plan.gather[0]),
                         _mm512_load_si512(plan.gather[1]),
                         _mm512_load_si512(simd_tables::kUuidHexAscii.bytes),
                         _mm512_load_si512(simd_tables::kUuidHexAscii.bytes + 64),
                         _mm512_load_si512(plan.expected[0]),
                         _mm512_load_si512(plan.expected[1]),
                         _mm512_load_si512(plan.expected[2]),
                         _mm512_load_si512(plan.expected[3]),
                         _mm512_load_si512(plan.checked_bits[0]),
                         _mm512_load_si512(plan.checked_bits[1]),
                         _mm512_load_si512(plan.checked_bits[2]),
                         _mm512_load_si512(plan.checked_bits[3]),
                         plan.load_offset[1],
                         plan.load_offset[2],
                         plan.load_offset[3]};
  const __m512i weights = _mm512_set1_epi16(0x0110);  // bytes {16, 1}: high, low nibble
  const __m512i final_bytes = _mm512_load_si512(plan.final_bytes);
  // Output lanes of the IDs whose validity bit (of 4) is set.
  alignas(64) static constexpr uint64_t kKeepLanes[16] = {
      0x0000000000000000, 0x000000000000FFFF, 0x00000000FFFF0000, 0x00000000FFFFFFFF,
      0x0000FFFF00000000, 0x0000FFFF0000FFFF, 0x0000FFFFFFFF0000, 0x0000FFFFFFFFFFFF,
      0xFFFF000000000000, 0xFFFF00000000FFFF, 0xFFFF0000FFFF0000, 0xFFFF0000FFFFFFFF,
      0xFFFFFFFF00000000, 0xFFFFFFFF0000FFFF, 0xFFFFFFFFFFFF0000, 0xFFFFFFFFFFFFFFFF};
  // In locals: the ID stores may alias plan, and GCC reloaded plan.stride
  // and multiplied it into every block's load address.
  const size_t group_bytes = 4 * plan.stride;
  const size_t n = args.count - args.count % 8;
  const auto* text = reinterpret_cast<const uint8_t*>(args.text);
  uint8_t* ids = args.ids;
  uint8_t* validity = args.validity;
  size_t bad = 0;
  for (size_t base = 0; base < n; base += 8) {
    const uint8_t* group = text + base / 4 * group_bytes;
    const uint8_t* second = group + group_bytes;  // items base + 4 .. base + 7
    const UuidGroup g0 = LoadUuidGroup<kShared>(group, r);
    const UuidGroup g1 = LoadUuidGroup<kShared>(second, r);
    const __m512i error_bytes = UuidBlockErrorBytes<kShared>(g0, g1, r);
    _mm512_storeu_si512(ids + 16 * base, _mm512_permutex2var_epi8(
                                             _mm512_maddubs_epi16(g0.values0, weights), final_bytes,
                                             _mm512_maddubs_epi16(g0.values1, weights)));
    _mm512_storeu_si512(
        ids + 16 * (base + 4),
        _mm512_permutex2var_epi8(_mm512_maddubs_epi16(g1.values0, weights), final_bytes,
                                 _mm512_maddubs_epi16(g1.values1, weights)));
    uint32_t errors = 0;
    if (HWY_UNLIKELY(_mm512_test_epi64_mask(error_bytes, error_bytes) != 0)) {
      for (size_t h = 0; h < 2; ++h) {  // zero the invalid IDs of each group
        const uint32_t group_errors =
            UuidGroupErrors(LoadUuidGroup<kShared>(group + h * group_bytes, r), plan, r);
        uint8_t* out = ids + 16 * (base + 4 * h);
        _mm512_storeu_si512(
            out, _mm512_maskz_mov_epi8(kKeepLanes[~group_errors & 0xF], _mm512_loadu_si512(out)));
        errors |= group_errors << (4 * h);
      }
    }
    validity[base / 8] = static_cast<uint8_t>(~errors);
    bad += static_cast<size_t>(hwy::PopCount(errors));
  }
  *invalid = bad;
  return n;
}

HWY_INLINE size_t DecodeUuidDense(const kernels::DecodeArgs& args,
                                  const simd_tables::UuidDecodePlan& plan, size_t* invalid) {
  return plan.shared_load ? DecodeUuidDenseLoop<true>(args, plan, invalid)
                          : DecodeUuidDenseLoop<false>(args, plan, invalid);
}
#endif  // SORTID_X86_AT_LEAST(AVX3_DL)

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_AVX3_DL_UUID_DECODE_INL_H_
