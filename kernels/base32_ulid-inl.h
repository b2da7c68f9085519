// ULID (26 Crockford Base32 characters, 128 bits) bulk encode / decode entry
// points per target; the shared machinery is in base32_common-inl.h.
// Spec: ../shared/SPEC.md §1.1; https://github.com/ulid/spec.
//
// Toggle include guard: included once per target by kernels/dispatch.cc.
#if defined(SORTID_KERNELS_BASE32_ULID_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_BASE32_ULID_INL_H_
#undef SORTID_KERNELS_BASE32_ULID_INL_H_
#else
#define SORTID_KERNELS_BASE32_ULID_INL_H_
#endif

#include <cstring>

#include "hwy/highway.h"
#include "kernels/base32_common-inl.h"
#include "kernels/kernel_api.h"
#include "kernels/ulid_dense_plan.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if HWY_TARGET != HWY_SCALAR

#if HWY_TARGET == HWY_AVX3_DL
// ---- AVX3_DL fast path for dense text (see ulid_dense_plan.h) ----

// The plan for this (prefix, terminator), cached per thread; nullptr when the
// layout has no fast path.
HWY_INLINE const simd_tables::UlidDensePlan* DensePlan(const char* prefix, size_t prefix_len,
                                                       int terminator) {
  struct Cache {
    bool built = false;
    char prefix[6] = {};
    size_t prefix_len = 0;
    int terminator = -1;
    simd_tables::UlidDensePlan plan;
  };
  thread_local Cache cache;
  if (prefix_len > sizeof(cache.prefix)) return nullptr;
  if (!cache.built || cache.prefix_len != prefix_len || cache.terminator != terminator ||
      (prefix_len != 0 && std::memcmp(cache.prefix, prefix, prefix_len) != 0)) {
    simd_tables::BuildUlidDensePlan(prefix, prefix_len, terminator, &cache.plan);
    if (prefix_len != 0) std::memcpy(cache.prefix, prefix, prefix_len);
    cache.prefix_len = prefix_len;
    cache.terminator = terminator;
    cache.built = true;
  }
  return cache.plan.usable ? &cache.plan : nullptr;
}

// Encodes the first count - count % 8 items; returns how many.
HWY_INLINE size_t EncodeUlidDense(const kernels::EncodeArgs& args,
                                  const simd_tables::UlidDensePlan& plan) {
  const Base32EncodeState& state = kCrockfordEncode[args.lower];
  const __m512i alphabet = _mm512_load_si512(state.alphabet64.data());
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
  auto* out = reinterpret_cast<uint8_t*>(args.out);
  for (size_t i = 0; i < n; i += 4) {
    const __m512i ids = _mm512_loadu_si512(args.ids + 16 * i);
    const __m512i fields0 =
        _mm512_multishift_epi64_epi8(shift0, _mm512_maskz_permutexvar_epi8(keep0, gather0, ids));
    const __m512i fields1 =
        _mm512_multishift_epi64_epi8(shift1, _mm512_maskz_permutexvar_epi8(keep1, gather1, ids));
    const __m512i chars0 =
        _mm512_mask_blend_epi8(fixed0, _mm512_permutexvar_epi8(fields0, alphabet), template0);
    const __m512i chars1 =
        _mm512_mask_blend_epi8(fixed1, _mm512_permutexvar_epi8(fields1, alphabet), template1);
    _mm512_storeu_si512(out + i * len, chars0);
    _mm512_mask_storeu_epi8(out + i * len + 64, store1, chars1);
  }
  std::memset(args.validity, 0xFF, n / 8);  // every 128-bit value is a ULID
  return n;
}

// Decodes the first count - count % 8 items; returns how many and adds the
// invalid ones to *invalid.
HWY_INLINE size_t DecodeUlidDense(const kernels::DecodeArgs& args,
                                  const simd_tables::UlidDensePlan& plan, size_t* invalid) {
  const Base32DecodeState state(args.lenient, args.lower_only);
  const __m512i lut_lo = _mm512_load_si512(state.tables.ascii.data());
  const __m512i lut_hi = _mm512_load_si512(state.tables.ascii.data() + 64);
  const __m512i relayout0 = _mm512_load_si512(plan.dec_relayout[0]);
  const __m512i relayout1 = _mm512_load_si512(plan.dec_relayout[1]);
  const __m512i expected0 = _mm512_load_si512(plan.dec_template[0]);
  const __m512i expected1 = _mm512_load_si512(plan.dec_template[1]);
  const __m512i final_bytes = _mm512_load_si512(simd_tables::kUlidDenseFinal.bytes);
  const __m512i weights_5 = _mm512_set1_epi16(0x0120);       // bytes {32, 1}
  const __m512i weights_10 = _mm512_set1_epi32(0x00010400);  // words {1024, 1}
  const __m512i error_bits = _mm512_load_si512(plan.dec_error_bits);
  const __m512i high_bit = _mm512_set1_epi8(static_cast<char>(0x80));
  const __mmask64 chars = plan.dec_char_lanes;
  const __mmask64 fixed0 = plan.dec_template_lanes[0], fixed1 = plan.dec_template_lanes[1];
  const __mmask64 load1 = plan.dec_load_lanes[1];
  const size_t len = plan.item_len;
  const size_t n = args.count - args.count % 8;
  const auto* text = reinterpret_cast<const uint8_t*>(args.text);
  // Output lanes of the IDs whose validity bit (of 4) is set.
  alignas(64) static constexpr uint64_t kKeepLanes[16] = {
      0x0000000000000000, 0x000000000000FFFF, 0x00000000FFFF0000, 0x00000000FFFFFFFF,
      0x0000FFFF00000000, 0x0000FFFF0000FFFF, 0x0000FFFFFFFF0000, 0x0000FFFFFFFFFFFF,
      0xFFFF000000000000, 0xFFFF00000000FFFF, 0xFFFF0000FFFF0000, 0xFFFF0000FFFFFFFF,
      0xFFFFFFFF00000000, 0xFFFFFFFF0000FFFF, 0xFFFFFFFFFFFF0000, 0xFFFFFFFFFFFFFFFF};
  const bool has_fixed = (fixed0 | fixed1) != 0;
  size_t bad = 0;
  for (size_t base = 0; base < n; base += 8) {
    uint32_t group_errors[2];
    for (size_t g = 0; g < 2; ++g) {  // items i..i+3
      const size_t i = base + 4 * g;
      const uint8_t* p = text + i * len;
      const __m512i a = _mm512_loadu_si512(p);
      const __m512i b = _mm512_maskz_loadu_epi8(load1, p + 64);
      const __m512i r0 = _mm512_permutex2var_epi8(a, relayout0, b);
      const __m512i r1 = _mm512_permutex2var_epi8(a, relayout1, b);
      const __m512i t0 = _mm512_maskz_permutex2var_epi8(chars, lut_lo, r0, lut_hi);
      const __m512i t1 = _mm512_maskz_permutex2var_epi8(chars, lut_lo, r1, lut_hi);
      // value | (input & 0x80): bit 7 = not in the alphabet (or input >= 0x80);
      // bits 3-4 of character 0 = value above 7.
      const uint64_t bad0 =
          _mm512_test_epi8_mask(_mm512_ternarylogic_epi32(t0, r0, high_bit, 0xF8), error_bits);
      const uint64_t bad1 =
          _mm512_test_epi8_mask(_mm512_ternarylogic_epi32(t1, r1, high_bit, 0xF8), error_bits);
      __m512i p0 = _mm512_madd_epi16(_mm512_maddubs_epi16(t0, weights_5), weights_10);
      __m512i p1 = _mm512_madd_epi16(_mm512_maddubs_epi16(t1, weights_5), weights_10);
      p0 = _mm512_or_si512(_mm512_slli_epi64(p0, 20), _mm512_srli_epi64(p0, 32));
      p1 = _mm512_or_si512(_mm512_slli_epi64(p1, 20), _mm512_srli_epi64(p1, 32));
      uint32_t errors = static_cast<uint32_t>(static_cast<uint32_t>(bad0) != 0) |
                        static_cast<uint32_t>((bad0 >> 32) != 0) << 1 |
                        static_cast<uint32_t>(static_cast<uint32_t>(bad1) != 0) << 2 |
                        static_cast<uint32_t>((bad1 >> 32) != 0) << 3;
      if (has_fixed) {
        const uint64_t fixed_bad0 = _mm512_mask_cmpneq_epi8_mask(fixed0, a, expected0);
        const uint64_t fixed_bad1 = _mm512_mask_cmpneq_epi8_mask(fixed1, b, expected1);
        for (int item = 0; item < 4; ++item) {
          errors |= static_cast<uint32_t>(((fixed_bad0 & plan.dec_item_lanes[item][0]) |
                                           (fixed_bad1 & plan.dec_item_lanes[item][1])) != 0)
                    << item;
        }
      }
      _mm512_storeu_si512(
          args.ids + 16 * i,  // the final permute zeroes invalid IDs
          _mm512_maskz_permutex2var_epi8(kKeepLanes[~errors & 0xF], p0, final_bytes, p1));
      group_errors[g] = errors;
    }
    const uint32_t errors = group_errors[0] | group_errors[1] << 4;
    args.validity[base / 8] = static_cast<uint8_t>(~errors);
    bad += static_cast<size_t>(hwy::PopCount(errors));
  }
  *invalid = bad;
  return n;
}
#endif  // HWY_TARGET == HWY_AVX3_DL

size_t EncodeUlid(const kernels::EncodeArgs& args) {
#if HWY_TARGET == HWY_AVX3_DL
  const simd_tables::UlidDensePlan* plan = DensePlan(args.prefix, args.prefix_len, args.terminator);
  if (plan != nullptr && args.out_stride == plan->item_len && args.count >= 8) {
    const size_t done = EncodeUlidDense(args, *plan);
    kernels::EncodeArgs rest = args;
    rest.ids += 16 * done;
    rest.out += done * args.out_stride;
    rest.count -= done;
    rest.validity += done / 8;
    return EncodeBase32<UlidFormat>(rest);
  }
#endif
  return EncodeBase32<UlidFormat>(args);
}

size_t DecodeUlid(const kernels::DecodeArgs& args) {
#if HWY_TARGET == HWY_AVX3_DL
  const simd_tables::UlidDensePlan* plan = DensePlan(args.prefix, args.prefix_len, args.terminator);
  if (plan != nullptr && args.stride == plan->item_len && args.count >= 8) {
    size_t invalid = 0;
    const size_t done = DecodeUlidDense(args, *plan, &invalid);
    kernels::DecodeArgs rest = args;
    rest.text += done * args.stride;
    rest.ids += 16 * done;
    rest.count -= done;
    rest.validity += done / 8;
    return invalid + DecodeBase32<UlidFormat>(rest);
  }
#endif
  return DecodeBase32<UlidFormat>(args);
}

#endif  // HWY_TARGET != HWY_SCALAR

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_BASE32_ULID_INL_H_
