// The C++ names deprecated before 1.0 still compile and behave as the names
// that replaced them.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <string_view>

#include "sortid/generator.hpp"
#include "sortid/sortid.hpp"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

namespace sortid {
namespace {

TEST(DeprecatedNames, ResultTypesConvertFromResult) {
  const Status status = Result{.error = Error::kOk, .position = 0, .count = 3};
  EXPECT_TRUE(status.ok());
  EXPECT_EQ(status.invalid, 3u);
  const Explanation why = Result{.error = Error::kCharacter, .position = 7};
  EXPECT_EQ(why.error, Error::kCharacter);
  EXPECT_EQ(why.position, 7u);
  GenerateResult made;
  made = Result{.error = Error::kOverflow, .count = 2};
  EXPECT_FALSE(made.ok());
  EXPECT_EQ(made.generated, 2u);
}

TEST(DeprecatedNames, BulkCallsIntoStatus) {
  const std::string text = "01GV5PA9EQG7D82Q3Y4PKBZSYV8ZZZZZZZZZZZZZZZZZZZZZZZZZ";
  uint8_t ids[32];
  uint8_t validity = 0;
  const Status status = decode(Format::kUlid, text.data(), 2, 26, ids, &validity);
  EXPECT_TRUE(status.ok());
  EXPECT_EQ(status.invalid, 1u);
  const Explanation why = explain(Format::kUlid, std::string_view(text).substr(26));
  EXPECT_EQ(why.error, Error::kOverflow);
  EXPECT_EQ(why.position, 0u);
}

TEST(DeprecatedNames, TypeIdSplitMatchesSplitTypeId) {
  for (const std::string_view text :
       {"user_01h455vb4pex5vsknk084sn02q", "01h455vb4pex5vsknk084sn02q", "us3r_x", "_x"}) {
    std::string_view type_name, suffix;
    const Result r = split_typeid(text, &type_name, &suffix);
    const TypeIdSplit old = typeid_split(text);
    EXPECT_EQ(old.error, r.error) << text;
    EXPECT_EQ(old.prefix_len, r.ok() ? r.count : r.position) << text;
    EXPECT_EQ(old.type_name, type_name) << text;
    EXPECT_EQ(old.suffix, suffix) << text;
  }
}

TEST(DeprecatedNames, ValueHelpers) {
  uint8_t a[16] = {}, b[16] = {};
  EXPECT_EQ(ulid_increment(a), Error::kOk);
  EXPECT_EQ(increment_ulid(b), Error::kOk);
  EXPECT_EQ(std::memcmp(a, b, 16), 0);
  const RecordFields fields{kRecordInceptionMs + 5, 42, 7};
  EXPECT_EQ(record_pack(fields, a), Error::kOk);
  EXPECT_EQ(pack_record(fields, b), Error::kOk);
  EXPECT_EQ(std::memcmp(a, b, 16), 0);
  EXPECT_EQ(record_unpack(a).machine_id, 42u);
  EXPECT_EQ(record_pack({kRecordInceptionMs - 1, 0, 0}, a), Error::kRange);
}

TEST(DeprecatedNames, FourDigitIsoForm) {
  char out[kIso8601Length];
  EXPECT_EQ(format_iso8601(0, out), kIso8601Length);
  EXPECT_EQ(std::string(out, kIso8601Length), "1970-01-01T00:00:00.000Z");
  std::memset(out, '#', sizeof(out));
  EXPECT_EQ(format_iso8601(int64_t{281474976710655}, out), 0u);  // year 10889
  EXPECT_EQ(out[0], '#');
  EXPECT_EQ(format_iso8601(int64_t{-1}, out), kIso8601Length);  // 1969-12-31T23:59:59.999Z
}

}  // namespace
}  // namespace sortid
