// Round-trip fuzzer: decode(encode(x)) == x on every supported target and the
// reference, for every format, both letter cases, with and without a prefix
// and a terminator. Record IDs get their top 28 bits cleared first (others
// cannot be encoded). Any difference prints the case and aborts.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "fuzz/fuzz_common.h"
#include "tests/support/test_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using sortid::Format;
  using sortid::LetterCase;
  const size_t count = size / 16;
  std::vector<const char*> all = sortid::fuzz::SimdTargets();
  all.push_back("SCALAR");
  for (Format format : {Format::kUlid, Format::kRecordId, Format::kUuid, Format::kUuidHex}) {
    std::vector<uint8_t> ids(data, data + count * 16);
    sortid::test::MakeValidIds(format, ids.data(), count);
    for (LetterCase letter_case : {LetterCase::kLower, LetterCase::kUpper}) {
      for (const char* prefix : {"", "user_"}) {
        for (int terminator : {-1, int{'\n'}}) {
          sortid::TextOptions opts;
          opts.letter_case = letter_case;
          opts.prefix = prefix;
          opts.terminator = terminator;
          const size_t stride = sortid::item_length(format, opts);
          for (const char* target : all) {
            sortid::fuzz::Use(target);
            std::vector<char> text(count * stride);
            std::vector<uint8_t> back(count * 16, 0xAB), validity((count + 7) / 8);
            const sortid::Result e =
                sortid::encode(format, ids.data(), count, text.data(), stride, nullptr, opts);
            const sortid::Result d = sortid::decode(format, text.data(), count, stride, back.data(),
                                                    validity.data(), opts);
            if (!e.ok() || !d.ok() || e.count != 0 || d.count != 0 || back != ids) {
              std::fprintf(stderr,
                           "\n=== sortid round trip failed on %s: format %d, case %d, prefix "
                           "'%s', terminator %d\ninput %s\ntext  %s\nback  %s\n",
                           target, static_cast<int>(format), static_cast<int>(letter_case), prefix,
                           terminator, sortid::fuzz::Hex(ids.data(), ids.size()).c_str(),
                           std::string(text.begin(), text.end()).c_str(),
                           sortid::fuzz::Hex(back.data(), back.size()).c_str());
              std::abort();
            }
          }
        }
      }
    }
  }
  return 0;
}
