// Tables for the "stream" Base32 encoder (kernels/base32_encode_stream-inl.h):
// the plain output of a run of IDs (no prefix, no terminator, stride = text
// length) seen as one contiguous stream of 16-character chunks, each chunk
// built in one 128-bit block from a 16-byte window of the input. A period is
// the fewest IDs whose text is a whole number of chunks: 8 ULIDs (13 chunks),
// 4 Record IDs (5 chunks). Character pairs never straddle two IDs (26 and 20
// are even), so every u16 lane draws its 10 bits from one ID. The windows and
// multipliers are those of simd_tables::MakeBase32Encode laid out along the
// stream; every table is computed here, none typed in.
#ifndef SORTID_KERNELS_BASE32_ENCODE_STREAM_H_
#define SORTID_KERNELS_BASE32_ENCODE_STREAM_H_

#include <array>
#include <cstddef>
#include <cstdint>

#include "kernels/simd_tables.h"

namespace sortid::simd_tables {

// kChars: text length; kTopBit: bit position of the first pair (see
// MakeBase32Encode). Tables cover kMaxBlocks periods (one per 128-bit block
// of the widest vector), so a vector of B blocks handles B periods' chunks.
template <size_t kChars, int kTopBit>
struct StreamEncodeTables {
  static constexpr size_t kPeriodIds = kChars % 16 == 0  ? 1
                                       : kChars % 8 == 0 ? 2
                                       : kChars % 4 == 0 ? 4
                                                         : 8;
  static constexpr size_t kPeriodChunks = kPeriodIds * kChars / 16;
  static constexpr size_t kMaxBlocks = 4;
  static constexpr size_t kChunks = kMaxBlocks * kPeriodChunks;
  static_assert(kChars % 2 == 0 && kPeriodIds * kChars % 16 == 0);

  // Per chunk c: where its 16-byte load starts in the group's input (clamped
  // inside its period, so a group of k periods never reads past its own IDs).
  std::array<uint16_t, kChunks> offset{};
  // Per chunk: its first and last input byte in the group.
  std::array<uint16_t, kChunks> first{}, last{};
  // shuffle[16c..]: the two input bytes holding each pair's 10 bits (lane
  // byte 0 = the lower-order byte), kZero if none.
  alignas(64) std::array<uint8_t, 16 * kChunks> shuffle{};
  // mul_hi[8c..]: 2^(11 - o), MulHigh leaves the first character of the pair
  // in the low byte (o = the field's bit offset); mul_lo[8c..]: 2^(8 - o), Mul
  // leaves the second in the high byte; shl_lo[8c..]: 8 - o, the same as a
  // left shift count (AVX-512's vpsllvw, AVX3 and newer).
  alignas(64) std::array<uint16_t, 8 * kChunks> mul_hi{};
  alignas(64) std::array<uint16_t, 8 * kChunks> mul_lo{};
  alignas(64) std::array<uint16_t, 8 * kChunks> shl_lo{};
  bool fits = true;  // every chunk's bytes lie in its 16-byte load
};

template <size_t kChars, int kTopBit>
constexpr StreamEncodeTables<kChars, kTopBit> MakeStreamEncode() {
  using T = StreamEncodeTables<kChars, kTopBit>;
  T t;
  for (size_t c = 0; c < T::kChunks; ++c) {
    const size_t period = c / T::kPeriodChunks;
    const size_t period_end = 16 * T::kPeriodIds * (period + 1);  // input bytes
    size_t lo_pos[8] = {}, hi_pos[8] = {};
    bool has_hi[8] = {};
    size_t first = ~size_t{0}, last = 0;
    for (size_t l = 0; l < 8; ++l) {
      const size_t pos = 16 * c + 2 * l;  // character position in the group
      const size_t id = pos / kChars;
      const int pair = static_cast<int>(pos % kChars) / 2;
      const int s = kTopBit - 10 * pair;
      const int byte = s / 8;  // little-endian byte of the ID
      const int offset = s % 8;
      lo_pos[l] = 16 * id + static_cast<size_t>(15 - byte);
      has_hi[l] = byte + 1 <= 15;
      hi_pos[l] = has_hi[l] ? 16 * id + static_cast<size_t>(14 - byte) : lo_pos[l];
      first = lo_pos[l] < first ? lo_pos[l] : first;
      first = hi_pos[l] < first ? hi_pos[l] : first;
      last = lo_pos[l] > last ? lo_pos[l] : last;
      last = hi_pos[l] > last ? hi_pos[l] : last;
      t.mul_hi[8 * c + l] = static_cast<uint16_t>(1 << (11 - offset));
      t.mul_lo[8 * c + l] = static_cast<uint16_t>(1 << (8 - offset));
      t.shl_lo[8 * c + l] = static_cast<uint16_t>(8 - offset);
    }
    const size_t at = first + 16 <= period_end ? first : period_end - 16;
    if (last >= at + 16 || last >= period_end) t.fits = false;
    t.offset[c] = static_cast<uint16_t>(at);
    t.first[c] = static_cast<uint16_t>(first);
    t.last[c] = static_cast<uint16_t>(last);
    for (size_t l = 0; l < 8; ++l) {
      t.shuffle[16 * c + 2 * l] = static_cast<uint8_t>(lo_pos[l] - at);
      t.shuffle[16 * c + 2 * l + 1] = has_hi[l] ? static_cast<uint8_t>(hi_pos[l] - at) : kZero;
    }
  }
  return t;
}

// The same chunks filled by one vector load and a 32-bit lane permute
// (vpermd, AVX-512): vector v of kBlocks chunks loads 16 * kBlocks
// bytes at base[v] (inside the group of kBlocks periods) and block b takes
// the four dwords perm[v][4b..4b+3], a 16-byte window starting at its chunk's
// first byte rounded down to 4; shuffle is then relative to that window.
template <class Stream, size_t kBlocks>
struct StreamPermuteTables {
  static constexpr size_t kVectors = Stream::kPeriodChunks;  // per group of kBlocks periods
  std::array<uint16_t, kVectors> base{};
  alignas(64) std::array<uint32_t, 4 * kBlocks * kVectors> perm{};
  alignas(64) std::array<uint8_t, 16 * kBlocks * kVectors> shuffle{};
  bool fits = true;
};

template <size_t kBlocks, class Stream>
constexpr StreamPermuteTables<Stream, kBlocks> MakeStreamPermute(const Stream& t) {
  StreamPermuteTables<Stream, kBlocks> p;
  constexpr size_t kGroupBytes = 16 * kBlocks * Stream::kPeriodIds;
  constexpr size_t kLoad = 16 * kBlocks;
  // A chunk's window: its first byte rounded down to 4, kept inside the group.
  const auto window_of = [&](size_t c) {
    const size_t window = t.first[c] / 4 * 4;
    return window + 16 <= kGroupBytes ? window : kGroupBytes - 16;
  };
  for (size_t v = 0; v < p.kVectors; ++v) {
    size_t base = ~size_t{0};
    for (size_t b = 0; b < kBlocks; ++b) {
      const size_t window = window_of(v * kBlocks + b);
      base = window < base ? window : base;
    }
    base = base + kLoad <= kGroupBytes ? base : kGroupBytes - kLoad;
    p.base[v] = static_cast<uint16_t>(base);
    for (size_t b = 0; b < kBlocks; ++b) {
      const size_t c = v * kBlocks + b;
      const size_t window = window_of(c);
      if (window < base || window + 16 > base + kLoad || t.last[c] >= window + 16) p.fits = false;
      for (size_t k = 0; k < 4; ++k) {
        p.perm[4 * c + k] = static_cast<uint32_t>((window - base) / 4 + k);
      }
      for (size_t j = 0; j < 16; ++j) {
        const uint8_t at = t.shuffle[16 * c + j];
        p.shuffle[16 * c + j] =
            at == kZero ? kZero : static_cast<uint8_t>(t.offset[c] + at - window);
      }
    }
  }
  return p;
}

inline constexpr auto kUlidStreamEncode = MakeStreamEncode<26, 120>();
inline constexpr auto kRecordStreamEncode = MakeStreamEncode<20, 90>();
static_assert(kUlidStreamEncode.fits && kRecordStreamEncode.fits,
              "a chunk's input bytes must lie in one 16-byte load inside its period");
inline constexpr auto kUlidStreamPermute4 = MakeStreamPermute<4>(kUlidStreamEncode);
// Record IDs need no permute tables: a chunk across two IDs spans 14 bytes
// (the next ID's top 3 bytes are skipped), more than a 16-byte window at a
// multiple of 4 can hold when it starts at 3 mod 4.
static_assert(kUlidStreamPermute4.fits, "each chunk's dword window must lie in its vector's load");
static_assert(kUlidStreamEncode.kPeriodIds == 8 && kUlidStreamEncode.kPeriodChunks == 13);
static_assert(kRecordStreamEncode.kPeriodIds == 4 && kRecordStreamEncode.kPeriodChunks == 5);

}  // namespace sortid::simd_tables

#endif  // SORTID_KERNELS_BASE32_ENCODE_STREAM_H_
