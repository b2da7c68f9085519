// Bulk codec tests, run once per supported CPU target (each run asserts the
// target it asked for is the active one). Expected results come from rules
// restated here from the spec, or from the scalar reference's per-item
// function, never from the bulk path under test.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "kernels/scalar/reference.h"
#include "sortid/sortid.hpp"
#include "tests/support/per_target_test.h"
#include "tests/support/test_support.h"

namespace sortid {
namespace {

using test::Bit;
using test::FromHex;
using test::ToHex;

constexpr const char* kCrockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz";
constexpr const char* kHexDigits = "0123456789abcdefABCDEF";

bool In(const char* set, int byte) { return byte != 0 && std::strchr(set, byte) != nullptr; }

class CodecTest : public test::PerTargetTest {};

std::vector<uint8_t> RandomIds(size_t count, uint64_t seed, Format format) {
  return test::RandomIds(format, count, seed);
}

// Every byte value at every position of a valid item, decoded in one bulk
// call; validity, zeroed slots and explain() checked against the spec's rules.
struct PositionCase {
  Format format;
  std::string valid_text;
  bool lenient;
};

Error ExpectedError(const PositionCase& c, size_t pos, int byte) {
  switch (c.format) {
    case Format::kUlid:
    case Format::kRecordId: {
      const bool alias = c.lenient && In("IiLlOo", byte);
      if (!In(kCrockford, byte) && !alias) return Error::kCharacter;
      if (c.format == Format::kUlid && pos == 0 && !In("01234567", byte) && !In("IiLlOo", byte)) {
        return Error::kOverflow;
      }
      return Error::kOk;
    }
    case Format::kUuid:
      if (pos == 8 || pos == 13 || pos == 18 || pos == 23) {
        return byte == '-' ? Error::kOk : Error::kHyphen;
      }
      [[fallthrough]];
    case Format::kUuidHex:
      if (byte == '-') return Error::kHyphen;
      return In(kHexDigits, byte) ? Error::kOk : Error::kCharacter;
  }
  return Error::kArgument;
}

void CheckEveryBytePosition(const PositionCase& c) {
  const size_t len = c.valid_text.size();
  ASSERT_EQ(len, text_length(c.format));
  const size_t count = len * 256;
  std::string text;
  for (size_t pos = 0; pos < len; ++pos) {
    for (int byte = 0; byte < 256; ++byte) {
      std::string item = c.valid_text;
      item[pos] = static_cast<char>(byte);
      text += item;
    }
  }
  TextOptions opts;
  opts.lenient = c.lenient;
  std::vector<uint8_t> ids(count * 16, 0xAA), validity((count + 7) / 8, 0xAA);
  const Result status =
      decode(c.format, text.data(), count, len, ids.data(), validity.data(), opts);
  ASSERT_TRUE(status.ok());
  size_t expected_invalid = 0;
  for (size_t i = 0; i < count; ++i) {
    const size_t pos = i / 256;
    const int byte = static_cast<int>(i % 256);
    const Error want = ExpectedError(c, pos, byte);
    SCOPED_TRACE(testing::Message() << "pos " << pos << " byte " << byte);
    ASSERT_EQ(Bit(validity, i), want == Error::kOk);
    const Result why = explain(c.format, std::string_view(&text[i * len], len), opts);
    ASSERT_EQ(why.error, want);
    if (want != Error::kOk) {
      ++expected_invalid;
      ASSERT_EQ(why.position, pos);
      ASSERT_EQ(ToHex(&ids[16 * i], 16), std::string(32, '0'));
    }
  }
  EXPECT_EQ(status.count, expected_invalid);
}

TEST_P(CodecTest, UlidEveryByteAtEveryPosition) {
  CheckEveryBytePosition({Format::kUlid, "01GV5PA9EQG7D82Q3Y4PKBZSYV", false});
  CheckEveryBytePosition({Format::kUlid, "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", true});
}

TEST_P(CodecTest, RecordIdEveryByteAtEveryPosition) {
  CheckEveryBytePosition({Format::kRecordId, "000000Z828T5CY4TNF6Y", false});
  CheckEveryBytePosition({Format::kRecordId, "ZZZZZZZZZZZZZZZZZZZZ", true});
}

TEST_P(CodecTest, UuidEveryByteAtEveryPosition) {
  CheckEveryBytePosition({Format::kUuid, "0186cb65-25d7-81da-815c-7e25a6bfe7db", false});
  CheckEveryBytePosition({Format::kUuidHex, "0186CB6525D781DA815C7E25A6BFE7DB", false});
}

// Record IDs computed by hand from docs/spec.md §1.2: ts = 1000 ms after inception =
// 0b11111_01000 -> "000000Z8"; machine_id 0x123456789A in 5-bit groups
// 00010 01000 11010 00101 01100 11110 00100 11010 = 2 8 26 5 12 30 4 26 ->
// "28T5CY4T"; counter 0xABCDE = 10101 01111 00110 11110 = 21 15 6 30 -> "NF6Y".
// Binary: (1000 << 60 | 0x123456789A << 20 | 0xABCDE) as 32 hex digits. All
// rows were cross-checked with a three-line Python big-integer encoder.
TEST_P(CodecTest, RecordIdKnownAnswers) {
  struct Case {
    const char* hex;
    const char* text;
  };
  const Case cases[] = {
      {"000000000000003e8123456789aabcde", "000000Z828T5CY4TNF6Y"},
      {"00000000000000000000000000000000", "00000000000000000000"},
      {"00000000000000001000000000100001", "00000001000000010001"},  // 1, 1, 1
      {"0000000fffffffffffffffffffffffff", "ZZZZZZZZZZZZZZZZZZZZ"},
  };
  for (const Case& c : cases) {
    const auto bytes = FromHex(c.hex);
    std::string text(20, '?');
    ASSERT_TRUE(encode(Format::kRecordId, bytes.data(), 1, text.data(), 20).ok());
    EXPECT_EQ(text, c.text);
    uint8_t id[16];
    uint8_t validity = 0;
    ASSERT_TRUE(decode(Format::kRecordId, c.text, 1, 20, id, &validity).ok());
    EXPECT_EQ(validity, 1);
    EXPECT_EQ(ToHex(id, 16), c.hex);
  }
  // The same first case through the field packer.
  uint8_t packed[16];
  ASSERT_EQ(pack_record({kRecordInceptionMs + 1000, 0x123456789A, 0xABCDE}, packed), Error::kOk);
  EXPECT_EQ(ToHex(packed, 16), cases[0].hex);
}

// UUID text by hand (RFC 9562 §4: 8-4-4-4-12 hex digits of the 16 bytes).
TEST_P(CodecTest, UuidKnownAnswers) {
  const auto bytes = FromHex("000102030405060708090a0b0c0d0e0f");
  std::string text(36, '?');
  ASSERT_TRUE(encode(Format::kUuid, bytes.data(), 1, text.data(), 36).ok());
  EXPECT_EQ(text, "00010203-0405-0607-0809-0a0b0c0d0e0f");
  TextOptions upper;
  upper.letter_case = LetterCase::kUpper;
  std::string hex(32, '?');
  ASSERT_TRUE(encode(Format::kUuidHex, bytes.data(), 1, hex.data(), 32, nullptr, upper).ok());
  EXPECT_EQ(hex, "000102030405060708090A0B0C0D0E0F");
  // The ULID of the same bytes, computed from the 130-bit grouping.
  std::string ulid(26, '?');
  ASSERT_TRUE(encode(Format::kUlid, bytes.data(), 1, ulid.data(), 26).ok());
  EXPECT_EQ(ulid, "00041061050R3GG28A1C60T3GF");
}

TEST_P(CodecTest, RoundTripAllFormatsCasesPrefixesStrides) {
  for (Format format : {Format::kUlid, Format::kRecordId, Format::kUuid, Format::kUuidHex}) {
    for (LetterCase lc : {LetterCase::kCanonical, LetterCase::kLower, LetterCase::kUpper}) {
      for (const char* prefix : {"", "user_", "ORDER#"}) {
        for (int terminator : {-1, int{'\n'}}) {
          for (size_t extra : {size_t{0}, size_t{5}}) {
            for (size_t count : std::vector<size_t>{0, 1, 7, 8, 9, 63, 64, 65, 300, 4097}) {
              TextOptions opts;
              opts.prefix = prefix;
              opts.letter_case = lc;
              opts.terminator = terminator;
              const size_t stride = item_length(format, opts) + extra;
              const auto ids = RandomIds(count, count * 31 + extra, format);
              std::vector<char> text(count * stride, '~');
              std::vector<uint8_t> enc_validity((count + 7) / 8, 0xFF);
              const Result e =
                  encode(format, ids.data(), count, text.data(), stride, enc_validity.data(), opts);
              ASSERT_TRUE(e.ok());
              ASSERT_EQ(e.count, 0u);
              std::vector<uint8_t> back(count * 16, 0xAA), validity((count + 7) / 8, 0x55);
              const Result d =
                  decode(format, text.data(), count, stride, back.data(), validity.data(), opts);
              ASSERT_TRUE(d.ok());
              ASSERT_EQ(d.count, 0u) << static_cast<int>(format) << " " << prefix;
              ASSERT_EQ(back, ids);
              for (size_t i = 0; i < count; ++i) {
                ASSERT_TRUE(Bit(validity, i));
                ASSERT_TRUE(Bit(enc_validity, i));
                const std::string_view item(&text[i * stride], stride - extra);
                ASSERT_EQ(item.substr(0, std::strlen(prefix)), prefix);
                if (extra) {
                  ASSERT_EQ(std::string(&text[i * stride + stride - extra], extra), "~~~~~");
                }
                // Letter case as asked (canonical: upper Crockford, lower hex).
                const bool want_lower = lc == LetterCase::kLower ||
                                        (lc == LetterCase::kCanonical &&
                                         (format == Format::kUuid || format == Format::kUuidHex));
                for (char ch : item.substr(std::strlen(prefix))) {
                  ASSERT_FALSE(want_lower ? (ch >= 'A' && ch <= 'Z') : (ch >= 'a' && ch <= 'z'));
                }
              }
              if (count % 8 != 0) {  // bits past count are written as 0
                ASSERT_EQ(validity.back() >> (count % 8), 0);
                ASSERT_EQ(enc_validity.back() >> (count % 8), 0);
              }
            }
          }
        }
      }
    }
  }
}

TEST_P(CodecTest, InvalidRecordBinaryIsFlaggedNotWrapped) {
  auto ids = RandomIds(20, 9, Format::kRecordId);
  ids[16 * 3 + 0] = 0x80;   // top bit
  ids[16 * 17 + 3] = 0x10;  // bit 100, the lowest forbidden one
  std::vector<char> text(20 * 21, '~');
  std::vector<uint8_t> validity(3, 0xFF);
  TextOptions opts;
  opts.terminator = '\n';
  const Result s =
      encode(Format::kRecordId, ids.data(), 20, text.data(), 21, validity.data(), opts);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s.count, 2u);
  for (size_t i = 0; i < 20; ++i) {
    const bool bad = i == 3 || i == 17;
    EXPECT_EQ(Bit(validity, i), !bad) << i;
    EXPECT_EQ(text[i * 21 + 20], '\n');
    if (bad) {
      EXPECT_EQ(std::string(&text[i * 21], 20), std::string(20, '\0'));
    }
  }
}

TEST_P(CodecTest, PrefixTerminatorAndStrideErrorsArePerItem) {
  TextOptions opts;
  opts.prefix = "user_";
  opts.terminator = '\n';
  const size_t stride = 40;  // 5 + 26 + 1 used, 8 ignored
  std::string good = "user_01GV5PA9EQG7D82Q3Y4PKBZSYV\n" + std::string(8, '#');
  std::vector<std::string> items = {good, good, good, good, good};
  items[1][2] = 'E';    // prefix mismatch at byte 2
  items[2][31] = '\r';  // wrong terminator at byte 31
  items[3][5] = '8';    // overflow at byte 5
  items[4][39] = '\0';  // ignored padding byte: still valid
  std::string text;
  for (const auto& it : items) text += it;
  std::vector<uint8_t> ids(5 * 16), validity(1, 0xFF);
  const Result s = decode(Format::kUlid, text.data(), 5, stride, ids.data(), validity.data(), opts);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s.count, 3u);
  EXPECT_EQ(validity[0], 0b10001);
  const Result e1 = explain(Format::kUlid, std::string_view(items[1]).substr(0, 32), opts);
  EXPECT_EQ(e1.error, Error::kPrefix);
  EXPECT_EQ(e1.position, 2u);
  const Result e2 = explain(Format::kUlid, std::string_view(items[2]).substr(0, 32), opts);
  EXPECT_EQ(e2.error, Error::kTerminator);
  EXPECT_EQ(e2.position, 31u);
  const Result e3 = explain(Format::kUlid, std::string_view(items[3]).substr(0, 32), opts);
  EXPECT_EQ(e3.error, Error::kOverflow);
  EXPECT_EQ(e3.position, 5u);
}

TEST_P(CodecTest, TypeIdEncodesLowerAndRejectsUpper) {
  TextOptions opts;
  opts.type_id = true;
  opts.prefix = "user";
  const auto ids = RandomIds(10, 3, Format::kUlid);
  const size_t len = item_length(Format::kUlid, opts);
  ASSERT_EQ(len, 31u);
  std::string text(10 * len, '?');
  ASSERT_TRUE(encode(Format::kUlid, ids.data(), 10, text.data(), len, nullptr, opts).ok());
  EXPECT_EQ(text.substr(0, 5), "user_");
  std::vector<uint8_t> back(160), validity(2);
  Result s = decode(Format::kUlid, text.data(), 10, len, back.data(), validity.data(), opts);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s.count, 0u);
  EXPECT_EQ(back, ids);
  // Upper-case one letter of item 4's suffix: only that item fails.
  for (size_t k = 5; k < len; ++k) {
    char& c = text[4 * len + k];
    if (c >= 'a' && c <= 'z') {
      c = static_cast<char>(c - 'a' + 'A');
      break;
    }
  }
  s = decode(Format::kUlid, text.data(), 10, len, back.data(), validity.data(), opts);
  EXPECT_EQ(s.count, 1u);
  EXPECT_FALSE(Bit(validity, 4));
  // An empty type name means no separator.
  opts.prefix = "";
  EXPECT_EQ(item_length(Format::kUlid, opts), 26u);
}

TEST_P(CodecTest, ArgumentErrorsWriteNothing) {
  std::vector<uint8_t> ids(32, 0);
  std::string text(52, '0');
  std::vector<uint8_t> validity(1, 0x5A);
  TextOptions bad_typeid;
  bad_typeid.type_id = true;
  bad_typeid.prefix = "User";  // upper case not allowed in a type name
  TextOptions typeid_lenient;
  typeid_lenient.type_id = true;
  typeid_lenient.lenient = true;
  TextOptions typeid_record;
  typeid_record.type_id = true;
  TextOptions bad_terminator;
  bad_terminator.terminator = 256;
  EXPECT_EQ(decode(Format::kUlid, text.data(), 2, 25, ids.data(), validity.data()).error,
            Error::kArgument);  // stride < 26
  EXPECT_EQ(decode(Format::kUlid, nullptr, 2, 26, ids.data(), validity.data()).error,
            Error::kArgument);
  EXPECT_EQ(decode(Format::kUlid, text.data(), 2, 26, nullptr, validity.data()).error,
            Error::kArgument);
  EXPECT_EQ(decode(static_cast<Format>(9), text.data(), 2, 26, ids.data(), validity.data()).error,
            Error::kArgument);
  EXPECT_EQ(decode(Format::kUlid, text.data(), SIZE_MAX / 8, 26, ids.data(), nullptr).error,
            Error::kArgument);  // count * stride overflows
  for (const TextOptions* o : {&bad_typeid, &typeid_lenient, &bad_terminator}) {
    EXPECT_EQ(decode(Format::kUlid, text.data(), 2, 26, ids.data(), validity.data(), *o).error,
              Error::kArgument);
  }
  EXPECT_EQ(
      decode(Format::kRecordId, text.data(), 2, 26, ids.data(), validity.data(), typeid_record)
          .error,
      Error::kArgument);
  EXPECT_EQ(encode(Format::kUlid, ids.data(), 2, text.data(), 25, validity.data()).error,
            Error::kArgument);
  EXPECT_EQ(validity[0], 0x5A);
  EXPECT_EQ(text, std::string(52, '0'));
  // Span overloads check sizes.
  EXPECT_EQ(decode(Format::kUlid, std::span<const char>(text.data(), 51), 26, ids, validity).error,
            Error::kArgument);
  EXPECT_EQ(decode(Format::kUlid, std::span<const char>(text), 26,
                   std::span<uint8_t>(ids.data(), 31), validity)
                .error,
            Error::kArgument);
  EXPECT_EQ(encode(Format::kUlid, std::span<const uint8_t>(ids.data(), 31), text, 26).error,
            Error::kArgument);
  const Result ok = decode(Format::kUlid, std::span<const char>(text), 26, ids, validity);
  EXPECT_TRUE(ok.ok());
  EXPECT_EQ(ok.count, 0u);
  // Zero items: nothing to do, any pointers.
  EXPECT_TRUE(decode(Format::kUlid, nullptr, 0, 26, nullptr, nullptr).ok());
}

// Invalid items scattered over batch boundaries (the library batches 4096
// items per kernel call) keep their own bits; neighbours stay intact.
TEST_P(CodecTest, ErrorsAcrossBatchBoundaries) {
  const size_t count = 3 * 4096 + 77;
  const auto ids = RandomIds(count, 77, Format::kUlid);
  std::vector<char> text(count * 27);
  TextOptions lines;
  lines.terminator = '\n';
  ASSERT_TRUE(encode(Format::kUlid, ids.data(), count, text.data(), 27, nullptr, lines).ok());
  const std::vector<size_t> bad = {0, 7, 8, 4095, 4096, 4097, 8191, 8192, count - 1};
  for (size_t i : bad) text[i * 27 + 10] = '!';
  std::vector<uint8_t> back(count * 16), validity((count + 7) / 8);
  const Result s =
      decode(Format::kUlid, text.data(), count, 27, back.data(), validity.data(), lines);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s.count, bad.size());
  for (size_t i = 0; i < count; ++i) {
    const bool is_bad = std::find(bad.begin(), bad.end(), i) != bad.end();
    ASSERT_EQ(Bit(validity, i), !is_bad) << i;
    ASSERT_EQ(
        std::memcmp(&back[16 * i], is_bad ? std::vector<uint8_t>(16).data() : &ids[16 * i], 16), 0)
        << i;
  }
}

// Random text (mostly near-valid) against the reference's per-item decoder.
TEST_P(CodecTest, RandomTextAgreesWithReferenceItemDecoder) {
  std::mt19937_64 rng(1234);
  const char* alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZabcdxyzIiLlOoUu-!\x80\xff";
  for (Format format : {Format::kUlid, Format::kRecordId, Format::kUuid, Format::kUuidHex}) {
    for (bool lenient : {false, true}) {
      const size_t len = text_length(format);
      const size_t count = 2000;
      std::string text(count * len, '0');
      for (auto& c : text) c = alphabet[rng() % std::strlen(alphabet)];
      if (format == Format::kUuid) {
        for (size_t i = 0; i < count; ++i) {
          for (size_t h : {size_t{8}, size_t{13}, size_t{18}, size_t{23}}) {
            if (rng() % 8 != 0) text[i * len + h] = '-';
          }
        }
      }
      TextOptions opts;
      opts.lenient = lenient;
      std::vector<uint8_t> ids(count * 16), validity((count + 7) / 8);
      const Result s = decode(format, text.data(), count, len, ids.data(), validity.data(), opts);
      ASSERT_TRUE(s.ok());
      size_t invalid = 0;
      const reference::ItemSpec spec{format, nullptr, 0, -1, lenient, false};
      for (size_t i = 0; i < count; ++i) {
        uint8_t want[16];
        const Result why = reference::DecodeItem(
            spec, reinterpret_cast<const uint8_t*>(&text[i * len]), len, want);
        ASSERT_EQ(Bit(validity, i), why.error == Error::kOk);
        ASSERT_EQ(std::memcmp(want, &ids[16 * i], 16), 0);
        invalid += why.error != Error::kOk;
      }
      EXPECT_EQ(s.count, invalid);
    }
  }
}

SORTID_INSTANTIATE_PER_TARGET(CodecTest);

}  // namespace
}  // namespace sortid
