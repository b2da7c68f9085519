// AVX-512 VBMI "stream" encoder for ULID / Record ID text without a prefix
// (targets AVX3_DL and newer, see target_guard.h): the output of a group of G
// items is V whole 64-byte vectors, each built from one unaligned 64-byte
// load of IDs by vpermb + vpmultishiftqb + vpermb (crockford_stream_plan.h
// explains the tables). Record IDs with any of the top 28 bits set are found
// per 16 items (four vptestmd, one pext) and get NUL characters afterwards.
// The caller (EncodeCrockford in kernels/base32_common-inl.h) encodes the
// remaining count % G items with the dense or the portable kernel.
// References: W. Mula and D. Lemire, "Base64 encoding and decoding at almost
// the speed of a memory copy", SPE 2020; simdutf's src/icelake/.
//
// Toggle include guard: included once per target by kernels/base32_common-inl.h.
#if defined(SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_INL_H_
#undef SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_INL_H_
#else
#define SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_INL_H_
#endif

#include <cstring>

#include "hwy/highway.h"
#include "kernels/avx3_dl/crockford_stream_plan.h"
#include "kernels/avx3_dl/target_guard.h"
#include "kernels/kernel_api.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if SORTID_TARGET_HAS_VBMI

// Bit i set: Record ID i of the 16 at `ids` has one of its top 28 bits set.
HWY_INLINE uint32_t RecordTopBitErrors16(const uint8_t* ids) {
  // Bytes 0-3 of each ID (one little-endian dword) masked with the top 28 bits.
  const __m512i top_bits = _mm512_set1_epi32(static_cast<int>(0xF0FFFFFFu));
  uint64_t lanes = 0;
  for (size_t k = 0; k < 4; ++k) {
    const __m512i v = _mm512_loadu_si512(ids + 64 * k);
    lanes |= static_cast<uint64_t>(_mm512_mask_test_epi32_mask(0x1111, v, top_bits)) << (16 * k);
  }
  return static_cast<uint32_t>(_pext_u64(lanes, 0x1111111111111111ull));
}

// alphabet64: the 32 output characters twice (64 bytes, 64-byte aligned).
// Encodes the first count - count % G items; returns how many and adds the
// invalid ones (Record IDs with any of the top 28 bits set) to *invalid.
template <bool kTopBitsMustBeZero, bool kFixed>
HWY_INLINE size_t EncodeCrockfordStream(const kernels::EncodeArgs& args,
                                        const simd_tables::CrockfordStreamPlan& plan,
                                        size_t chars, const uint8_t* alphabet64,
                                        size_t* invalid) {
  const __m512i alphabet = _mm512_load_si512(alphabet64);
  const size_t group = plan.group_items, vectors = plan.vectors, len = plan.item_len;
  const size_t n = args.count - args.count % group;
  auto* out = reinterpret_cast<uint8_t*>(args.out);
  size_t bad = 0;
  for (size_t base = 0; base < n; base += group) {
    const uint8_t* ids = args.ids + 16 * base;
    uint8_t* text = out + base * len;
    for (size_t v = 0; v < vectors; ++v) {
      const simd_tables::CrockfordStreamVector& pv = plan.vec[v];
      const __m512i in = _mm512_loadu_si512(ids + pv.load_offset);
      const __m512i bytes =
          _mm512_maskz_permutexvar_epi8(pv.gather_keep, _mm512_load_si512(pv.gather), in);
      const __m512i fields = _mm512_multishift_epi64_epi8(_mm512_load_si512(pv.shift), bytes);
      __m512i result = _mm512_permutexvar_epi8(fields, alphabet);
      if constexpr (kFixed) {
        result = _mm512_mask_blend_epi8(pv.fixed_lanes, result, _mm512_load_si512(pv.fixed));
      }
      _mm512_storeu_si512(text + 64 * v, result);
    }
    for (size_t k = 0; k < group; k += 16) {
      uint32_t errors = 0;
      if constexpr (kTopBitsMustBeZero) {
        errors = RecordTopBitErrors16(ids + 16 * k);
        if (HWY_UNLIKELY(errors != 0)) {
          bad += static_cast<size_t>(hwy::PopCount(errors));
          for (uint32_t e = errors; e != 0; e &= e - 1) {
            std::memset(text + (k + static_cast<size_t>(hwy::Num0BitsBelowLS1Bit_Nonzero32(e))) *
                                   len,
                        0, chars);
          }
        }
      }
      args.validity[(base + k) / 8] = static_cast<uint8_t>(~errors);
      args.validity[(base + k) / 8 + 1] = static_cast<uint8_t>(~errors >> 8);
    }
  }
  *invalid = bad;
  return n;
}

#endif  // SORTID_TARGET_HAS_VBMI

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_INL_H_
