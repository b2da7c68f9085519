// The one home of the format facts every layer shares: the number of formats
// and their text lengths (from the public SORTID_TEXT_LENGTH_* constants),
// the largest ULID time, the format range check, the UUID hyphen positions,
// little-endian word loads. A leaf below the kernels (standard library and
// the public header only): kernels/, lib/, cli/ and the engines include it,
// it includes nothing of theirs.
// Spec: docs/formats.md (formats), RFC 9562 §4 (UUID text), RFC 8439
// §2.3 (ChaCha20 reads its key and nonce little-endian).
#ifndef SORTID_KERNELS_FORMAT_FACTS_H_
#define SORTID_KERNELS_FORMAT_FACTS_H_

#include <cstddef>
#include <cstdint>

#include "sortid/sortid.hpp"

namespace sortid::internal {

inline constexpr int kNumFormats = 4;  // indexed by sortid::Format

// Characters of one ID per format: ULID, Record ID, UUID (hyphenated), UUID hex.
inline constexpr size_t kTextLength[kNumFormats] = {kUlidTextLength, kRecordIdTextLength,
                                                    kUuidTextLength, kUuidHexTextLength};

// A ULID's time is 48 bits of Unix milliseconds (until 10889-08-02).
inline constexpr int64_t kMaxUlidMs = (int64_t{1} << 48) - 1;

// Whether format is one of the four Format values.
constexpr bool IsValidFormat(Format format) {
  return static_cast<unsigned>(format) <= static_cast<unsigned>(Format::kUuidHex);
}

// Positions of the hyphens in the 36-character UUID form (8-4-4-4-12).
inline constexpr int kUuidHyphens[4] = {8, 13, 18, 23};
constexpr bool IsUuidHyphen(size_t position) {
  for (int h : kUuidHyphens) {
    if (position == static_cast<size_t>(h)) return true;
  }
  return false;
}

// Hex digit index (0-31) of a non-hyphen character position of the 36-character
// form, and back.
constexpr size_t UuidDigitOfChar(size_t position) {
  size_t digit = position;
  for (int h : kUuidHyphens) digit -= position > static_cast<size_t>(h) ? 1 : 0;
  return digit;
}
constexpr size_t UuidCharOfDigit(size_t digit) {
  size_t position = digit;
  for (int h : kUuidHyphens) position += position >= static_cast<size_t>(h) ? 1 : 0;
  return position;
}
static_assert(UuidCharOfDigit(8) == 9 && UuidDigitOfChar(35) == 31 && UuidCharOfDigit(31) == 35);

// The 32-bit little-endian word at p.
constexpr uint32_t LoadLittleEndian32(const uint8_t* p) {
  return static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 |
         static_cast<uint32_t>(p[2]) << 16 | static_cast<uint32_t>(p[3]) << 24;
}

}  // namespace sortid::internal

#endif  // SORTID_KERNELS_FORMAT_FACTS_H_
