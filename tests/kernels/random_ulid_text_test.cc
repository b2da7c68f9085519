// Random ULIDs from keystream bytes to text (KernelTable::random_ulid_text) on
// every supported target against the scalar reference: lines without a
// prefix (the AVX2 pair path, counts that leave it 1 or 2 items), prefixes short
// and long, terminators, padding between items (left untouched), either
// letter case, and every count up to 40. The random bytes are allocated to
// the byte (a read past the contract's bounds is an ASan error) and the
// output is followed by bytes that must stay as they were.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "kernels/kernel_api.h"
#include "kernels/scalar/reference.h"
#include "lib/targets.h"
#include "sortid/sortid.hpp"
#include "tests/support/per_target_test.h"

namespace sortid {
namespace {

class RandomUlidTextTest : public test::PerTargetTest {};

struct Layout {
  std::string prefix;
  int terminator;
  size_t padding;  // bytes after each item, left as they were
  bool lower;
};

struct Output {
  std::vector<char> text;
  size_t stride;
};

Output Encode(const kernels::KernelTable& table, const Layout& layout, const char* stamp,
              const std::vector<uint8_t>& keystream, size_t count) {
  const size_t length = layout.prefix.size() + 26 + (layout.terminator >= 0 ? 1 : 0);
  // 32 bytes of '#' after the last item's end: a store past it shows.
  const size_t end = count == 0 ? 0 : (count - 1) * (length + layout.padding) + length;
  Output out{std::vector<char>(end + 32, '#'), length + layout.padding};
  // The 6 bytes before the random ones are readable, as the contract says.
  std::vector<uint8_t> random(6 + 10 * count);
  std::memcpy(random.data() + 6, keystream.data(), 10 * count);
  const kernels::RandomUlidTextArgs args = {
      .random = random.data() + 6,
      .count = count,
      .stamp = stamp,
      .out = out.text.data(),
      .out_stride = out.stride,
      .prefix = layout.prefix.data(),
      .prefix_len = layout.prefix.size(),
      .terminator = layout.terminator,
      .lower = layout.lower,
  };
  EXPECT_EQ(table.random_ulid_text(args), Error::kOk);
  return out;
}

TEST_P(RandomUlidTextTest, MatchesTheReference) {
  const kernels::KernelTable& table = *internal::ActiveTable();
  ASSERT_STREQ(table.name, GetParam());
  const std::vector<Layout> layouts = {
      {"", '\n', 0, false},                               // lines: the pair path
      {"", '\n', 0, true},                                // lines, lower case
      {"", -1, 0, false},                                 // packed text
      {"", '\t', 3, false},                               // padding after the terminator
      {"user_", '\n', 0, true},                           // a TypeID-like prefix
      {"ORDER#", -1, 2, false},                           // prefix and padding
      {"a_prefix_longer_than_sixteen_", '\n', 0, false},  // the memcpy prefix
      {"exactly_16_bytes", ',', 1, true},                 // the longest one-store prefix
  };
  std::mt19937_64 rng(std::hash<std::string>()(GetParam()));
  std::vector<uint8_t> keystream(10 * 40);
  for (auto& b : keystream) b = static_cast<uint8_t>(rng());
  // All-ones and all-zero bytes reach the alphabet's two ends.
  std::memset(keystream.data(), 0xFF, 10);
  std::memset(keystream.data() + 10, 0, 10);
  for (const char* stamp : {"01ARYZ6S41", "7ZZZZZZZZZ", "01kjvktckh"}) {
    for (const Layout& layout : layouts) {
      for (size_t count = 0; count <= 40; ++count) {
        SCOPED_TRACE("prefix '" + layout.prefix + "' terminator " +
                     std::to_string(layout.terminator) + " count " + std::to_string(count));
        const Output got = Encode(table, layout, stamp, keystream, count);
        const Output want = Encode(reference::Table(), layout, stamp, keystream, count);
        ASSERT_EQ(std::string(got.text.begin(), got.text.end()),
                  std::string(want.text.begin(), want.text.end()));
      }
    }
  }
}

// The reference itself: a ULID's last 16 characters are its bytes 6-15.
TEST(RandomUlidText, ReferenceIsTheUlidTail) {
  const std::vector<uint8_t> random = {0x00, 0x00, 0x00, 0x00, 0x00, 0x00,  // readable
                                       0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xFE, 0xDC};
  char text[27] = {};
  const kernels::RandomUlidTextArgs args = {
      .random = random.data() + 6,
      .count = 1,
      .stamp = "01ARYZ6S41",
      .out = text,
      .out_stride = 27,
      .prefix = nullptr,
      .prefix_len = 0,
      .terminator = '\n',
      .lower = false,
  };
  ASSERT_EQ(reference::Table().random_ulid_text(args), Error::kOk);
  uint8_t id[16] = {0x01, 0x56, 0x3D, 0xF3, 0x64, 0x81};  // 01ARYZ6S41
  std::memcpy(id + 6, random.data() + 6, 10);
  char ulid[26];
  ASSERT_EQ(encode(Format::kUlid, id, 1, ulid, 26).error, Error::kOk);
  EXPECT_EQ(std::string(text, 27), std::string(ulid, 26) + "\n");
}

SORTID_INSTANTIATE_PER_TARGET(RandomUlidTextTest);

}  // namespace
}  // namespace sortid
