// The bulk ULID / Record ID kernels on every target against the scalar
// reference kernel, aimed at the AVX3_DL whole-group paths
// (kernels/avx3_dl/crockford_stream-inl.h: groups of 16 / 32 / 64 items,
// then the dense 8-item plan, then the portable tail): every byte value at
// every ID byte position, Record IDs with top bits set at every position of a
// group, counts around the 8 / 16 / 32 / 64 boundaries, both letter cases,
// with and without a '\n' terminator; output bytes past the items untouched;
// text at every offset of a cache line across two batches.
// Decode (kernels/avx3_dl/crockford_stream_decode-inl.h without a terminator,
// crockford_dense-inl.h with one): one bad item at every position of 29.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/kernel_api.h"
#include "kernels/scalar/reference.h"
#include "sortid/sortid.hpp"
#include "tests/kernels/decode_check.h"
#include "tests/support/per_target_test.h"
#include "tests/support/test_support.h"

namespace sortid {
namespace {

class CrockfordDenseTest : public test::PerTargetTest {};

struct Layout {
  Format format;
  int terminator;
  bool lower;
};

std::vector<Layout> Layouts() {
  std::vector<Layout> out;
  for (Format f : {Format::kUlid, Format::kRecordId}) {
    for (int terminator : {-1, int{'\n'}}) {
      for (bool lower : {false, true}) out.push_back({f, terminator, lower});
    }
  }
  return out;
}

// Encodes ids with the dispatched kernel and with the reference; text,
// validity (with the bits past count and a guard byte), invalid count and a
// guard byte after the text must match.
void ExpectEncodeMatches(const Layout& l, const std::vector<uint8_t>& ids, size_t count) {
  TextOptions opts;
  opts.terminator = l.terminator;
  opts.letter_case = l.lower ? LetterCase::kLower : LetterCase::kUpper;
  const size_t len = item_length(l.format, opts);
  std::vector<char> text(count * len + 1, '~'), want_text(text);
  std::vector<uint8_t> validity((count + 7) / 8 + 1, 0x5A), want_validity(validity);
  const Result s = encode(l.format, ids.data(), count, text.data(), len, validity.data(), opts);
  ASSERT_TRUE(s.ok());
  const kernels::EncodeArgs args{ids.data(),   count,   want_text.data(),     len,    "", 0,
                                 l.terminator, l.lower, want_validity.data(), nullptr};
  ASSERT_EQ(s.count, reference::Encode(l.format, args)) << count;
  ASSERT_EQ(validity, want_validity) << count;
  ASSERT_EQ(std::string(text.begin(), text.end()), std::string(want_text.begin(), want_text.end()))
      << count;
}

// Item 256 p + v has byte p = v (p = 0..15, v = 0..255), other bytes random;
// Record IDs keep whatever top bits that gives (bytes 0-3 make bad items).
TEST_P(CrockfordDenseTest, EncodeEveryByteAtEveryIdPosition) {
  std::mt19937_64 rng(11);
  const size_t count = 16 * 256;
  for (const Layout& l : Layouts()) {
    SCOPED_TRACE(testing::Message() << "format " << static_cast<int>(l.format) << " terminator "
                                    << l.terminator << " lower " << l.lower);
    std::vector<uint8_t> ids = test::RandomIds(l.format, count, rng);
    for (size_t i = 0; i < count; ++i) ids[16 * i + i / 256] = static_cast<uint8_t>(i % 256);
    ExpectEncodeMatches(l, ids, count);
  }
}

// One bad Record ID at each position of a 64-item window (every position of a
// group of 16, 32 or 64), then all bad, then every other one.
TEST_P(CrockfordDenseTest, EncodeRecordIdsWithTopBitsSet) {
  std::mt19937_64 rng(12);
  const size_t count = 64 + 13;
  for (const Layout& l : Layouts()) {
    if (l.format != Format::kRecordId) continue;
    SCOPED_TRACE(testing::Message() << "terminator " << l.terminator << " lower " << l.lower);
    for (size_t bad = 0; bad < count + 2; ++bad) {
      std::vector<uint8_t> ids = test::RandomIds(l.format, count, rng);
      for (size_t i = 0; i < count; ++i) {
        const bool make_bad = bad < count ? i == bad : bad == count || i % 2 == 0;
        // One of the top 28 bits: bit 127 - (i % 28).
        if (make_bad) ids[16 * i + (i % 28) / 8] |= static_cast<uint8_t>(0x80 >> (i % 28 % 8));
      }
      ExpectEncodeMatches(l, ids, count);
    }
  }
}

// Counts around the group sizes: whole groups, then dense blocks of 8, then
// the portable tail.
TEST_P(CrockfordDenseTest, EncodeCountsAroundGroupBoundaries) {
  std::mt19937_64 rng(13);
  for (const Layout& l : Layouts()) {
    SCOPED_TRACE(testing::Message() << "format " << static_cast<int>(l.format) << " terminator "
                                    << l.terminator << " lower " << l.lower);
    for (int groups : {1, 2, 3}) {
      for (int g : {8, 16, 32, 64}) {
        for (int delta = -9; delta <= 9; ++delta) {
          if (groups * g + delta < 0) continue;
          const auto count = static_cast<size_t>(groups * g + delta);
          std::vector<uint8_t> ids = test::RandomIds(l.format, count, rng);
          if (l.format == Format::kRecordId && count > 0) ids[16 * (rng() % count)] = 0xFF;
          ExpectEncodeMatches(l, ids, count);
        }
      }
    }
  }
}

// Text at every offset of a cache line and IDs at offsets 0 / 1 / 8 / 15 (the
// stream loop takes both from locals, not the arguments), over two kernel
// batches: 4096 items (whole groups, no tail) and then a tail that is not a
// multiple of the group. Guard bytes before and after the text stay put.
TEST_P(CrockfordDenseTest, EncodeAtEveryOutputOffsetAcrossBatches) {
  std::mt19937_64 rng(17);
  const size_t count = 4096 + 37;
  for (const Layout& l : Layouts()) {
    SCOPED_TRACE(testing::Message() << "format " << static_cast<int>(l.format) << " terminator "
                                    << l.terminator << " lower " << l.lower);
    TextOptions opts;
    opts.terminator = l.terminator;
    opts.letter_case = l.lower ? LetterCase::kLower : LetterCase::kUpper;
    const size_t len = item_length(l.format, opts);
    std::vector<uint8_t> ids = test::RandomIds(l.format, count, rng);
    if (l.format == Format::kRecordId) {
      for (size_t i : {size_t{5}, size_t{4095}, size_t{4096}, count - 1}) ids[16 * i + 3] |= 0x10;
    }
    std::vector<char> want(count * len);
    std::vector<uint8_t> want_validity((count + 7) / 8);
    const kernels::EncodeArgs args{ids.data(),   count,   want.data(),          len,    "", 0,
                                   l.terminator, l.lower, want_validity.data(), nullptr};
    const size_t want_invalid = reference::Encode(l.format, args);
    constexpr size_t kIdOffsets[] = {0, 1, 8, 15};
    for (size_t out_offset = 0; out_offset < 64; ++out_offset) {
      const size_t in_offset = kIdOffsets[out_offset % 4];
      std::vector<uint8_t> in(count * 16 + in_offset);
      std::memcpy(in.data() + in_offset, ids.data(), ids.size());
      std::string text(count * len + 128, '~');
      std::vector<uint8_t> validity((count + 7) / 8, 0x5A);
      const Result s = encode(l.format, in.data() + in_offset, count, text.data() + out_offset, len,
                              validity.data(), opts);
      ASSERT_TRUE(s.ok());
      ASSERT_EQ(s.count, want_invalid) << out_offset;
      ASSERT_EQ(validity, want_validity) << out_offset;
      ASSERT_EQ(text.substr(out_offset, want.size()), std::string(want.begin(), want.end()))
          << "text offset " << out_offset << " ID offset " << in_offset;
      ASSERT_EQ(text.find_first_not_of('~'), out_offset);
      ASSERT_EQ(text.find_last_not_of('~'), out_offset + want.size() - 1);
    }
  }
}

// One bad item at each position of 29 items (three blocks of 8 and a tail),
// the bad byte at a position that moves through the item: a byte outside the
// alphabet, bytes >= 0x80 (whose low 7 bits are a valid character), a wrong
// terminator, and for a ULID a first character above '7' (value over 128 bits).
TEST_P(CrockfordDenseTest, DecodeOneBadItemAtEveryPosition) {
  std::mt19937_64 rng(14);
  const size_t count = 29;
  static const char kBad[] = {'U', '\x80', '\xB0', '\xFF', '-', '\n', '\0'};
  for (Format format : {Format::kUlid, Format::kRecordId}) {
    for (int terminator : {-1, int{'\n'}}) {
      for (bool lenient : {false, true}) {
        SCOPED_TRACE(testing::Message() << "format " << static_cast<int>(format) << " terminator "
                                        << terminator << " lenient " << lenient);
        TextOptions opts;
        opts.terminator = terminator;
        opts.lenient = lenient;
        test::ExpectOneBadItemAtEveryPosition(format, opts, count,
                                              std::string_view(kBad, sizeof(kBad)), 3, "89", rng);
      }
    }
  }
}

SORTID_INSTANTIATE_PER_TARGET(CrockfordDenseTest);

}  // namespace
}  // namespace sortid
