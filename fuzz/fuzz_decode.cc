// Differential fuzzer: decode of arbitrary bytes as ULID / Record ID / UUID /
// prefixed text, fixed-stride or as an Arrow column, on every supported SIMD
// target against the scalar reference kernel (called directly). Outputs,
// validity bitmaps (including bits past the count), invalid counts and call
// status must be identical. Every item (and the whole text as one item) also
// goes through decode_one on each per-item codec (fuzz/fuzz_single.h).
//
// Input: byte 0 = mode (bits 0-1 format, 2 lenient, 3 TypeID, 4-5 prefix
// choice, 6 column mode, 7 terminator), byte 1 = layout (bit 0 terminator
// '\n' or next byte, bits 1-3 stride padding, bits 4-7 null pattern for
// columns), then for prefix choice 3 a length byte and the prefix, then text.
#include <cstring>
#include <string>
#include <vector>

#include "fuzz/fuzz_common.h"
#include "fuzz/fuzz_single.h"
#include "kernels/kernel_api.h"
#include "kernels/scalar/reference.h"
#include "lib/bulk.h"
#include "lib/options.h"

namespace {

using sortid::Error;
using sortid::Format;
using sortid::TextOptions;

TextOptions ReadOptions(sortid::fuzz::Input& in, uint8_t mode, uint8_t layout,
                        std::string* prefix_storage) {
  TextOptions opts;
  opts.lenient = (mode & 0x04) != 0;
  opts.type_id = (mode & 0x08) != 0;
  static const char* const kPrefixes[2][3] = {{"", "user_", "ORDER#"}, {"", "user", "my_type"}};
  const unsigned choice = (mode >> 4) & 3;
  *prefix_storage = choice < 3 ? kPrefixes[opts.type_id][choice] : in.Take(in.Byte() % 48);
  opts.prefix = *prefix_storage;
  if (mode & 0x80) opts.terminator = (layout & 1) ? '\n' : in.Byte();
  return opts;
}

// The reference's result over count items (IDs and validity pre-filled with
// 0xAB, validity with a guard byte: bitmap bytes): the options' error when
// they do not resolve, else run(ids, validity), its invalid count.
template <class Run>
sortid::fuzz::Result ReferenceResult(const sortid::internal::ResolvedOptions& resolved,
                                     size_t count, size_t bitmap, Run run) {
  int error = 0;
  size_t invalid = 0;
  std::vector<uint8_t> ids(count * 16 + 1, 0xAB), validity(bitmap, 0xAB);
  if (resolved.error != Error::kOk) {
    error = static_cast<int>(resolved.error);
  } else if (count != 0) {
    invalid = run(ids, validity);
  }
  return sortid::fuzz::Capture("reference", error, invalid, ids, validity);
}

void FuzzStride(const uint8_t* data, size_t size, Format format, const TextOptions& opts,
                size_t padding, const std::string& text) {
  const sortid::internal::ResolvedOptions resolved(format, opts);
  const size_t item_len = sortid::item_length(format, opts);
  const size_t stride = (item_len == 0 ? 1 : item_len) + padding;
  const size_t count = text.size() / stride;
  const size_t bitmap = (count + 7) / 8 + 1;  // one guard byte

  std::vector<sortid::fuzz::Result> results;
  // The reference, on the options the library resolves.
  results.push_back(ReferenceResult(
      resolved, count, bitmap, [&](std::vector<uint8_t>& ids, std::vector<uint8_t>& validity) {
        return sortid::reference::Decode(
            format, sortid::internal::DecodeArgsFor(resolved, text.data(), count, stride,
                                                    ids.data(), validity.data(), nullptr));
      }));
  for (const char* target : sortid::fuzz::SimdTargets()) {
    sortid::fuzz::Use(target);
    std::vector<uint8_t> ids(count * 16 + 1, 0xAB), validity(bitmap, 0xAB);
    const sortid::Result s =
        sortid::decode(format, text.data(), count, stride, ids.data(), validity.data(), opts);
    results.push_back(
        sortid::fuzz::Capture(target, static_cast<int>(s.error), s.count, ids, validity));
  }
  sortid::fuzz::ExpectAllEqual("fixed-stride decode", data, size, results);
  // Every item through the per-item path, and the whole text as one item.
  for (size_t i = 0; i < count && item_len != 0; ++i) {
    sortid::fuzz::CheckDecodeOne(data, size, format, opts,
                                 std::string_view(text).substr(i * stride, item_len));
  }
  sortid::fuzz::CheckDecodeOne(data, size, format, opts, text);
}

void FuzzColumn(const uint8_t* data, size_t size, Format format, TextOptions opts,
                uint8_t null_pattern, const std::string& text) {
  opts.terminator = -1;
  // Items are the text's '\n'-separated pieces; some are null.
  std::vector<int32_t> offsets{0};
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') offsets.push_back(static_cast<int32_t>(i));
  }
  offsets.push_back(static_cast<int32_t>(text.size()));
  const size_t count = offsets.size() - 1;
  // Arrow layout: the pieces without their separators, back to back.
  std::string column;
  std::vector<int32_t> item_offsets{0};
  for (size_t i = 0; i < count; ++i) {
    const size_t from = static_cast<size_t>(offsets[i]) + (i ? 1 : 0);
    column.append(text, from, static_cast<size_t>(offsets[i + 1]) - from);
    item_offsets.push_back(static_cast<int32_t>(column.size()));
  }
  std::vector<uint8_t> present((count + 7) / 8, 0);
  for (size_t i = 0; i < count; ++i) {
    if ((i * 7 + null_pattern) % 11 != 0) present[i / 8] |= static_cast<uint8_t>(1u << (i % 8));
  }
  const size_t bitmap = (count + 7) / 8 + 1;

  std::vector<sortid::fuzz::Result> results;
  // Reference: each item alone, through the reference item decoder.
  const sortid::internal::ResolvedOptions resolved(format, opts);
  results.push_back(ReferenceResult(
      resolved, count, bitmap, [&](std::vector<uint8_t>& ids, std::vector<uint8_t>& validity) {
        size_t invalid = 0;
        std::fill(validity.begin(), validity.end() - 1, 0);
        const sortid::reference::ItemSpec spec{format, resolved.prefix,  resolved.prefix_len,
                                               -1,     resolved.lenient, resolved.lower_only};
        for (size_t i = 0; i < count; ++i) {
          const auto* item = reinterpret_cast<const uint8_t*>(column.data()) + item_offsets[i];
          const auto len = static_cast<size_t>(item_offsets[i + 1] - item_offsets[i]);
          const bool is_present = (present[i / 8] >> (i % 8)) & 1;
          const bool ok =
              sortid::reference::DecodeItem(spec, item, len, &ids[16 * i]).error == Error::kOk &&
              is_present;
          if (!ok) std::memset(&ids[16 * i], 0, 16);
          if (ok) validity[i / 8] = static_cast<uint8_t>(validity[i / 8] | (1u << (i % 8)));
          invalid += ok ? 0 : 1;
        }
        return invalid;
      }));
  for (const char* target : sortid::fuzz::SimdTargets()) {
    sortid::fuzz::Use(target);
    std::vector<uint8_t> ids(count * 16 + 1, 0xAB), validity(bitmap, 0xAB);
    const sortid::Result s =
        sortid::decode_column(format, item_offsets.data(), column.data(), count, present.data(),
                              ids.data(), validity.data(), opts);
    results.push_back(
        sortid::fuzz::Capture(target, static_cast<int>(s.error), s.count, ids, validity));
  }
  sortid::fuzz::ExpectAllEqual("column decode", data, size, results);
  for (size_t i = 0; i < count; ++i) {  // every item through the per-item path
    sortid::fuzz::CheckDecodeOne(data, size, format, opts,
                                 std::string_view(column).substr(
                                     static_cast<size_t>(item_offsets[i]),
                                     static_cast<size_t>(item_offsets[i + 1] - item_offsets[i])));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  sortid::fuzz::Input in(data, size);
  const uint8_t mode = in.Byte();
  const uint8_t layout = in.Byte();
  const auto format = static_cast<Format>(mode & 3);
  std::string prefix;
  const TextOptions opts = ReadOptions(in, mode, layout, &prefix);
  const std::string text = in.Rest();
  if (mode & 0x40) {
    FuzzColumn(data, size, format, opts, static_cast<uint8_t>(layout >> 4), text);
  } else {
    FuzzStride(data, size, format, opts, (layout >> 1) & 7, text);
  }
  return 0;
}
