// ISO 8601 times (lib/time.cc): expanded years beyond 9999 in and out, the
// end bound of a date or a second, negative milliseconds, the fixed-length
// form's original contract.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "sortid/sortid.hpp"

namespace sortid {
namespace {

constexpr int64_t kMaxUlidMs = (int64_t{1} << 48) - 1;

TEST(TimeExpanded, FormatsYearsBeyond9999) {
  EXPECT_EQ(format_iso8601(kMaxUlidMs), "+10889-08-02T05:31:50.655Z");
  EXPECT_EQ(format_iso8601(253402300799999), "9999-12-31T23:59:59.999Z");
  EXPECT_EQ(format_iso8601(253402300800000), "+10000-01-01T00:00:00.000Z");
  EXPECT_EQ(format_iso8601(-62167219200000), "0000-01-01T00:00:00.000Z");
  EXPECT_EQ(format_iso8601(-62167219200001), "-0001-12-31T23:59:59.999Z");
  EXPECT_EQ(format_iso8601(INT64_MAX), "");  // beyond year 999999
  EXPECT_EQ(format_iso8601(INT64_MIN), "");
}

TEST(TimeExpanded, CapacityFormNeverWritesPastCapacity) {
  char buf[kIso8601MaxLength];
  EXPECT_EQ(format_iso8601(kMaxUlidMs, buf, sizeof(buf)), 26u);
  EXPECT_EQ(std::string(buf, 26), "+10889-08-02T05:31:50.655Z");
  EXPECT_EQ(format_iso8601(kMaxUlidMs, buf, 25), 0u);
  EXPECT_EQ(format_iso8601(0, buf, 24), 24u);
  EXPECT_EQ(format_iso8601(0, nullptr, 0), 0u);
}

TEST(TimeExpanded, FourDigitCapacityHoldsFourDigitYearsOnly) {
  char buf[kIso8601Length];
  EXPECT_EQ(format_iso8601(0, buf, sizeof(buf)), kIso8601Length);
  EXPECT_EQ(format_iso8601(kMaxUlidMs, buf, sizeof(buf)), 0u);  // 26 characters would not fit
}

TEST(TimeExpanded, ParsesExpandedYears) {
  EXPECT_EQ(parse_timestamp("+10889-08-02T05:31:50.655Z"), kMaxUlidMs);
  EXPECT_EQ(parse_timestamp("+10000-01-01"), 253402300800000);
  EXPECT_EQ(parse_timestamp("+2024-01-01"), parse_timestamp("2024-01-01"));
  EXPECT_EQ(parse_timestamp("-0001-12-31T23:59:59.999Z"), -62167219200001);
  for (const char* bad : {"10889-08-02", "+123-01-01", "+1234567-01-01", "+-2024-01-01"}) {
    EXPECT_FALSE(parse_timestamp(bad).has_value()) << bad;
  }
}

TEST(TimeExpanded, RoundTripsEveryUlidYear) {
  std::mt19937_64 rng(16);
  for (int i = 0; i < 20000; ++i) {
    const auto ms = static_cast<int64_t>(rng() % static_cast<uint64_t>(kMaxUlidMs + 1));
    EXPECT_EQ(parse_timestamp(format_iso8601(ms)), ms);
  }
}

TEST(TimeBounds, EndOfTheNamedPeriod) {
  const int64_t day = *parse_timestamp("2024-01-31");
  EXPECT_EQ(parse_timestamp("2024-01-31", TimeBound::kEnd), day + 86400000 - 1);
  EXPECT_EQ(parse_timestamp("2024-01-31", TimeBound::kStart), day);
  EXPECT_EQ(parse_timestamp("2024-01-31T12:00:00Z", TimeBound::kEnd), day + 43200000 + 999);
  EXPECT_EQ(parse_timestamp("2024-01-31T12:00:00.5Z", TimeBound::kEnd), day + 43200000 + 599);
  EXPECT_EQ(parse_timestamp("2024-01-31T12:00:00.250Z", TimeBound::kEnd), day + 43200000 + 250);
  EXPECT_EQ(parse_timestamp("1700000000000", TimeBound::kEnd), 1700000000000);
  // An offset moves the day: the end of 2024-01-31 in UTC+01:00.
  EXPECT_EQ(parse_timestamp("2024-01-31T23:59:59+01:00", TimeBound::kEnd),
            day + 86400000 - 3600000 - 1);
}

TEST(TimeParse, NegativeMilliseconds) {
  EXPECT_EQ(parse_timestamp("-1"), -1);
  EXPECT_FALSE(parse_timestamp("-").has_value());
  EXPECT_FALSE(parse_timestamp("--1").has_value());
}

}  // namespace
}  // namespace sortid
