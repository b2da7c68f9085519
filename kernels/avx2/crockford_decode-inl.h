// AVX2 ULID decoder for plain 26-byte items and for lines (27 bytes, a
// terminator after each ID): each item from one 32-byte load
// that starts 6 bytes before it, so its 128-bit lanes are exactly the A and
// B blocks of the portable decoder (kernels/base32_common-inl.h) and no slot
// shuffle is needed. Two items go out as one 32-byte store: their lanes are
// exchanged (two vperm2i128) and ORed, which costs less than a 16-byte store
// at the 6-byte offset inside an ID (not 4-byte aligned: slow on AMD Zen 3;
// docs/performance.md). Invariant: the 6 borrowed bytes are the previous
// item's characters, valid when it is, and never reach the bytes kept; errors
// (bytes with bit 7 set) are tested once per 8 items, with exact per-item
// flags only for a step holding an invalid item. The AVX3 form of the same
// layout is kernels/avx3/crockford_decode-inl.h.

// Toggle include guard: included once per target by kernels/base32_common-inl.h.
#if defined(SORTID_KERNELS_AVX2_CROCKFORD_DECODE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_AVX2_CROCKFORD_DECODE_INL_H_
#undef SORTID_KERNELS_AVX2_CROCKFORD_DECODE_INL_H_
#else
#define SORTID_KERNELS_AVX2_CROCKFORD_DECODE_INL_H_
#endif

#include <array>
#include <cstring>

#include "hwy/highway.h"
#include "kernels/simd_common-inl.h"
#include "kernels/simd_tables.h"
#include "kernels/target_guard.h"

#define SORTID_TARGET_ULID_AVX2_BORROWED (SORTID_X86_AT_LEAST(AVX2) && !SORTID_X86_AT_LEAST(AVX3))

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if SORTID_TARGET_ULID_AVX2_BORROWED

// Decodes ULIDs [begin, end) in steps of 8; begin >= 1 (the first load reads
// the 6 bytes before item begin). Returns where it stopped. kStride 26: plain
// items; 27: lines, each ID followed by the byte `terminator`. The borrowed
// bytes of a line end with the previous item's terminator, so the step's error
// test covers the own bytes only, and the terminators are checked apart
// (below). translate(chars): values, bit 7 set for characters outside the
// alphabet inside 0x30-0x7F; pack(values): 40-bit groups per u64 lane
// (Pack40); final: the output byte shuffle, bytes 0-5 of the ID from the low
// lane and bytes 6-15 from the high, each lane zero elsewhere.
template <size_t kStride, class Translate, class Pack>
HWY_INLINE size_t DecodeUlidBorrowedAvx2(const uint8_t* text, uint8_t* ids, size_t begin,
                                         size_t end, __m256i final, int terminator,
                                         const Translate& translate, const Pack& pack,
                                         ValidityWriter* validity) {
  static_assert(kStride == 26 || kStride == 27);
  constexpr bool kLines = kStride == 27;
  constexpr size_t kStep = 8;
  static_assert(kStep % 2 == 0);  // stored in pairs
  constexpr size_t kChars = 26;   // the terminator's offset in a line
  const auto term = static_cast<uint8_t>(terminator);
  // The borrowed bytes are 0-5 of the low lane, the first character byte 6.
  static constexpr auto kOwn = simd_tables::UlidOwnBytes<32, 32>();
  static constexpr auto kBias = simd_tables::UlidFirstCharBias<32, 32>();
  const __m256i k30 = _mm256_set1_epi8(0x30);
  const auto bias = [] HWY_ATTR {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kBias.data()));
  };
  const auto load = [](const uint8_t* item) HWY_ATTR __attribute__((always_inline)) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(item - simd_tables::kUlidBorrowed));
  };
  size_t i = begin;
  for (; i + kStep <= end; i += kStep) {
    const uint8_t* item = text + i * kStride;
    // Any value with bit 7 set or a first character above 7 (the OR of the
    // values keeps both), any byte outside 0x30-0x7F (signed min, then a
    // saturating subtract). The borrowed bytes are the previous item's own
    // characters: valid when it is.
    __m256i any = _mm256_setzero_si256(), lowest = _mm256_set1_epi8(0x7F);
    const auto decode = [&](const uint8_t* at) HWY_ATTR __attribute__((always_inline)) {
      const __m256i chars = load(at);
      lowest = _mm256_min_epi8(lowest, chars);
      const __m256i values = translate(chars);
      any = _mm256_or_si256(any, values);
      // In a register item by item: left to itself, GCC moves the ORs to
      // the end of the step and spills the values it holds until then.
      asm("" : "+x"(any));
      return _mm256_shuffle_epi8(pack(values), final);
    };
    for (size_t k = 0; k < kStep; k += 2) {
      const __m256i first = decode(item + k * kStride);
      const __m256i second = decode(item + (k + 1) * kStride);
      // [first.low, second.high] | [first.high, second.low]: one lane
      // crossing per pair.
      const __m256i in_place = _mm256_blend_epi32(first, second, 0xF0);
      const __m256i crossed = _mm256_permute2x128_si256(first, second, 0x21);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(ids + 16 * (i + k)),
                          _mm256_or_si256(in_place, crossed));
    }
    __m256i error = _mm256_or_si256(_mm256_adds_epu8(any, bias()), _mm256_subs_epi8(lowest, k30));
    uint32_t wrong_terminators = 0;
    if constexpr (kLines) {
      error = _mm256_and_si256(error,
                               _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kOwn.data())));
      // The terminators by scalar loads and XORs: the general-purpose
      // pipes are idle here, and a vector compare per item would queue on
      // the vector pipes that bound the loop (the borrowed byte 5 of each
      // load, the terminator before its item, is masked out above).
      for (size_t k = 0; k < kStep; ++k) {
        wrong_terminators |= static_cast<uint32_t>(item[k * kStride + kChars] ^ term);
      }
    }
    uint32_t step_errors = 0;
    if (HWY_UNLIKELY((_mm256_movemask_epi8(error) | wrong_terminators) != 0)) {
      // Rare: the step is loaded and translated again, per item, without the
      // borrowed bytes.
      const __m256i own = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kOwn.data()));
      for (size_t k = 0; k < kStep; ++k) {
        const __m256i chars = load(item + k * kStride);
        const __m256i e =
            _mm256_and_si256(_mm256_or_si256(_mm256_adds_epu8(translate(chars), bias()),
                                             _mm256_subs_epi8(chars, k30)),
                             own);
        const bool wrong_terminator = kLines && item[k * kStride + kChars] != term;
        if (_mm256_movemask_epi8(e) == 0 && !wrong_terminator) continue;
        step_errors |= 1u << k;
        std::memset(ids + 16 * (i + k), 0, 16);
      }
    }
    validity->Append(step_errors, kStep);
  }
  return i;
}

#endif  // SORTID_TARGET_ULID_AVX2_BORROWED

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_AVX2_CROCKFORD_DECODE_INL_H_
