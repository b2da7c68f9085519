// The stream encoder for plain ULID / Record ID layouts
// (kernels/base32_encode_stream-inl.h) on every target, against the scalar
// reference kernel: every count 0-300 (groups of 8/16/32 ULIDs and 4/8/16
// Record IDs, the per-ID tails and the 64-item validity words), the output
// at each of 64 byte offsets (the per-ID prefix that aligns the stream),
// both letter cases, every byte value at every ID byte position, Record IDs
// out of range at every position of a group
// (NUL characters, validity 0, neighbours intact), and the layouts that take
// the per-ID path (prefix, terminator, another stride).
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "sortid/sortid.hpp"
#include "tests/kernels/encode_check.h"
#include "tests/support/per_target_test.h"
#include "tests/support/test_support.h"

namespace sortid {
namespace {

class Base32EncodeStreamTest : public test::PerTargetTest {};

using test::ExpectEncodeAsReference;
using test::RandomIds;

TEST_P(Base32EncodeStreamTest, EveryCountAndOutputOffset) {
  std::mt19937_64 rng(26);
  for (Format format : {Format::kUlid, Format::kRecordId}) {
    for (size_t count = 0; count <= 300; ++count) {
      const std::vector<uint8_t> ids = RandomIds(format, count, rng);
      const size_t offset = count % 64;
      SCOPED_TRACE(testing::Message() << "format " << static_cast<int>(format) << " count " << count
                                      << " offset " << offset);
      ExpectEncodeAsReference({format, count, offset, count % 3 == 1}, ids);
    }
  }
}

TEST_P(Base32EncodeStreamTest, EveryOutputOffsetAroundTheGroups) {
  std::mt19937_64 rng(20);
  for (Format format : {Format::kUlid, Format::kRecordId}) {
    for (size_t count : {31u, 32u, 33u, 63u, 64u, 65u, 95u, 97u, 128u, 129u, 200u}) {
      const std::vector<uint8_t> ids = RandomIds(format, count, rng);
      for (size_t offset = 0; offset < 64; ++offset) {
        SCOPED_TRACE(testing::Message() << "format " << static_cast<int>(format) << " count "
                                        << count << " offset " << offset);
        ExpectEncodeAsReference({format, count, offset, offset % 2 == 1}, ids);
      }
    }
  }
}

// Every byte value at every ID byte position: 256 items where item i holds
// value (i + shift) % 256 at the position, the rest random; two shifts, so
// every value also lands past the per-ID items that align the output. Record
// IDs with a value in their top 28 bits are out of range (the reference flags
// them; their group takes the per-ID path).
TEST_P(Base32EncodeStreamTest, EveryByteValueAtEveryIdBytePosition) {
  std::mt19937_64 rng(16);
  constexpr size_t kCount = 256;
  for (Format format : {Format::kUlid, Format::kRecordId}) {
    for (size_t position = 0; position < 16; ++position) {
      for (size_t shift : {0u, 128u}) {
        std::vector<uint8_t> ids = RandomIds(format, kCount, rng);
        for (size_t i = 0; i < kCount; ++i) {
          ids[16 * i + position] = static_cast<uint8_t>((i + shift) % 256);
        }
        SCOPED_TRACE(testing::Message() << "format " << static_cast<int>(format) << " position "
                                        << position << " shift " << shift);
        ExpectEncodeAsReference({format, kCount, position % 64, shift != 0}, ids);
      }
    }
  }
}

// One Record ID with top bits set at each position of 96 items (each group
// of every target in turn falls back to the per-ID path), then all of them.
TEST_P(Base32EncodeStreamTest, RecordIdsOutOfRangeAtEveryPosition) {
  std::mt19937_64 rng(28);
  constexpr size_t kCount = 96;
  const std::vector<uint8_t> valid = RandomIds(Format::kRecordId, kCount, rng);
  for (size_t bad = 0; bad < kCount; ++bad) {
    for (int top : {0x80, 0x01, 0x10}) {  // byte 0 bit 7, byte 0 bit 0, byte 3 bit 4
      std::vector<uint8_t> ids = valid;
      if (top == 0x10) {
        ids[16 * bad + 3] |= static_cast<uint8_t>(top);
      } else {
        ids[16 * bad] |= static_cast<uint8_t>(top);
      }
      SCOPED_TRACE(testing::Message() << "bad item " << bad << " bit " << top);
      ExpectEncodeAsReference({Format::kRecordId, kCount, bad % 64, bad % 2 == 0}, ids);
    }
  }
  std::vector<uint8_t> all_bad = valid;
  for (size_t i = 0; i < kCount; ++i) all_bad[16 * i + 1] = 0xFF;
  ExpectEncodeAsReference({Format::kRecordId, kCount, 0, false}, all_bad);
}

// Layouts the stream encoder does not take: the per-ID path, same results.
TEST_P(Base32EncodeStreamTest, OtherLayoutsTakeThePerIdPath) {
  std::mt19937_64 rng(13);
  for (Format format : {Format::kUlid, Format::kRecordId}) {
    for (size_t count : {7u, 64u, 100u}) {
      const std::vector<uint8_t> ids = RandomIds(format, count, rng);
      ExpectEncodeAsReference({format, count, 0, false, 1}, ids);            // stride + 1
      ExpectEncodeAsReference({format, count, 5, true, 0, "id_"}, ids);      // prefix
      ExpectEncodeAsReference({format, count, 0, false, 0, "", '\n'}, ids);  // terminator
      ExpectEncodeAsReference({format, count, 3, true, 2, "x_", ','}, ids);  // all of them
    }
  }
}

SORTID_INSTANTIATE_PER_TARGET(Base32EncodeStreamTest);

}  // namespace
}  // namespace sortid
