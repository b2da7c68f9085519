// Shared helpers of the Node.js addon (node/src/*.cc): argument reading,
// string and Buffer construction, and the registration entry points of the
// per-call (single.cc) and bulk (bulk.cc) functions.
#ifndef SORTID_NODE_ADDON_H_
#define SORTID_NODE_ADDON_H_

#include <napi.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "sortid/sortid.hpp"

namespace sortid::node {

inline constexpr double kTimeMax = 281474976710655.0;  // 2^48 - 1, npm ulid's TIME_MAX

// A JavaScript string from ASCII bytes (latin1: no UTF-8 validation).
inline Napi::Value AsciiString(napi_env env, const char* text, size_t size) {
  napi_value value = nullptr;
  if (napi_create_string_latin1(env, text, size, &value) != napi_ok) return Napi::Value();
  return Napi::Value(env, value);
}

// Copies a string argument as UTF-8 into buf (capacity bytes, NUL-terminated);
// returns the byte count, or -1 when the value is not a string. A string
// longer than capacity - 1 bytes comes back as capacity - 1 bytes, which is
// never a valid item's length when capacity exceeds the longest item by 2.
inline ptrdiff_t ReadString(napi_env env, napi_value value, char* buf, size_t capacity) {
  size_t size = 0;
  if (napi_get_value_string_utf8(env, value, buf, capacity, &size) != napi_ok) return -1;
  return static_cast<ptrdiff_t>(size);
}

// Reads an integer millisecond time in 0 .. 2^48 - 1; false (and a thrown
// TypeError) otherwise.
bool ReadTime(const Napi::Env& env, const Napi::Value& value, int64_t* ms);

// Reads a format number (Format's values); false (and a thrown TypeError) otherwise.
bool ReadFormat(const Napi::Env& env, const Napi::Value& value, Format* format);

void RegisterSingle(Napi::Env env, Napi::Object exports);
void RegisterBulk(Napi::Env env, Napi::Object exports);

}  // namespace sortid::node

#endif  // SORTID_NODE_ADDON_H_
