// Turns user-facing TextOptions into the flat form kernels take: TypeID type
// name validated and its '_' separator appended, letter case decided,
// incompatible combinations rejected with Error::kArgument.
#ifndef SORTID_LIB_OPTIONS_H_
#define SORTID_LIB_OPTIONS_H_

#include <cstddef>
#include <string_view>

#include "sortid/sortid.hpp"

namespace sortid::internal {

inline constexpr size_t kMaxTypeIdPrefix = 63;

// Validates a TypeID type name: 0-63 characters of [a-z_], not starting or
// ending with '_'. Returns kOk or kPrefix with the offending position.
Explanation ValidateTypeName(std::string_view name);

class ResolvedOptions {
 public:
  ResolvedOptions(Format format, const TextOptions& options);
  ResolvedOptions(const ResolvedOptions&) = delete;
  ResolvedOptions& operator=(const ResolvedOptions&) = delete;

  // Bytes of one item: prefix + id_length characters (+ the terminator).
  size_t item_length(size_t id_length) const {
    return prefix_len + id_length + (terminator >= 0 ? 1 : 0);
  }

  Error error = Error::kOk;
  const char* prefix = nullptr;
  size_t prefix_len = 0;
  int terminator = -1;
  bool lower = false;
  bool lenient = false;
  bool lower_only = false;

 private:
  char typeid_prefix_[kMaxTypeIdPrefix + 1];
};

}  // namespace sortid::internal

#endif  // SORTID_LIB_OPTIONS_H_
