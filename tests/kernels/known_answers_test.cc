// Every row of tests/data/ulid_known_answers.tsv (known answers gathered
// from other ULID implementations and specs) is exercised, as one test per
// row kind and compiled CPU target (each forced and checked to be active); a
// row of an unknown kind fails the test. Bulk calls run on 9 copies of each
// item, so that the targets' whole-vector paths (8 items and more) run
// besides the one-item tails, and every copy must agree.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "lib/monotonic.h"
#include "sortid/sortid.hpp"
#include "tests/support/per_target_test.h"
#include "tests/support/test_support.h"

namespace sortid {
namespace {

using test::FromHex;
using test::Lower;
using test::ToHex;

struct Row {
  std::string kind, input, expected, source;
};

std::vector<Row> LoadRows() {
  std::ifstream file(SORTID_TEST_DATA_DIR "/ulid_known_answers.tsv");
  std::vector<Row> rows;
  std::string line;
  std::getline(file, line);  // header
  while (std::getline(file, line)) {
    Row row;
    std::stringstream fields(line);
    std::getline(fields, row.kind, '\t');
    std::getline(fields, row.input, '\t');
    std::getline(fields, row.expected, '\t');
    std::getline(fields, row.source, '\t');
    rows.push_back(row);
  }
  return rows;
}

constexpr size_t kCopies = 9;

// Decodes kCopies copies of one item through the bulk API and checks they
// agree with each other and with explain(). Returns the error kind; id
// receives the bytes.
Error DecodeOne(Format format, std::string_view text, uint8_t id[16],
                const TextOptions& opts = {}) {
  std::vector<int32_t> offsets;
  std::string data;
  for (size_t k = 0; k < kCopies; ++k) {
    offsets.push_back(static_cast<int32_t>(data.size()));
    data += text;
  }
  offsets.push_back(static_cast<int32_t>(data.size()));
  std::vector<uint8_t> ids(16 * kCopies, 0xAA), validity(2, 0xAA);
  const Result status = decode_column(format, offsets.data(), data.data(), kCopies, nullptr,
                                      ids.data(), validity.data(), opts);
  EXPECT_TRUE(status.ok());
  const Result why = explain(format, text, opts);
  const bool valid = why.error == Error::kOk;
  EXPECT_EQ(validity[0], valid ? 0xFF : 0) << text;
  EXPECT_EQ(validity[1], valid ? 1 : 0) << text;
  EXPECT_EQ(status.count, valid ? 0u : kCopies);
  for (size_t k = 1; k < kCopies; ++k) {
    EXPECT_EQ(ToHex(&ids[16 * k], 16), ToHex(ids.data(), 16)) << "copy " << k;
  }
  std::copy(ids.begin(), ids.begin() + 16, id);
  return why.error;
}

std::string EncodeOne(Format format, const uint8_t id[16], LetterCase letter_case) {
  TextOptions opts;
  opts.letter_case = letter_case;
  const size_t len = text_length(format);
  std::vector<uint8_t> ids;
  for (size_t k = 0; k < kCopies; ++k) ids.insert(ids.end(), id, id + 16);
  std::string text(len * kCopies, '?');
  const Result status = encode(format, ids.data(), kCopies, text.data(), len, nullptr, opts);
  EXPECT_TRUE(status.ok());
  EXPECT_EQ(status.count, 0u);
  for (size_t k = 1; k < kCopies; ++k) EXPECT_EQ(text.substr(len * k, len), text.substr(0, len));
  return text.substr(0, len);
}

// Decodes a TypeID ("type_" + ULID) into id; *opts becomes the options that
// do it (type_id, prefix = the type name, which points into text).
Error DecodeTypeId(std::string_view text, uint8_t id[16], TextOptions* opts) {
  std::string_view type_name;
  const Result split = split_typeid(text, &type_name);
  if (split.error != Error::kOk) return split.error;
  opts->type_id = true;
  opts->prefix = type_name;
  return DecodeOne(Format::kUlid, text, id, *opts);
}

std::string EncodeUlidMatchingCase(const uint8_t id[16], const std::string& expected) {
  const bool lower = expected != "" && Lower(expected) == expected &&
                     expected.find_first_of("abcdefghjkmnpqrstvwxyz") != std::string::npos;
  return EncodeOne(Format::kUlid, id, lower ? LetterCase::kLower : LetterCase::kUpper);
}

// Leading "YYYY-MM-DD HH:MM:SS.fff" of an expected datetime cell, as ms.
int64_t ExpectedMs(const std::string& cell) {
  const auto ms = parse_timestamp(cell.substr(0, 23));
  EXPECT_TRUE(ms.has_value()) << cell;
  const size_t at = cell.find("(ms ");
  if (at != std::string::npos) {
    EXPECT_EQ(*ms, std::stoll(cell.substr(at + 4))) << cell;
  }
  return ms.value_or(-1);
}

std::vector<std::string> Split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream in(s);
  std::string item;
  while (std::getline(in, item, sep)) out.push_back(item);
  return out;
}

// monotonic_seq rows: the npm `ulid` monotonic factory with prng() = 0.96
// draws floor(0.96 * 32) = 30 = 'Y' for every random character.
void CheckMonotonicSequence(const Row& row) {
  std::vector<int64_t> times;
  const std::string spec = row.input.substr(row.input.find('=') + 1);
  const std::string seeds = spec.substr(0, spec.find(' '));
  if (row.input.rfind("seeds=", 0) == 0) {
    for (const std::string& t : Split(seeds, ',')) times.push_back(std::stoll(t));
  } else {
    const int repeat = std::stoi(row.input.substr(row.input.rfind('x') + 1));
    times.assign(static_cast<size_t>(repeat), std::stoll(seeds));
  }
  uint8_t random_y[16];
  ASSERT_EQ(DecodeOne(Format::kUlid, "0000000000YYYYYYYYYYYYYYYY", random_y), Error::kOk);
  const std::vector<std::string> expected = Split(row.expected, ',');
  ASSERT_EQ(expected.size(), times.size());
  internal::MonotonicState state;
  for (size_t i = 0; i < times.size(); ++i) {
    uint8_t id[16];
    ASSERT_EQ(internal::MonotonicNext(&state, times[i], random_y + 6, id), Error::kOk);
    EXPECT_EQ(EncodeOne(Format::kUlid, id, LetterCase::kUpper), expected[i]) << "step " << i;
  }
}

void CheckInvalid(const Row& row) {
  uint8_t id[16];
  if (row.input.find(" with byte 0xFF or 0x00 at any index") != std::string::npos) {
    const std::string base = row.input.substr(0, 26);
    ASSERT_EQ(DecodeOne(Format::kUlid, base, id), Error::kOk);
    for (size_t pos = 0; pos < 26; ++pos) {
      for (char bad : {'\xFF', '\0'}) {
        std::string text = base;
        text[pos] = bad;
        EXPECT_EQ(DecodeOne(Format::kUlid, text, id), Error::kCharacter) << pos;
        EXPECT_EQ(explain(Format::kUlid, text).position, pos);
      }
    }
    return;
  }
  std::string text = row.input;
  if (text == "\\xFF + '0'*25") text = "\xFF" + std::string(25, '0');
  if (row.expected.find("TypeID only") != std::string::npos || text.rfind("prefix_", 0) == 0) {
    std::string_view type_name, suffix;
    ASSERT_EQ(split_typeid(text, &type_name, &suffix).error, Error::kOk);
    TextOptions opts;
    opts.type_id = true;
    opts.prefix = type_name;
    const Error error = DecodeOne(Format::kUlid, text, id, opts);
    EXPECT_NE(error, Error::kOk);
    if (row.expected.find("uppercase") != std::string::npos) {
      EXPECT_EQ(error, Error::kCharacter);
      // A plain ULID decoder accepts the same suffix.
      EXPECT_EQ(DecodeOne(Format::kUlid, suffix, id), Error::kOk);
    }
    return;
  }
  const Error error = DecodeOne(Format::kUlid, text, id);
  EXPECT_EQ(ToHex(id, 16), std::string(32, '0')) << "invalid slot must be zeroed";
  if (row.expected.find("overflow") != std::string::npos) {
    EXPECT_EQ(error, Error::kOverflow);
    EXPECT_EQ(explain(Format::kUlid, text).position, 0u);
  } else if (row.expected.find("length") != std::string::npos) {
    EXPECT_EQ(error, Error::kLength);
    EXPECT_EQ(std::to_string(text.size()), row.expected.substr(row.expected.rfind(' ') + 1));
  } else {
    // Errors are reported left to right: a first character that is in the
    // alphabet but above '7' is reported as overflow before a later bad
    // character ("notavalid...": 'n' = 21). The bad character is still found.
    if (error == Error::kOverflow) {
      text[0] = '0';
      EXPECT_EQ(DecodeOne(Format::kUlid, text, id), Error::kCharacter);
    } else {
      EXPECT_EQ(error, Error::kCharacter);
    }
    const size_t quote = row.expected.find('\'');
    if (quote != std::string::npos) {  // "invalid char 'U'": position of that char
      EXPECT_EQ(explain(Format::kUlid, text).position, text.find(row.expected[quote + 1]));
    }
    // Lenient mode accepts exactly the I/L/O aliases.
    const bool only_aliases = text.find_first_of("UuIiLlOo") != std::string::npos &&
                              text.find_first_of("Uu[") == std::string::npos;
    TextOptions lenient;
    lenient.lenient = true;
    EXPECT_EQ(DecodeOne(Format::kUlid, text, id, lenient) == Error::kOk, only_aliases) << text;
  }
}

void CheckRow(const Row& row, std::map<std::string, int>* handled) {
  SCOPED_TRACE(row.kind + " " + row.input + " (" + row.source + ")");
  uint8_t id[16];
  const std::string& k = row.kind;
  if (k == "decode_hex") {
    ASSERT_EQ(DecodeOne(Format::kUlid, row.input, id), Error::kOk);
    EXPECT_EQ(ToHex(id, 16), row.expected);
    const auto ulid = Ulid::parse(row.input);
    ASSERT_TRUE(ulid.has_value());
    EXPECT_EQ(ToHex(ulid->bytes.data(), 16), row.expected);
  } else if (k == "encode_hex") {
    const auto bytes = FromHex(row.input);
    ASSERT_EQ(bytes.size(), 16u);
    EXPECT_EQ(EncodeUlidMatchingCase(bytes.data(), row.expected), row.expected);
  } else if (k == "decode_ms") {
    ASSERT_EQ(DecodeOne(Format::kUlid, row.input, id), Error::kOk);
    int64_t ms = -1;
    ASSERT_TRUE(timestamps_ms(Format::kUlid, id, 1, &ms).ok());
    EXPECT_EQ(ms, std::stoll(row.expected));
  } else if (k == "encode_time" || k == "ms_zero_entropy") {
    ASSERT_EQ(bounds(Format::kUlid, std::stoll(row.input), id, nullptr), Error::kOk);
    const std::string text = EncodeOne(Format::kUlid, id, LetterCase::kUpper);
    EXPECT_EQ(k == "encode_time" ? text.substr(0, 10) : text, row.expected);
  } else if (k == "decode_datetime_utc") {
    const int64_t want = ExpectedMs(row.expected);
    if (row.input.rfind("hex:", 0) == 0) {
      const auto bytes = FromHex(row.input.substr(4));
      std::copy(bytes.begin(), bytes.end(), id);
    } else if (row.input.find('_') != std::string::npos) {
      TextOptions opts;
      ASSERT_EQ(DecodeTypeId(row.input, id, &opts), Error::kOk);
    } else {
      ASSERT_EQ(DecodeOne(Format::kUlid, row.input, id), Error::kOk);
    }
    int64_t ms = -1;
    ASSERT_TRUE(timestamps_ms(Format::kUlid, id, 1, &ms).ok());
    EXPECT_EQ(ms, want);
    std::string iso = row.expected.substr(0, 23);
    iso[10] = 'T';
    EXPECT_EQ(format_iso8601(ms), iso + "Z");
  } else if (k == "ts_to_min_ulid") {
    const auto ms = parse_timestamp(row.input);
    ASSERT_TRUE(ms.has_value());
    ASSERT_EQ(bounds(Format::kUlid, *ms, id, nullptr), Error::kOk);
    EXPECT_EQ(EncodeOne(Format::kUlid, id, LetterCase::kUpper), row.expected);
  } else if (k == "ulid_to_uuid") {
    ASSERT_EQ(DecodeOne(Format::kUlid, row.input, id), Error::kOk);
    const bool upper = Lower(row.expected) != row.expected;
    EXPECT_EQ(EncodeOne(Format::kUuid, id, upper ? LetterCase::kUpper : LetterCase::kCanonical),
              row.expected);
    EXPECT_EQ(Ulid::parse(row.input)->to_uuid(), Lower(row.expected));
  } else if (k == "uuid_to_ulid") {
    ASSERT_EQ(DecodeOne(Format::kUuid, row.input, id), Error::kOk);
    EXPECT_EQ(EncodeOne(Format::kUlid, id, LetterCase::kCanonical), row.expected);
    EXPECT_EQ(Ulid::from_uuid(row.input)->to_string(), row.expected);
  } else if (k == "typeid_to_uuid") {
    TextOptions opts;
    ASSERT_EQ(DecodeTypeId(row.input, id, &opts), Error::kOk);
    EXPECT_EQ(EncodeOne(Format::kUuid, id, LetterCase::kCanonical), row.expected);
    // And back: encoding as TypeID reproduces the input.
    std::string text(item_length(Format::kUlid, opts), '?');
    ASSERT_TRUE(encode(Format::kUlid, id, 1, text.data(), text.size(), nullptr, opts).ok());
    EXPECT_EQ(text, row.input);
  } else if (k == "increment") {
    ASSERT_EQ(DecodeOne(Format::kUlid, row.input, id), Error::kOk);
    ASSERT_EQ(increment_ulid(id), Error::kOk);
    EXPECT_EQ(EncodeOne(Format::kUlid, id, LetterCase::kUpper), row.expected);
  } else if (k == "increment_overflow") {
    ASSERT_EQ(DecodeOne(Format::kUlid, row.input, id), Error::kOk);
    EXPECT_EQ(increment_ulid(id), Error::kOverflow);
    EXPECT_EQ(EncodeOne(Format::kUlid, id, LetterCase::kUpper), row.input) << "state unchanged";
  } else if (k == "monotonic_seq") {
    CheckMonotonicSequence(row);
  } else if (k == "alias_decode_lenient") {
    EXPECT_EQ(DecodeOne(Format::kUlid, row.input, id), Error::kCharacter);
    TextOptions lenient;
    lenient.lenient = true;
    ASSERT_EQ(DecodeOne(Format::kUlid, row.input, id, lenient), Error::kOk);
    EXPECT_EQ(ToHex(id, 16), row.expected.substr(0, 32));
  } else if (k == "fix_base32") {
    TextOptions lenient;
    lenient.lenient = true;
    EXPECT_NE(DecodeOne(Format::kUlid, row.input, id), Error::kOk);
    EXPECT_NE(DecodeOne(Format::kUlid, row.input, id, lenient), Error::kOk);
    std::string without_hyphens;
    for (char c : row.input) {
      if (c != '-') without_hyphens += c;
    }
    ASSERT_EQ(DecodeOne(Format::kUlid, without_hyphens, id, lenient), Error::kOk);
    EXPECT_EQ(EncodeOne(Format::kUlid, id, LetterCase::kUpper), row.expected.substr(0, 26));
  } else if (k == "invalid") {
    CheckInvalid(row);
  } else if (k == "ksuid_contrast") {
    EXPECT_EQ(DecodeOne(Format::kUlid, row.input, id), Error::kLength);
  } else {
    ADD_FAILURE() << "unhandled kind " << k;
    return;
  }
  ++(*handled)[k];
}

// The row kinds of vectors/README.md.
const char* const kKinds[] = {
    "decode_hex",      "encode_hex",           "decode_ms",      "encode_time",
    "ms_zero_entropy", "decode_datetime_utc",  "ts_to_min_ulid", "ulid_to_uuid",
    "uuid_to_ulid",    "typeid_to_uuid",       "increment",      "increment_overflow",
    "monotonic_seq",   "alias_decode_lenient", "fix_base32",     "invalid",
    "ksuid_contrast"};

const std::vector<Row>& Rows() {
  static const std::vector<Row> rows = LoadRows();
  return rows;
}

TEST(KnownAnswers, EveryRowHasAKnownKind) {
  ASSERT_GE(Rows().size(), 60u) << "test data missing";
  std::map<std::string, int> per_kind;
  for (const Row& row : Rows()) ++per_kind[row.kind];
  for (const char* kind : kKinds) {
    EXPECT_GT(per_kind[kind], 0) << kind << " has no rows";
    per_kind.erase(kind);
  }
  for (const auto& [kind, n] : per_kind) ADD_FAILURE() << n << " rows of unknown kind " << kind;
}

class KnownAnswersTest : public ::testing::TestWithParam<std::tuple<const char*, const char*>> {
 protected:
  void SetUp() override { test::UseTarget(std::get<1>(GetParam())); }
  void TearDown() override { (void)set_target(nullptr); }
};

TEST_P(KnownAnswersTest, RowsOfKind) {
  const std::string kind = std::get<0>(GetParam());
  std::map<std::string, int> handled;
  int rows = 0;
  for (const Row& row : Rows()) {
    if (row.kind != kind) continue;
    ++rows;
    CheckRow(row, &handled);
    ASSERT_STREQ(active_target(), std::get<1>(GetParam())) << "the forced target ran";
  }
  ASSERT_GT(rows, 0) << "no rows of kind " << kind;
  EXPECT_EQ(handled[kind], rows);
}

INSTANTIATE_TEST_SUITE_P(
    KindsTimesTargets, KnownAnswersTest,
    ::testing::Combine(::testing::ValuesIn(kKinds),
                       ::testing::ValuesIn(::sortid::test::CompiledTargets())),
    [](const ::testing::TestParamInfo<std::tuple<const char*, const char*>>& param) {
      return std::string(std::get<0>(param.param)) + "_" + std::get<1>(param.param);
    });

}  // namespace
}  // namespace sortid
