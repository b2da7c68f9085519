// Checks shared by the Crockford decode tests: the dispatched decoder against
// the scalar reference, on good text and on text with one bad byte.
#ifndef SORTID_TESTS_KERNELS_DECODE_CHECK_H_
#define SORTID_TESTS_KERNELS_DECODE_CHECK_H_

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/kernel_api.h"
#include "kernels/scalar/reference.h"
#include "sortid/sortid.hpp"
#include "tests/support/test_support.h"

namespace sortid::test {

// count good items (random IDs) in the layout of opts.
inline std::string GoodText(Format format, const TextOptions& opts, size_t count,
                            std::mt19937_64& rng) {
  const size_t len = item_length(format, opts);
  const std::vector<uint8_t> ids = RandomIds(format, count, rng);
  std::string text(count * len, '?');
  EXPECT_TRUE(encode(format, ids.data(), count, text.data(), len, nullptr, opts).ok());
  return text;
}

// Decodes text with the dispatched kernel and with the reference; IDs (with a
// guard byte), validity (with a guard byte) and invalid count must match.
inline void ExpectDecodeMatches(Format format, const TextOptions& opts, const std::string& text,
                                size_t count) {
  const size_t len = item_length(format, opts);
  ASSERT_EQ(len, (format == Format::kUlid ? 26u : 20u) + opts.prefix.size() +
                     (opts.terminator >= 0 ? 1 : 0));
  std::vector<uint8_t> ids(count * 16 + 1, 0x5A), want_ids(ids);
  std::vector<uint8_t> validity((count + 7) / 8 + 1, 0x5A), want_validity(validity);
  const Result s = decode(format, text.data(), count, len, ids.data(), validity.data(), opts);
  ASSERT_TRUE(s.ok());
  const kernels::DecodeArgs args{
      text.data(),     count,        len,          opts.prefix.data(), opts.prefix.size(),
      opts.terminator, opts.lenient, opts.type_id, want_ids.data(),    want_validity.data(),
      nullptr};
  const size_t want_invalid = reference::Decode(format, args);
  for (size_t i = 0; i < count; ++i) {  // the first differing ID, by index
    ASSERT_EQ(std::memcmp(&ids[16 * i], &want_ids[16 * i], 16), 0)
        << "item " << i << " of " << count << " valid " << (want_validity[i / 8] >> (i % 8) & 1);
  }
  ASSERT_EQ(ids, want_ids) << count;  // and the guard byte
  ASSERT_EQ(validity, want_validity) << count;
  ASSERT_EQ(s.count, want_invalid) << count;
}

// ExpectDecodeMatches on good with item `item`'s byte (item + step * k) % len
// replaced by bad[k], for each k: a position that moves through the item.
inline void ExpectBadBytesMatch(Format format, const TextOptions& opts, const std::string& good,
                                size_t count, size_t item, std::string_view bad, size_t step) {
  const size_t len = item_length(format, opts);
  for (size_t k = 0; k < bad.size(); ++k) {
    std::string text = good;
    text[item * len + (item + step * k) % len] = bad[k];
    ExpectDecodeMatches(format, opts, text, count);
  }
}

// count good items in the layout of opts, decoded as they are and then with
// each item in turn spoiled: by each byte of bad (ExpectBadBytesMatch with
// step) and, for a ULID, by each character of ulid_first as its first
// character after the prefix (one above '7' puts the value over 128 bits).
// Returns the good text, for further checks.
inline std::string ExpectOneBadItemAtEveryPosition(Format format, const TextOptions& opts,
                                                   size_t count, std::string_view bad, size_t step,
                                                   std::string_view ulid_first,
                                                   std::mt19937_64& rng) {
  const size_t len = item_length(format, opts);
  const std::string good = GoodText(format, opts, count, rng);
  ExpectDecodeMatches(format, opts, good, count);
  for (size_t item = 0; item < count; ++item) {
    ExpectBadBytesMatch(format, opts, good, count, item, bad, step);
    if (format != Format::kUlid) continue;
    for (const char first : ulid_first) {
      std::string text = good;
      text[item * len + opts.prefix.size()] = first;
      ExpectDecodeMatches(format, opts, text, count);
    }
  }
  return good;
}

}  // namespace sortid::test

#endif  // SORTID_TESTS_KERNELS_DECODE_CHECK_H_
