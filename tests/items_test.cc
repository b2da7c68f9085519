// decode_items and encode_column (items of varying length), on every
// supported target: differential against the scalar reference kernel (one
// item at a time through reference::DecodeItem / EncodeId), with nulls,
// empty, short and long items, prefixes, and counts across many batches.
#include <gtest/gtest.h>

#include <cstring>
#include <initializer_list>
#include <random>
#include <string>
#include <vector>

#include "kernels/scalar/reference.h"
#include "sortid/sortid.h"
#include "sortid/sortid.hpp"
#include "tests/support/per_target_test.h"
#include "tests/support/test_support.h"

namespace sortid {
namespace {

using test::Bit;
using test::ToHex;

class ItemsTest : public test::PerTargetTest {};

constexpr Format kFormats[] = {Format::kUlid, Format::kRecordId, Format::kUuid, Format::kUuidHex};

// Random IDs; Record IDs mostly in range (every fifth keeps its top bits).
std::vector<uint8_t> RandomIds(Format format, size_t count, std::mt19937_64& rng) {
  std::vector<uint8_t> ids(count * 16);
  for (auto& b : ids) b = static_cast<uint8_t>(rng());
  if (format == Format::kRecordId) {
    for (size_t i = 0; i < count; ++i) {
      if (i % 5 != 4) test::ClearRecordIdTopBits(&ids[16 * i]);
    }
  }
  return ids;
}

// The prefix the reference sees for these options (TypeID adds '_').
std::string ResolvedPrefix(const TextOptions& opts) {
  std::string prefix(opts.prefix);
  if (opts.type_id && !prefix.empty()) prefix += '_';
  return prefix;
}

// Texts of count items: valid encodings, damaged ones, wrong lengths, empty.
std::vector<std::string> MakeTexts(Format format, const TextOptions& opts, size_t count,
                                   std::mt19937_64& rng) {
  const std::vector<uint8_t> ids = RandomIds(format, count, rng);
  const std::string prefix = ResolvedPrefix(opts);
  std::vector<std::string> texts(count);
  for (size_t i = 0; i < count; ++i) {
    std::string id(text_length(format), '\0');
    (void)reference::EncodeId(format, &ids[16 * i], opts.type_id || rng() % 2 == 0, id.data());
    std::string text = prefix + id;
    switch (rng() % 12) {
      case 0:
        text.clear();
        break;
      case 1:
        text.pop_back();  // too short
        break;
      case 2:
        text += 'A';  // too long
        break;
      case 3:
        text[rng() % text.size()] = "!zU-\x80"[rng() % 5];
        break;
      case 4:  // a UUID's bare form (valid for kUuid)
        if (format == Format::kUuid) {
          text = prefix;
          for (char c : id) {
            if (c != '-') text += c;
          }
        }
        break;
      default:
        break;
    }
    texts[i] = text;
  }
  return texts;
}

// Per item: what the reference says about text (nullptr text = null item).
struct Expected {
  bool valid;
  uint8_t id[16];
};
Expected Reference(Format format, const TextOptions& opts, const std::string* text) {
  Expected want{false, {}};
  if (text == nullptr) return want;
  const std::string prefix = ResolvedPrefix(opts);
  const reference::ItemSpec spec{format, prefix.data(), prefix.size(),
                                 -1,     opts.lenient,  opts.type_id};
  want.valid = reference::DecodeItem(spec, reinterpret_cast<const uint8_t*>(text->data()),
                                     text->size(), want.id)
                   .error == Error::kOk;
  return want;
}

void CheckDecodeItems(Format format, const TextOptions& opts, size_t count, std::mt19937_64& rng) {
  const std::vector<std::string> texts = MakeTexts(format, opts, count, rng);
  std::vector<TextItem> items(count);
  std::vector<bool> null(count);
  for (size_t i = 0; i < count; ++i) {
    null[i] = rng() % 9 == 0;
    items[i] = null[i] ? TextItem{nullptr, 26} : TextItem{texts[i].data(), texts[i].size()};
  }
  std::vector<uint8_t> ids(count * 16 + 1, 0xAA), validity((count + 7) / 8 + 1, 0xAA);
  const Result s = decode_items(format, items.data(), count, ids.data(), validity.data(), opts);
  ASSERT_TRUE(s.ok());
  size_t invalid = 0;
  for (size_t i = 0; i < count; ++i) {
    const Expected want = Reference(format, opts, null[i] ? nullptr : &texts[i]);
    ASSERT_EQ(Bit(validity, i), want.valid) << i << " '" << texts[i] << "' null " << null[i];
    ASSERT_EQ(ToHex(&ids[16 * i], 16), ToHex(want.id, 16)) << i;
    invalid += !want.valid;
  }
  EXPECT_EQ(s.count, invalid);
  if (count % 8 != 0) {
    EXPECT_EQ(validity[count / 8] >> (count % 8), 0) << "bits past count";
  }
  EXPECT_EQ(validity.back(), 0xAA) << "nothing past the bitmap";
  EXPECT_EQ(ids.back(), 0xAA) << "nothing past the IDs";

  // decode_column over the same items (nulls through input_validity) agrees.
  std::vector<int32_t> offsets{0};
  std::string data;
  std::vector<uint8_t> present((count + 7) / 8, 0);
  for (size_t i = 0; i < count; ++i) {
    if (!null[i]) {
      data += texts[i];
      present[i / 8] = static_cast<uint8_t>(present[i / 8] | 1u << (i % 8));
    }
    offsets.push_back(static_cast<int32_t>(data.size()));
  }
  std::vector<uint8_t> column_ids(ids.size(), 0xAA), column_validity(validity.size(), 0xAA);
  const Result c = decode_column(format, offsets.data(), data.data(), count, present.data(),
                                 column_ids.data(), column_validity.data(), opts);
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c.count, s.count);
  EXPECT_EQ(column_ids, ids);
  EXPECT_EQ(column_validity, validity);
}

void CheckEncodeColumn(Format format, const TextOptions& opts, size_t count, std::mt19937_64& rng) {
  const std::vector<uint8_t> ids = RandomIds(format, count, rng);
  std::vector<uint8_t> present((count + 7) / 8, 0);
  for (size_t i = 0; i < count; ++i) {
    if (rng() % 7 != 0) present[i / 8] = static_cast<uint8_t>(present[i / 8] | 1u << (i % 8));
  }
  const size_t len = item_length(format, opts);
  const bool lower = opts.type_id || opts.letter_case == LetterCase::kLower ||
                     (opts.letter_case == LetterCase::kCanonical &&
                      (format == Format::kUuid || format == Format::kUuidHex));
  const std::string prefix = ResolvedPrefix(opts);
  for (const bool with_nulls : {false, true}) {
    std::vector<int32_t> offsets(count + 2, -7);
    std::string data(count * len, '~');
    std::vector<uint8_t> validity((count + 7) / 8 + 1, 0xAA);
    const Result s = encode_column(format, ids.data(), count, with_nulls ? present.data() : nullptr,
                                   offsets.data(), data.data(), validity.data(), opts);
    ASSERT_TRUE(s.ok());
    ASSERT_EQ(offsets[0], 0);
    size_t invalid = 0;
    for (size_t i = 0; i < count; ++i) {
      std::string id(text_length(format), '\0');
      const bool encodable = reference::EncodeId(format, &ids[16 * i], lower, id.data());
      const bool valid = encodable && (!with_nulls || Bit(present, i));
      invalid += !valid;
      ASSERT_EQ(Bit(validity, i), valid) << i;
      const std::string got = data.substr(static_cast<size_t>(offsets[i]),
                                          static_cast<size_t>(offsets[i + 1] - offsets[i]));
      ASSERT_EQ(got, valid ? prefix + id : "") << i;
    }
    EXPECT_EQ(s.count, invalid);
    EXPECT_EQ(offsets[count + 1], -7) << "nothing past offsets[count]";
    EXPECT_EQ(validity.back(), 0xAA);
    if (count % 8 != 0) {
      EXPECT_EQ(validity[count / 8] >> (count % 8), 0);
    }
  }
}

std::vector<TextOptions> OptionVariants(Format format) {
  std::vector<TextOptions> out(3);
  out[1].prefix = "u_";
  out[1].letter_case = LetterCase::kLower;
  out[2].prefix = "ORDER#";
  out[2].letter_case = LetterCase::kUpper;
  out[2].terminator = '\n';  // ignored by both calls
  if (format == Format::kUlid) {
    TextOptions typed;
    typed.type_id = true;
    typed.prefix = "user";
    out.push_back(typed);
    TextOptions lenient;
    lenient.lenient = true;
    out.push_back(lenient);
  }
  return out;
}

// Runs check(format, options, count, rng) for every format, option variant
// (decode-only ones skipped for encoding) and count.
template <class Check>
void ForEachCase(bool encoding, std::initializer_list<size_t> counts, Check check) {
  std::mt19937_64 rng(42);
  for (Format format : kFormats) {
    for (const TextOptions& opts : OptionVariants(format)) {
      if (encoding && opts.lenient) continue;
      for (size_t count : counts) {
        SCOPED_TRACE(::testing::Message() << "format " << static_cast<int>(format) << " prefix '"
                                          << opts.prefix << "' count " << count);
        check(format, opts, count, rng);
      }
    }
  }
}

TEST_P(ItemsTest, DecodeItemsMatchesTheReference) {
  ForEachCase(false, {1, 7, 8, 9, 255, 256, 257, 1000}, CheckDecodeItems);
}

TEST_P(ItemsTest, EncodeColumnMatchesTheReference) {
  ForEachCase(true, {1, 3, 8, 13, 1023, 1024, 1025, 3000}, CheckEncodeColumn);
}

// Many batches: 100003 items, every tenth null, through both calls and back.
TEST_P(ItemsTest, HugeCountsRoundTrip) {
  std::mt19937_64 rng(3);
  constexpr size_t kCount = 100003;
  const std::vector<uint8_t> ids = RandomIds(Format::kUlid, kCount, rng);
  std::vector<uint8_t> present((kCount + 7) / 8, 0xFF);
  for (size_t i = 0; i < kCount; i += 10) present[i / 8] &= static_cast<uint8_t>(~(1u << (i % 8)));
  present.back() &= static_cast<uint8_t>((1u << (kCount % 8)) - 1);  // bits past the count
  std::vector<int32_t> offsets(kCount + 1);
  std::string data(kCount * 26, '~');
  std::vector<uint8_t> validity((kCount + 7) / 8);
  const Result e = encode_column(Format::kUlid, ids.data(), kCount, present.data(), offsets.data(),
                                 data.data(), validity.data());
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e.count, (kCount + 9) / 10);
  EXPECT_EQ(validity, present);
  std::vector<TextItem> items(kCount);
  for (size_t i = 0; i < kCount; ++i) {
    items[i] = Bit(present, i) ? TextItem{data.data() + offsets[i],
                                          static_cast<size_t>(offsets[i + 1] - offsets[i])}
                               : TextItem{nullptr, 0};
  }
  std::vector<uint8_t> back(kCount * 16), back_validity((kCount + 7) / 8);
  const Result d =
      decode_items(Format::kUlid, items.data(), kCount, back.data(), back_validity.data());
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d.count, e.count);
  EXPECT_EQ(back_validity, present);
  for (size_t i = 0; i < kCount; ++i) {
    if (Bit(present, i)) {
      ASSERT_EQ(std::memcmp(&back[16 * i], &ids[16 * i], 16), 0) << i;
    }
  }
}

TEST_P(ItemsTest, ArgumentErrors) {
  uint8_t ids[32];
  uint8_t validity = 0x77;
  const TextItem items[2] = {{"01GV5PA9EQG7D82Q3Y4PKBZSYV", 26}, {nullptr, 0}};
  EXPECT_EQ(decode_items(Format::kUlid, nullptr, 2, ids, &validity).error, Error::kArgument);
  EXPECT_EQ(decode_items(Format::kUlid, items, 2, nullptr, &validity).error, Error::kArgument);
  EXPECT_EQ(decode_items(static_cast<Format>(9), items, 2, ids, &validity).error, Error::kArgument);
  EXPECT_EQ(validity, 0x77) << "nothing written on an argument error";
  EXPECT_TRUE(decode_items(Format::kUlid, nullptr, 0, nullptr, nullptr).ok()) << "count 0";
  const Result s = decode_items(Format::kUlid, items, 2, ids, &validity);
  EXPECT_TRUE(s.ok());
  EXPECT_EQ(s.count, 1u);
  EXPECT_EQ(validity, 0b01);

  int32_t offsets[3] = {5, 5, 5};
  char data[52];
  EXPECT_EQ(encode_column(Format::kUlid, nullptr, 2, nullptr, offsets, data).error,
            Error::kArgument);
  EXPECT_EQ(encode_column(Format::kUlid, ids, 2, nullptr, nullptr, data).error, Error::kArgument);
  EXPECT_EQ(encode_column(Format::kUlid, ids, 2, nullptr, offsets, nullptr).error,
            Error::kArgument);
  EXPECT_EQ(offsets[0], 5);
  // More text than int32 offsets can address.
  EXPECT_EQ(encode_column(Format::kUlid, ids, size_t{1} << 27, nullptr, offsets, data).error,
            Error::kArgument);
  EXPECT_TRUE(encode_column(Format::kUlid, ids, 0, nullptr, offsets, data).ok());
  EXPECT_EQ(offsets[0], 0) << "an empty column still gets offsets[0]";
}

// The C entry points are the same calls.
TEST_P(ItemsTest, CApi) {
  const sortid_text_item items[3] = {
      {"ORDER#01GV5PA9EQG7D82Q3Y4PKBZSYV", 32}, {"01GV5PA9EQG7D82Q3Y4PKBZSYV", 26}, {nullptr, 0}};
  const sortid_text_options opts{0, "ORDER#", 6, -1};
  uint8_t ids[48], validity = 0;
  size_t decoded_invalid = 99;
  ASSERT_EQ(
      sortid_decode_items(SORTID_FORMAT_ULID, items, 3, ids, &validity, &decoded_invalid, &opts),
      SORTID_OK);
  EXPECT_EQ(validity, 0b001);
  EXPECT_EQ(decoded_invalid, 2u);
  int32_t offsets[4];
  char data[96];
  uint8_t out_validity = 0;
  size_t invalid = 99;
  ASSERT_EQ(sortid_encode_column(SORTID_FORMAT_ULID, ids, 3, &validity, offsets, data,
                                 &out_validity, &invalid, &opts),
            SORTID_OK);
  EXPECT_EQ(invalid, 2u);
  EXPECT_EQ(out_validity, 0b001);
  EXPECT_EQ(std::string(data, static_cast<size_t>(offsets[1])), items[0].data);
  EXPECT_EQ(offsets[3], 32);
}

SORTID_INSTANTIATE_PER_TARGET(ItemsTest);

}  // namespace
}  // namespace sortid
