#include "lib/options.h"

#include <cstring>

#include "kernels/format_facts.h"

namespace sortid::internal {

Result ValidateTypeName(std::string_view name) {
  if (name.size() > kMaxTypeIdPrefix)
    return {.error = Error::kPrefix, .position = kMaxTypeIdPrefix};
  for (size_t k = 0; k < name.size(); ++k) {
    const char c = name[k];
    const bool allowed = (c >= 'a' && c <= 'z') || c == '_';
    const bool edge_underscore = c == '_' && (k == 0 || k + 1 == name.size());
    // k < 64 (the length was checked above): the mask only tells the compiler.
    if (!allowed || edge_underscore) return {.error = Error::kPrefix, .position = k & 0x3F};
  }
  return {};
}

ResolvedOptions::ResolvedOptions(Format item_format, const TextOptions& options) {
  format = item_format;
  if (!IsValidFormat(format) || options.terminator < -1 || options.terminator > 255 ||
      (options.prefix.data() == nullptr && !options.prefix.empty())) {
    error = Error::kArgument;
    return;
  }
  terminator = options.terminator;
  lenient = options.lenient;
  const bool crockford = format == Format::kUlid || format == Format::kRecordId;
  switch (options.letter_case) {
    case LetterCase::kCanonical:
      lower = !crockford;
      break;
    case LetterCase::kLower:
      lower = true;
      break;
    case LetterCase::kUpper:
      lower = false;
      break;
  }
  if (!options.type_id) {
    prefix = options.prefix.data();
    prefix_len = options.prefix.size();
    return;
  }
  // TypeID: ULID bit packing, lower-case suffix, strict alphabet.
  if (format != Format::kUlid || options.lenient || options.letter_case == LetterCase::kUpper ||
      ValidateTypeName(options.prefix).error != Error::kOk) {
    error = Error::kArgument;
    return;
  }
  lower = true;
  lower_only = true;
  prefix_len = options.prefix.size();
  if (prefix_len != 0) {
    std::memcpy(typeid_prefix_, options.prefix.data(), prefix_len);
    typeid_prefix_[prefix_len++] = '_';
  }
  prefix = typeid_prefix_;
}

}  // namespace sortid::internal
