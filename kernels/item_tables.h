// Constant tables the per-item codecs of every target share
// (kernels/{sse4,avx2,avx3_dl,neon}/item_codec-inl.h): the Crockford alphabet
// as 32 bytes, the largest digit each character may take, and where each ID
// byte lies once 32 digits are packed into four 40-bit lanes. Plain data,
// compiled for no target.
#ifndef SORTID_KERNELS_ITEM_TABLES_H_
#define SORTID_KERNELS_ITEM_TABLES_H_

#include <cstdint>

#include "kernels/alphabet.h"

namespace sortid::item_tables {

struct Alphabet32 {
  alignas(32) char chars[32];
};
constexpr Alphabet32 MakeAlphabet32(const char* letters) {
  Alphabet32 a{};
  for (int i = 0; i < 32; ++i) a.chars[i] = letters[i];
  return a;
}
inline constexpr Alphabet32 kUpper = MakeAlphabet32(alphabet::kCrockfordUpper);
inline constexpr Alphabet32 kLower = MakeAlphabet32(alphabet::kCrockfordLower);

// Largest digit per character lane: 31, and 7 in the lane holding a ULID's
// first character (its 130th bit is not there); ulid_lane < 0: no ULID.
struct Limits {
  alignas(32) uint8_t max[32];
};
constexpr Limits MakeLimits(int ulid_lane) {
  Limits l{};
  for (auto& m : l.max) m = 31;
  if (ulid_lane >= 0) l.max[ulid_lane] = 7;
  return l;
}

// 32 digits (a ULID or Record ID right-aligned, zero digits before it) pack
// into four 40-bit lanes held in 8-byte lanes, lane 0 most significant. ID
// byte i is number byte b = 15 - i from the bottom: lane 3 - b / 5, byte
// b % 5, so at index 8 * (3 - b / 5) + b % 5 of the 32 lane bytes.
struct PackIndex {
  alignas(32) uint8_t index[32];  // 16 used; 32 so that a 256-bit load reads it
};
constexpr PackIndex MakePackIndex() {
  PackIndex p{};
  for (int i = 0; i < 16; ++i) {
    const int b = 15 - i;
    p.index[i] = static_cast<uint8_t>(8 * (3 - b / 5) + b % 5);
  }
  return p;
}
inline constexpr PackIndex kFortyBitPack = MakePackIndex();

}  // namespace sortid::item_tables

#endif  // SORTID_KERNELS_ITEM_TABLES_H_
