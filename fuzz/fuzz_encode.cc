// Differential fuzzer: encode of arbitrary 16-byte values as ULID / Record ID
// / UUID text on every supported SIMD target against the scalar reference
// kernel. The whole output buffer (including padding bytes, which must stay
// untouched), validity bitmaps and invalid counts must be identical. Every ID
// also goes through encode_one on each per-item codec (fuzz/fuzz_single.h),
// and for ULIDs the generator's text from random bytes is compared the same
// way.
//
// Input: byte 0 = mode (bits 0-1 format, 2-3 letter case, 4 TypeID, 5-6
// prefix choice, 7 terminator), byte 1 = layout (bits 0-2 padding, bit 3:
// clear the top 28 bits of Record IDs so most are valid), then the IDs.
#include <cstring>
#include <string>
#include <vector>

#include "fuzz/fuzz_common.h"
#include "fuzz/fuzz_single.h"
#include "kernels/kernel_api.h"
#include "kernels/scalar/reference.h"
#include "lib/bulk.h"
#include "lib/options.h"
#include "tests/support/test_support.h"

namespace {

// The generator's ULID text from random bytes (KernelTable::random_ulid_text)
// on every supported target against the reference: the IDs' bytes 6-15 as
// the random bytes, the same layout, the first ID's timestamp characters.
void RandomUlidTextOnEveryTarget(const uint8_t* data, size_t size,
                                 const sortid::internal::ResolvedOptions& resolved,
                                 const uint8_t* ids, size_t count, size_t stride) {
  std::vector<uint8_t> random(6 + 10 * count);  // the kernel reads from 6 bytes before
  for (size_t i = 0; i < count; ++i) std::memcpy(&random[6 + 10 * i], ids + 16 * i + 6, 10);
  char stamp[26] = "01ARYZ6S41";
  if (count != 0) {
    uint8_t first[16] = {};
    std::memcpy(first, ids, 6);
    (void)sortid::reference::EncodeId(sortid::Format::kUlid, first, resolved.lower, stamp);
  }
  std::vector<sortid::fuzz::Result> results;
  auto run = [&](const char* name, const sortid::kernels::KernelTable& table) {
    std::vector<char> text(count * stride + 1, '\xEE');
    const sortid::kernels::RandomUlidTextArgs args = {
        .random = random.data() + 6,
        .count = count,
        .stamp = stamp,
        .out = text.data(),
        .out_stride = stride,
        .prefix = resolved.prefix,
        .prefix_len = resolved.prefix_len,
        .terminator = resolved.terminator,
        .lower = resolved.lower,
    };
    const sortid::Error error = table.random_ulid_text(args);
    results.push_back(
        sortid::fuzz::Capture(name, static_cast<int>(error), 0, text, std::vector<uint8_t>()));
  };
  run("reference", sortid::reference::Table());
  for (const char* target : sortid::fuzz::SimdTargets()) {
    sortid::fuzz::Use(target);
    run(target, *sortid::internal::ActiveTable());
  }
  sortid::fuzz::ExpectAllEqual("random_ulid_text", data, size, results);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using sortid::Error;
  using sortid::Format;
  sortid::fuzz::Input in(data, size);
  const uint8_t mode = in.Byte();
  const uint8_t layout = in.Byte();
  const auto format = static_cast<Format>(mode & 3);
  sortid::TextOptions opts;
  opts.letter_case = static_cast<sortid::LetterCase>(((mode >> 2) & 3) % 3);
  opts.type_id = (mode & 0x10) != 0;
  static const char* const kPrefixes[2][4] = {{"", "user_", "ORDER#", "a_prefix_longer_than_16_"},
                                              {"", "user", "my_type", "x"}};
  opts.prefix = kPrefixes[opts.type_id][(mode >> 5) & 3];
  if (mode & 0x80) opts.terminator = '\n';
  std::string id_bytes = in.Rest();
  id_bytes.resize(id_bytes.size() / 16 * 16);
  const size_t count = id_bytes.size() / 16;
  if (format == Format::kRecordId && (layout & 8)) {
    sortid::test::MakeValidIds(format, reinterpret_cast<uint8_t*>(id_bytes.data()), count);
  }
  const auto* ids = reinterpret_cast<const uint8_t*>(id_bytes.data());
  const sortid::internal::ResolvedOptions resolved(format, opts);
  const size_t item_len = sortid::item_length(format, opts);
  const size_t stride = (item_len == 0 ? 1 : item_len) + (layout & 7);
  const size_t bitmap = (count + 7) / 8 + 1;

  std::vector<sortid::fuzz::Result> results;
  {
    int error = 0;
    size_t invalid = 0;
    std::vector<char> text(count * stride + 1, '\xEE');
    std::vector<uint8_t> validity(bitmap, 0xAB);
    if (resolved.error != Error::kOk) {
      error = static_cast<int>(resolved.error);
    } else if (count != 0) {
      const sortid::kernels::EncodeArgs args = sortid::internal::EncodeArgsFor(
          resolved, ids, count, text.data(), stride, validity.data(), nullptr);
      invalid = sortid::reference::Encode(format, args);
    }
    results.push_back(sortid::fuzz::Capture("reference", error, invalid, text, validity));
  }
  for (const char* target : sortid::fuzz::SimdTargets()) {
    sortid::fuzz::Use(target);
    std::vector<char> text(count * stride + 1, '\xEE');
    std::vector<uint8_t> validity(bitmap, 0xAB);
    const sortid::Result s =
        sortid::encode(format, ids, count, text.data(), stride, validity.data(), opts);
    results.push_back(
        sortid::fuzz::Capture(target, static_cast<int>(s.error), s.count, text, validity));
  }
  sortid::fuzz::ExpectAllEqual("encode", data, size, results);
  if (format == Format::kUlid && resolved.error == Error::kOk) {
    RandomUlidTextOnEveryTarget(data, size, resolved, ids, count, stride);
  }
  for (size_t i = 0; i < count; ++i) {  // every ID through the per-item path
    sortid::fuzz::CheckEncodeOne(data, size, format, opts, ids + 16 * i);
  }
  return 0;
}
