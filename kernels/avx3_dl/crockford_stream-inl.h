// AVX-512 VBMI "stream" encoder for ULID / Record ID text without a prefix
// (AVX3_DL and newer, see target_guard.h): the output of a group of G items is
// V whole 64-byte vectors, each built from one unaligned 64-byte load of IDs
// by vpermb + vpmultishiftqb + vpermb (tables: crockford_stream_plan.h). The
// caller (EncodeCrockford in kernels/base32_common-inl.h) encodes the
// remaining count % G items with the dense or the portable kernel. Invariant:
// a Record ID with any of the top 28 bits set gets NUL characters and
// validity bit 0, as in the reference. References: W. Mula and D. Lemire,
// "Base64 encoding and decoding at almost the speed of a memory copy", SPE
// 2020; simdutf's src/icelake/.

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
#include "kernels/target_guard.h"
#include "kernels/kernel_api.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if SORTID_X86_AT_LEAST(AVX3_DL)

// Bit i set: Record ID i of the 16 at `ids` has one of its top 28 bits set
// (bytes 0-3 of each ID, one little-endian dword, masked with 0xF0FFFFFF).
// The common case, no such ID, costs two ternary ORs and one test; when it
// fires, four vptestmd and a pext find the IDs.
HWY_INLINE uint32_t RecordTopBitErrors16(const uint8_t* ids) {
  const __m512i top_bits = _mm512_set1_epi32(static_cast<int>(0xF0FFFFFFu));
  const __m512i v0 = _mm512_loadu_si512(ids), v1 = _mm512_loadu_si512(ids + 64);
  const __m512i v2 = _mm512_loadu_si512(ids + 128), v3 = _mm512_loadu_si512(ids + 192);
  const __m512i any = _mm512_ternarylogic_epi32(_mm512_or_si512(v0, v1), v2, v3, 0xFE);
  if (HWY_LIKELY(_mm512_mask_test_epi32_mask(0x1111, any, top_bits) == 0)) return 0;
  const uint64_t lanes =
      static_cast<uint64_t>(_mm512_mask_test_epi32_mask(0x1111, v0, top_bits)) |
      static_cast<uint64_t>(_mm512_mask_test_epi32_mask(0x1111, v1, top_bits)) << 16 |
      static_cast<uint64_t>(_mm512_mask_test_epi32_mask(0x1111, v2, top_bits)) << 32 |
      static_cast<uint64_t>(_mm512_mask_test_epi32_mask(0x1111, v3, top_bits)) << 48;
  return static_cast<uint32_t>(_pext_u64(lanes, 0x1111111111111111ull));
}

// Encodes the first count - count % G items of a layout without a prefix
// whose plan is kPlan; returns how many and adds the invalid ones (Record IDs
// with any of the top 28 bits set, which get NUL characters) to *invalid.
// alphabet64: the 32 output characters twice (64 bytes, 64-byte aligned).
// Tables of plans with few vectors stay in registers; offsets and masks are
// immediates.
template <const simd_tables::CrockfordStreamPlan& kPlan, bool kTopBitsMustBeZero>
HWY_INLINE size_t EncodeCrockfordStream(const kernels::EncodeArgs& args, size_t chars,
                                        const uint8_t* alphabet64, size_t* invalid) {
  constexpr size_t kVectors = kPlan.vectors, kGroup = kPlan.group_items, kLen = kPlan.item_len;
  static_assert(kPlan.usable && kGroup % 16 == 0);
  const __m512i alphabet = _mm512_load_si512(alphabet64);
  const size_t n = args.count - args.count % kGroup;
  // Locals, not args.*: the char stores below may alias args, and GCC would
  // reload args.ids from the stack on every group, in front of all of the
  // group's load addresses (docs/performance.md, "Why the kernels look as
  // they do").
  const uint8_t* const in = args.ids;
  auto* const out = reinterpret_cast<uint8_t*>(args.out);
  uint8_t* const validity = args.validity;
  size_t bad = 0;
  for (size_t base = 0; base < n; base += kGroup) {
    const uint8_t* ids = in + 16 * base;
    uint8_t* text = out + base * kLen;
#pragma GCC unroll 32
    for (size_t v = 0; v < kVectors; ++v) {
      const simd_tables::CrockfordStreamVector& pv = kPlan.vec[v];
      const __m512i in = _mm512_loadu_si512(ids + pv.load_offset);
      const __m512i gather = _mm512_load_si512(pv.gather);
      const __m512i bytes = pv.gather_zero == 0
                                ? _mm512_permutexvar_epi8(gather, in)
                                : _mm512_maskz_permutexvar_epi8(~pv.gather_zero, gather, in);
      __m512i result = _mm512_permutexvar_epi8(
          _mm512_multishift_epi64_epi8(_mm512_load_si512(pv.shift), bytes), alphabet);
      if (pv.fixed_lanes != 0) {
        result = _mm512_mask_blend_epi8(pv.fixed_lanes, result, _mm512_load_si512(pv.fixed));
      }
      _mm512_storeu_si512(text + 64 * v, result);
    }
    for (size_t k = 0; k < kGroup; k += 16) {
      uint32_t errors = 0;
      if constexpr (kTopBitsMustBeZero) {
        errors = RecordTopBitErrors16(ids + 16 * k);
        if (HWY_UNLIKELY(errors != 0)) {
          bad += static_cast<size_t>(hwy::PopCount(errors));
          for (uint32_t e = errors; e != 0; e &= e - 1) {
            const size_t item = k + hwy::Num0BitsBelowLS1Bit_Nonzero32(e);
            std::memset(text + item * kLen, 0, chars);
          }
        }
      }
      const auto valid = static_cast<uint16_t>(~errors);
      std::memcpy(validity + (base + k) / 8, &valid, 2);  // little-endian: items k .. k + 15
    }
  }
  *invalid = bad;
  return n;
}

#endif  // SORTID_X86_AT_LEAST(AVX3_DL)

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_INL_H_
