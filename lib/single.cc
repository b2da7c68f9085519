// One ID at a time: decode_one / encode_one over the per-item fast codec
// (kernels/item_codec.h, lib/single_codec.h). Options are resolved only when a prefix, TypeID or
// terminator is asked for; without them a call is a length check and the
// codec. Every error is explained by the reference kernel, so kinds and byte
// positions are explain()'s (docs/formats.md).
#include <cstring>
#include <string_view>

#include "kernels/kernel_api.h"
#include "kernels/scalar/reference.h"
#include "lib/options.h"
#include "lib/single_codec.h"
#include "sortid/sortid.hpp"

// Returned in two registers on LP64 targets (see Result).
static_assert(sizeof(sortid::Result) == 16 || sizeof(void*) != 8);

namespace sortid {
namespace {

using single::Alphabet;

bool IsCrockford(Format format) { return format == Format::kUlid || format == Format::kRecordId; }

// single::DecodeActive out of line (the lenient codec; strict calls take the
// plain entries): decode_one's options path stays small.
[[gnu::noinline]] bool DecodeBody(Format format, Alphabet alphabet, const uint8_t* text, size_t len,
                                  uint8_t* id) {
  return single::DecodeActive(format, alphabet, text, len, id);
}

// The reference kernel's verdict on an item the fast path rejected (zeroes id).
[[gnu::noinline]] Result Explain(const reference::ItemSpec& spec, std::string_view text,
                                 uint8_t* id) {
  return reference::DecodeItem(spec, reinterpret_cast<const uint8_t*>(text.data()), text.size(),
                               id);
}

// & rather than &&: one branch on the result, none for each field.
bool IsPlain(const TextOptions& options) {
  return options.prefix.empty() & !options.type_id & (options.terminator == -1);
}

// Prefix, TypeID or terminator: resolved options, then the same codec.
[[gnu::noinline]] Result DecodeWithOptions(Format format, std::string_view text, uint8_t* id,
                                           const TextOptions& options) {
  const internal::ResolvedOptions resolved(format, options);
  if (resolved.error != Error::kOk) {
    std::memset(id, 0, 16);
    return {resolved.error, 0};
  }
  const size_t fixed = resolved.prefix_len + (resolved.terminator >= 0 ? 1 : 0);
  const auto* bytes = reinterpret_cast<const uint8_t*>(text.data());
  const Alphabet alphabet = resolved.lower_only ? Alphabet::kLowerOnly
                            : resolved.lenient  ? Alphabet::kLenient
                                                : Alphabet::kStrict;
  if (text.size() >= fixed &&
      (resolved.prefix_len == 0 || std::memcmp(bytes, resolved.prefix, resolved.prefix_len) == 0) &&
      (resolved.terminator < 0 ||
       bytes[text.size() - 1] == static_cast<uint8_t>(resolved.terminator)) &&
      single::DecodeActive(format, alphabet, bytes + resolved.prefix_len, text.size() - fixed,
                           id)) {
    return {};
  }
  return Explain(resolved, text, id);  // the resolved options are its ItemSpec
}

// Prefix, TypeID or terminator (precondition: format valid, id and out not null).
[[gnu::noinline]] size_t EncodeWithOptions(Format format, const uint8_t* id, char* out,
                                           const TextOptions& options) {
  const internal::ResolvedOptions resolved(format, options);
  if (resolved.error != Error::kOk) return 0;
  if (format == Format::kRecordId && !single::RecordIdEncodable(id)) return 0;
  if (resolved.prefix_len != 0) std::memcpy(out, resolved.prefix, resolved.prefix_len);
  single::EncodeActive(format, id, resolved.lower, out + resolved.prefix_len);
  size_t length = resolved.prefix_len + kernels::kTextLength[static_cast<int>(format)];
  if (resolved.terminator >= 0) out[length++] = static_cast<char>(resolved.terminator);
  return length;
}

// Without prefix, TypeID or terminator (precondition: id not null, text
// readable). Strict: the active codec's plain entry (kernels/item_entry-inl.h)
// as a tail call, which holds the length check, the codec and the reference
// kernel's explanation of a rejection; lenient: the lenient codec, then the
// reference only to explain a rejection.
inline Result DecodePlain(Format format, bool lenient, std::string_view text, uint8_t* id) {
  if (static_cast<unsigned>(format) >= kernels::kNumFormats) [[unlikely]] {
    std::memset(id, 0, 16);
    return {.error = Error::kArgument};
  }
  const auto* bytes = reinterpret_cast<const uint8_t*>(text.data());
  if (!lenient) {
    return internal::g_item_entries.decode_plain[static_cast<int>(format)].load(single::kRelaxed)(
        bytes, text.size(), id);
  }
  if (!DecodeBody(format, Alphabet::kLenient, bytes, text.size(), id)) [[unlikely]] {
    return kernels::ExplainPlainItem(format, true, bytes, text.size(), id);
  }
  return {};
}

// Without prefix, TypeID or terminator (precondition: format valid, id and
// out not null).
inline size_t EncodePlain(Format format, const uint8_t* id, bool lower, char* out) {
  // The Record ID check (its top 28 bits are zero) runs for every format,
  // against a limit no other format's ID exceeds: every ID has the four bytes
  // it reads, and a lookup costs less than a branch on the format.
  static constexpr uint32_t kMaxTop[kernels::kNumFormats] = {UINT32_MAX, single::kRecordIdMaxTop,
                                                             UINT32_MAX, UINT32_MAX};
  if (single::RecordIdTop(id) > kMaxTop[static_cast<int>(format)]) [[unlikely]] {
    return 0;
  }
  single::EncodeActive(format, id, lower, out);
  return kernels::kTextLength[static_cast<int>(format)];
}

bool BadArguments(std::string_view text, const uint8_t* id) {
  return id == nullptr || (text.data() == nullptr && !text.empty());
}
// | rather than ||: GCC then lays out a call with good arguments as the
// straight path, with no branch taken before the jump to the codec.
bool BadArguments(Format format, const uint8_t* id, const char* out) {
  return (id == nullptr) | (out == nullptr) |
         (static_cast<unsigned>(format) >= kernels::kNumFormats);
}

// decode_one's answer to bad arguments: an ID it can write is zeroed.
[[gnu::noinline]] Result BadDecodeArguments(std::string_view text, uint8_t* id) {
  if (!BadArguments(text, id)) std::memset(id, 0, 16);
  return {.error = Error::kArgument};
}

}  // namespace

Result decode_one(Format format, std::string_view text, uint8_t* id, const TextOptions& options) {
  if (BadArguments(text, id)) [[unlikely]] {
    return {.error = Error::kArgument};
  }
  if (!IsPlain(options)) [[unlikely]] {
    return DecodeWithOptions(format, text, id, options);
  }
  return DecodePlain(format, options.lenient, text, id);
}

// One combined test, then the plain entry as a tail call. Not through
// DecodePlain: inlined there, GCC copies the Result instead of tail-calling.
Result decode_one(Format format, std::string_view text, uint8_t* id) {
  const auto f = static_cast<unsigned>(format);
  if (BadArguments(text, id) || f >= kernels::kNumFormats) [[unlikely]] {
    return BadDecodeArguments(text, id);
  }
  return internal::g_item_entries.decode_plain[f].load(single::kRelaxed)(
      reinterpret_cast<const uint8_t*>(text.data()), text.size(), id);
}

size_t encode_one(Format format, const uint8_t* id, char* out, const TextOptions& options) {
  if (BadArguments(format, id, out)) [[unlikely]] {
    return 0;
  }
  if (!IsPlain(options)) [[unlikely]] {
    return EncodeWithOptions(format, id, out, options);
  }
  // As internal::ResolvedOptions decides the case; & and | rather than && and
  // ||, so that the common path has no branch to take.
  const bool lower = (options.letter_case == LetterCase::kLower) |
                     ((options.letter_case == LetterCase::kCanonical) & !IsCrockford(format));
  return EncodePlain(format, id, lower, out);
}

size_t encode_one(Format format, const uint8_t* id, char* out) {
  if (BadArguments(format, id, out)) [[unlikely]] {
    return 0;
  }
  return internal::g_item_entries.encode_plain[static_cast<int>(format)].load(single::kRelaxed)(
      id, out);
}

}  // namespace sortid
