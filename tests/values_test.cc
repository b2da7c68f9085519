// Single-item helpers: time formatting/parsing, bounds, increment, Record ID
// fields, TypeID splitting, the Ulid value type, the monotonic step.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "lib/monotonic.h"
#include "sortid/sortid.hpp"
#include "tests/support/test_support.h"

namespace sortid {
namespace {

using test::ToHex;

TEST(Time, FormatsIso8601) {
  EXPECT_EQ(format_iso8601(0), "1970-01-01T00:00:00.000Z");
  EXPECT_EQ(format_iso8601(kRecordInceptionMs), "2026-01-01T00:00:00.000Z");
  EXPECT_EQ(format_iso8601(951782400000 + 86399999), "2000-02-29T23:59:59.999Z");
  EXPECT_EQ(format_iso8601(-1), "1969-12-31T23:59:59.999Z");
  EXPECT_EQ(format_iso8601((int64_t{1} << 48) - 1), "+10889-08-02T05:31:50.655Z");  // expanded year
}

TEST(Time, ParsesCommonForms) {
  EXPECT_EQ(parse_timestamp("2026-01-01T00:00:00Z"), kRecordInceptionMs);
  EXPECT_EQ(parse_timestamp("2026-01-01"), kRecordInceptionMs);
  EXPECT_EQ(parse_timestamp("2026-01-01 00:00:00.5 UTC"), kRecordInceptionMs + 500);
  EXPECT_EQ(parse_timestamp("2026-01-01T02:00:00+02:00"), kRecordInceptionMs);
  EXPECT_EQ(parse_timestamp("2025-12-31T19:00:00.000-05:00"), kRecordInceptionMs);
  EXPECT_EQ(parse_timestamp("1767225600000"), kRecordInceptionMs);
  EXPECT_EQ(parse_timestamp("2026-01-01T00:00:00.123456Z"), kRecordInceptionMs + 123);
  for (const char* bad :
       {"", "2026-13-01", "2026-02-29", "2026-01-01T24:00:00", "2026-1-01", "2026-01-01T00:00:00X",
        "2026-01-01T00:00:00.Z", "abc", "12345678901234567890"}) {
    EXPECT_FALSE(parse_timestamp(bad).has_value()) << bad;
  }
  // Round trip over a wide range.
  std::mt19937_64 rng(5);
  for (int i = 0; i < 10000; ++i) {
    const auto ms = static_cast<int64_t>(rng() % 253402300799999ULL);
    EXPECT_EQ(parse_timestamp(format_iso8601(ms)), ms);
  }
}

TEST(Bounds, UlidAndRecordId) {
  uint8_t min[16], max[16];
  ASSERT_EQ(bounds(Format::kUlid, 0x0102030405, min, max), Error::kOk);
  EXPECT_EQ(ToHex(min, 16), "00010203040500000000000000000000");
  EXPECT_EQ(ToHex(max, 16), "000102030405ffffffffffffffffffff");
  EXPECT_EQ(bounds(Format::kUlid, -1, min, max), Error::kRange);
  EXPECT_EQ(bounds(Format::kUlid, int64_t{1} << 48, min, max), Error::kRange);
  ASSERT_EQ(bounds(Format::kRecordId, kRecordInceptionMs + 1000, min, max), Error::kOk);
  EXPECT_EQ(ToHex(min, 16), "000000000000003e8000000000000000");
  EXPECT_EQ(ToHex(max, 16), "000000000000003e8fffffffffffffff");
  EXPECT_EQ(bounds(Format::kRecordId, kRecordInceptionMs - 1, min, max), Error::kRange);
  EXPECT_EQ(bounds(Format::kRecordId, kRecordInceptionMs + (int64_t{1} << 40), min, max),
            Error::kRange);
  int64_t ms[2];
  uint8_t both[32];
  std::copy(min, min + 16, both);
  std::copy(max, max + 16, both + 16);
  ASSERT_TRUE(timestamps_ms(Format::kRecordId, both, 2, ms).ok());
  EXPECT_EQ(ms[0], kRecordInceptionMs + 1000);
  EXPECT_EQ(ms[1], kRecordInceptionMs + 1000);
}

TEST(Increment, CarriesWithinRandomPartOnly) {
  uint8_t id[16] = {0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF};
  ASSERT_EQ(increment_ulid(id), Error::kOk);
  EXPECT_EQ(ToHex(id, 16), "00000000000100000000000000010000");
  uint8_t full[16];
  std::fill(full, full + 16, 0xFF);
  full[5] = 0x10;
  EXPECT_EQ(increment_ulid(full), Error::kOverflow);
  EXPECT_EQ(full[5], 0x10);
  EXPECT_EQ(full[15], 0xFF);
}

TEST(Monotonic, ClockBackKeepsTimestampAndOverflowLeavesState) {
  internal::MonotonicState state;
  uint8_t random[10] = {};
  std::fill(random, random + 10, 0xFF);
  random[9] = 0xFE;
  uint8_t a[16], b[16], c[16];
  ASSERT_EQ(internal::MonotonicNext(&state, 1000, random, a), Error::kOk);
  ASSERT_EQ(internal::MonotonicNext(&state, 999, random, b), Error::kOk);  // clock stepped back
  EXPECT_EQ(ToHex(b, 16), "0000000003e8ffffffffffffffffffff");
  EXPECT_EQ(internal::MonotonicNext(&state, 1000, random, c), Error::kOverflow);
  EXPECT_EQ(ToHex(state.last, 16), ToHex(b, 16)) << "state unchanged after overflow";
  ASSERT_EQ(internal::MonotonicNext(&state, 1001, random, c), Error::kOk);
  EXPECT_GT(ToHex(c, 16), ToHex(b, 16));
  EXPECT_EQ(internal::MonotonicNext(&state, -5, random, c), Error::kRange);
}

TEST(Monotonic, ContinueStopsBeforeTheRandomPartWraps) {
  internal::MonotonicState state;
  state.has_last = true;
  const auto last = test::FromHex("0000000003e8fffffffffffffffffffd");
  std::copy(last.begin(), last.end(), state.last);
  uint8_t ids[16 * 5];
  EXPECT_EQ(internal::MonotonicContinue(&state, ids, 5), 2u);
  EXPECT_EQ(ToHex(ids, 16), "0000000003e8fffffffffffffffffffe");
  EXPECT_EQ(ToHex(ids + 16, 16), "0000000003e8ffffffffffffffffffff");
  EXPECT_EQ(ToHex(state.last, 16), "0000000003e8ffffffffffffffffffff") << "the last ID written";
  uint8_t random[10] = {};
  EXPECT_EQ(internal::MonotonicNext(&state, 1000, random, ids), Error::kOverflow);
  // A carry from the low 64 bits into the high 16.
  const auto carry = test::FromHex("0000000003e80000ffffffffffffffff");
  std::copy(carry.begin(), carry.end(), state.last);
  EXPECT_EQ(internal::MonotonicContinue(&state, ids, 1), 1u);
  EXPECT_EQ(ToHex(ids, 16), "0000000003e800010000000000000000");
}

TEST(RecordFields, PackUnpackRoundTripAndRange) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 1000; ++i) {
    const RecordFields f{kRecordInceptionMs + static_cast<int64_t>(rng() >> 24), rng() >> 24,
                         static_cast<uint32_t>(rng() >> 44)};
    uint8_t id[16];
    ASSERT_EQ(pack_record(f, id), Error::kOk);
    const RecordFields g = unpack_record(id);
    EXPECT_EQ(g.unix_ms, f.unix_ms);
    EXPECT_EQ(g.machine_id, f.machine_id);
    EXPECT_EQ(g.counter, f.counter);
  }
  uint8_t id[16];
  EXPECT_EQ(pack_record({kRecordInceptionMs - 1, 0, 0}, id), Error::kRange);
  EXPECT_EQ(pack_record({kRecordInceptionMs, uint64_t{1} << 40, 0}, id), Error::kRange);
  EXPECT_EQ(pack_record({kRecordInceptionMs, 0, 1u << 20}, id), Error::kRange);
}

TEST(TypeId, Split) {
  std::string_view type_name, suffix;
  Result s = split_typeid("user_01h455vb4pex5vsknk084sn02q", &type_name, &suffix);
  EXPECT_EQ(s.error, Error::kOk);
  EXPECT_EQ(s.count, 4u);
  EXPECT_EQ(type_name, "user");
  EXPECT_EQ(suffix, "01h455vb4pex5vsknk084sn02q");
  s = split_typeid("my_type_01h455vb4pex5vsknk084sn02q", &type_name);
  EXPECT_EQ(s.error, Error::kOk);
  EXPECT_EQ(type_name, "my_type");
  s = split_typeid("01h455vb4pex5vsknk084sn02q", &type_name, &suffix);
  EXPECT_EQ(s.error, Error::kOk);
  EXPECT_EQ(s.count, 0u);
  EXPECT_TRUE(type_name.empty());
  EXPECT_EQ(suffix.size(), 26u);
  for (const auto& [text, pos] :
       std::vector<std::pair<std::string, size_t>>{{"_01h455vb4pex5vsknk084sn02q", 0},
                                                   {"User_01h455vb4pex5vsknk084sn02q", 0},
                                                   {"us3r_01h455vb4pex5vsknk084sn02q", 2},
                                                   {"_user_01h455vb4pex5vsknk084sn02q", 0},
                                                   {"user__01h455vb4pex5vsknk084sn02q", 4},
                                                   {std::string(64, 'a') + "_x", 63}}) {
    s = split_typeid(text);
    EXPECT_EQ(s.error, Error::kPrefix) << text;
    EXPECT_EQ(s.position, pos) << text;
  }
}

TEST(UlidValue, ParseFormatCompare) {
  const auto a = Ulid::parse("01ARYZ6S41TSV4RRFFQ69G5FAV");
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->timestamp_ms(), 1469918176385);
  EXPECT_EQ(a->to_string(LetterCase::kLower), "01aryz6s41tsv4rrffq69g5fav");
  EXPECT_EQ(a->to_uuid(), "01563df3-6481-d676-4c61-efb99302bd5b");
  EXPECT_FALSE(Ulid::parse("01ARYZ6S41TSV4RRFFQ69G5FAI").has_value());
  EXPECT_TRUE(Ulid::parse("01ARYZ6S41TSV4RRFFQ69G5FAI", true).has_value());
  const auto b = Ulid::parse("01ARYZ6S41TSV4RRFFQ69G5FAW");
  EXPECT_LT(*a, *b);
  EXPECT_EQ(Ulid::from_uuid("01563DF36481D6764C61EFB99302BD5B"), a);
}

TEST(ErrorMessages, EveryKindHasOne) {
  for (int e = 0; e <= static_cast<int>(Error::kUnsupported); ++e) {
    EXPECT_STRNE(error_message(static_cast<Error>(e)), "unknown error");
  }
}

}  // namespace
}  // namespace sortid
