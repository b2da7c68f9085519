// Crockford Base32 and hex alphabets as constexpr tables, shared by the
// reference kernel and every SIMD target.
// Reference: Douglas Crockford, "Base32" (https://www.crockford.com/base32.html);
// ULID spec (https://github.com/ulid/spec); RFC 9562 for UUID text.
#ifndef SORTID_KERNELS_ALPHABET_H_
#define SORTID_KERNELS_ALPHABET_H_

#include <array>
#include <cstdint>

namespace sortid::alphabet {

inline constexpr char kCrockfordUpper[33] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
inline constexpr char kCrockfordLower[33] = "0123456789abcdefghjkmnpqrstvwxyz";
inline constexpr char kHexLower[17] = "0123456789abcdef";
inline constexpr char kHexUpper[17] = "0123456789ABCDEF";

// Value of each byte as a Crockford digit, or -1. Case-insensitive. With
// lenient, the aliases I/i/L/l read as 1 and O/o as 0.
constexpr std::array<int8_t, 256> MakeCrockfordDecodeTable(bool lenient) {
  std::array<int8_t, 256> table{};
  for (auto& entry : table) entry = -1;
  for (int v = 0; v < 32; ++v) {
    table[static_cast<uint8_t>(kCrockfordUpper[v])] = static_cast<int8_t>(v);
    table[static_cast<uint8_t>(kCrockfordLower[v])] = static_cast<int8_t>(v);
  }
  if (lenient) {
    for (char c : {'I', 'i', 'L', 'l'}) table[static_cast<uint8_t>(c)] = 1;
    for (char c : {'O', 'o'}) table[static_cast<uint8_t>(c)] = 0;
  }
  return table;
}

// Value of each byte as a hex digit, or -1. Case-insensitive.
constexpr std::array<int8_t, 256> MakeHexDecodeTable() {
  std::array<int8_t, 256> table{};
  for (auto& entry : table) entry = -1;
  for (int v = 0; v < 16; ++v) {
    table[static_cast<uint8_t>(kHexUpper[v])] = static_cast<int8_t>(v);
    table[static_cast<uint8_t>(kHexLower[v])] = static_cast<int8_t>(v);
  }
  return table;
}

inline constexpr std::array<int8_t, 256> kCrockfordStrict = MakeCrockfordDecodeTable(false);
inline constexpr std::array<int8_t, 256> kCrockfordLenient = MakeCrockfordDecodeTable(true);
inline constexpr std::array<int8_t, 256> kHex = MakeHexDecodeTable();

}  // namespace sortid::alphabet

#endif  // SORTID_KERNELS_ALPHABET_H_
