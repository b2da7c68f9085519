// Every supported target against the scalar reference kernel, called
// directly (never through the dispatcher): outputs, validity bytes (including
// the bits past the count) and invalid counts must be identical, for every
// item count 0-300, with prefixes, terminators, padding and injected errors.
// A guard-page test proves no kernel reads or writes past its buffers.
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "kernels/kernel_api.h"
#include "kernels/scalar/reference.h"
#include "sortid/sortid.hpp"
#include "tests/support/per_target_test.h"
#include "tests/support/test_support.h"

namespace sortid {
namespace {

class DifferentialTest : public test::PerTargetTest {};

struct Variant {
  Format format;
  std::string prefix;
  int terminator;
  size_t padding;
  bool lenient;
};

// Valid encodings with ~1 in 6 items damaged by a random byte at a random place.
std::string MakeText(const Variant& v, size_t count, std::mt19937_64& rng, size_t stride) {
  std::vector<uint8_t> ids(count * 16);
  for (auto& b : ids) b = static_cast<uint8_t>(rng());
  TextOptions opts;
  opts.prefix = v.prefix;
  opts.terminator = v.terminator;
  std::string text(count * stride, '#');
  test::MakeValidIds(v.format, ids.data(), count);
  EXPECT_TRUE(encode(v.format, ids.data(), count, text.data(), stride, nullptr, opts).ok());
  static const char kNoise[] = "0189AZaz!IiLlOoUu-\n\x80\xff";
  for (size_t i = 0; i < count; ++i) {
    if (rng() % 6 == 0) text[i * stride + rng() % stride] = kNoise[rng() % (sizeof(kNoise) - 1)];
  }
  return text;
}

void CompareDecode(const Variant& v, size_t count, std::mt19937_64& rng) {
  TextOptions opts;
  opts.prefix = v.prefix;
  opts.terminator = v.terminator;
  opts.lenient = v.lenient;
  const size_t stride = item_length(v.format, opts) + v.padding;
  const std::string text = MakeText(v, count, rng, stride);
  std::vector<uint8_t> ids(count * 16 + 1, 0x5A), validity((count + 7) / 8 + 1, 0x5A);
  const Result s = decode(v.format, text.data(), count, stride, ids.data(), validity.data(), opts);
  ASSERT_TRUE(s.ok());
  std::vector<uint8_t> want_ids(count * 16 + 1, 0x5A), want_validity((count + 7) / 8 + 1, 0x5A);
  const kernels::DecodeArgs args{
      text.data(), count, stride,          v.prefix.data(),      v.prefix.size(), v.terminator,
      v.lenient,   false, want_ids.data(), want_validity.data(), nullptr};
  const size_t want_invalid = reference::Decode(v.format, args);
  ASSERT_EQ(s.count, want_invalid) << count;
  ASSERT_EQ(validity, want_validity) << count;  // incl. bits past count and the guard byte
  ASSERT_EQ(ids, want_ids) << count;
}

void CompareEncode(const Variant& v, bool lower, size_t count, std::mt19937_64& rng) {
  TextOptions opts;
  opts.prefix = v.prefix;
  opts.terminator = v.terminator;
  opts.letter_case = lower ? LetterCase::kLower : LetterCase::kUpper;
  const size_t stride = item_length(v.format, opts) + v.padding;
  std::vector<uint8_t> ids(count * 16);
  for (auto& b : ids) b = static_cast<uint8_t>(rng());
  if (v.format == Format::kRecordId) {  // mostly in range, some not
    for (size_t i = 0; i < count; ++i) {
      if (rng() % 5 != 0) test::ClearRecordIdTopBits(&ids[16 * i]);
    }
  }
  std::vector<char> text(count * stride + 1, '~'), want_text(count * stride + 1, '~');
  std::vector<uint8_t> validity((count + 7) / 8 + 1, 0x5A), want_validity(validity);
  const Result s = encode(v.format, ids.data(), count, text.data(), stride, validity.data(), opts);
  ASSERT_TRUE(s.ok());
  const kernels::EncodeArgs args{ids.data(),           count,           want_text.data(), stride,
                                 v.prefix.data(),      v.prefix.size(), v.terminator,     lower,
                                 want_validity.data(), nullptr};
  ASSERT_EQ(s.count, reference::Encode(v.format, args));
  ASSERT_EQ(validity, want_validity) << count;
  ASSERT_EQ(text, want_text) << count;  // padding bytes untouched too
}

std::vector<Variant> Variants() {
  std::vector<Variant> out;
  for (Format f : {Format::kUlid, Format::kRecordId, Format::kUuid, Format::kUuidHex}) {
    out.push_back({f, "", -1, 0, false});
    out.push_back({f, "", '\n', 0, f == Format::kUlid});
    out.push_back({f, "", '\r', 0, false});  // lines, strict, another terminator
    out.push_back({f, "u_", -1, 3, false});
    out.push_back({f, "u_", '\n', 0, false});  // dense with prefix and terminator
    out.push_back({f, "ORDER#", '\n', 0, false});
    out.push_back({f, "a_rather_long_prefix_of_37_characters_", '\t', 1, false});
  }
  return out;
}

TEST_P(DifferentialTest, DecodeEveryCountUpTo300) {
  std::mt19937_64 rng(2024);
  for (const Variant& v : Variants()) {
    SCOPED_TRACE(testing::Message() << "format " << static_cast<int>(v.format) << " prefix '"
                                    << v.prefix << "' terminator " << v.terminator);
    for (size_t count = 0; count <= 300; ++count) CompareDecode(v, count, rng);
  }
}

TEST_P(DifferentialTest, EncodeEveryCountUpTo300) {
  std::mt19937_64 rng(7);
  for (const Variant& v : Variants()) {
    SCOPED_TRACE(testing::Message() << "format " << static_cast<int>(v.format) << " prefix '"
                                    << v.prefix << "' terminator " << v.terminator);
    for (size_t count = 0; count <= 300; ++count) CompareEncode(v, count % 2 == 1, count, rng);
  }
}

// Every byte value at every character position of a ULID / Record ID (one
// bulk call over 256 x chars items, then 1..15-item tails), in each alphabet
// mode (strict, lenient, TypeID lower case only), against the reference
// kernel: validity, invalid count, zeroed IDs.
TEST_P(DifferentialTest, EveryByteAtEveryCharacterPosition) {
  for (Format format : {Format::kUlid, Format::kRecordId}) {
    for (int mode = 0; mode < 3; ++mode) {  // TypeID is never lenient
      const bool lenient = (mode & 1) != 0, lower_only = (mode & 2) != 0;
      if (lower_only && format != Format::kUlid) continue;  // TypeID is ULID text
      SCOPED_TRACE(testing::Message() << "format " << static_cast<int>(format) << " lenient "
                                      << lenient << " lower only " << lower_only);
      TextOptions opts;
      opts.lenient = lenient;
      opts.type_id = lower_only;
      if (lower_only) opts.letter_case = LetterCase::kLower;
      const size_t chars = item_length(format, opts);
      ASSERT_EQ(chars, format == Format::kUlid ? 26u : 20u);
      const size_t count = 256 * chars;
      std::mt19937_64 rng(static_cast<uint64_t>(mode) + 5);
      std::vector<uint8_t> ids(count * 16);
      for (auto& b : ids) b = static_cast<uint8_t>(rng());
      test::MakeValidIds(format, ids.data(), count);
      std::string text(count * chars, '?');
      ASSERT_TRUE(encode(format, ids.data(), count, text.data(), chars, nullptr, opts).ok());
      for (size_t i = 0; i < count; ++i) text[i * chars + i % chars] = static_cast<char>(i / chars);
      // All items (a multiple of 8: no tail), then n = 1..15 items from a
      // start that moves through the text (tails over many byte values).
      for (size_t n = 0; n <= 15; ++n) {
        const size_t start = n == 0 ? 0 : n * 397 % (count - 15);
        const size_t items = n == 0 ? count : n;
        const char* at = text.data() + start * chars;
        std::vector<uint8_t> got(items * 16 + 1, 0x5A), got_validity((items + 7) / 8 + 1, 0x5A);
        std::vector<uint8_t> want(got), want_validity(got_validity);
        const Result s = decode(format, at, items, chars, got.data(), got_validity.data(), opts);
        ASSERT_TRUE(s.ok());
        const kernels::DecodeArgs args{
            at,     items, chars, "", 0, -1, lenient, lower_only, want.data(), want_validity.data(),
            nullptr};
        ASSERT_EQ(s.count, reference::Decode(format, args)) << n;
        ASSERT_EQ(got_validity, want_validity) << n;
        ASSERT_EQ(got, want) << n;
      }
    }
  }
}

// One invalid item at each position of two 8-item steps (AVX3: 2 vectors of 4
// items; one error test per step) and of the tails after them, its
// neighbours intact: the bad byte cycles through values at the edges of the
// alphabet rows (and '8' as a ULID's first character), in each alphabet
// mode, against the reference kernel; exactly that item is flagged.
TEST_P(DifferentialTest, OneBadItemAtEveryStepPosition) {
  static const char kBad[] = "Uu\x80\xff/:@[`{Ii\x10\x19Oo Ll\x7f";
  for (Format format : {Format::kUlid, Format::kRecordId}) {
    for (int mode = 0; mode < 3; ++mode) {
      const bool lenient = mode == 1, lower_only = mode == 2;
      if (lower_only && format != Format::kUlid) continue;
      TextOptions opts;
      opts.lenient = lenient;
      opts.type_id = lower_only;
      if (lower_only) opts.letter_case = LetterCase::kLower;
      const size_t chars = item_length(format, opts);
      for (size_t count : {16u, 32u, 37u}) {
        std::mt19937_64 rng(count + static_cast<size_t>(mode));
        std::vector<uint8_t> ids(count * 16);
        for (auto& b : ids) b = static_cast<uint8_t>(rng());
        test::MakeValidIds(format, ids.data(), count);
        std::string good(count * chars, '?');
        ASSERT_TRUE(encode(format, ids.data(), count, good.data(), chars, nullptr, opts).ok());
        for (size_t bad = 0; bad < count; ++bad) {
          SCOPED_TRACE(testing::Message() << "format " << static_cast<int>(format) << " mode "
                                          << mode << " count " << count << " bad item " << bad);
          std::string text = good;
          const size_t at = (bad * 7 + count) % chars;
          char byte = kBad[(bad + count) % (sizeof(kBad) - 1)];
          if (format == Format::kUlid && at == 0 && bad % 2 == 0) byte = '8';
          if (lenient && (byte == 'I' || byte == 'i' || byte == 'O' || byte == 'o' || byte == 'L' ||
                          byte == 'l')) {
            byte = 'U';  // an alias is valid there
          }
          text[bad * chars + at] = byte;
          std::vector<uint8_t> got(count * 16 + 1, 0x5A), got_validity((count + 7) / 8 + 1, 0x5A);
          std::vector<uint8_t> want(got), want_validity(got_validity);
          const Result s =
              decode(format, text.data(), count, chars, got.data(), got_validity.data(), opts);
          ASSERT_TRUE(s.ok());
          const kernels::DecodeArgs args{
              text.data(),          count,  chars, "", 0, -1, lenient, lower_only, want.data(),
              want_validity.data(), nullptr};
          ASSERT_EQ(s.count, reference::Decode(format, args));
          ASSERT_EQ(s.count, 1u);
          ASSERT_EQ((got_validity[bad / 8] >> (bad % 8)) & 1, 0);
          ASSERT_EQ(got_validity, want_validity);
          ASSERT_EQ(got, want);
        }
      }
    }
  }
}

// TypeID text (lower case only, "user_" prefix, optional terminator) for
// every count 0-80, ~1 in 4 items damaged (upper-case letters included),
// against the reference kernel: the lower-only check next to the prefix and
// terminator compares, on whole steps and tails.
TEST_P(DifferentialTest, TypeIdWithPrefixEveryCountUpTo80) {
  std::mt19937_64 rng(99);
  static const char kNoise[] = "AZazIiLlOoUu0_!\x80";
  size_t items = 0, invalid = 0;
  for (const int terminator : {-1, static_cast<int>('\n')}) {
    TextOptions opts;
    opts.type_id = true;
    opts.prefix = "user";
    opts.letter_case = LetterCase::kLower;
    opts.terminator = terminator;
    const size_t stride = item_length(Format::kUlid, opts);
    ASSERT_EQ(stride, terminator < 0 ? 31u : 32u);
    for (size_t count = 0; count <= 80; ++count) {
      std::vector<uint8_t> ids(count * 16);
      for (auto& b : ids) b = static_cast<uint8_t>(rng());
      test::MakeValidIds(Format::kUlid, ids.data(), count);
      std::string text(count * stride, '#');
      ASSERT_TRUE(
          encode(Format::kUlid, ids.data(), count, text.data(), stride, nullptr, opts).ok());
      for (size_t i = 0; i < count; ++i) {
        if (rng() % 4 == 0)
          text[i * stride + rng() % stride] = kNoise[rng() % (sizeof(kNoise) - 1)];
      }
      std::vector<uint8_t> got(count * 16 + 1, 0x5A), got_validity((count + 7) / 8 + 1, 0x5A);
      std::vector<uint8_t> want(got), want_validity(got_validity);
      const Result s =
          decode(Format::kUlid, text.data(), count, stride, got.data(), got_validity.data(), opts);
      ASSERT_TRUE(s.ok());
      const kernels::DecodeArgs args{text.data(), count, stride, "user_",     5,
                                     terminator,  false, true,   want.data(), want_validity.data(),
                                     nullptr};
      ASSERT_EQ(s.count, reference::Decode(Format::kUlid, args)) << count;
      ASSERT_EQ(got_validity, want_validity) << count;
      ASSERT_EQ(got, want) << count;
      items += count;
      invalid += s.count;
    }
  }
  EXPECT_GT(invalid, items / 10);  // both kinds of item are there
  EXPECT_LT(invalid, items / 3);
}

// Buffers that end exactly at a PROT_NONE page: any byte read or written past
// the end faults (masked-off AVX-512 lanes do not).
class GuardedBuffer {
 public:
  explicit GuardedBuffer(size_t size) : size_(size) {
    const auto page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    span_ = (size + page - 1) / page * page + page;
    base_ = static_cast<uint8_t*>(
        mmap(nullptr, span_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    EXPECT_NE(base_, MAP_FAILED);
    EXPECT_EQ(mprotect(base_ + span_ - page, page, PROT_NONE), 0);
  }
  ~GuardedBuffer() { munmap(base_, span_); }
  uint8_t* data() { return base_ + span_ - static_cast<size_t>(sysconf(_SC_PAGESIZE)) - size_; }

 private:
  size_t size_, span_;
  uint8_t* base_;
};

TEST_P(DifferentialTest, NoAccessPastTheBuffers) {
  std::mt19937_64 rng(99);
  for (const Variant& v : Variants()) {
    for (size_t count : std::vector<size_t>{1, 2, 3, 5, 8, 13, 64, 100}) {
      TextOptions opts;
      opts.prefix = v.prefix;
      opts.terminator = v.terminator;
      const size_t stride = item_length(v.format, opts) + v.padding;
      const std::string text = MakeText(v, count, rng, stride);
      GuardedBuffer in_text(text.size()), out_ids(count * 16), out_validity((count + 7) / 8);
      std::memcpy(in_text.data(), text.data(), text.size());
      ASSERT_TRUE(decode(v.format, reinterpret_cast<const char*>(in_text.data()), count, stride,
                         out_ids.data(), out_validity.data(), opts)
                      .ok());
      GuardedBuffer in_ids(count * 16), out_text(count * stride), enc_validity((count + 7) / 8);
      std::memcpy(in_ids.data(), out_ids.data(), count * 16);
      ASSERT_TRUE(encode(v.format, in_ids.data(), count, reinterpret_cast<char*>(out_text.data()),
                         stride, enc_validity.data(), opts)
                      .ok());
    }
  }
}

SORTID_INSTANTIATE_PER_TARGET(DifferentialTest);

}  // namespace
}  // namespace sortid
