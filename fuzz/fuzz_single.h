// Per-item checks for the differential fuzzers: every item the bulk fuzzers
// see also goes through decode_one / encode_one, once per per-item codec this
// CPU runs (one per supported target), and must match the reference kernel's item
// functions: bytes, error kind and byte position (decode), text and length
// (encode).
#ifndef SORTID_FUZZ_FUZZ_SINGLE_H_
#define SORTID_FUZZ_FUZZ_SINGLE_H_

#include <cstring>
#include <string>
#include <string_view>

#include "fuzz/fuzz_common.h"
#include "kernels/kernel_api.h"
#include "kernels/scalar/reference.h"
#include "lib/options.h"
#include "lib/single_codec.h"
#include "lib/targets.h"

namespace sortid::fuzz {

// Runs f once with each target this CPU supports forced (set_target chooses
// the per-item codec with the bulk kernels), then restores the default.
template <class F>
void ForEachSingleCodec(F&& f) {
  for (const char* name : targets(TargetSet::kSupported)) {
    Use(name);
    f(internal::ActiveItemCodec().name);
  }
  (void)set_target(nullptr);
}

// decode_one on one item against reference::DecodeItem (or the resolved
// options' error).
inline void CheckDecodeOne(const uint8_t* data, size_t size, Format format,
                           const TextOptions& options, std::string_view item) {
  const internal::ResolvedOptions resolved(format, options);
  Result want("reference item");
  uint8_t want_id[16] = {};
  if (resolved.error != Error::kOk) {
    want.error = static_cast<int>(resolved.error);
  } else {
    const reference::ItemSpec spec{
        format,           resolved.prefix,    resolved.prefix_len, resolved.terminator,
        resolved.lenient, resolved.lower_only};
    const sortid::Result e = reference::DecodeItem(
        spec, reinterpret_cast<const uint8_t*>(item.data()), item.size(), want_id);
    want.error = static_cast<int>(e.error);
    want.invalid = e.position;
  }
  want.output = Hex(want_id, 16);
  ForEachSingleCodec([&](const char* name) {
    uint8_t id[16];
    std::memset(id, 0xAB, 16);
    const sortid::Result got = decode_one(format, item, id, options);
    Result r(std::string("decode_one ") + name);
    r.error = static_cast<int>(got.error);
    r.invalid = got.position;
    r.output = Hex(id, 16);
    if (!(r == want))
      ReportMismatch("decode_one (invalid = error position)", data, size, {want, r});
  });
}

// encode_one on one ID against the reference encoder (prefix + ID +
// terminator, or 0 when options or the Record ID are invalid).
inline void CheckEncodeOne(const uint8_t* data, size_t size, Format format,
                           const TextOptions& options, const uint8_t* id) {
  const internal::ResolvedOptions resolved(format, options);
  std::string want_text;
  if (resolved.error == Error::kOk) {
    char body[36];
    if (reference::EncodeId(format, id, resolved.lower, body)) {
      want_text.assign(resolved.prefix, resolved.prefix_len);
      want_text.append(body, kernels::kTextLength[static_cast<int>(format)]);
      if (resolved.terminator >= 0) want_text += static_cast<char>(resolved.terminator);
    }
  }
  Result want("reference item");
  want.invalid = want_text.size();
  want.output = Hex(want_text.data(), want_text.size());
  ForEachSingleCodec([&](const char* name) {
    std::string text(want_text.size() + 140, '\xEE');
    const size_t length = encode_one(format, id, text.data(), options);
    Result r(std::string("encode_one ") + name);
    r.invalid = length;
    // Nothing may be written past the item.
    const bool untouched = text.find_first_not_of('\xEE', length) == std::string::npos;
    r.output = Hex(text.data(), length) + (untouched ? "" : " (wrote past the item)");
    if (!(r == want)) ReportMismatch("encode_one (invalid = length)", data, size, {want, r});
  });
}

}  // namespace sortid::fuzz

#endif  // SORTID_FUZZ_FUZZ_SINGLE_H_
