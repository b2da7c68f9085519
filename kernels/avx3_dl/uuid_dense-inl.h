// AVX-512 VBMI UUID encoder (targets AVX3_DL and newer, see target_guard.h):
// 4 IDs per step into slots of up to 48 bytes, three 64-byte output chunks
// made by byte permutes (uuid_dense_plan.h explains the tables, which come
// from the call's plan (kernels/plan.cc)). The portable kernel
// (kernels/hex_uuid-inl.h) calls it for the first count - count % 4 items.
// Model: simdutf's src/icelake/ (one folder per x86 target).
//
// Toggle include guard: included once per target by kernels/hex_uuid-inl.h.
#if defined(SORTID_KERNELS_AVX3_DL_UUID_DENSE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_AVX3_DL_UUID_DENSE_INL_H_
#undef SORTID_KERNELS_AVX3_DL_UUID_DENSE_INL_H_
#else
#define SORTID_KERNELS_AVX3_DL_UUID_DENSE_INL_H_
#endif

#include "hwy/highway.h"
#include "kernels/alphabet.h"
#include "kernels/target_guard.h"
#include "kernels/avx3_dl/uuid_dense_plan.h"
#include "kernels/kernel_api.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if SORTID_X86_AT_LEAST(AVX3_DL)

// Encodes the first count - count % 4 items.
HWY_INLINE size_t EncodeUuidDense(const kernels::EncodeArgs& args,
                                  const simd_tables::UuidDensePlan& plan) {
  const __m512i digits = _mm512_broadcast_i32x4(_mm_loadu_si128(
      reinterpret_cast<const __m128i*>(args.lower ? alphabet::kHexLower : alphabet::kHexUpper)));
  const __m512i spread[2] = {_mm512_load_si512(plan.spread[0]), _mm512_load_si512(plan.spread[1])};
  const __m512i gather[3] = {_mm512_load_si512(plan.gather[0]), _mm512_load_si512(plan.gather[1]),
                             _mm512_load_si512(plan.gather[2])};
  const __m512i fixed[3] = {_mm512_load_si512(plan.fixed[0]), _mm512_load_si512(plan.fixed[1]),
                            _mm512_load_si512(plan.fixed[2])};
  const __mmask64 fixed_lanes[3] = {plan.fixed_lanes[0], plan.fixed_lanes[1], plan.fixed_lanes[2]};
  const __mmask64 store_lanes[3] = {plan.store_lanes[0], plan.store_lanes[1], plan.store_lanes[2]};
  // Chunks 0 and 1 are stored whole when every byte belongs to an item: a
  // masked store is much slower on its way to memory (beyond the caches).
  const bool whole[3] = {store_lanes[0] == ~uint64_t{0}, store_lanes[1] == ~uint64_t{0}, false};
  const __m512i low_nibble = _mm512_set1_epi8(0x0F);
  const size_t stride = args.out_stride;
  const size_t n = args.count - args.count % 4;
  auto* out = reinterpret_cast<uint8_t*>(args.out);
  // A local, not args.ids: the stores may alias args (GCC would reload it).
  const uint8_t* const id_bytes = args.ids;
  for (size_t i = 0; i < n; i += 4) {
    const __m512i ids = _mm512_loadu_si512(id_bytes + 16 * i);
    const __m512i high =
        _mm512_shuffle_epi8(digits, _mm512_and_si512(_mm512_srli_epi16(ids, 4), low_nibble));
    const __m512i low = _mm512_shuffle_epi8(digits, _mm512_and_si512(ids, low_nibble));
    const __m512i a = _mm512_permutex2var_epi8(high, spread[0], low);
    const __m512i b = _mm512_permutex2var_epi8(high, spread[1], low);
    // Output chunk c: digits gathered from (a, b), the template blended in.
    const auto chunk = [&](size_t c) HWY_ATTR {
      uint8_t* to = out + i * stride + 64 * c;
      const __m512i chars = _mm512_mask_blend_epi8(
          fixed_lanes[c], _mm512_permutex2var_epi8(a, gather[c], b), fixed[c]);
      if (whole[c]) {
        _mm512_storeu_si512(to, chars);
      } else {
        _mm512_mask_storeu_epi8(to, store_lanes[c], chars);
      }
    };
    chunk(0);
    chunk(1);
    chunk(2);
  }
  return n;
}
#endif  // SORTID_X86_AT_LEAST(AVX3_DL)

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_AVX3_DL_UUID_DENSE_INL_H_
