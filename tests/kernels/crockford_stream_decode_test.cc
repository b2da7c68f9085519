// Bulk ULID / Record ID decode on every target against the scalar reference
// kernel, aimed at the AVX3_DL decoders, which test errors once per block of
// 8 items and work out exact per-item flags only for a block with a bad item:
// the stream decoder (kernels/avx3_dl/crockford_stream_decode-inl.h, plain
// text) and the dense one (crockford_dense-inl.h, '\n'-terminated lines and
// prefixed lines). So every test here mixes good and bad items in a block:
// every byte value at every byte position (dense: most blocks bad; sparse:
// one bad item per 16, at every position of a block), one bad item of each
// kind at every position of a 37-item window, two bad items in one block,
// counts around the 8 / 16 / 32 / 64 boundaries; strict, lenient and TypeID
// (lower case only, empty type name) alphabets; IDs and validity past count
// untouched.
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

class CrockfordStreamDecodeTest : public test::PerTargetTest {};

// An alphabet (strict, lenient, TypeID) and a layout: plain text (the stream
// decoder), '\n'-terminated lines and prefixed lines (the dense decoder,
// kernels/avx3_dl/crockford_dense-inl.h, which tests errors once per 8 items
// the same way).
struct Alphabet {
  bool lenient;
  bool type_id;  // ULID only
  int terminator;
  const char* prefix;
};

// What a failure message names: the format and the alphabet's options.
std::string Trace(Format format, const Alphabet& a) {
  return (testing::Message() << "format " << static_cast<int>(format) << " lenient " << a.lenient
                             << " type_id " << a.type_id << " terminator " << a.terminator
                             << " prefix " << a.prefix)
      .GetString();
}

std::vector<Alphabet> Alphabets(Format format) {
  std::vector<Alphabet> out;
  for (int terminator : {-1, int{'\n'}}) {
    out.push_back({false, false, terminator, ""});
    out.push_back({true, false, terminator, ""});
    if (format == Format::kUlid) out.push_back({false, true, terminator, ""});
  }
  out.push_back({false, false, '\n', "id:"});
  return out;
}

TextOptions OptionsFor(const Alphabet& a) {
  TextOptions opts;
  opts.lenient = a.lenient;
  opts.type_id = a.type_id;
  opts.letter_case = a.type_id ? LetterCase::kLower : LetterCase::kCanonical;
  opts.terminator = a.terminator;
  opts.prefix = a.prefix;
  return opts;
}

// Item 256 p + v has byte v at character p (dense), or item 16 (256 p + v) +
// (v % 16) does and the other 15 of its 16 are good (sparse: one bad item in
// a step of 8 or 16 at most, at every position of it).
TEST_P(CrockfordStreamDecodeTest, EveryByteAtEveryPosition) {
  std::mt19937_64 rng(21);
  for (Format format : {Format::kUlid, Format::kRecordId}) {
    for (const Alphabet& a : Alphabets(format)) {
      for (bool sparse : {false, true}) {
        SCOPED_TRACE(Trace(format, a) + " sparse " + (sparse ? "1" : "0"));
        const TextOptions opts = OptionsFor(a);
        const size_t len = item_length(format, opts), cases = 256 * len;
        const size_t count = sparse ? 16 * cases : cases;
        std::string text = test::GoodText(format, opts, count, rng);
        for (size_t k = 0; k < cases; ++k) {
          const size_t item = sparse ? 16 * k + k % 256 % 16 : k;
          text[item * len + k / 256] = static_cast<char>(k % 256);
        }
        test::ExpectDecodeMatches(format, opts, text, count);
      }
    }
  }
}

// One bad item at each position of 37 (steps of 8 / 16 / 32 and a tail), of
// each kind: outside the alphabet, bytes >= 0x80 whose low 7 bits are a valid
// character, NUL, a lenient alias, and for a ULID a first character above
// '7'; then two bad items in one step, then all bad.
TEST_P(CrockfordStreamDecodeTest, BadItemsAtEveryPosition) {
  std::mt19937_64 rng(22);
  const size_t count = 37;
  static const char kBad[] = {'U', 'u', '\x80', '\xB0', '\xC1', '\xFF', '\0', '@', 'O', 'i', 'L'};
  for (Format format : {Format::kUlid, Format::kRecordId}) {
    for (const Alphabet& a : Alphabets(format)) {
      SCOPED_TRACE(Trace(format, a));
      const TextOptions opts = OptionsFor(a);
      const size_t len = item_length(format, opts);
      // First characters: over 128 bits, and '7' and 'O', which are not.
      const std::string good = test::ExpectOneBadItemAtEveryPosition(
          format, opts, count, std::string_view(kBad, sizeof(kBad)), 5, "8Zz7O", rng);
      for (size_t bad = 0; bad < count; ++bad) {
        std::string two = good;  // item bad and the last of its 8-item block
        two[bad * len + bad % len] = 'U';
        two[(bad | 7) % count * len + len - 1] = '\xB5';
        test::ExpectDecodeMatches(format, opts, two, count);
      }
      std::string all = good;
      for (size_t i = 0; i < count; ++i) all[i * len + i % len] = '!';
      test::ExpectDecodeMatches(format, opts, all, count);
    }
  }
}

// Counts around the step sizes, good text and text with one bad item.
TEST_P(CrockfordStreamDecodeTest, CountsAroundStepBoundaries) {
  std::mt19937_64 rng(23);
  for (Format format : {Format::kUlid, Format::kRecordId}) {
    for (const Alphabet& a : Alphabets(format)) {
      SCOPED_TRACE(Trace(format, a));
      const TextOptions opts = OptionsFor(a);
      const size_t len = item_length(format, opts);
      for (int steps : {1, 2, 3}) {
        for (int g : {8, 16, 32, 64}) {
          for (int delta = -9; delta <= 9; ++delta) {
            if (steps * g + delta < 0) continue;
            const auto count = static_cast<size_t>(steps * g + delta);
            std::string text = test::GoodText(format, opts, count, rng);
            test::ExpectDecodeMatches(format, opts, text, count);
            if (count == 0) continue;
            text[rng() % count * len + rng() % len] = '#';
            test::ExpectDecodeMatches(format, opts, text, count);
          }
        }
      }
    }
  }
}

SORTID_INSTANTIATE_PER_TARGET(CrockfordStreamDecodeTest);

}  // namespace
}  // namespace sortid
