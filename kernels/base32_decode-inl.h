// Building blocks of the portable Crockford Base32 decoder (AVX-512 without
// VBMI, AVX2, SSE4, NEON; the loop is DecodeBase32Range in
// kernels/base32_common-inl.h): item loads, the first-character limit, the
// prefix / terminator compares and the per-step error test. Invariant: every
// error is a byte whose bit 7 is set (bytes outside the alphabet, outside
// 0x30-0x7F, a first character above 7, a prefix or terminator byte that
// differs), so a whole step is tested at once and exact per-item flags are
// worked out only for a step holding an invalid item (simdutf's and W. Mula &
// D. Lemire's base64 decoders, "Faster Base64 Encoding and Decoding Using AVX2
// Instructions", ACM TOW 2018: validate in bulk, locate the error afterwards).

// Toggle include guard: included once per target by kernels/dispatch.cc.
#if defined(SORTID_KERNELS_BASE32_DECODE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_BASE32_DECODE_INL_H_
#undef SORTID_KERNELS_BASE32_DECODE_INL_H_
#else
#define SORTID_KERNELS_BASE32_DECODE_INL_H_
#endif

#include <array>

#include "hwy/highway.h"
#include "kernels/simd_common-inl.h"
#include "kernels/target_guard.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if HWY_TARGET != HWY_SCALAR

// Vector whose block b holds the 16 bytes at p + b * stride (as LoadBlocks).
// AVX-512: blocks 1-3 arrive by masked 128-bit broadcasts from memory (a load
// plus a blend that may issue on ports 0 or 5 on Intel) instead of a chain of
// vinserti32x4 / vinserti64x4 (port 5 only, where the decoder is bound).
// AVX2: vbroadcasti128 + vpblendd instead of vinserti128 (the blend issues
// on more ports than the insert; docs/performance.md has the A/B).
template <class D>
HWY_INLINE hn::Vec<D> LoadItemBlocks(D d, const uint8_t* p, size_t stride) {
#if SORTID_X86_AT_LEAST(AVX3)
  if constexpr (hn::MaxLanes(D()) == 64) {
    const auto block = [&](size_t b) {
      return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + b * stride));
    };
    __m512i v = _mm512_zextsi128_si512(block(0));
    v = _mm512_mask_broadcast_i32x4(v, 0x00F0, block(1));
    v = _mm512_mask_broadcast_i32x4(v, 0x0F00, block(2));
    v = _mm512_mask_broadcast_i32x4(v, 0xF000, block(3));
    return hn::Vec<D>{v};
  }
#endif
#if SORTID_X86_AT_LEAST(AVX2)
  if constexpr (hn::MaxLanes(D()) == 32) {
    const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m256i hi =
        _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + stride)));
    return hn::Vec<D>{_mm256_blend_epi32(_mm256_castsi128_si256(lo), hi, 0xF0)};
  }
#endif
  return LoadBlocks(d, p, stride);
}

// Bias added (saturating) to the first character's value of each block: a
// value above 7 (a ULID over 128 bits) or with bit 7 set ends up >= 0x80.
inline constexpr std::array<uint8_t, 16> kFirstCharBias = {0x78};

// As LayoutErrors (kernels/simd_common-inl.h), in the bit-7 form: 0xFF in
// each checked lane whose byte differs (a compare and an and-not per load).
template <class D>
HWY_INLINE hn::Vec<D> LayoutHighBitErrors(D d, const ItemLayout& layout, const uint8_t* item) {
  auto error = hn::Zero(d);
  for (size_t k = 0; k < layout.chunks; ++k) {
    const auto got = LoadItemBlocks(d, item + layout.chunk_offset[k], layout.stride);
    const auto same = hn::VecFromMask(d, hn::Eq(got, hn::LoadDup128(d, layout.chunk_bytes[k])));
    error = hn::Or(error, hn::AndNot(same, hn::LoadDup128(d, layout.chunk_live[k])));
  }
  if (layout.terminator >= 0) {
    // The terminator is the last byte of the 16 ending at it.
    const auto got =
        LoadItemBlocks(d, item + layout.prefix_len + layout.id_len - 15, layout.stride);
    const auto same =
        hn::VecFromMask(d, hn::Eq(got, hn::Set(d, static_cast<uint8_t>(layout.terminator))));
    error = hn::Or(error, hn::AndNot(same, hn::LoadDup128(d, layout.terminator_lane)));
  }
  return error;
}

// True when any byte of v has bit 7 set: one vptest (AVX2 / SSE4) or
// vpmovb2m + kortest (AVX-512) per step. The translation marks bytes outside
// the alphabet that way, a signed min and saturating subtract bytes outside
// 0x30-0x7F, a saturating add the first-character limit, and the prefix /
// terminator compares give 0xFF where a byte differs.
template <class D>
HWY_INLINE bool AnyHighBit(D d, hn::Vec<D> v) {
#if SORTID_X86_AT_LEAST(AVX3)
  if constexpr (hn::MaxLanes(D()) == 64) return _mm512_movepi8_mask(v.raw) != 0;
#endif
#if SORTID_X86_AT_LEAST(AVX2)
  if constexpr (hn::MaxLanes(D()) == 32) {
    return !_mm256_testz_si256(v.raw, _mm256_set1_epi8(static_cast<char>(0x80)));
  }
#endif
#if SORTID_X86_AT_LEAST(SSE4)
  if constexpr (hn::MaxLanes(D()) == 16) {
    return !_mm_testz_si128(v.raw, _mm_set1_epi8(static_cast<char>(0x80)));
  }
#endif
  (void)d;
  const hn::RebindToSigned<D> di;
  return !hn::AllFalse(di, hn::Lt(hn::BitCast(di, v), hn::Zero(di)));
}

#endif  // HWY_TARGET != HWY_SCALAR

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_BASE32_DECODE_INL_H_
