// UUID encode for layouts with no prefix and items back to back (36 and 37
// bytes hyphenated, 33 bare with a terminator: the AVX2 stream encoder of
// kernels/avx2/uuid_encode_stream-inl.h, the other targets' block kernels)
// on every target, against the scalar reference kernel: the output at each
// of 32 byte offsets (the items that align the stream first), counts around
// the groups (8 and 32 items), both letter cases, several terminators, every
// byte value at every ID byte position, and guard bytes around the output.
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

class UuidEncodeStreamTest : public test::PerTargetTest {};

using test::ExpectEncodeAsReference;

struct Layout {
  Format format;
  int terminator;
};
constexpr Layout kLayouts[] = {
    {Format::kUuid, -1},   {Format::kUuid, '\n'},    {Format::kUuid, '\r'}, {Format::kUuid, 0},
    {Format::kUuid, 0xFF}, {Format::kUuidHex, '\n'}, {Format::kUuidHex, -1}};

TEST_P(UuidEncodeStreamTest, EveryOutputOffsetAroundTheGroups) {
  std::mt19937_64 rng(36);
  for (const Layout& layout : kLayouts) {
    for (size_t count : {0u, 1u, 7u, 63u, 64u, 65u, 71u, 95u, 96u, 97u, 128u, 129u, 200u}) {
      const std::vector<uint8_t> ids = test::RandomIds(Format::kUuid, count, rng);
      for (size_t offset = 0; offset < 32; ++offset) {
        SCOPED_TRACE(testing::Message()
                     << "format " << static_cast<int>(layout.format) << " terminator "
                     << layout.terminator << " count " << count << " offset " << offset);
        ExpectEncodeAsReference(
            {layout.format, count, offset, offset % 2 == 1, 0, "", layout.terminator}, ids);
      }
    }
  }
}

// Every byte value at every ID byte position: 256 items where item i holds
// value (i + shift) % 256 at the position, the rest random.
TEST_P(UuidEncodeStreamTest, EveryByteValueAtEveryIdBytePosition) {
  std::mt19937_64 rng(37);
  constexpr size_t kCount = 256;
  for (const Layout& layout : kLayouts) {
    for (size_t position = 0; position < 16; ++position) {
      for (size_t shift : {0u, 128u}) {
        std::vector<uint8_t> ids = test::RandomIds(Format::kUuid, kCount, rng);
        for (size_t i = 0; i < kCount; ++i) {
          ids[16 * i + position] = static_cast<uint8_t>((i + shift) % 256);
        }
        SCOPED_TRACE(testing::Message()
                     << "format " << static_cast<int>(layout.format) << " terminator "
                     << layout.terminator << " position " << position << " shift " << shift);
        ExpectEncodeAsReference(
            {layout.format, kCount, position % 32, shift != 0, 0, "", layout.terminator}, ids);
      }
    }
  }
}

SORTID_INSTANTIATE_PER_TARGET(UuidEncodeStreamTest);

}  // namespace
}  // namespace sortid
