// AVX-512 VBMI "stream" decoder for ULID / Record ID text without a prefix or
// terminator (targets AVX3_DL and newer, see target_guard.h), 8 items per
// block: per vector one unaligned load + one vpermb re-lays S-slot items
// (crockford_stream_decode_plan.h), one vpermi2b translates (128-entry
// table, bit 7 = invalid), and vpmaddubsw + vpmaddwd + shift + bit-select pack
// 40-bit groups; two vpermi2b emit the 8 IDs. Errors are ORed into vectors
// (one ternary op per vector for a Record ID, 1.5 for a ULID, which also
// keeps bits 3-4 of its first character: value above 7) and tested once per
// step of kBlocks blocks; only a step that holds an invalid item works out
// exact per-item flags (the per-block test of the previous version: one
// ternary op + one vptestmq per vector, mask-to-GPR moves, a keep-lanes mask
// per output vector) and zeroes those IDs. Layouts with a prefix or a
// terminator use crockford_dense-inl.h.
// References: W. Mula and D. Lemire, "Faster Base64 Encoding and Decoding
// Using AVX-512 Instructions", ACM TOPS 2020; simdutf's src/icelake/ (one
// error test per block of input, exact positions found afterwards).
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

#ifndef SORTID_STREAM_DECODE_BLOCKS
#define SORTID_STREAM_DECODE_BLOCKS 1
#endif

#if SORTID_TARGET_HAS_VBMI

// The plan's tables in registers, and the work on one block of 8 items.
template <const simd_tables::CrockfordDecodeStreamPlan& kPlan>
class CrockfordStreamBlocks {
 public:
  static constexpr size_t kVectors = kPlan.vectors, kLen = kPlan.item_len;
  static constexpr bool kUlid = kLen == 26;  // checks the first character's value
  static_assert(kPlan.usable && (kVectors == 3 || kVectors == 4));

  // ascii128: value per ASCII byte, bit 7 = invalid (128 bytes, 64-byte aligned).
  explicit CrockfordStreamBlocks(const uint8_t* ascii128)
      : lut_lo_(_mm512_load_si512(ascii128)), lut_hi_(_mm512_load_si512(ascii128 + 64)) {
    for (size_t w = 0; w < kVectors; ++w) {
      relayout_[w] = _mm512_load_si512(kPlan.vec[w].relayout);
      error_bits_[w] = _mm512_load_si512(kPlan.vec[w].error_bits);
    }
    final_[0] = _mm512_load_si512(kPlan.out[0].final_bytes);
    final_[1] = _mm512_load_si512(kPlan.out[1].final_bytes);
  }

  // Text slots of vector w of the block at p (pads: the item's first character).
  HWY_INLINE __m512i Raw(const uint8_t* p, size_t w) const {
    return _mm512_permutexvar_epi8(relayout_[w], _mm512_loadu_si512(p + kPlan.vec[w].load_offset));
  }
  // Character values (pads: 0), bit 7 = not in the alphabet.
  HWY_INLINE __m512i Values(__m512i raw, size_t w) const {
    return _mm512_maskz_permutex2var_epi8(kPlan.vec[w].value_lanes, lut_lo_, raw, lut_hi_);
  }

  // Translates and packs the 8 items at p into packed[]. Error bits go to
  // *suspect: bit 7 of a value or (Record ID) of an input byte, and (ULID)
  // bits 3-4 of a first character's value; ULID input bytes are ORed into
  // *raw_bits (bit 7 = a byte >= 0x80). Any of these set: a bad item.
  HWY_INLINE void Pack(const uint8_t* p, __m512i* packed, __m512i* suspect,
                       __m512i* raw_bits) const {
    const __m512i weights_5 = _mm512_set1_epi16(0x0120);       // bytes {32, 1}
    const __m512i weights_10 = _mm512_set1_epi32(0x00010400);  // words {1024, 1}
    const __m512i low_20 = _mm512_set1_epi64(0xFFFFF);
    __m512i raw_even = _mm512_setzero_si512();
#pragma GCC unroll 4
    for (size_t w = 0; w < kVectors; ++w) {
      const __m512i raw = Raw(p, w);
      const __m512i values = Values(raw, w);
      if constexpr (kUlid) {
        *suspect = _mm512_ternarylogic_epi32(*suspect, values, error_bits_[w], 0xF8);  // a|b&c
        if (w % 2 == 0) {
          raw_even = raw;
        } else {
          *raw_bits = _mm512_ternarylogic_epi32(*raw_bits, raw_even, raw, 0xFE);  // a|b|c
        }
      } else {  // error bits 0x80 everywhere: the other bits are ignored
        *suspect = _mm512_ternarylogic_epi32(*suspect, values, raw, 0xFE);
      }
      const __m512i p20 = _mm512_madd_epi16(_mm512_maddubs_epi16(values, weights_5), weights_10);
      // d0 (bits 32-51) << 20 | d1 (bits 0-19): low_20 ? p20 : p20 >> 12.
      packed[w] = _mm512_ternarylogic_epi64(p20, _mm512_srli_epi64(p20, 12), low_20, 0xE4);
    }
  }

  // Whether Pack's error bits show a bad item.
  static HWY_INLINE bool AnyBad(__m512i suspect, __m512i raw_bits) {
    const __m512i high_bit = _mm512_set1_epi8(static_cast<char>(0x80));
    if constexpr (kUlid) {
      const __m512i any = _mm512_ternarylogic_epi32(suspect, raw_bits, high_bit, 0xF8);
      return _mm512_test_epi64_mask(any, any) != 0;
    } else {
      return _mm512_test_epi64_mask(suspect, high_bit) != 0;
    }
  }

  // Bit i: item i of the block at p is invalid.
  HWY_INLINE uint32_t ItemErrors(const uint8_t* p) const {
    const __m512i high_bit = _mm512_set1_epi8(static_cast<char>(0x80));
    uint32_t lane_errors = 0;  // bit q: packed qword q (item q / vectors) holds an error
    for (size_t w = 0; w < kVectors; ++w) {
      const __m512i raw = Raw(p, w);
      // values | raw & 0x80, tested with 0x80 (0x98 for a ULID's first character).
      const __m512i flagged = _mm512_ternarylogic_epi32(Values(raw, w), raw, high_bit, 0xF8);
      lane_errors |= static_cast<uint32_t>(_mm512_test_epi64_mask(flagged, error_bits_[w]))
                     << (8 * w);
    }
    if constexpr (kVectors == 4) {
      uint32_t any = lane_errors | lane_errors >> 1;
      any |= any >> 2;
      return _pext_u32(any, 0x11111111u);
    } else {
      return _pext_u32(lane_errors | lane_errors >> 1 | lane_errors >> 2, 0x00249249u);
    }
  }

  // Writes the block's 8 IDs (128 bytes) from packed[].
  HWY_INLINE void Store(uint8_t* out, const __m512i* packed) const {
    constexpr uint32_t kFirst1 = kPlan.out[1].first;
    _mm512_storeu_si512(out, _mm512_permutex2var_epi8(packed[0], final_[0], packed[1]));
    _mm512_storeu_si512(out + 64,
                        _mm512_permutex2var_epi8(packed[kFirst1], final_[1], packed[kFirst1 + 1]));
  }
  // The same with the IDs of the items in errors (bit i: item i) zeroed.
  HWY_INLINE void StoreKeeping(uint8_t* out, const __m512i* packed, uint32_t errors) const {
    constexpr uint32_t kFirst1 = kPlan.out[1].first;
    _mm512_storeu_si512(
        out, _mm512_maskz_permutex2var_epi8(simd_tables::kCrockfordKeepLanes[~errors & 0xF],
                                            packed[0], final_[0], packed[1]));
    _mm512_storeu_si512(out + 64, _mm512_maskz_permutex2var_epi8(
                                      simd_tables::kCrockfordKeepLanes[~errors >> 4 & 0xF],
                                      packed[kFirst1], final_[1], packed[kFirst1 + 1]));
  }

 private:
  __m512i lut_lo_, lut_hi_;
  __m512i relayout_[kVectors], error_bits_[kVectors];
  __m512i final_[2];
};

// Decodes the first count - count % (8 kBlocks) items; returns how many and
// sets *invalid to the number of invalid ones among them. ascii128: value per
// ASCII byte, bit 7 = invalid (128 bytes, 64-byte aligned).
template <const simd_tables::CrockfordDecodeStreamPlan& kPlan, size_t kBlocks>
HWY_INLINE size_t DecodeCrockfordStream(const kernels::DecodeArgs& args, const uint8_t* ascii128,
                                        size_t* invalid) {
  using Blocks = CrockfordStreamBlocks<kPlan>;
  constexpr size_t kVectors = Blocks::kVectors, kLen = Blocks::kLen, kItems = 8 * kBlocks;
  const Blocks blocks(ascii128);
  const size_t n = args.count - args.count % kItems;
  const auto* text = reinterpret_cast<const uint8_t*>(args.text);
  uint8_t* const ids = args.ids;
  uint8_t* const validity = args.validity;
  size_t bad = 0;
  for (size_t base = 0; base < n; base += kItems) {
    __m512i packed[kBlocks][kVectors];
    __m512i suspect = _mm512_setzero_si512(), raw_bits = _mm512_setzero_si512();
#pragma GCC unroll 4
    for (size_t b = 0; b < kBlocks; ++b) {
      blocks.Pack(text + (base + 8 * b) * kLen, packed[b], &suspect, &raw_bits);
    }
    if (HWY_LIKELY(!Blocks::AnyBad(suspect, raw_bits))) {
#pragma GCC unroll 4
      for (size_t b = 0; b < kBlocks; ++b) {
        blocks.Store(ids + 16 * (base + 8 * b), packed[b]);
        validity[base / 8 + b] = 0xFF;
      }
      continue;
    }
    for (size_t b = 0; b < kBlocks; ++b) {  // exact flags, block by block
      const uint32_t errors = blocks.ItemErrors(text + (base + 8 * b) * kLen);
      blocks.StoreKeeping(ids + 16 * (base + 8 * b), packed[b], errors);
      simd_tables::FinishCrockfordBlock(errors, validity + base / 8 + b, &bad);
    }
  }
  *invalid = bad;
  return n;
}

#endif  // SORTID_TARGET_HAS_VBMI

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_DECODE_INL_H_
