// AVX-512 VBMI "stream" decoder for ULID / Record ID text without a prefix,
// plain or one item per line (AVX3_DL and newer, see target_guard.h), 8 items
// per block: per vector one unaligned load and one vpermb re-lay the items
// (crockford_stream_decode_plan.h), one vpermi2b translates, vpmaddubsw +
// vpmaddwd pack 40-bit groups, and two vpermi2b + an OR emit 4 IDs. Layouts
// with a prefix use crockford_dense-inl.h. Invariant: errors are ORed into one
// vector per block and tested once; only a block that holds an invalid item
// works out exact per-item flags and zeroes those IDs.
// References: W. Mula and D. Lemire, "Faster Base64 Encoding and Decoding
// Using AVX-512 Instructions", ACM TOPS 2020; simdutf's src/icelake/.

// Toggle include guard: included once per target by kernels/base32_common-inl.h.
#if defined(SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_DECODE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_DECODE_INL_H_
#undef SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_DECODE_INL_H_
#else
#define SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_DECODE_INL_H_
#endif

#include "hwy/highway.h"
#include "kernels/avx3_dl/crockford_stream_decode_plan.h"
#include "kernels/target_guard.h"
#include "kernels/kernel_api.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if SORTID_X86_AT_LEAST(AVX3_DL)

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
        error_bits_(_mm512_load_si512(kPlan.error_bits)),
        raw_bits_(_mm512_load_si512(kPlan.raw_bits)) {
    for (size_t w = 0; w < kVectors; ++w) relayout_[w] = _mm512_load_si512(kPlan.vec[w].relayout);
    for (size_t o = 0; o < 2; ++o) {
      final_[o] = _mm512_load_si512(kPlan.out[o].final_bytes);
      nibble_[o] = _mm512_load_si512(kPlan.out[o].nibble_bytes);
    }
  }

  // Text slots of vector w of the block at p (pads: the item's first character).
  HWY_INLINE __m512i Raw(const uint8_t* p, size_t w) const {
    return _mm512_permutexvar_epi8(relayout_[w], _mm512_loadu_si512(p + kPlan.vec[w].load_offset));
  }
  // Character values (pads: 0), bit 7 = not in the alphabet.
  HWY_INLINE __m512i Values(__m512i raw, size_t w) const {
    return _mm512_maskz_permutex2var_epi8(kPlan.vec[w].value_lanes, lut_lo_, raw, lut_hi_);
  }

  // The 40-bit groups of one vector of values: per qword d1 (bits 0-19)
  // and d0 << 4 (bits 36-55) from vpmaddubsw + vpmaddwd; the last step's
  // two vpermi2b and an OR join the group's byte 2 from packed bytes 2 and
  // 4 (see crockford_stream_decode_plan.h). No shift or bit-select: those
  // took one of the shuffle / multiply / shift pipes and one logic op per
  // vector, the second vpermi2b takes one per output vector.
  static HWY_INLINE __m512i PackGroups(__m512i values) {
    // Bytes {32, 1}; words {1024, 1} in the low dword, {16384, 16} in the high.
    return _mm512_madd_epi16(_mm512_maddubs_epi16(values, _mm512_set1_epi16(0x0120)),
                             _mm512_set1_epi64(0x0010400000010400));
  }

  // Translates and packs the 8 items at p into packed[]; returns a vector
  // that has a bit of error_bits_ set iff one of them is invalid: bit 7 of
  // a value (not in the alphabet) or of an input byte, (ULID) bit 3 or 4 of
  // a first character's value (above 7), or (terminated) any bit of a
  // terminator slot XOR the terminator. Three vectors (Record ID): values
  // and slots ORed (3 ternary ops). Four: the values ORed (2 ops, the
  // second also takes the slots' part), the slots ORed and masked with
  // raw_bits_ (2 ops; terminated: the pairs XORed with the terminator first,
  // 3 ops), so that a slot's bits 3 and 4 never reach a first character's
  // lanes: 4 ops for a ULID, 5 for lines, and no saturating add (one of
  // the ops that share the shuffle/multiply pipes on Zen 5).
  HWY_INLINE __m512i Pack(const uint8_t* p, __m512i* packed) const {
    __m512i raw[kVectors], values[kVectors];
#pragma GCC unroll 4
    for (size_t w = 0; w < kVectors; ++w) {
      raw[w] = Raw(p, w);
      values[w] = Values(raw[w], w);
      packed[w] = PackGroups(values[w]);
    }
    if constexpr (!kPairs) {  // a | b, then a | b | c
      const __m512i any = _mm512_or_si512(values[0], raw[0]);
      return _mm512_ternarylogic_epi32(_mm512_ternarylogic_epi32(any, values[1], raw[1], 0xFE),
                                       values[2], raw[2], 0xFE);
    } else {
      __m512i any_raw;
      if constexpr (kPlan.terminated) {  // (a ^ c) | (b ^ c): 0 where both are c
        const __m512i pair01 = _mm512_ternarylogic_epi32(raw[0], raw[1], terminator_xor_, 0x7E);
        const __m512i pair23 = _mm512_ternarylogic_epi32(raw[2], raw[3], terminator_xor_, 0x7E);
        any_raw = _mm512_ternarylogic_epi32(pair01, pair23, raw_bits_, 0xA8);  // (a | b) & c
      } else {
        const __m512i raw012 = _mm512_ternarylogic_epi32(raw[0], raw[1], raw[2], 0xFE);
        any_raw = _mm512_ternarylogic_epi32(raw012, raw[3], raw_bits_, 0xA8);
      }
      const __m512i values012 = _mm512_ternarylogic_epi32(values[0], values[1], values[2], 0xFE);
      return _mm512_ternarylogic_epi32(values012, values[3], any_raw, 0xFE);
    }
  }

  // Whether Pack's result shows a bad item.
  HWY_INLINE bool AnyBad(__m512i suspect) const {
    return _mm512_test_epi64_mask(suspect, error_bits_) != 0;
  }

  // Bit i: item i of the block at p is invalid (one ternary op + one vptestmq
  // per vector; run only for a block Pack flagged).
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
      lane_errors |= static_cast<uint32_t>(_mm512_test_epi64_mask(flagged, error_bits_)) << (8 * w);
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
    _mm512_storeu_si512(out, Output(0, packed, ~uint64_t{0}));
    _mm512_storeu_si512(out + 64, Output(1, packed, ~uint64_t{0}));
  }
  // The same with the IDs of the items in errors (bit i: item i) zeroed.
  HWY_INLINE void StoreKeeping(uint8_t* out, const __m512i* packed, uint32_t errors) const {
    _mm512_storeu_si512(out, Output(0, packed, simd_tables::kCrockfordKeepLanes[~errors & 0xF]));
    _mm512_storeu_si512(out + 64,
                        Output(1, packed, simd_tables::kCrockfordKeepLanes[~errors >> 4 & 0xF]));
  }

 private:
  __m512i lut_lo_, lut_hi_;
  __m512i relayout_[kVectors];
  // Output vector o (4 IDs) from packed[], lanes outside keep zeroed.
  HWY_INLINE __m512i Output(size_t o, const __m512i* packed, uint64_t keep) const {
    const uint32_t first = kPlan.out[o].first;
    const __m512i bytes =
        keep == ~uint64_t{0}
            ? _mm512_permutex2var_epi8(packed[first], final_[o], packed[first + 1])
            : _mm512_maskz_permutex2var_epi8(keep, packed[first], final_[o], packed[first + 1]);
    return _mm512_or_si512(
        bytes, _mm512_maskz_permutex2var_epi8(kPlan.out[o].nibble_lanes & keep, packed[first],
                                              nibble_[o], packed[first + 1]));
  }

  __m512i final_[2], nibble_[2];
  __m512i terminator_xor_;  // the terminator in its slots, 0 elsewhere
  __m512i error_bits_;      // kPlan.error_bits
  __m512i raw_bits_;        // kPlan.raw_bits
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
    if (HWY_LIKELY(!blocks.AnyBad(blocks.Pack(p, packed)))) {
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

#endif  // SORTID_X86_AT_LEAST(AVX3_DL)

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_DECODE_INL_H_
