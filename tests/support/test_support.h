// The test-support library (sortid_test_support), shared by tests/, bench/
// and fuzz/: random IDs valid for a format (random_ids.cc) and small helpers
// (hex, bitmaps, case) for comparing results with references.
#ifndef SORTID_TESTS_SUPPORT_TEST_SUPPORT_H_
#define SORTID_TESTS_SUPPORT_TEST_SUPPORT_H_

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "sortid/sortid.hpp"

namespace sortid::test {

// Clears the top 28 of the 128 bits of the 16-byte id (bytes 0-2 and the high
// nibble of byte 3), which makes it a valid Record ID.
void ClearRecordIdTopBits(uint8_t* id);

// Makes each of count IDs (16 bytes each) valid for format: Record IDs get
// their top 28 bits cleared; every 128-bit value is a valid ULID or UUID.
void MakeValidIds(Format format, uint8_t* ids, size_t count);

// count IDs of random bytes (one rng draw per byte), valid for format.
std::vector<uint8_t> RandomIds(Format format, size_t count, std::mt19937_64& rng);
// The same from a fresh std::mt19937_64 seeded with seed.
std::vector<uint8_t> RandomIds(Format format, size_t count, uint64_t seed);

inline std::vector<uint8_t> FromHex(std::string_view hex) {
  std::vector<uint8_t> out;
  auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  int high = -1;
  for (char c : hex) {
    const int v = nibble(c);
    if (v < 0) continue;  // skips hyphens
    if (high < 0) {
      high = v;
    } else {
      out.push_back(static_cast<uint8_t>(high << 4 | v));
      high = -1;
    }
  }
  return out;
}

inline std::string ToHex(const uint8_t* bytes, size_t n) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (size_t i = 0; i < n; ++i) {
    out += kDigits[bytes[i] >> 4];
    out += kDigits[bytes[i] & 15];
  }
  return out;
}

inline bool Bit(const std::vector<uint8_t>& bitmap, size_t i) {
  return (bitmap[i / 8] >> (i % 8)) & 1;
}

inline std::string Lower(std::string s) {
  for (char& c : s) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  return s;
}

}  // namespace sortid::test

#endif  // SORTID_TESTS_SUPPORT_TEST_SUPPORT_H_
