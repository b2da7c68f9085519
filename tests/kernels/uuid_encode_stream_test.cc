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

#include "kernels/kernel_api.h"
#include "kernels/scalar/reference.h"
#include "sortid/sortid.hpp"
#include "tests/support/per_target_test.h"

namespace sortid {
namespace {

class UuidEncodeStreamTest : public test::PerTargetTest {};

struct Case {
  Format format;  // kUuid or kUuidHex
  size_t count;
  size_t out_offset;  // bytes before the first item in the output buffer
  bool lower;
  int terminator;
};

// Encodes ids through the active target and the reference kernel; the text
// (with 64 guard bytes after it and out_offset before it) and the validity
// bitmap (with a guard byte) must match.
void ExpectSameAsReference(const Case& c, const std::vector<uint8_t>& ids) {
  TextOptions opts;
  opts.terminator = c.terminator;
  opts.letter_case = c.lower ? LetterCase::kLower : LetterCase::kUpper;
  const size_t stride = item_length(c.format, opts);
  const size_t size = c.out_offset + c.count * stride + 64;
  std::vector<char> text(size, '~'), want_text(size, '~');
  std::vector<uint8_t> validity((c.count + 7) / 8 + 1, 0x5A), want_validity(validity);
  const Result s = encode(c.format, ids.data(), c.count, text.data() + c.out_offset, stride,
                          validity.data(), opts);
  ASSERT_TRUE(s.ok());
  const kernels::EncodeArgs args{ids.data(),   c.count, want_text.data() + c.out_offset,
                                 stride,       nullptr, 0,
                                 c.terminator, c.lower, want_validity.data(),
                                 nullptr};
  ASSERT_EQ(s.count, reference::Encode(c.format, args));
  ASSERT_EQ(validity, want_validity);
  ASSERT_EQ(std::string(text.begin(), text.end()), std::string(want_text.begin(), want_text.end()));
}

std::vector<uint8_t> RandomIds(size_t count, std::mt19937_64& rng) {
  std::vector<uint8_t> ids(count * 16);
  for (auto& b : ids) b = static_cast<uint8_t>(rng());
  return ids;
}

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
      const std::vector<uint8_t> ids = RandomIds(count, rng);
      for (size_t offset = 0; offset < 32; ++offset) {
        SCOPED_TRACE(testing::Message()
                     << "format " << static_cast<int>(layout.format) << " terminator "
                     << layout.terminator << " count " << count << " offset " << offset);
        ExpectSameAsReference({layout.format, count, offset, offset % 2 == 1, layout.terminator},
                              ids);
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
        std::vector<uint8_t> ids = RandomIds(kCount, rng);
        for (size_t i = 0; i < kCount; ++i) {
          ids[16 * i + position] = static_cast<uint8_t>((i + shift) % 256);
        }
        SCOPED_TRACE(testing::Message()
                     << "format " << static_cast<int>(layout.format) << " terminator "
                     << layout.terminator << " position " << position << " shift " << shift);
        ExpectSameAsReference({layout.format, kCount, position % 32, shift != 0, layout.terminator},
                              ids);
      }
    }
  }
}

SORTID_INSTANTIATE_PER_TARGET(UuidEncodeStreamTest);

}  // namespace
}  // namespace sortid
