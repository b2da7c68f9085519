// Turns user-facing TextOptions into the flat form kernels take: TypeID type
// name validated and its '_' separator appended, letter case decided,
// incompatible combinations rejected with Error::kArgument.
#ifndef SORTID_LIB_OPTIONS_H_
#define SORTID_LIB_OPTIONS_H_

#include <cstddef>
#include <string_view>

#include "kernels/scalar/reference.h"
#include "sortid/sortid.hpp"

namespace sortid::internal {

inline constexpr size_t kMaxTypeIdPrefix = 63;

// Validates a TypeID type name: 0-63 characters of [a-z_], not starting or
// ending with '_'. Returns kOk or kPrefix with the offending position.
Result ValidateTypeName(std::string_view name);

// The options of one format, resolved: the reference kernel's ItemSpec (the
// decoding rules every path shares: prefix with the TypeID separator,
// terminator, alphabet), the letter case to encode in, and the error when
// the options are invalid.
class ResolvedOptions : public reference::ItemSpec {
 public:
  ResolvedOptions(Format item_format, const TextOptions& options);
  ResolvedOptions(const ResolvedOptions&) = delete;
  ResolvedOptions& operator=(const ResolvedOptions&) = delete;

  // Bytes of one item: prefix + id_length characters (+ the terminator).
  size_t item_length(size_t id_length) const {
    return prefix_len + id_length + (terminator >= 0 ? 1 : 0);
  }

  Error error = Error::kOk;
  bool lower = false;

 private:
  char typeid_prefix_[kMaxTypeIdPrefix + 1];
};

}  // namespace sortid::internal

#endif  // SORTID_LIB_OPTIONS_H_
