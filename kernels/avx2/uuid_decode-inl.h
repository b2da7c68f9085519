// AVX2 UUID decoder (target AVX2; kernels/avx3/uuid_decode-inl.h widens it
// to 4 items per 512-bit step for AVX3 without VBMI): 2 items per step,
// each item's 32 hex digits in one 256-bit vector (lane 0: digits 0-15,
// lane 1: digits 16-31). The 36-character form takes two 32-byte loads per
// item, characters [0, 32) and [4, 36), and one vpshufb each to gather the
// digits (the 32-character form is one load, already in order); hyphens are
// compared in place in the first load. The caller's nibble translation
// (kernels/hex_uuid-inl.h) gives values and error bytes, vpmaddubsw and
// vpackuswb join the digit pairs of both items and one vpermq puts each ID's
// 16 bytes together. No inserts: the block kernel (one ID per 128-bit block)
// needs three 16-byte loads and 1.5 vinserti128 per item.
// References: W. Mula and D. Lemire, "Faster Base64 Encoding and Decoding
// Using AVX2 Instructions", ACM TOW 2018 (nibble-pair joining); simdutf's
// src/haswell/ (one folder per x86 target).
//
// Toggle include guard: included once per target by kernels/hex_uuid-inl.h.
#if defined(SORTID_KERNELS_AVX2_UUID_DECODE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_AVX2_UUID_DECODE_INL_H_
#undef SORTID_KERNELS_AVX2_UUID_DECODE_INL_H_
#else
#define SORTID_KERNELS_AVX2_UUID_DECODE_INL_H_
#endif

#include <array>
#include <cstring>

#include "hwy/highway.h"
#include "kernels/simd_common-inl.h"
#include "lib/limits.h"

// The tables serve AVX2 and AVX3 (kernels/avx3/uuid_decode-inl.h); the pair
// step is AVX2's (on AVX3 the 512-bit block kernel beats it: 500 against
// 750 M IDs/s).
#define SORTID_TARGET_UUID_AVX2_TABLES \
  (HWY_ARCH_X86 && (HWY_TARGET == HWY_AVX2 || HWY_TARGET == HWY_AVX3))
#define SORTID_TARGET_UUID_AVX2_PAIRS (HWY_ARCH_X86 && HWY_TARGET == HWY_AVX2)

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if SORTID_TARGET_UUID_AVX2_TABLES

// vpshufb indices for the 36-character form: digit d of lane L (d = 16L + j)
// from load 0 (characters [0, 32), lane L = characters [16L, 16L + 16)) or
// load 1 (characters [4, 36), lane L = [4 + 16L, 20 + 16L)); 0x80 = zero.
// hyphen_lanes: 0xFF where load 0 holds a hyphen.
struct UuidPairTables {
  std::array<uint8_t, 32> from_load0{}, from_load1{}, hyphen_lanes{};
};
constexpr UuidPairTables MakeUuidPairTables() {
  UuidPairTables t{};
  for (size_t d = 0; d < 32; ++d) {
    const size_t lane = d / 16, pos = internal::UuidCharOfDigit(d);
    const bool in_load0 = pos >= 16 * lane && pos < 16 * lane + 16;
    t.from_load0[d] = static_cast<uint8_t>(in_load0 ? pos - 16 * lane : 0x80);
    t.from_load1[d] = static_cast<uint8_t>(in_load0 ? 0x80 : pos - 4 - 16 * lane);
  }
  for (int h : internal::kUuidHyphens) t.hyphen_lanes[static_cast<size_t>(h)] = 0xFF;
  return t;
}
inline constexpr UuidPairTables kUuidPairTables = MakeUuidPairTables();
static_assert(kUuidPairTables.from_load1[15] == 13 && kUuidPairTables.from_load1[31] == 15);
#endif  // SORTID_TARGET_UUID_AVX2_TABLES

#if SORTID_TARGET_UUID_AVX2_PAIRS

// One item's 32 translated digits (lane 0: digits 0-15) and error bytes.
struct UuidItemAvx2 {
  __m256i digits, errors;
};

template <bool kHyphens, class Translate>
HWY_INLINE UuidItemAvx2 TranslateUuidItemAvx2(const uint8_t* item, const Translate& translate) {
  const hn::Full256<uint8_t> d;
  const __m256i load0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(item));
  hn::Vec<decltype(d)> chars, errors = hn::Zero(d);
  if constexpr (kHyphens) {
    const __m256i load1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(item + 4));
    const auto table = [](const std::array<uint8_t, 32>& t) {
      return _mm256_load_si256(reinterpret_cast<const __m256i*>(t.data()));
    };
    chars.raw = _mm256_or_si256(_mm256_shuffle_epi8(load0, table(kUuidPairTables.from_load0)),
                                _mm256_shuffle_epi8(load1, table(kUuidPairTables.from_load1)));
    errors.raw = _mm256_and_si256(_mm256_xor_si256(load0, _mm256_set1_epi8('-')),
                                  table(kUuidPairTables.hyphen_lanes));
  } else {
    chars.raw = load0;
  }
  const auto values = translate(d, chars, &errors);
  return {values.raw, errors.raw};
}

// Decodes the items at `first` and first + stride (pointing at their first
// hex character) into out (32 bytes); returns their error bits.
// layout_errors: 128-bit lane k non-zero when item k's prefix or terminator
// is wrong. translate(d, chars, &error) maps hex characters to 0-15 and ors
// non-zero bytes into error for anything else.
template <bool kHyphens, class Translate>
HWY_INLINE uint32_t DecodeUuidPairAvx2(const uint8_t* first, size_t stride, __m256i layout_errors,
                                       uint8_t* out, const Translate& translate) {
  const UuidItemAvx2 a = TranslateUuidItemAvx2<kHyphens>(first, translate);
  const UuidItemAvx2 b = TranslateUuidItemAvx2<kHyphens>(first + stride, translate);
  const __m256i k16 = _mm256_set1_epi16(0x0110);  // bytes {16, 1}: high, low digit
  // Lane 0: bytes 0-7 of both IDs, lane 1: bytes 8-15; vpermq orders them by ID.
  const __m256i packed =
      _mm256_packus_epi16(_mm256_maddubs_epi16(a.digits, k16), _mm256_maddubs_epi16(b.digits, k16));
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), _mm256_permute4x64_epi64(packed, 0xD8));
  const __m256i any = _mm256_or_si256(_mm256_or_si256(a.errors, b.errors), layout_errors);
  if (HWY_LIKELY(_mm256_testz_si256(any, any))) return 0;
  const __m128i layout_a = _mm256_castsi256_si128(layout_errors);
  const __m128i layout_b = _mm256_extracti128_si256(layout_errors, 1);
  const uint32_t bits = static_cast<uint32_t>(!_mm256_testz_si256(a.errors, a.errors) ||
                                              !_mm_testz_si128(layout_a, layout_a)) |
                        static_cast<uint32_t>(!_mm256_testz_si256(b.errors, b.errors) ||
                                              !_mm_testz_si128(layout_b, layout_b))
                            << 1;
  for (size_t k = 0; k < 2; ++k) {
    if ((bits >> k) & 1) std::memset(out + 16 * k, 0, 16);
  }
  return bits;
}

#endif  // SORTID_TARGET_UUID_AVX2_PAIRS

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_AVX2_UUID_DECODE_INL_H_
