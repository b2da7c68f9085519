// The per-item path (decode_one, encode_one, the Ulid conversions, the C
// single-item calls) against the scalar reference kernel, called directly:
// the same 16 bytes, the same error kind and byte position, for random valid
// items, random mutations, every length around the right one and every byte
// value at every position of an item, in every format and option combination
// (prefix, TypeID, lenient, letter case, terminator), once per compiled target
// this CPU runs, each with its own per-item codec (the portable one for the
// reference table and targets without a codec of their own).
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "kernels/scalar/reference.h"
#include "lib/single_codec.h"
#include "lib/targets.h"
#include "sortid/sortid.h"
#include "sortid/sortid.hpp"
#include "tests/support/per_target_test.h"
#include "tests/support/test_support.h"

namespace sortid {
namespace {

struct Combo {
  Format format;
  std::string prefix;  // the type name when type_id
  bool type_id;
  bool lenient;
  int terminator;
};

std::vector<Combo> AllCombos() {
  std::vector<Combo> combos;
  for (Format format : {Format::kUlid, Format::kRecordId, Format::kUuid, Format::kUuidHex}) {
    for (const char* prefix : {"", "user_", "#"}) {
      for (bool lenient : {false, true}) {
        for (int terminator : {-1, int{'\n'}, 0}) {
          combos.push_back({format, prefix, false, lenient, terminator});
        }
      }
    }
  }
  for (const char* type_name : {"", "user", "a_b"}) {
    for (int terminator : {-1, int{'\n'}})
      combos.push_back({Format::kUlid, type_name, true, false, terminator});
  }
  return combos;
}

TextOptions OptionsOf(const Combo& combo) {
  TextOptions options;
  options.prefix = combo.prefix;
  options.type_id = combo.type_id;
  options.lenient = combo.lenient;
  options.terminator = combo.terminator;
  return options;
}

// The oracle's rules, resolved here by hand (not through lib/options).
struct Oracle {
  explicit Oracle(const Combo& combo) : prefix(combo.prefix) {
    if (combo.type_id && !prefix.empty()) prefix += '_';
    spec.format = combo.format;
    spec.prefix = prefix.data();
    spec.prefix_len = prefix.size();
    spec.terminator = combo.terminator;
    spec.lenient = combo.lenient;
    spec.lower_only = combo.type_id;
  }
  std::string prefix;
  reference::ItemSpec spec;
};

std::string Describe(const Combo& combo, const std::string& item) {
  std::string out = "format " + std::to_string(static_cast<int>(combo.format)) + " prefix '" +
                    combo.prefix + "'" + (combo.type_id ? " typeid" : "") +
                    (combo.lenient ? " lenient" : "") + " terminator " +
                    std::to_string(combo.terminator) + " item ";
  for (const char ch : item) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
    } else {
      out += "\\x" + std::to_string(c);
    }
  }
  return out;
}

// The fast codec's own verdict on the ID characters alone (no prefix or
// terminator): decode_one falls back to the reference on a rejection, so a
// valid ID the codec wrongly rejected would still decode; this catches it.
bool FastAccepts(single::Alphabet alphabet, Format format, const std::string& text, uint8_t* id) {
  return single::DecodeActive(format, alphabet, reinterpret_cast<const uint8_t*>(text.data()),
                              text.size(), id);
}

bool FastAccepts(const Combo& combo, const std::string& text, uint8_t* id) {
  const single::Alphabet alphabet = combo.type_id   ? single::Alphabet::kLowerOnly
                                    : combo.lenient ? single::Alphabet::kLenient
                                                    : single::Alphabet::kStrict;
  return FastAccepts(alphabet, combo.format, text, id);
}

// Whether options are TextOptions{} (the overloads without options apply).
bool IsDefault(const TextOptions& options) {
  return options.prefix.empty() && options.letter_case == LetterCase::kCanonical &&
         !options.lenient && !options.type_id && options.terminator == -1;
}

// decode_one (both overloads), explain and the C call against reference::DecodeItem.
void CheckDecode(const Combo& combo, const Oracle& oracle, const std::string& item) {
  uint8_t want[16], got[16];
  std::memset(got, 0xA5, 16);
  const Result expected = reference::DecodeItem(
      oracle.spec, reinterpret_cast<const uint8_t*>(item.data()), item.size(), want);
  const TextOptions options = OptionsOf(combo);
  const Result actual = decode_one(combo.format, item, got, options);
  ASSERT_EQ(actual.error, expected.error) << Describe(combo, item);
  ASSERT_EQ(actual.position, expected.position) << Describe(combo, item);
  ASSERT_EQ(std::memcmp(got, want, 16), 0) << Describe(combo, item);
  if (IsDefault(options)) {  // the overloads without options, C++ and C
    std::memset(got, 0xA5, 16);
    const Result plain = decode_one(combo.format, item, got);
    ASSERT_EQ(plain.error, expected.error) << Describe(combo, item);
    ASSERT_EQ(plain.position, expected.position) << Describe(combo, item);
    ASSERT_EQ(std::memcmp(got, want, 16), 0) << Describe(combo, item);
    size_t position = 99;
    std::memset(got, 0xA5, 16);
    ASSERT_EQ(
        static_cast<int>(sortid_decode_one(static_cast<sortid_format>(combo.format), item.data(),
                                           item.size(), got, nullptr, &position)),
        static_cast<int>(expected.error));
    ASSERT_EQ(position, expected.position);
    ASSERT_EQ(std::memcmp(got, want, 16), 0) << Describe(combo, item);
  }
  const size_t prefix_len = oracle.prefix.size();
  const size_t fixed = prefix_len + (combo.terminator >= 0 ? 1 : 0);
  if (item.size() >= fixed && item.compare(0, prefix_len, oracle.prefix) == 0 &&
      (combo.terminator < 0 || item.back() == static_cast<char>(combo.terminator))) {
    uint8_t fast[16];
    const bool accepted = FastAccepts(combo, item.substr(prefix_len, item.size() - fixed), fast);
    ASSERT_EQ(accepted, expected.error == Error::kOk) << Describe(combo, item);
    if (accepted) {
      ASSERT_EQ(std::memcmp(fast, want, 16), 0) << Describe(combo, item);
    }
  }
  size_t c_position = 99;
  sortid_text_options c_options = {0, combo.prefix.data(), combo.prefix.size(), combo.terminator};
  c_options.flags =
      (combo.type_id ? SORTID_FLAG_TYPEID : 0u) | (combo.lenient ? SORTID_FLAG_LENIENT : 0u);
  ASSERT_EQ(
      static_cast<int>(sortid_decode_one(static_cast<sortid_format>(combo.format), item.data(),
                                         item.size(), got, &c_options, &c_position)),
      static_cast<int>(expected.error));
  ASSERT_EQ(c_position, expected.position);
  ASSERT_EQ(std::memcmp(got, want, 16), 0) << Describe(combo, item);
  const Result why = explain(combo.format, item, options);
  ASSERT_EQ(why.error, expected.error) << Describe(combo, item);
  ASSERT_EQ(why.position, expected.position) << Describe(combo, item);
}

std::string EncodeReference(const Combo& combo, const Oracle& oracle, const uint8_t* id,
                            bool lower) {
  std::string text = oracle.prefix;
  char body[36];
  if (!reference::EncodeId(combo.format, id, lower, body)) return {};
  text.append(body, text_length(combo.format));
  if (combo.terminator >= 0) text += static_cast<char>(combo.terminator);
  return text;
}

void RandomId(Format format, std::mt19937_64& rng, uint8_t* id) {
  for (int i = 0; i < 16; ++i) id[i] = static_cast<uint8_t>(rng());
  if (format == Format::kRecordId && rng() % 4 != 0) {  // mostly encodable
    test::ClearRecordIdTopBits(id);
  }
  if (rng() % 8 == 0) std::memset(id, rng() % 2 ? 0x00 : 0xFF, 16);  // edges
}

// The entries the per-item calls load are codec's.
void ExpectEntriesOf(const kernels::ItemCodec& codec) {
  const internal::ItemEntries& e = internal::g_item_entries;
  const kernels::ItemDecodeFn decoders[kernels::kNumFormats] = {nullptr, nullptr, codec.decode_uuid,
                                                                codec.decode_uuid_hex};
  const kernels::ItemEncodeFn encoders[kernels::kNumFormats] = {
      codec.encode_ulid, codec.encode_record, codec.encode_uuid, codec.encode_uuid_hex};
  for (int a = 0; a < 3; ++a) {
    EXPECT_EQ(e.decode[0][a].load(), codec.decode_ulid[a]) << codec.name;
    EXPECT_EQ(e.decode[1][a].load(), codec.decode_record[a]) << codec.name;
    for (int f = 2; f < kernels::kNumFormats; ++f) {
      EXPECT_EQ(e.decode[f][a].load(), decoders[f]) << codec.name << " format " << f;
    }
  }
  for (int f = 0; f < kernels::kNumFormats; ++f) {
    EXPECT_EQ(e.encode[f].load(), encoders[f]) << codec.name << " format " << f;
    EXPECT_EQ(e.decode_plain[f].load(), codec.decode_plain[f]) << codec.name << " format " << f;
    EXPECT_EQ(e.encode_plain[f].load(), codec.encode_plain[f]) << codec.name << " format " << f;
    EXPECT_NE(codec.decode_plain[f], nullptr) << codec.name << " format " << f;
    EXPECT_NE(codec.encode_plain[f], nullptr) << codec.name << " format " << f;
  }
}

// Every SIMD target has a per-item codec of its own; the reference table
// uses the portable one.
bool HasOwnCodec(const std::string& target) { return target != "SCALAR"; }

// Runs once per compiled target (tests/support/per_target_test.h): the target is
// forced with set_target(), which chooses the per-item codec with the bulk
// kernels, and the codec in use is checked to be that target's.
class SingleItemTest : public test::PerTargetTest {
 protected:
  void SetUp() override {
    test::PerTargetTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    ASSERT_EQ(&internal::ActiveItemCodec(), internal::ActiveTable()->item);
    const std::string name = internal::ActiveItemCodec().name;
    ASSERT_TRUE(name == GetParam() || (name == "SWAR" && !HasOwnCodec(GetParam()))) << name;
    ExpectEntriesOf(*internal::ActiveTable()->item);
  }
};

TEST_P(SingleItemTest, EncodeOneMatchesReference) {
  std::mt19937_64 rng(1);
  for (const Combo& combo : AllCombos()) {
    const Oracle oracle(combo);
    for (LetterCase letter_case :
         {LetterCase::kCanonical, LetterCase::kLower, LetterCase::kUpper}) {
      TextOptions options = OptionsOf(combo);
      options.letter_case = letter_case;
      const bool crockford = combo.format == Format::kUlid || combo.format == Format::kRecordId;
      const bool lower = combo.type_id || letter_case == LetterCase::kLower ||
                         (letter_case == LetterCase::kCanonical && !crockford);
      const bool options_valid =
          !combo.type_id || (!combo.lenient && letter_case != LetterCase::kUpper);
      for (int n = 0; n < 300; ++n) {
        uint8_t id[16];
        RandomId(combo.format, rng, id);
        const std::string want = options_valid ? EncodeReference(combo, oracle, id, lower) : "";
        std::string got(want.size() + 8, '~');
        const size_t length = encode_one(combo.format, id, got.data(), options);
        ASSERT_EQ(length, want.size()) << Describe(combo, want);
        ASSERT_EQ(got.substr(0, length), want) << Describe(combo, want);
        ASSERT_EQ(got.substr(length), std::string(got.size() - length, '~'));  // nothing past it
        ASSERT_EQ(length, want.empty() ? 0 : item_length(combo.format, options));
        if (IsDefault(options)) {  // the overloads without options, C++ and C
          std::string plain(want.size() + 8, '~');
          ASSERT_EQ(encode_one(combo.format, id, plain.data()), length);
          ASSERT_EQ(plain, got);
          std::string c_plain(want.size() + 8, '~');
          ASSERT_EQ(sortid_encode_one(static_cast<sortid_format>(combo.format), id, c_plain.data(),
                                      nullptr),
                    length);
          ASSERT_EQ(c_plain, got);
        }
      }
    }
  }
}

TEST_P(SingleItemTest, DecodeOneMatchesReferenceOnValidAndMutatedItems) {
  std::mt19937_64 rng(2);
  static const char kNoise[] = "0179AZazIiLlOoUu-_#\n\x80\xff\x00 `@[{/:GgHhJjVvWwXxYyFf";
  for (const Combo& combo : AllCombos()) {
    const Oracle oracle(combo);
    for (int n = 0; n < 2000; ++n) {
      uint8_t id[16];
      RandomId(combo.format, rng, id);
      const bool lower = combo.type_id || rng() % 2 == 0;
      std::string item = EncodeReference(combo, oracle, id, lower);
      if (item.empty()) continue;
      if (combo.format == Format::kUuid && rng() % 4 == 0) {  // the 32-character form
        item.erase(oracle.prefix.size() + 23, 1);
        item.erase(oracle.prefix.size() + 18, 1);
        item.erase(oracle.prefix.size() + 13, 1);
        item.erase(oracle.prefix.size() + 8, 1);
      }
      if (!lower && rng() % 3 == 0) {  // mixed case
        for (char& c : item) {
          if (c >= 'A' && c <= 'Z' && rng() % 2) c = static_cast<char>(c + 32);
        }
      }
      CheckDecode(combo, oracle, item);
      const int mutations = static_cast<int>(rng() % 4);
      for (int m = 0; m < mutations; ++m) {
        const size_t at = rng() % item.size();
        switch (rng() % 5) {
          case 0:
            item[at] = static_cast<char>(rng());
            break;
          case 1:
          case 2:
            item[at] = kNoise[rng() % (sizeof(kNoise) - 1)];
            break;
          case 3:
            item.erase(at, 1);
            break;
          default:
            item.insert(at, 1, kNoise[rng() % (sizeof(kNoise) - 1)]);
        }
        if (item.empty()) break;
        CheckDecode(combo, oracle, item);
      }
    }
  }
}

// Every byte value at every position, and every length from 0 to one past.
TEST_P(SingleItemTest, DecodeOneMatchesReferenceOnEverySingleByteSubstitution) {
  std::mt19937_64 rng(3);
  for (const Combo& combo : AllCombos()) {
    const Oracle oracle(combo);
    for (int base = 0; base < 3; ++base) {
      uint8_t id[16];
      RandomId(combo.format, rng, id);
      const std::string item = EncodeReference(combo, oracle, id, combo.type_id || base == 1);
      if (item.empty()) continue;
      for (size_t at = 0; at < item.size(); ++at) {
        for (int byte = 0; byte < 256; ++byte) {
          std::string mutated = item;
          mutated[at] = static_cast<char>(byte);
          CheckDecode(combo, oracle, mutated);
        }
      }
      for (size_t length = 0; length <= item.size() + 1; ++length) {
        CheckDecode(combo, oracle, (item + "0").substr(0, length));
      }
    }
  }
}

TEST_P(SingleItemTest, UlidValueConversionsMatchReference) {
  std::mt19937_64 rng(4);
  for (int n = 0; n < 5000; ++n) {
    Ulid ulid;
    RandomId(Format::kUlid, rng, ulid.bytes.data());
    char want[26], want_lower[26], want_uuid[36];
    ASSERT_TRUE(reference::EncodeId(Format::kUlid, ulid.bytes.data(), false, want));
    ASSERT_TRUE(reference::EncodeId(Format::kUlid, ulid.bytes.data(), true, want_lower));
    ASSERT_TRUE(reference::EncodeId(Format::kUuid, ulid.bytes.data(), true, want_uuid));
    char chars[27];
    chars[26] = '~';
    ulid.to_chars(chars);
    ASSERT_EQ(std::string(chars, 27), std::string(want, 26) + "~");
    const std::array<char, 26> lower = ulid.to_array(LetterCase::kLower);
    ASSERT_EQ(std::string(lower.data(), 26), std::string(want_lower, 26));
    ASSERT_EQ(ulid.to_string(), std::string(want, 26));
    ASSERT_EQ(ulid.to_string(LetterCase::kUpper), std::string(want, 26));
    ASSERT_EQ(ulid.to_uuid(), std::string(want_uuid, 36));
    ASSERT_EQ(Ulid::parse(std::string_view(want_lower, 26)), ulid);
    ASSERT_EQ(Ulid::from_uuid(std::string_view(want_uuid, 36)), ulid);
    // Lenient aliases and invalid text.
    std::string text(want, 26);
    const size_t at = 1 + rng() % 25;
    text[at] = "ILOUilou!"[rng() % 9];
    uint8_t expect[16];
    const reference::ItemSpec strict{Format::kUlid, nullptr, 0, -1, false, false};
    const reference::ItemSpec lenient{Format::kUlid, nullptr, 0, -1, true, false};
    const auto* bytes = reinterpret_cast<const uint8_t*>(text.data());
    const bool strict_ok = reference::DecodeItem(strict, bytes, 26, expect).error == Error::kOk;
    ASSERT_EQ(Ulid::parse(text).has_value(), strict_ok) << text;
    const bool lenient_ok = reference::DecodeItem(lenient, bytes, 26, expect).error == Error::kOk;
    const std::optional<Ulid> parsed = Ulid::parse(text, true);
    ASSERT_EQ(parsed.has_value(), lenient_ok) << text;
    if (parsed) {
      ASSERT_EQ(std::memcmp(parsed->bytes.data(), expect, 16), 0) << text;
    }
  }
}

SORTID_INSTANTIATE_PER_TARGET(SingleItemTest);

// The codec follows the bulk target: set_target() switches both, and the
// default is the best supported table's codec.
TEST(SingleItem, CodecFollowsTheTarget) {
  for (const char* name : targets(TargetSet::kSupported)) {
    ASSERT_EQ(set_target(name), Error::kOk);
    EXPECT_STREQ(active_target(), name);
    EXPECT_EQ(&internal::ActiveItemCodec(), internal::ActiveTable()->item) << name;
  }
  ASSERT_EQ(set_target(nullptr), Error::kOk);
  EXPECT_EQ(&internal::ActiveItemCodec(), internal::ActiveTable()->item);
  // Every codec of a target names it; the portable one only where planned.
  for (const kernels::KernelTable* table : internal::CompiledTables()) {
    const std::string codec = table->item->name;
    EXPECT_TRUE(codec == table->name || (codec == "SWAR" && !HasOwnCodec(table->name)))
        << table->name << ": " << codec;
  }
}

// Run by ctest as forced_target_item_codec with SORTID_TARGET=SSE4
// (tests/CMakeLists.txt) on a CPU with better targets: the environment
// chooses the per-item codec with the bulk kernels before the first call,
// and that codec (not the best one, not the portable one) does the work.
TEST(ForcedTarget, EnvironmentChoosesTheItemCodec) {
  const char* forced = std::getenv("SORTID_TARGET");
  if (forced == nullptr) GTEST_SKIP() << "needs SORTID_TARGET";
  if (!test::IsSupportedTarget(forced)) GTEST_SKIP() << forced << " is not supported here";
  // The first per-item call resolves the codec (until then the pointer holds
  // a resolving stand-in); after it, the pointer is the forced target's codec.
  const std::optional<Ulid> ulid = Ulid::parse("01ARZ3NDEKTSV4RRFFQ69G5FAV");
  ASSERT_TRUE(ulid.has_value());
  EXPECT_EQ(ulid->to_string(LetterCase::kLower), "01arz3ndektsv4rrffq69g5fav");
  EXPECT_EQ(ulid->to_uuid(), "01563e3a-b5d3-d676-4c61-efb99302bd5b");
  ASSERT_STREQ(active_target(), forced);
  const kernels::ItemCodec& codec = internal::ActiveItemCodec();
  EXPECT_EQ(&codec, internal::ActiveTable()->item);
  ExpectEntriesOf(codec);
  if (HasOwnCodec(forced)) {
    EXPECT_STREQ(codec.name, forced);
    EXPECT_NE(&codec, &kernels::kSwarItemCodec);
  } else {
    EXPECT_EQ(&codec, &kernels::kSwarItemCodec);
  }
}

TEST(SingleItem, InvalidArguments) {
  uint8_t id[16];
  std::memset(id, 0x77, 16);
  const std::string ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
  EXPECT_EQ(decode_one(static_cast<Format>(9), ulid, id).error, Error::kArgument);
  EXPECT_EQ(id[0], 0);
  EXPECT_EQ(decode_one(Format::kUlid, ulid, nullptr).error, Error::kArgument);
  TextOptions typeid_lenient;
  typeid_lenient.type_id = true;
  typeid_lenient.lenient = true;
  EXPECT_EQ(decode_one(Format::kUlid, ulid, id, typeid_lenient).error, Error::kArgument);
  TextOptions bad_terminator;
  bad_terminator.terminator = 256;
  EXPECT_EQ(decode_one(Format::kUlid, ulid, id, bad_terminator).error, Error::kArgument);
  char out[40] = {};
  EXPECT_EQ(encode_one(Format::kUlid, id, out, typeid_lenient), 0u);
  EXPECT_EQ(encode_one(Format::kUlid, nullptr, out), 0u);
  EXPECT_EQ(encode_one(Format::kUlid, id, nullptr), 0u);
  EXPECT_EQ(encode_one(static_cast<Format>(4), id, out), 0u);
  EXPECT_EQ(out[0], 0);  // nothing written
  EXPECT_EQ(decode_one(Format::kUlid, std::string_view(), id).error, Error::kLength);
}

// The calls without options (the plain entries) against the reference, on
// what only their own checks catch: each length, the 32-digit kUuid text, a
// Record ID out of range, and the canonical case.
TEST_P(SingleItemTest, PlainEntriesCheckLengthRangeAndCase) {
  const uint8_t id[16] = {0x01, 0x8f, 0x3a, 0xb2, 0xc4, 0x5d, 0x7e, 0x6f,
                          0x80, 0x91, 0xa2, 0xb3, 0xc4, 0xd5, 0xe6, 0xf7};
  const std::string hex = "018f3ab2c45d7e6f8091a2b3c4d5e6f7";
  uint8_t out[16];
  ASSERT_EQ(decode_one(Format::kUuid, hex, out).error, Error::kOk);
  EXPECT_EQ(std::memcmp(out, id, 16), 0);
  const std::string upper = "018F3AB2-C45D-7E6F-8091-A2B3C4D5E6F7";
  ASSERT_EQ(decode_one(Format::kUuid, upper, out).error, Error::kOk);
  EXPECT_EQ(std::memcmp(out, id, 16), 0);
  for (int f = 0; f < kernels::kNumFormats; ++f) {
    const auto format = static_cast<Format>(f);
    uint8_t source[16];
    std::memcpy(source, id, 16);
    if (format == Format::kRecordId) std::memset(source, 0, 4);
    char text[40];
    const size_t length = encode_one(format, source, text);
    ASSERT_EQ(length, kernels::kTextLength[f]) << f;
    const std::string canonical(text, length);
    char want_text[36];
    ASSERT_TRUE(reference::EncodeId(format, source, f >= 2, want_text));
    EXPECT_EQ(canonical, std::string(want_text, length)) << f;
    // Every shorter and longer length is the reference's length error.
    for (size_t n = 0; n <= 40; ++n) {
      if (n == length || (format == Format::kUuid && n == 32)) continue;
      std::string item = canonical;
      item.resize(n, '0');
      std::memset(out, 0x55, 16);
      const Result got = decode_one(format, item, out);
      uint8_t want_id[16];
      reference::ItemSpec spec;
      spec.format = format;
      const Result want = reference::DecodeItem(spec, reinterpret_cast<const uint8_t*>(item.data()),
                                                item.size(), want_id);
      EXPECT_EQ(got.error, want.error) << f << " length " << n;
      EXPECT_EQ(got.position, want.position) << f << " length " << n;
      EXPECT_EQ(std::memcmp(out, want_id, 16), 0) << f << " length " << n;
    }
  }
  uint8_t too_big[16];
  std::memcpy(too_big, id, 16);  // its top 28 bits are not zero
  char text[40] = {};
  EXPECT_EQ(encode_one(Format::kRecordId, too_big, text), 0u);
  EXPECT_EQ(text[0], 0);
}

TEST(SingleItem, CFunctions) {
  const char text[] = "user_01arz3ndektsv4rrffq69g5fav\n";
  const sortid_text_options options = {SORTID_FLAG_TYPEID, "user", 4, '\n'};
  uint8_t id[16];
  size_t position = 99;
  ASSERT_EQ(sortid_decode_one(SORTID_FORMAT_ULID, text, 32, id, &options, &position), SORTID_OK);
  char out[40];
  ASSERT_EQ(sortid_encode_one(SORTID_FORMAT_ULID, id, out, &options), 32u);
  EXPECT_EQ(std::string(out, 32), std::string(text, 32));
  ASSERT_EQ(sortid_encode_one(SORTID_FORMAT_ULID, id, out, nullptr), 26u);
  EXPECT_EQ(std::string(out, 26), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
  // Upper case in a TypeID suffix: reported at its byte like sortid_explain.
  const char upper[] = "user_01ARz3ndektsv4rrffq69g5fav\n";
  EXPECT_EQ(sortid_decode_one(SORTID_FORMAT_ULID, upper, 32, id, &options, &position),
            SORTID_ERROR_CHARACTER);
  EXPECT_EQ(position, 7u);
  EXPECT_EQ(id[0], 0);
  EXPECT_EQ(sortid_decode_one(SORTID_FORMAT_ULID, nullptr, 3, id, nullptr, &position),
            SORTID_ERROR_ARGUMENT);
  const sortid_text_options bad_flags = {0x100, nullptr, 0, -1};
  EXPECT_EQ(sortid_decode_one(SORTID_FORMAT_ULID, text, 26, id, &bad_flags, nullptr),
            SORTID_ERROR_ARGUMENT);
  EXPECT_EQ(sortid_encode_one(SORTID_FORMAT_ULID, id, out, &bad_flags), 0u);
  // A Record ID with its top bits set cannot be encoded.
  uint8_t wide[16];
  std::memset(wide, 0xFF, 16);
  EXPECT_EQ(sortid_encode_one(SORTID_FORMAT_RECORD_ID, wide, out, nullptr), 0u);
}

}  // namespace
}  // namespace sortid
