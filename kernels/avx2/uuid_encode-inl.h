// AVX2 UUID encoder (target AVX2): 2 items per step, each written with one
// 32-byte store of its characters [0, 32) and one 16-byte store of its last
// 16 characters, the terminator included when it follows the ID. The block
// kernel's three 16-byte stores and a byte store per item are what bound it
// on AMD Zen 3, where stores that are not 4-byte aligned (a 37-byte line
// stride) are slow; two stores per item are not (docs/performance.md, "Why
// the kernels look as they do").
//
// Each 256-bit vector is built in place, no lane crossing: one vpshufb picks,
// for every output character, the ID byte holding its digit (from the ID
// broadcast to both lanes, or from a load of two IDs for the tail windows),
// a vpblendvb takes the high or the low nibble, a 16-entry lookup gives the
// ASCII digit, and an XOR turns the '0' at a hyphen or terminator position
// into that byte.

// Toggle include guard: included once per target by kernels/hex_uuid-inl.h.
#if defined(SORTID_KERNELS_AVX2_UUID_ENCODE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_AVX2_UUID_ENCODE_INL_H_
#undef SORTID_KERNELS_AVX2_UUID_ENCODE_INL_H_
#else
#define SORTID_KERNELS_AVX2_UUID_ENCODE_INL_H_
#endif

#include <array>
#include <cstddef>
#include <cstdint>

#include "hwy/highway.h"
#include "kernels/format_facts.h"
#include "kernels/target_guard.h"

// AVX2 only: AVX3 keeps its 4-items-per-vector block kernel, and AVX3_DL
// its dense encoder.
#define SORTID_TARGET_UUID_AVX2_ENCODE_PAIRS \
  (SORTID_X86_AT_LEAST(AVX2) && !SORTID_X86_AT_LEAST(AVX3))

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if SORTID_TARGET_UUID_AVX2_ENCODE_PAIRS

// Per output character of a 32-byte vector: the ID byte of its digit
// (0x80: none, a hyphen or the terminator), 0xFF when the digit is that
// byte's high nibble, the nibble mask (0x0F; 0 where there is no digit, so
// that the lookup gives '0' there), and the byte XORed into that '0' ('-' ^
// '0'; the terminator's is added per call). The mask is a table, not a
// constant: GCC would build a uniform one from a general register.
struct UuidEncodeVector {
  alignas(32) std::array<uint8_t, 32> source{}, high{}, mask{}, fixup{};
};

// The character at position c of the form (36 with hyphens, 32 bare):
// digit index, or -1 for a hyphen, or -2 past the ID (the terminator).
constexpr int UuidEncodeDigitAt(bool hyphens, size_t c) {
  const size_t length = hyphens ? 36 : 32;
  if (c >= length) return -2;
  if (hyphens && internal::IsUuidHyphen(c)) return -1;
  return static_cast<int>(hyphens ? internal::UuidDigitOfChar(c) : c);
}

constexpr void SetUuidEncodeChar(UuidEncodeVector* v, size_t j, int digit) {
  if (digit < 0) {
    v->source[j] = 0x80;
    v->fixup[j] = static_cast<uint8_t>(digit == -1 ? '-' ^ '0' : 0);
    return;
  }
  v->source[j] = static_cast<uint8_t>(digit / 2);
  v->mask[j] = 0x0F;
  v->high[j] = digit % 2 == 0 ? 0xFF : 0x00;
}

// Characters [0, 32) of one item, lane L = [16L, 16L + 16), from the ID in
// both lanes.
constexpr UuidEncodeVector MakeUuidHeadVector(bool hyphens) {
  UuidEncodeVector v{};
  for (size_t j = 0; j < 32; ++j) SetUuidEncodeChar(&v, j, UuidEncodeDigitAt(hyphens, j));
  return v;
}

// Characters [first, first + 16) of two items, lane k = item k, from the
// two IDs as loaded.
constexpr UuidEncodeVector MakeUuidTailVector(bool hyphens, size_t first) {
  UuidEncodeVector v{};
  for (size_t j = 0; j < 32; ++j)
    SetUuidEncodeChar(&v, j, UuidEncodeDigitAt(hyphens, first + j % 16));
  return v;
}

// The tail window of the form: its last 16 characters and the terminator
// ([21, 37) / [17, 33)) or, with no terminator, [20, 36) (the bare form
// needs none: the head vector holds all 32 digits).
template <bool kHyphens, bool kTerminator>
inline constexpr size_t kUuidTailFirst = (kHyphens ? 36 : 32) - 16 + (kTerminator ? 1 : 0);

template <bool kHyphens>
inline constexpr UuidEncodeVector kUuidHeadVector = MakeUuidHeadVector(kHyphens);
template <bool kHyphens, bool kTerminator>
inline constexpr UuidEncodeVector kUuidTailVector =
    MakeUuidTailVector(kHyphens, kUuidTailFirst<kHyphens, kTerminator>);

static_assert(kUuidHeadVector<true>.source[8] == 0x80 && kUuidHeadVector<true>.source[9] == 4 &&
              kUuidHeadVector<true>.high[9] == 0xFF && kUuidHeadVector<true>.source[31] == 13);
static_assert(kUuidTailVector<true, true>.source[15] == 0x80 &&
              kUuidTailVector<true, true>.source[14] == 15 &&
              kUuidTailVector<true, true>.fixup[2] == ('-' ^ '0'));

// The loaded tables and per-call constants of one call.
struct UuidEncodeConstants {
  __m256i digits;  // the 16 ASCII digits in both lanes
  __m256i head_source, head_high, head_mask, head_fixup;
  __m256i tail_source, tail_high, tail_mask, tail_fixup;
};

template <bool kHyphens, bool kTerminator>
HWY_INLINE UuidEncodeConstants UuidEncodeConstantsOf(const uint8_t* hex_digits, int terminator) {
  const auto load = [](const std::array<uint8_t, 32>& a) {
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(a.data()));
  };
  constexpr const UuidEncodeVector& head = kUuidHeadVector<kHyphens>;
  constexpr const UuidEncodeVector& tail = kUuidTailVector<kHyphens, kTerminator>;
  UuidEncodeConstants k;
  k.digits =
      _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(hex_digits)));
  k.head_source = load(head.source);
  k.head_high = load(head.high);
  k.head_mask = load(head.mask);
  k.head_fixup = load(head.fixup);
  k.tail_source = load(tail.source);
  k.tail_high = load(tail.high);
  k.tail_mask = load(tail.mask);
  k.tail_fixup = load(tail.fixup);
  if constexpr (kTerminator) {
    // Byte 15 of each lane: the terminator, where the table lookup gave '0'
    // (hex digit 0 is '0' in either case).
    const __m256i last = _mm256_set_epi64x(int64_t{-1} << 56, 0, int64_t{-1} << 56, 0);
    const __m256i byte = _mm256_set1_epi8(static_cast<char>(terminator ^ '0'));
    k.tail_fixup = _mm256_or_si256(k.tail_fixup, _mm256_and_si256(byte, last));
  }
  return k;
}

// The characters for `ids` (IDs in the lanes) under one vector's tables.
HWY_INLINE __m256i UuidEncodeChars(__m256i digits, __m256i ids, __m256i source, __m256i high,
                                   __m256i mask, __m256i fixup) {
  const __m256i bytes = _mm256_shuffle_epi8(ids, source);
  const __m256i nibbles =
      _mm256_and_si256(_mm256_blendv_epi8(bytes, _mm256_srli_epi16(bytes, 4), high), mask);
  return _mm256_xor_si256(_mm256_shuffle_epi8(digits, nibbles), fixup);
}
// The same in 128 bits (the per-item codec's tail window).
HWY_INLINE __m128i UuidEncodeChars(__m128i digits, __m128i ids, __m128i source, __m128i high,
                                   __m128i mask, __m128i fixup) {
  const __m128i bytes = _mm_shuffle_epi8(ids, source);
  const __m128i nibbles =
      _mm_and_si128(_mm_blendv_epi8(bytes, _mm_srli_epi16(bytes, 4), high), mask);
  return _mm_xor_si128(_mm_shuffle_epi8(digits, nibbles), fixup);
}

// Encodes the items at ids (32 bytes) into text and text + stride (each
// pointing at the item's first ID character; the prefix is the caller's).
template <bool kHyphens, bool kTerminator>
HWY_INLINE void EncodeUuidPairAvx2(const UuidEncodeConstants& k, const uint8_t* ids, uint8_t* text,
                                   size_t stride) {
  const auto* id = reinterpret_cast<const __m128i*>(ids);
  const __m256i a = _mm256_broadcastsi128_si256(_mm_loadu_si128(id));
  const __m256i b = _mm256_broadcastsi128_si256(_mm_loadu_si128(id + 1));
  _mm256_storeu_si256(
      reinterpret_cast<__m256i*>(text),
      UuidEncodeChars(k.digits, a, k.head_source, k.head_high, k.head_mask, k.head_fixup));
  _mm256_storeu_si256(
      reinterpret_cast<__m256i*>(text + stride),
      UuidEncodeChars(k.digits, b, k.head_source, k.head_high, k.head_mask, k.head_fixup));
  if constexpr (kHyphens || kTerminator) {
    constexpr size_t kFirst = kUuidTailFirst<kHyphens, kTerminator>;
    const __m256i both = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ids));
    const __m256i tail =
        UuidEncodeChars(k.digits, both, k.tail_source, k.tail_high, k.tail_mask, k.tail_fixup);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(text + kFirst), _mm256_castsi256_si128(tail));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(text + stride + kFirst),
                     _mm256_extracti128_si256(tail, 1));
  }
}

// The 16 ASCII digits in both lanes, upper case [0] and lower case [1].
struct UuidItemConstants {
  alignas(32) std::array<uint8_t, 32> digits[2];
};
constexpr UuidItemConstants MakeUuidItemConstants() {
  UuidItemConstants t{};
  for (size_t j = 0; j < 32; ++j) {
    t.digits[0][j] = static_cast<uint8_t>("0123456789ABCDEF"[j % 16]);
    t.digits[1][j] = static_cast<uint8_t>("0123456789abcdef"[j % 16]);
  }
  return t;
}
inline constexpr UuidItemConstants kUuidItemConstants = MakeUuidItemConstants();

// One item, 36 characters at out: the head vector's 32 and [20, 36) from
// the same tables in 128 bits, two stores (the per-item codec).
HWY_INLINE void EncodeUuidItemAvx2(const uint8_t* id, bool lower, uint8_t* out) {
  const auto load32 = [](const std::array<uint8_t, 32>& a) {
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(a.data()));
  };
  const auto load16 = [](const std::array<uint8_t, 32>& a) {
    return _mm_load_si128(reinterpret_cast<const __m128i*>(a.data()));
  };
  constexpr const UuidEncodeVector& head = kUuidHeadVector<true>;
  constexpr const UuidEncodeVector& tail = kUuidTailVector<true, false>;
  const UuidItemConstants& k = kUuidItemConstants;
  // vbroadcasti128 from memory: a load, no lane-crossing shuffle.
  const __m256i both =
      _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(id)));
  const __m256i digits = load32(k.digits[lower ? 1 : 0]);
  const __m256i head_chars = UuidEncodeChars(digits, both, load32(head.source), load32(head.high),
                                             load32(head.mask), load32(head.fixup));
  const __m128i tail_chars = UuidEncodeChars(
      _mm256_castsi256_si128(digits), _mm256_castsi256_si128(both), load16(tail.source),
      load16(tail.high), load16(tail.mask), load16(tail.fixup));
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), head_chars);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 20), tail_chars);
}

#endif  // SORTID_TARGET_UUID_AVX2_ENCODE_PAIRS

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_AVX2_UUID_ENCODE_INL_H_
