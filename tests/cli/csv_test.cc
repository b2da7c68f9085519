// Unit tests of the CSV/TSV row splitter (cli/scan/csv.h): RFC 4180 quoting,
// quoted line breaks, CRLF, missing fields, incomplete rows, malformed quotes.
#include "cli/scan/csv.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>

namespace sortid::cli {
namespace {

struct Split {
  bool complete = false;
  CsvRow row;
  std::string_view text;
  std::string_view field() const { return text.substr(row.field_off, row.field_len); }
};

Split SplitAt(std::string_view text, size_t field, bool at_eof = true, char delimiter = ',',
              bool quoting = true) {
  Split s;
  s.text = text;
  s.complete = SplitCsvRow(text.data(), text.data() + text.size(), at_eof, field, delimiter,
                           quoting, &s.row);
  return s;
}

TEST(Csv, PlainFields) {
  const Split s = SplitAt("a,bb,ccc\nnext", 2);
  ASSERT_TRUE(s.complete);
  EXPECT_EQ(s.field(), "bb");
  EXPECT_EQ(s.row.row_len, 9u);
  EXPECT_EQ(s.row.eol_len, 1);
  EXPECT_EQ(s.row.newlines, 1u);
  EXPECT_EQ(s.row.flags, 0);
}

TEST(Csv, FirstAndLastField) {
  EXPECT_EQ(SplitAt("a,bb,ccc\n", 1).field(), "a");
  EXPECT_EQ(SplitAt("a,bb,ccc\n", 3).field(), "ccc");
  EXPECT_EQ(SplitAt("a,bb,ccc", 3).field(), "ccc");  // no final newline, at end of input
}

TEST(Csv, EmptyFields) {
  const Split s = SplitAt(",,\n", 2);
  ASSERT_TRUE(s.complete);
  EXPECT_EQ(s.field(), "");
  EXPECT_EQ(s.row.flags, 0);
  EXPECT_EQ(SplitAt(",,\n", 3).field(), "");
}

TEST(Csv, QuotedFieldWithDelimiterQuoteAndLineBreak) {
  const Split s = SplitAt("\"Smith, Jane\",\"said \"\"hi\"\"\",\"two\nlines\",x\n", 3);
  ASSERT_TRUE(s.complete);
  EXPECT_EQ(s.field(), "two\nlines");
  EXPECT_TRUE(s.row.flags & CsvRow::kQuoted);
  EXPECT_EQ(s.row.newlines, 2u);  // one inside the quotes, one ending the row
  EXPECT_EQ(s.row.row_len, s.text.size());
  // The "" pair stays doubled in the located bytes (the caller unescapes).
  EXPECT_EQ(SplitAt(s.text, 2).field(), "said \"\"hi\"\"");
}

TEST(Csv, QuoteInsideUnquotedFieldIsOrdinary) {
  const Split s = SplitAt("ab\"c,d\n", 1);
  EXPECT_EQ(s.field(), "ab\"c");
  EXPECT_EQ(s.row.flags, 0);
}

TEST(Csv, Crlf) {
  const Split s = SplitAt("a,b\r\nc", 2);
  ASSERT_TRUE(s.complete);
  EXPECT_EQ(s.field(), "b");
  EXPECT_EQ(s.row.eol_len, 2);
  EXPECT_EQ(s.row.row_len, 5u);
  const Split q = SplitAt("a,\"b\"\r\n", 2);
  EXPECT_EQ(q.field(), "b");
  EXPECT_EQ(q.row.eol_len, 2);
  EXPECT_FALSE(q.row.flags & CsvRow::kTextAfterQuote);
}

TEST(Csv, TabDelimiter) { EXPECT_EQ(SplitAt("a\tb,c\td\n", 2, true, '\t').field(), "b,c"); }

TEST(Csv, MissingField) {
  const Split s = SplitAt("a,b\n", 4);
  ASSERT_TRUE(s.complete);
  EXPECT_TRUE(s.row.flags & CsvRow::kMissingField);
  EXPECT_EQ(s.row.fields_found, 2u);
  EXPECT_EQ(s.row.field_len, 0u);
}

TEST(Csv, IncompleteRowNeedsMoreInput) {
  EXPECT_FALSE(SplitAt("a,b", 2, /*at_eof=*/false).complete);
  EXPECT_FALSE(SplitAt("a,\"b\nc", 2, false).complete);  // quoted line break, no close yet
  EXPECT_FALSE(SplitAt("a,\"b\"", 2, false).complete);   // a quote last: maybe a "" pair
  EXPECT_TRUE(SplitAt("a,b\n", 2, false).complete);
}

TEST(Csv, LongRowsBeyondTheWordLoop) {
  const std::string row = std::string(40, 'x') + "," + std::string(30, 'y') + "\n";
  const Split s = SplitAt(row, 2);
  EXPECT_EQ(s.field(), std::string(30, 'y'));
}

// A malformed quote is flagged with the offset of the offending byte: an
// unterminated quote (in the field or before it) at its opening quote, text
// after a closing quote at its first byte. An unterminated quote on the last
// line runs the row to the end of input.
TEST(Csv, MalformedQuotesPointAtTheProblem) {
  struct Case {
    std::string_view text;
    uint8_t flag;
    uint32_t problem_off;
  };
  const Case kCases[] = {{"a,\"b,c", CsvRow::kUnterminatedQuote, 2},
                         {"\"a,b", CsvRow::kUnterminatedQuote, 0},
                         {"x,\"U\"zz,y\n", CsvRow::kTextAfterQuote, 5}};
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.text);
    const Split s = SplitAt(c.text, 2);
    ASSERT_TRUE(s.complete);
    EXPECT_TRUE(s.row.flags & c.flag);
    EXPECT_FALSE(s.row.flags & CsvRow::kQuoteCut);
    EXPECT_EQ(s.row.problem_off, c.problem_off);
    EXPECT_EQ(s.row.row_len, s.text.size());
  }
}

// A quote costs at most its row: a malformed quoted field that spans lines
// ends the row at the end of the line where it opened.
TEST(Csv, MalformedQuoteAcrossLinesCostsOnlyItsLine) {
  struct Case {
    std::string_view text;
    uint8_t flag;
    uint32_t problem_off;
    uint32_t row_len;
    uint8_t eol_len;
  };
  const Case kCases[] = {
      {"a,\"b,c\nd\n", CsvRow::kUnterminatedQuote, 2, 7, 1},               // never closes
      {"\"a,b\r\nc,d\n", CsvRow::kUnterminatedQuote, 0, 6, 2},             // CRLF
      {"\"Al,X\nBo,Y\n\"Cy,Z\n", CsvRow::kTextAfterQuote, 0, 6, 1},        // closes at a stray
      {"\"two\nlines\",\"x\ny\"z\n", CsvRow::kTextAfterQuote, 12, 15, 1},  // second field
  };
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.text);
    for (const bool at_eof : {true, false}) {
      const Split s = SplitAt(c.text, 2, at_eof);
      ASSERT_TRUE(s.complete);
      EXPECT_TRUE(s.row.flags & c.flag);
      EXPECT_TRUE(s.row.flags & CsvRow::kQuoteCut);
      EXPECT_EQ(s.row.problem_off, c.problem_off);
      EXPECT_EQ(s.row.row_len, c.row_len);
      EXPECT_EQ(s.row.eol_len, c.eol_len);
      EXPECT_LE(s.row.field_off + s.row.field_len, s.row.row_len - s.row.eol_len);
      if (c.flag == CsvRow::kUnterminatedQuote) break;  // needs the end of input to decide
    }
  }
  // A well-formed quoted line break still joins the lines.
  const Split ok = SplitAt("\"two\nlines\",x\nnext\n", 2);
  EXPECT_EQ(ok.row.flags, 0);
  EXPECT_EQ(ok.row.row_len, 14u);
}

TEST(Csv, QuoteNoneMakesQuotesOrdinary) {
  const Split s = SplitAt("\"Al\tX\nBo\tY\n", 2, true, '\t', /*quoting=*/false);
  ASSERT_TRUE(s.complete);
  EXPECT_EQ(s.field(), "X");
  EXPECT_EQ(s.row.row_len, 6u);
  EXPECT_EQ(s.row.flags, 0);
}

TEST(Csv, FindFieldEndEveryPosition) {
  for (size_t at = 0; at < 20; ++at) {
    std::string text(20, 'a');
    text[at] = ';';
    EXPECT_EQ(FindFieldEnd(text.data(), text.data() + text.size(), ';'), text.data() + at);
    text[at] = '\n';
    EXPECT_EQ(FindFieldEnd(text.data(), text.data() + text.size(), ';'), text.data() + at);
  }
  const std::string none(13, 'b');
  EXPECT_EQ(FindFieldEnd(none.data(), none.data() + none.size(), ','), none.data() + none.size());
}

// The masked fast path against the general path, on random rows short
// enough for it (the general one sees the row alone, where it cannot run)
// followed by random bytes that it must not read as part of the row.
TEST(Csv, ShortRowMatchesTheGeneralPath) {
  std::mt19937 rng(7);
  constexpr std::string_view kBytes = "ab,;\r\" \n";
  const auto byte = [&](std::string_view from) { return from[rng() % from.size()]; };
  int fast = 0;
  for (int t = 0; t < 20000; ++t) {
    // Fields of random bytes, or quoted ones ("" pairs, delimiters and '\r'
    // inside), some with bytes after the closing quote; a "\n" or "\r\n" end.
    const bool quoting = rng() % 2 != 0;
    const char delimiter = rng() % 2 != 0 ? ',' : ';';
    std::string row;
    for (size_t f = 0, fields = 1 + rng() % 5; f < fields; ++f) {
      if (f != 0) row += delimiter;
      const bool quoted = rng() % 2 != 0;
      if (quoted) row += '"';
      for (size_t i = 0, length = rng() % 12; i < length; ++i) {
        row += quoted && rng() % 5 == 0 ? std::string("\"\"") : std::string(1, byte("ab,;\r \""));
      }
      if (quoted) row += '"';
      if (rng() % 8 == 0) row += byte("ab\r\"");
    }
    if (row.size() > 62) row.resize(62);
    row += rng() % 2 != 0 ? "\r\n" : "\n";
    const size_t field = 1 + rng() % 5;
    CsvRow general;
    ASSERT_TRUE(SplitCsvRow(row.data(), row.data() + row.size(), true, field, delimiter, quoting,
                            &general));
    std::string padded = row;
    for (int i = 0; i < 64; ++i) padded += byte(kBytes);
    CsvRow masked;
    if (!SplitShortRow(padded.data(), padded.data() + padded.size(), field, delimiter, quoting,
                       &masked)) {
      continue;
    }
    ++fast;
    SCOPED_TRACE(testing::Message() << "row " << testing::PrintToString(row) << " field " << field
                                    << " delimiter " << delimiter << " quoting " << quoting);
    EXPECT_EQ(masked.field_off, general.field_off);
    EXPECT_EQ(masked.field_len, general.field_len);
    EXPECT_EQ(masked.row_len, general.row_len);
    EXPECT_EQ(masked.eol_len, general.eol_len);
    EXPECT_EQ(masked.flags, general.flags);
    EXPECT_EQ(masked.fields_found, general.fields_found);
    EXPECT_EQ(masked.newlines, general.newlines);
    EXPECT_EQ(masked.problem_off, general.problem_off);
  }
#if defined(__SSE2__)
  EXPECT_GT(fast, 10000);  // most rows: all but malformed quotes
#else
  EXPECT_EQ(fast, 0);  // no fast path on this CPU
#endif
}

TEST(Csv, CountNewlines) {
  const std::string_view text = "a\nb\n\nc";
  EXPECT_EQ(CountNewlines(text.data(), text.data() + text.size()), 3u);
}

}  // namespace
}  // namespace sortid::cli
