// The Python module's column decoders (python/src/text_decode.cc) without
// Python: numpy S padding, UCS-4 narrowing, items of varying length, the
// bit unpacking, across chunk boundaries. Built in every preset, so the
// sanitizer builds cover the code the extension runs.
#include "python/src/text_decode.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace sortid::python {
namespace {

constexpr const char* kUlid = "01ARYZ6S41TSV4RRFFQ69G5FAV";

std::vector<std::string> RandomUlids(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint8_t> ids(n * 16);
  for (auto& b : ids) b = static_cast<uint8_t>(rng());
  std::string text(n * 26, '?');
  EXPECT_TRUE(encode(Format::kUlid, ids.data(), n, text.data(), 26).ok());
  std::vector<std::string> out;
  for (size_t i = 0; i < n; ++i) out.push_back(text.substr(i * 26, 26));
  return out;
}

std::vector<uint8_t> Reference(const std::string& item) {
  std::vector<uint8_t> id(16);
  uint8_t bit = 0;
  EXPECT_TRUE(decode(Format::kUlid, item.data(), 1, item.size(), id.data(), &bit).ok());
  if (item.size() != 26) std::fill(id.begin(), id.end(), 0);
  return id;
}

TEST(UnpackBits, EveryCountAndPattern) {
  std::mt19937 rng(1);
  for (size_t count = 0; count < 80; ++count) {
    std::vector<uint8_t> bits((count + 7) / 8 + 1);
    for (auto& b : bits) b = static_cast<uint8_t>(rng());
    std::vector<uint8_t> bytes(count + 1, 0xEE);
    UnpackBits(bits.data(), count, bytes.data());
    for (size_t i = 0; i < count; ++i) {
      EXPECT_EQ(bytes[i], (bits[i / 8] >> (i % 8)) & 1) << count << " " << i;
    }
    EXPECT_EQ(bytes[count], 0xEE) << "no write past count";
  }
}

TEST(DecodeFixedWidth, NulPaddingIsAcceptedAnythingElseIsNot) {
  const auto ulids = RandomUlids(40000, 2);  // several chunks
  const size_t stride = 30;
  std::vector<char> text(ulids.size() * stride, 0);
  for (size_t i = 0; i < ulids.size(); ++i) {
    std::memcpy(&text[i * stride], ulids[i].data(), 26);
  }
  text[7 * stride + 28] = 'X';  // junk in the padding
  text[39999 * stride + 26] = ' ';
  std::vector<uint8_t> ids(ulids.size() * 16, 0xAA), valid(ulids.size(), 0xAA);
  const Result status = DecodeFixedWidth(Format::kUlid, text.data(), ulids.size(), stride, {},
                                         ids.data(), valid.data());
  ASSERT_TRUE(status.ok());
  EXPECT_EQ(status.count, 2u);
  for (size_t i = 0; i < ulids.size(); ++i) {
    const bool bad = i == 7 || i == 39999;
    ASSERT_EQ(valid[i], bad ? 0 : 1) << i;
    const std::vector<uint8_t> want = bad ? std::vector<uint8_t>(16, 0) : Reference(ulids[i]);
    ASSERT_EQ(0, std::memcmp(&ids[i * 16], want.data(), 16)) << i;
  }
}

TEST(DecodeFixedWidth, StrideShorterThanTheIdMakesEveryItemInvalid) {
  const std::string text(3 * 20, '0');
  std::vector<uint8_t> ids(48, 0xAA), valid(3, 0xAA);
  const Result status =
      DecodeFixedWidth(Format::kUlid, text.data(), 3, 20, {}, ids.data(), valid.data());
  EXPECT_TRUE(status.ok());
  EXPECT_EQ(status.count, 3u);
  EXPECT_EQ(valid, std::vector<uint8_t>(3, 0));
  EXPECT_EQ(ids, std::vector<uint8_t>(48, 0));
  // The same bytes are valid Record IDs (20 characters).
  EXPECT_EQ(
      DecodeFixedWidth(Format::kRecordId, text.data(), 3, 20, {}, ids.data(), valid.data()).count,
      0u);
}

TEST(DecodeFixedWidth, UnusablePrefixIsAnArgumentError) {
  TextOptions options;
  options.type_id = true;
  options.prefix = "Bad-Type";
  uint8_t id[16], valid = 0;
  EXPECT_EQ(DecodeFixedWidth(Format::kUlid, kUlid, 1, 26, options, id, &valid).error,
            Error::kArgument);
}

TEST(DecodeUcs4, AsciiDecodesNonAsciiAndJunkPaddingDoNot) {
  const size_t width = 28;
  std::vector<uint32_t> text(4 * width, 0);
  for (size_t i = 0; i < 4; ++i) {
    for (size_t c = 0; c < 26; ++c) text[i * width + c] = static_cast<uint8_t>(kUlid[c]);
  }
  text[1 * width + 5] = 0x100 + '1';  // would alias '1' if truncated to a byte
  text[2 * width + 27] = 'A';         // padding
  text[3 * width + 0] = 0x1F600;
  std::vector<uint8_t> ids(64), valid(4);
  const Result status =
      DecodeUcs4(Format::kUlid, text.data(), 4, width, {}, ids.data(), valid.data());
  ASSERT_TRUE(status.ok());
  EXPECT_EQ(valid, (std::vector<uint8_t>{1, 0, 0, 0}));
  EXPECT_EQ(0, std::memcmp(ids.data(), Reference(kUlid).data(), 16));
  EXPECT_EQ(std::vector<uint8_t>(ids.begin() + 16, ids.end()), std::vector<uint8_t>(48, 0));
}

TEST(DecodeItems, NullsWrongLengthsAndChunks) {
  const auto ulids = RandomUlids(70000, 3);
  std::vector<std::string> storage(ulids.begin(), ulids.end());
  storage[100] = storage[100] + "0";  // 27 bytes
  storage[65536] = storage[65536].substr(0, 25);
  std::vector<Item> items;
  for (const auto& s : storage) items.push_back({s.data(), s.size()});
  items[5] = {nullptr, 0};  // null
  items[69999] = {nullptr, 0};
  std::vector<uint8_t> ids(items.size() * 16), valid(items.size());
  const Result status =
      DecodeItems(Format::kUlid, items.data(), items.size(), {}, ids.data(), valid.data());
  ASSERT_TRUE(status.ok());
  EXPECT_EQ(status.count, 4u);
  for (size_t i = 0; i < items.size(); ++i) {
    const bool bad = i == 5 || i == 100 || i == 65536 || i == 69999;
    ASSERT_EQ(valid[i], bad ? 0 : 1) << i;
    if (!bad) {
      ASSERT_EQ(0, std::memcmp(&ids[i * 16], Reference(ulids[i]).data(), 16)) << i;
    }
  }
  EXPECT_TRUE(DecodeItems(Format::kUlid, nullptr, 0, {}, nullptr, nullptr).ok());
}

}  // namespace
}  // namespace sortid::python
