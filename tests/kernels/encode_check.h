// The check shared by the stream encoder tests: the dispatched encoder
// against the scalar reference kernel, with guard bytes around the output.
#ifndef SORTID_TESTS_KERNELS_ENCODE_CHECK_H_
#define SORTID_TESTS_KERNELS_ENCODE_CHECK_H_

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kernels/kernel_api.h"
#include "kernels/scalar/reference.h"
#include "sortid/sortid.hpp"

namespace sortid::test {

struct EncodeCase {
  Format format;
  size_t count;
  size_t out_offset;  // bytes before the first item in the output buffer
  bool lower;
  size_t padding = 0;  // stride = text length + padding
  std::string prefix = {};
  int terminator = -1;
};

// Encodes ids through the active target and the reference kernel; the text
// (out_offset guard bytes before it, 64 after), the validity bitmap (with a
// guard byte) and the invalid count must match.
inline void ExpectEncodeAsReference(const EncodeCase& c, const std::vector<uint8_t>& ids) {
  TextOptions opts;
  opts.prefix = c.prefix;
  opts.terminator = c.terminator;
  opts.letter_case = c.lower ? LetterCase::kLower : LetterCase::kUpper;
  const size_t stride = item_length(c.format, opts) + c.padding;
  const size_t size = c.out_offset + c.count * stride + 64;
  std::vector<char> text(size, '~'), want_text(size, '~');
  std::vector<uint8_t> validity((c.count + 7) / 8 + 1, 0x5A), want_validity(validity);
  const Result s = encode(c.format, ids.data(), c.count, text.data() + c.out_offset, stride,
                          validity.data(), opts);
  ASSERT_TRUE(s.ok());
  const kernels::EncodeArgs args{ids.data(),   c.count,         want_text.data() + c.out_offset,
                                 stride,       c.prefix.data(), c.prefix.size(),
                                 c.terminator, c.lower,         want_validity.data(),
                                 nullptr};
  ASSERT_EQ(s.count, reference::Encode(c.format, args));
  ASSERT_EQ(validity, want_validity);
  ASSERT_EQ(std::string(text.begin(), text.end()), std::string(want_text.begin(), want_text.end()));
}

}  // namespace sortid::test

#endif  // SORTID_TESTS_KERNELS_ENCODE_CHECK_H_
