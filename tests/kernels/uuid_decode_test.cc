// UUID and UUID hex decode on every supported target against the scalar
// reference kernel, over the layouts the AVX-512 VBMI dense decoder takes
// (kernels/avx3_dl/uuid_decode-inl.h) and the block kernel's
// (kernels/hex_uuid-inl.h): prefixes, terminators, padding between items,
// either letter case, every byte of an item replaced by bytes that are
// almost right, and counts that leave tails of 1-7 items after the 8-item
// dense groups. Checks the dense plan is made exactly where it applies.
#include <gtest/gtest.h>

#include <cctype>
#include <random>
#include <string>
#include <vector>

#include "hwy/targets.h"
#include "kernels/avx3_dl/uuid_dense_plan.h"
#include "kernels/kernel_api.h"
#include "kernels/plan.h"
#include "kernels/scalar/reference.h"
#include "lib/targets.h"
#include "sortid/sortid.hpp"
#include "tests/support/per_target_test.h"
#include "tests/support/test_support.h"

namespace sortid {
namespace {

class UuidDecodeTest : public test::PerTargetTest {};

struct Layout {
  Format format;
  std::string prefix;
  int terminator;
  size_t padding;  // bytes between items ('#')

  size_t Length() const {
    return prefix.size() + (format == Format::kUuid ? 36 : 32) + (terminator >= 0 ? 1 : 0);
  }
  size_t Stride() const { return Length() + padding; }
};

std::vector<Layout> Layouts() {
  std::vector<Layout> out;
  for (Format f : {Format::kUuid, Format::kUuidHex}) {
    out.push_back({f, "", -1, 0});                    // dense, nothing fixed but hyphens
    out.push_back({f, "", '\n', 0});                  // one per line
    out.push_back({f, "", '\t', 0});                  // a terminator the constants lack
    out.push_back({f, "u_", -1, 3});                  // prefix and padding
    out.push_back({f, "urn:uuid:", '\n', 0});         // prefix and terminator
    out.push_back({f, "ORDER#", ',', 5});             // all three
    out.push_back({f, std::string(27, 'p'), -1, 0});  // pairs of exactly 128 bytes
    // Items of 48 bytes: a group of 4 in exactly 192 (three loads), then one
    // byte more (four loads).
    out.push_back({f, std::string(f == Format::kUuid ? 12 : 16, 'r'), -1, 0});
    out.push_back({f, std::string(f == Format::kUuid ? 12 : 16, 'r'), -1, 1});
    out.push_back({f, std::string(40, 'q'), '\n', 0});  // too long for the dense path
  }
  return out;
}

// Whether the dense decoder applies: AVX-512 VBMI, 8 items or more, and a
// pair of items (stride + length bytes) of at most 128 bytes.
bool ExpectDensePlan(const Layout& l, size_t count) {
  const kernels::KernelTable& table = *internal::ActiveTable();
  const bool vbmi = table.hwy_target != 0 && table.hwy_target <= HWY_AVX3_DL;
  return vbmi && count >= 8 && l.Stride() + l.Length() <= 128;
}

// Text of count valid items in the given letter case (0 lower, 1 upper,
// 2 mixed at random), padding bytes '#'.
std::string MakeText(const Layout& l, size_t count, int letter_case, std::mt19937_64& rng) {
  const std::vector<uint8_t> ids = test::RandomIds(l.format, count, rng);
  std::string text(count * l.Stride(), '#');
  const kernels::EncodeArgs args{ids.data(),      count,           text.data(),  l.Stride(),
                                 l.prefix.data(), l.prefix.size(), l.terminator, letter_case == 0,
                                 nullptr,         nullptr};
  std::vector<uint8_t> validity((count + 7) / 8);
  kernels::EncodeArgs with_validity = args;
  with_validity.validity = validity.data();
  EXPECT_EQ(reference::Encode(l.format, with_validity), 0u);
  if (letter_case == 2) {
    for (size_t i = 0; i < count; ++i) {
      for (size_t k = l.prefix.size(); k < l.prefix.size() + 36 && k < l.Length(); ++k) {
        char& c = text[i * l.Stride() + k];
        const auto u = static_cast<unsigned char>(c);
        c = static_cast<char>(rng() % 2 == 0 ? std::toupper(u) : std::tolower(u));
      }
    }
  }
  return text;
}

// Decodes through the public API (the forced target) and through the
// reference kernel; outputs, validity bytes and invalid counts must agree.
void ExpectSameAsReference(const Layout& l, const std::string& text, size_t count) {
  TextOptions opts;
  opts.prefix = l.prefix;
  opts.terminator = l.terminator;
  std::vector<uint8_t> ids(count * 16 + 1, 0x5A), validity((count + 7) / 8 + 1, 0x5A);
  const Result s =
      decode(l.format, text.data(), count, l.Stride(), ids.data(), validity.data(), opts);
  ASSERT_TRUE(s.ok());
  std::vector<uint8_t> want_ids(ids.size(), 0x5A), want_validity(validity.size(), 0x5A);
  const kernels::DecodeArgs args{
      text.data(), count, l.Stride(),      l.prefix.data(),      l.prefix.size(), l.terminator,
      false,       false, want_ids.data(), want_validity.data(), nullptr};
  ASSERT_EQ(s.count, reference::Decode(l.format, args));
  ASSERT_EQ(validity, want_validity);
  ASSERT_EQ(ids, want_ids);
}

std::string Describe(const Layout& l) {
  return testing::PrintToString(static_cast<int>(l.format)) + " prefix '" + l.prefix +
         "' terminator " + std::to_string(l.terminator) + " padding " + std::to_string(l.padding);
}

TEST_P(UuidDecodeTest, DensePlanWhereTheLayoutFits) {
  const kernels::KernelTable& table = *internal::ActiveTable();
  ASSERT_STREQ(table.name, GetParam());
  for (const Layout& l : Layouts()) {
    for (size_t count : {size_t{7}, size_t{8}, size_t{4096}}) {
      kernels::KernelPlan plan;
      const kernels::PlanRequest request{l.format,        false,           count,       l.Stride(),
                                         l.prefix.data(), l.prefix.size(), l.terminator};
      ASSERT_EQ(kernels::MakePlan(table, request, &plan), Error::kOk);
      EXPECT_EQ(plan.data != nullptr, ExpectDensePlan(l, count)) << Describe(l) << " " << count;
      if (plan.data == nullptr) continue;
      // Three loads per group of 4 items when 3 strides and a length fit in 192 bytes.
      const auto* decode_plan = static_cast<const simd_tables::UuidDecodePlan*>(plan.data);
      EXPECT_EQ(decode_plan->shared_load, 3 * l.Stride() + l.Length() <= 192) << Describe(l);
    }
  }
}

TEST_P(UuidDecodeTest, ValidTextEveryCaseAndTail) {
  std::mt19937_64 rng(36);
  for (const Layout& l : Layouts()) {
    SCOPED_TRACE(Describe(l));
    for (int letter_case = 0; letter_case < 3; ++letter_case) {
      for (size_t count : {1u, 7u, 8u, 9u, 15u, 16u, 23u, 64u, 65u, 71u, 200u}) {
        const std::string text = MakeText(l, count, letter_case, rng);
        ExpectSameAsReference(l, text, count);
      }
    }
  }
}

// Every byte of items at each position of a dense group (and of the tail)
// replaced by bytes next to the hex ranges, hyphens, high bytes and digits
// with bit 7 set; padding bytes must not matter.
TEST_P(UuidDecodeTest, EveryBytePositionMutated) {
  std::mt19937_64 rng(9562);
  static const unsigned char kBytes[] = {'/', ':', '@', 'G',  '`',  'g',  '-',  '0',  'a',
                                         'F', 0,   ' ', 0x80, 0xB0, 0xC1, 0xE6, 0xFF, '\n'};
  constexpr size_t kCount = 21;  // two dense groups (5 AVX3 quads, 10 AVX2 pairs) and a tail
  for (const Layout& l : Layouts()) {
    SCOPED_TRACE(Describe(l));
    const std::string clean = MakeText(l, kCount, 2, rng);
    for (size_t item : {0u, 1u, 2u, 3u, 6u, 17u, 20u}) {
      for (size_t pos = 0; pos < l.Stride(); ++pos) {
        for (unsigned char byte : kBytes) {
          std::string text = clean;
          text[item * l.Stride() + pos] = static_cast<char>(byte);
          ASSERT_NO_FATAL_FAILURE(ExpectSameAsReference(l, text, kCount))
              << "item " << item << " byte " << pos << " = " << int{byte};
        }
      }
    }
  }
}

// Every byte value 0-255 at every character of an item inside the vector
// steps (the AVX3_DL dense groups, the AVX3 quads, the AVX2 pairs) and of
// the tail item: the x86 translation (kernels/hex_uuid-inl.h) accepts
// exactly the hex digits of either case, the hyphen checks exactly '-'.
TEST_P(UuidDecodeTest, EveryByteValueAtEveryCharacter) {
  std::mt19937_64 rng(256);
  constexpr size_t kCount = 13;  // 8 + 4 + 1: a dense group, a quad / pairs, a tail
  for (const Layout& l :
       {Layout{Format::kUuid, "", -1, 0}, Layout{Format::kUuidHex, "", '\n', 0}}) {
    SCOPED_TRACE(Describe(l));
    const std::string clean = MakeText(l, kCount, 2, rng);
    for (size_t item : {5u, 10u, 12u}) {
      for (size_t pos = 0; pos < l.Length(); ++pos) {
        for (int byte = 0; byte < 256; ++byte) {
          std::string text = clean;
          text[item * l.Stride() + pos] = static_cast<char>(byte);
          ASSERT_NO_FATAL_FAILURE(ExpectSameAsReference(l, text, kCount))
              << "item " << item << " byte " << pos << " = " << byte;
        }
      }
    }
  }
}

// Several bad items in one group of 4 and in both pairs: only they are zeroed.
TEST_P(UuidDecodeTest, BadItemsAmongGoodOnes) {
  std::mt19937_64 rng(4);
  for (const Layout& l : Layouts()) {
    SCOPED_TRACE(Describe(l));
    for (uint32_t bad_set = 0; bad_set < 256; ++bad_set) {
      std::string text = MakeText(l, 16, 1, rng);
      for (size_t bit = 0; bit < 8; ++bit) {  // items 4-11: both 8-item groups
        if ((bad_set >> bit) & 1) text[(4 + bit) * l.Stride() + l.Length() - 1 - bit] = 'x';
      }
      ASSERT_NO_FATAL_FAILURE(ExpectSameAsReference(l, text, 16)) << bad_set;
    }
  }
}

SORTID_INSTANTIATE_PER_TARGET(UuidDecodeTest);

}  // namespace
}  // namespace sortid
