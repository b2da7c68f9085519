// Shared helpers of the Node.js addon (node/src/*.cc): argument reading,
// string and Buffer construction, and the registration entry points of the
// per-call (single.cc) and bulk (bulk.cc) functions.
#ifndef SORTID_NODE_ADDON_H_
#define SORTID_NODE_ADDON_H_

#include <napi.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "sortid/sortid.hpp"

namespace sortid::node {

inline constexpr double kTimeMax = 281474976710655.0;  // 2^48 - 1, npm ulid's TIME_MAX

// A JavaScript string from ASCII bytes (latin1: no UTF-8 validation).
inline Napi::Value AsciiString(napi_env env, const char* text, size_t size) {
  napi_value value = nullptr;
  if (napi_create_string_latin1(env, text, size, &value) != napi_ok) return Napi::Value();
  return Napi::Value(env, value);
}

// A JavaScript string from text that is ASCII unless utf8 is true (a prefix
// outside ASCII): Latin-1 would turn each byte of a UTF-8 sequence into its
// own character.
inline Napi::Value TextString(napi_env env, const char* text, size_t size, bool utf8) {
  if (!utf8) return AsciiString(env, text, size);
  napi_value value = nullptr;
  if (napi_create_string_utf8(env, text, size, &value) != napi_ok) return Napi::Value();
  return Napi::Value(env, value);
}

inline bool IsAscii(std::string_view text) {
  for (const char c : text) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

// Copies a string argument's characters into buf as ASCII bytes (at most
// capacity - 1 of them; capacity <= 64): returns the count, or -1 when the
// value is not a string or holds a character outside ASCII (never valid in
// an ID). A string longer than capacity - 1 comes back as capacity - 1
// characters, never a valid item's length when capacity exceeds it by 2.
inline ptrdiff_t ReadString(napi_env env, napi_value value, char* buf, size_t capacity) {
  char16_t units[64];
  size_t size = 0;
  if (capacity > 64 || napi_get_value_string_utf16(env, value, units, capacity, &size) != napi_ok) {
    return -1;
  }
  for (size_t i = 0; i < size; ++i) {
    if (units[i] >= 0x80) return -1;
    buf[i] = static_cast<char>(units[i]);
  }
  return static_cast<ptrdiff_t>(size);
}

// The first argument of a raw N-API callback (undefined when none was passed).
inline napi_value FirstArgument(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value arg = nullptr;
  napi_get_cb_info(env, info, &argc, &arg, nullptr, nullptr);
  return arg;
}

// Reads an integer millisecond time in 0 .. 2^48 - 1; false (and a thrown
// TypeError) otherwise.
bool ReadTime(const Napi::Env& env, const Napi::Value& value, int64_t* ms);

// Reads an optional string argument (undefined: ""); false (and a thrown
// TypeError naming `what`) for any other type or a string holding NUL.
bool ReadOptionalString(const Napi::Env& env, const Napi::Value& value, const char* what,
                        std::string* out);

// The bytes of a Buffer / Uint8Array argument (its own view: byteOffset and
// byteLength). false for other types and for a detached buffer (the caller
// throws).
bool ReadBytes(const Napi::Value& value, const uint8_t** data, size_t* size);

// Reads a format number (Format's values); false (and a thrown TypeError) otherwise.
bool ReadFormat(const Napi::Env& env, const Napi::Value& value, Format* format);

void RegisterSingle(Napi::Env env, Napi::Object exports);
void RegisterBulk(Napi::Env env, Napi::Object exports);

}  // namespace sortid::node

#endif  // SORTID_NODE_ADDON_H_
