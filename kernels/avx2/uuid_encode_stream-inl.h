// AVX2 UUID encoder for layouts without a prefix whose items lie back to
// back (stride = text length, plus one with a terminator): the output of a
// run of IDs is one contiguous stream of 16-character chunks, and each chunk
// takes its digits from one 16-byte window of the input IDs (a chunk never
// needs more than 8 ID bytes, at most two IDs' worth, and the IDs are
// contiguous too). Per 32-byte vector: two window loads, one vpshufb that
// picks each character's ID byte, a vpblendvb between the byte and the byte
// shifted right by 4 (high or low nibble), a 16-entry lookup to ASCII and an
// XOR that turns the '0' at a hyphen or terminator into that byte; then one
// aligned 32-byte store. The pairs encoder of kernels/avx2/uuid_encode-inl.h
// stores 32 + 16 bytes per item at a stride that is not a multiple of 4
// (37 for lines), which is what bound it on AMD Zen 3; this stores 32 bytes
// per 32 bytes of output. The tables are computed here, none typed in.

// Toggle include guard: included once per target by kernels/hex_uuid-inl.h.
#if defined(SORTID_KERNELS_AVX2_UUID_ENCODE_STREAM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_AVX2_UUID_ENCODE_STREAM_INL_H_
#undef SORTID_KERNELS_AVX2_UUID_ENCODE_STREAM_INL_H_
#else
#define SORTID_KERNELS_AVX2_UUID_ENCODE_STREAM_INL_H_
#endif

#include <array>
#include <cstddef>
#include <cstdint>

#include "hwy/highway.h"
#include "kernels/avx2/uuid_encode-inl.h"
#include "kernels/target_guard.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if SORTID_TARGET_UUID_AVX2_ENCODE_PAIRS

// A group is the fewest items whose text is a whole number of 32-byte
// vectors: 8 items at stride 36, 32 at 37 (and 33), 1 at 32.
template <bool kHyphens, bool kTerminator>
struct UuidStreamTables {
  static constexpr size_t kStride = (kHyphens ? 36 : 32) + (kTerminator ? 1 : 0);
  static constexpr size_t kGroupItems = kStride % 32 == 0   ? 1
                                        : kStride % 16 == 0 ? 2
                                        : kStride % 8 == 0  ? 4
                                        : kStride % 4 == 0  ? 8
                                                            : 32;
  static constexpr size_t kVectors = kGroupItems * kStride / 32;
  static_assert(kGroupItems * kStride % 32 == 0);
  // Per 16-byte chunk: where its window starts in the group's IDs.
  std::array<uint16_t, 2 * kVectors> window{};
  // Per output byte: the window byte holding its digit (0x80: none), with
  // bit 6 set when the digit is that byte's high nibble (vpshufb reads bits
  // 0-3 and 7 only; source + source moves bit 6 to the blend's bit 7);
  // '-' ^ '0' at a hyphen, and 0xFF at a terminator (whose byte the call
  // supplies).
  alignas(32) std::array<uint8_t, 32 * kVectors> source{}, hyphens{}, terminators{};
  bool fits = true;  // every chunk's bytes lie in its window, inside the group
};

template <bool kHyphens, bool kTerminator>
constexpr UuidStreamTables<kHyphens, kTerminator> MakeUuidStreamTables() {
  using T = UuidStreamTables<kHyphens, kTerminator>;
  T t;
  constexpr size_t kGroupBytes = 16 * T::kGroupItems;
  const auto digit_at = [](size_t p) { return UuidEncodeDigitAt(kHyphens, p % T::kStride); };
  // The group's ID byte holding the digit of output byte p (a digit there).
  const auto byte_at = [&](size_t p) {
    return 16 * (p / T::kStride) + static_cast<size_t>(digit_at(p)) / 2;
  };
  for (size_t c = 0; c < 2 * T::kVectors; ++c) {
    // The chunk's ID bytes (its first one: where the window starts).
    size_t first = kGroupBytes, last = 0;
    for (size_t j = 0; j < 16; ++j) {
      const size_t p = 16 * c + j;
      if (digit_at(p) < 0) continue;
      const size_t byte = byte_at(p);
      first = byte < first ? byte : first;
      last = byte > last ? byte : last;
    }
    const size_t window = first + 16 <= kGroupBytes ? first : kGroupBytes - 16;
    if (first == kGroupBytes || last >= window + 16) t.fits = false;
    t.window[c] = static_cast<uint16_t>(window);
    for (size_t j = 0; j < 16; ++j) {
      const size_t p = 16 * c + j;
      const int digit = digit_at(p);
      t.source[p] = 0x80;
      if (digit == -1) t.hyphens[p] = '-' ^ '0';
      if (digit == -2) t.terminators[p] = 0xFF;
      if (digit < 0) continue;
      t.source[p] = static_cast<uint8_t>((byte_at(p) - window) | (digit % 2 == 0 ? 0x40 : 0x00));
    }
  }
  return t;
}

template <bool kHyphens, bool kTerminator>
inline constexpr UuidStreamTables<kHyphens, kTerminator> kUuidStreamTables =
    MakeUuidStreamTables<kHyphens, kTerminator>();
static_assert(kUuidStreamTables<true, false>.fits && kUuidStreamTables<true, true>.fits &&
                  kUuidStreamTables<false, true>.fits,
              "a chunk's ID bytes must lie in one 16-byte window inside its group");
static_assert(kUuidStreamTables<true, true>.kGroupItems == 32 &&
              kUuidStreamTables<true, true>.kVectors == 37 &&
              kUuidStreamTables<true, false>.kGroupItems == 8);

// Encodes whole groups of items from begin while one fits before count;
// returns where it stopped. out points at item 0's text.
template <bool kHyphens, bool kTerminator>
HWY_INLINE size_t EncodeUuidStreamAvx2(const uint8_t* hex_digits, int terminator,
                                       const uint8_t* ids, uint8_t* out, size_t begin,
                                       size_t count) {
  using Tables = UuidStreamTables<kHyphens, kTerminator>;
  constexpr const Tables& t = kUuidStreamTables<kHyphens, kTerminator>;
  constexpr size_t kVectors = Tables::kVectors;
  const auto table = [](const uint8_t* at) HWY_ATTR {
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(at));
  };
  const auto window = [](const uint8_t* at) HWY_ATTR {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(at));
  };
  const __m256i digits =
      _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(hex_digits)));
  const __m256i low4 = _mm256_set1_epi8(0x0F);
  // The bytes XORed into the '0' of each non-digit: the hyphens', and this
  // call's terminator where the tables mark one.
  alignas(32) uint8_t fixup[32 * kVectors];
  const __m256i terminator_fixup = _mm256_set1_epi8(static_cast<char>(terminator ^ '0'));
  for (size_t v = 0; v < kVectors; ++v) {
    __m256i f = table(&t.hyphens[32 * v]);
    if constexpr (kTerminator) {
      f = _mm256_or_si256(f, _mm256_and_si256(table(&t.terminators[32 * v]), terminator_fixup));
    }
    _mm256_store_si256(reinterpret_cast<__m256i*>(fixup + 32 * v), f);
  }
  size_t i = begin;
  for (; i + Tables::kGroupItems <= count; i += Tables::kGroupItems) {
    const uint8_t* in = ids + 16 * i;
    uint8_t* text = out + i * Tables::kStride;
#pragma GCC unroll 40
    for (size_t v = 0; v < kVectors; ++v) {
      const __m256i w =
          _mm256_inserti128_si256(_mm256_castsi128_si256(window(in + t.window[2 * v])),
                                  window(in + t.window[2 * v + 1]), 1);
      const __m256i source = table(&t.source[32 * v]);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(text + 32 * v),
                          UuidEncodeChars(digits, w, source, _mm256_add_epi8(source, source), low4,
                                          table(fixup + 32 * v)));
    }
  }
  return i;
}

#endif  // SORTID_TARGET_UUID_AVX2_ENCODE_PAIRS

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_AVX2_UUID_ENCODE_STREAM_INL_H_
