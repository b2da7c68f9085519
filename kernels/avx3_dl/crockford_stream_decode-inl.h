// AVX-512 VBMI "stream" decoder for ULID / Record ID text without a prefix,
// plain or with a terminator byte (lines) (targets AVX3_DL and newer, see
// target_guard.h), 8 items per
// block: per vector one unaligned load + one vpermb re-lays S-slot items
// (crockford_stream_decode_plan.h), one vpermi2b translates (128-entry
// table, bit 7 = invalid), and vpmaddubsw + vpmaddwd + shift + bit-select pack
// 40-bit groups; two vpermi2b emit the 8 IDs. Errors are ORed into one
// vector per block (3 ternary ops for a Record ID; 6 ops for a ULID, whose
// first character's value must be at most 7: a saturating add moves that to
// bit 7) and tested once; only a block that holds an invalid item works out
// exact per-item flags (one ternary op + one vptestmq per vector, as the
// previous version did for every block) and zeroes those IDs. Layouts with
// a prefix use crockford_dense-inl.h.
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

#if SORTID_TARGET_HAS_VBMI

// The plan's tables in registers, and the work on one block of 8 items.
template <const simd_tables::CrockfordDecodeStreamPlan& kPlan>
class CrockfordStreamBlocks {
 public:
  static constexpr size_t kVectors = kPlan.vectors, kLen = kPlan.item_len;
  static constexpr bool kFirstChar = kPlan.chars == 26;  // ULID: first character's value <= 7
  static constexpr bool kPairs = kVectors == 4;          // errors ORed per pair of vectors
  static_assert(kPlan.usable && (kVectors == 3 || kVectors == 4));
  static_assert(kPairs || !(kFirstChar || kPlan.terminated));

  // ascii128: value per ASCII byte, bit 7 = invalid (128 bytes, 64-byte
  // aligned); terminator: the byte after each item (used when terminated).
  CrockfordStreamBlocks(const uint8_t* ascii128, uint8_t terminator)
      : lut_lo_(_mm512_load_si512(ascii128)),
        lut_hi_(_mm512_load_si512(ascii128 + 64)),
        terminator_xor_(
            _mm512_maskz_set1_epi8(kPlan.terminator_lanes, static_cast<char>(terminator))),
        terminator_bias_(_mm512_maskz_set1_epi8(kPlan.terminator_lanes, 0x7F)) {
    for (size_t w = 0; w < kVectors; ++w) {
      relayout_[w] = _mm512_load_si512(kPlan.vec[w].relayout);
      error_bits_[w] = _mm512_load_si512(kPlan.vec[w].error_bits);
    }
    final_[0] = _mm512_load_si512(kPlan.out[0].final_bytes);
    final_[1] = _mm512_load_si512(kPlan.out[1].final_bytes);
    first_char_bias_ = _mm512_load_si512(kPlan.first_char_bias);
  }

  // Text slots of vector w of the block at p (pads: the item's first character).
  HWY_INLINE __m512i Raw(const uint8_t* p, size_t w) const {
    return _mm512_permutexvar_epi8(relayout_[w], _mm512_loadu_si512(p + kPlan.vec[w].load_offset));
  }
  // Character values (pads: 0), bit 7 = not in the alphabet.
  HWY_INLINE __m512i Values(__m512i raw, size_t w) const {
    return _mm512_maskz_permutex2var_epi8(kPlan.vec[w].value_lanes, lut_lo_, raw, lut_hi_);
  }

  // Translates and packs the 8 items at p into packed[]; returns a vector
  // with bit 7 set in some byte iff one of them is invalid: a value with bit
  // 7 (not in the alphabet), an input byte >= 0x80, (ULID) a first
  // character above 7, or (terminated) a terminator slot that differs. Three
  // vectors (Record ID): the values and slots ORed (3 ternary ops). Four:
  // values ORed per pair, plus first_char_bias (ULID, saturating), ORed with
  // the slots ORed per pair (6 ops for a ULID); terminated, the pairs of slots
  // are XORed with the terminator first and a saturating add moves a
  // difference there to bit 7 (7 ops for a Record ID, 8 for a ULID).
  HWY_INLINE __m512i Pack(const uint8_t* p, __m512i* packed) const {
    const __m512i weights_5 = _mm512_set1_epi16(0x0120);       // bytes {32, 1}
    const __m512i weights_10 = _mm512_set1_epi32(0x00010400);  // words {1024, 1}
    const __m512i low_20 = _mm512_set1_epi64(0xFFFFF);
    __m512i any_values = _mm512_setzero_si512(), any_raw = _mm512_setzero_si512();
    __m512i values_even = _mm512_setzero_si512(), raw_even = _mm512_setzero_si512();
#pragma GCC unroll 4
    for (size_t w = 0; w < kVectors; ++w) {
      const __m512i raw = Raw(p, w);
      const __m512i values = Values(raw, w);
      if constexpr (kPairs) {  // a | b, then a | b | c per pair of vectors
        if (w % 2 == 0) {
          values_even = values;
          raw_even = raw;
        } else if (w == 1) {
          any_values = _mm512_or_si512(values_even, values);
        } else {
          any_values = _mm512_ternarylogic_epi32(any_values, values_even, values, 0xFE);
        }
        if (w % 2 == 0) {
        } else if constexpr (kPlan.terminated) {  // (a ^ c) | (b ^ c): 0 where both are c
          const __m512i pair = _mm512_ternarylogic_epi32(raw_even, raw, terminator_xor_, 0x7E);
          any_raw = w == 1 ? pair : _mm512_or_si512(any_raw, pair);
        } else {
          any_raw = w == 1 ? _mm512_or_si512(raw_even, raw)
                           : _mm512_ternarylogic_epi32(any_raw, raw_even, raw, 0xFE);
        }
      } else if (w == 0) {
        any_values = _mm512_or_si512(values, raw);
      } else {
        any_values = _mm512_ternarylogic_epi32(any_values, values, raw, 0xFE);
      }
      const __m512i p20 = _mm512_madd_epi16(_mm512_maddubs_epi16(values, weights_5), weights_10);
      // d0 (bits 32-51) << 20 | d1 (bits 0-19): low_20 ? p20 : p20 >> 12.
      packed[w] = _mm512_ternarylogic_epi64(p20, _mm512_srli_epi64(p20, 12), low_20, 0xE4);
    }
    if constexpr (kFirstChar) any_values = _mm512_adds_epu8(any_values, first_char_bias_);
    if constexpr (kPlan.terminated) {  // terminator slots: bit 7 iff not the terminator
      return _mm512_or_si512(any_values, _mm512_adds_epu8(any_raw, terminator_bias_));
    } else if constexpr (kPairs) {
      return _mm512_or_si512(any_values, any_raw);
    } else {
      return any_values;
    }
  }

  // Whether Pack's result shows a bad item.
  static HWY_INLINE bool AnyBad(__m512i suspect) {
    return _mm512_test_epi64_mask(suspect, _mm512_set1_epi8(static_cast<char>(0x80))) != 0;
  }

  // Bit i: item i of the block at p is invalid.
  HWY_INLINE uint32_t ItemErrors(const uint8_t* p) const {
    const __m512i high_bit = _mm512_set1_epi8(static_cast<char>(0x80));
    uint32_t lane_errors = 0;  // bit q: packed qword q (item q / vectors) holds an error
    for (size_t w = 0; w < kVectors; ++w) {
      const __m512i raw = Raw(p, w);
      // values | raw & 0x80, tested with 0x80 (0x98 for a ULID's first
      // character); the terminator slots: raw ^ terminator, tested with 0xFF.
      __m512i flagged = _mm512_ternarylogic_epi32(Values(raw, w), raw, high_bit, 0xF8);
      if constexpr (kPlan.terminated) {
        flagged = _mm512_mask_blend_epi8(kPlan.terminator_lanes, flagged,
                                         _mm512_xor_si512(raw, terminator_xor_));
      }
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
  __m512i final_[2], first_char_bias_;
  __m512i terminator_xor_;   // the terminator in its slots, 0 elsewhere
  __m512i terminator_bias_;  // 0x7F in the terminator slots: bit 7 iff not 0 (saturating)
};

// Decodes the first count - count % 8 items; returns how many and sets
// *invalid to the number of invalid ones among them. ascii128: value per
// ASCII byte, bit 7 = invalid (128 bytes, 64-byte aligned).
template <const simd_tables::CrockfordDecodeStreamPlan& kPlan>
HWY_INLINE size_t DecodeCrockfordStream(const kernels::DecodeArgs& args, const uint8_t* ascii128,
                                        size_t* invalid) {
  using Blocks = CrockfordStreamBlocks<kPlan>;
  const Blocks blocks(ascii128, static_cast<uint8_t>(args.terminator));
  const size_t n = args.count - args.count % 8;
  const auto* text = reinterpret_cast<const uint8_t*>(args.text);
  uint8_t* const ids = args.ids;
  uint8_t* const validity = args.validity;
  size_t bad = 0;
  for (size_t base = 0; base < n; base += 8) {
    const uint8_t* p = text + base * Blocks::kLen;
    __m512i packed[Blocks::kVectors];
    if (HWY_LIKELY(!Blocks::AnyBad(blocks.Pack(p, packed)))) {
      blocks.Store(ids + 16 * base, packed);
      validity[base / 8] = 0xFF;
    } else {  // exact flags
      const uint32_t errors = blocks.ItemErrors(p);
      blocks.StoreKeeping(ids + 16 * base, packed, errors);
      simd_tables::FinishCrockfordBlock(errors, validity + base / 8, &bad);
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
