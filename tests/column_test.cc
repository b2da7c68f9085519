// Arrow offsets+data column decoding, on every supported target.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sortid/sortid.hpp"
#include "tests/support/per_target_test.h"
#include "tests/support/test_support.h"

namespace sortid {
namespace {

using test::Bit;
using test::ToHex;

struct Column {
  std::vector<int32_t> offsets{0};
  std::string data;
  void Add(std::string_view item) {
    data += item;
    offsets.push_back(static_cast<int32_t>(data.size()));
  }
  size_t size() const { return offsets.size() - 1; }
  std::string_view Item(size_t i) const {
    return std::string_view(data).substr(static_cast<size_t>(offsets[i]),
                                         static_cast<size_t>(offsets[i + 1] - offsets[i]));
  }
};

class ColumnTest : public test::PerTargetTest {};

// Each item's validity and bytes must match explain() and Ulid::parse-style
// single-item decoding; nulls in the input come out invalid.
void CheckColumn(Format format, const Column& col, const std::vector<uint8_t>* input_validity,
                 const TextOptions& opts) {
  const size_t n = col.size();
  std::vector<uint8_t> ids(n * 16, 0xAA), validity((n + 7) / 8, 0xFF);
  const Result s = decode_column(format, col.offsets.data(), col.data.data(), n,
                                 input_validity ? input_validity->data() : nullptr, ids.data(),
                                 validity.data(), opts);
  ASSERT_TRUE(s.ok());
  size_t invalid = 0;
  for (size_t i = 0; i < n; ++i) {
    const bool present = input_validity == nullptr || Bit(*input_validity, i);
    const Result why = explain(format, col.Item(i), opts);
    const bool valid = present && why.error == Error::kOk;
    ASSERT_EQ(Bit(validity, i), valid) << i << " " << col.Item(i);
    invalid += !valid;
    if (!valid) {
      ASSERT_EQ(ToHex(&ids[16 * i], 16), std::string(32, '0'));
    } else {
      // Same bytes as a fixed-stride decode of the item alone.
      uint8_t one[16];
      const std::string item(col.Item(i));
      const Format single = format == Format::kUuid && item.size() == opts.prefix.size() + 32
                                ? Format::kUuidHex
                                : format;
      ASSERT_TRUE(decode(single, item.data(), 1, item.size(), one, nullptr, opts).ok());
      ASSERT_EQ(ToHex(one, 16), ToHex(&ids[16 * i], 16));
    }
  }
  EXPECT_EQ(s.count, invalid);
  if (n % 8) {
    EXPECT_EQ(validity.back() >> (n % 8), 0);
  }
}

TEST_P(ColumnTest, MixedLengthsNullsAndErrors) {
  Column col;
  const char* items[] = {
      "01GV5PA9EQG7D82Q3Y4PKBZSYV", "01gv5pa9eqg7d82q3y4pkbzsyv",  "",
      "01GV5PA9EQG7D82Q3Y4PKBZSY",  "01GV5PA9EQG7D82Q3Y4PKBZSYVV", "81GV5PA9EQG7D82Q3Y4PKBZSYV",
      "01GV5PA9EQG7D82Q3Y4PKBZSYU", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ",  "00000000000000000000000000"};
  for (int rep = 0; rep < 70; ++rep) {  // 630 items: crosses the 256-item gather batches
    for (const char* item : items) col.Add(item);
  }
  CheckColumn(Format::kUlid, col, nullptr, {});
  std::vector<uint8_t> nulls((col.size() + 7) / 8, 0xFF);
  for (size_t i = 0; i < col.size(); i += 5) nulls[i / 8] &= static_cast<uint8_t>(~(1u << (i % 8)));
  CheckColumn(Format::kUlid, col, &nulls, {});
}

TEST_P(ColumnTest, UuidAcceptsBothForms) {
  Column col;
  col.Add("0186cb65-25d7-81da-815c-7e25a6bfe7db");
  col.Add("0186CB6525D781DA815C7E25A6BFE7DB");
  col.Add("0186cb65-25d781da-815c-7e25a6bfe7db-");
  col.Add("0186cb6525d781da815c7e25a6bfe7d");
  col.Add("0186cb65-25d7-81da-815c-7e25a6bfe7dg");
  CheckColumn(Format::kUuid, col, nullptr, {});
  std::vector<uint8_t> ids(5 * 16), validity(1);
  ASSERT_TRUE(decode_column(Format::kUuid, col.offsets.data(), col.data.data(), 5, nullptr,
                            ids.data(), validity.data())
                  .ok());
  EXPECT_EQ(validity[0], 0b00011);
  EXPECT_EQ(ToHex(&ids[0], 16), ToHex(&ids[16], 16));
  // The bare form alone: kUuidHex rejects the hyphenated one.
  CheckColumn(Format::kUuidHex, col, nullptr, {});
}

TEST_P(ColumnTest, PrefixedAndTypeId) {
  Column col;
  col.Add("ORDER#01GV5PA9EQG7D82Q3Y4PKBZSYV");
  col.Add("ORDEX#01GV5PA9EQG7D82Q3Y4PKBZSYV");
  col.Add("01GV5PA9EQG7D82Q3Y4PKBZSYV");
  TextOptions order;
  order.prefix = "ORDER#";
  CheckColumn(Format::kUlid, col, nullptr, order);
  EXPECT_EQ(explain(Format::kUlid, col.Item(1), order).error, Error::kPrefix);
  EXPECT_EQ(explain(Format::kUlid, col.Item(1), order).position, 4u);

  Column typed;
  typed.Add("user_01h455vb4pex5vsknk084sn02q");
  typed.Add("user_01H455VB4PEX5VSKNK084SN02Q");
  typed.Add("user01h455vb4pex5vsknk084sn02q");
  TextOptions user;
  user.type_id = true;
  user.prefix = "user";
  CheckColumn(Format::kUlid, typed, nullptr, user);
}

TEST_P(ColumnTest, BadOffsetsAreArgumentErrors) {
  const std::string data(52, '0');
  std::vector<uint8_t> ids(32), validity(1, 0x77);
  const int32_t decreasing[] = {0, 26, 20};
  const int32_t negative[] = {-1, 25, 51};
  EXPECT_EQ(
      decode_column(Format::kUlid, decreasing, data.data(), 2, nullptr, ids.data(), validity.data())
          .error,
      Error::kArgument);
  EXPECT_EQ(
      decode_column(Format::kUlid, negative, data.data(), 2, nullptr, ids.data(), validity.data())
          .error,
      Error::kArgument);
  EXPECT_EQ(validity[0], 0x77);
  const int32_t good[] = {0, 26, 52};
  const Result s =
      decode_column(Format::kUlid, good, data.data(), 2, nullptr, ids.data(), validity.data());
  EXPECT_TRUE(s.ok());
  EXPECT_EQ(validity[0], 0b11);
}

SORTID_INSTANTIATE_PER_TARGET(ColumnTest);

}  // namespace
}  // namespace sortid
