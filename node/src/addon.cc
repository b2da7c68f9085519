// Entry point of the sortid Node.js addon (N-API through node-addon-api).
// node/lib/index.js wraps these functions into the npm `ulid` 3.x surface and
// the bulk calls; docs/node.md documents both.
#include "node/src/addon.h"

#include <cmath>

namespace sortid::node {

bool ReadTime(const Napi::Env& env, const Napi::Value& value, int64_t* ms) {
  if (!value.IsNumber()) {
    Napi::TypeError::New(env, "time must be a number of milliseconds").ThrowAsJavaScriptException();
    return false;
  }
  const double t = value.As<Napi::Number>().DoubleValue();
  if (!(t >= 0 && t <= kTimeMax) || std::trunc(t) != t) {
    Napi::RangeError::New(env, "time must be an integer in 0 .. 2^48 - 1")
        .ThrowAsJavaScriptException();
    return false;
  }
  *ms = static_cast<int64_t>(t);
  return true;
}

bool ReadOptionalString(const Napi::Env& env, const Napi::Value& value, const char* what,
                        std::string* out) {
  if (value.IsUndefined()) {
    out->clear();
    return true;
  }
  if (value.IsString()) {
    *out = value.As<Napi::String>().Utf8Value();
    if (out->find('\0') == std::string::npos) return true;
  }
  Napi::TypeError::New(env, std::string(what) + " must be a string without NUL")
      .ThrowAsJavaScriptException();
  return false;
}

bool ReadBytes(const Napi::Value& value, const uint8_t** data, size_t* size) {
  if (!value.IsTypedArray()) return false;
  napi_typedarray_type type = napi_int8_array;
  size_t length = 0;
  void* bytes = nullptr;
  napi_value buffer = nullptr;
  size_t offset = 0;
  if (napi_get_typedarray_info(value.Env(), value, &type, &length, &bytes, &buffer, &offset) !=
          napi_ok ||
      type != napi_uint8_array) {
    return false;
  }
  bool detached = false;
  if (napi_is_detached_arraybuffer(value.Env(), buffer, &detached) != napi_ok || detached) {
    return false;
  }
  // An empty view may have no storage: hand the library a valid pointer.
  static const uint8_t kEmpty[1] = {};
  *data = bytes != nullptr ? static_cast<const uint8_t*>(bytes) : kEmpty;
  *size = bytes != nullptr ? length : 0;
  return true;
}

bool ReadFormat(const Napi::Env& env, const Napi::Value& value, Format* format) {
  if (value.IsNumber()) {
    const double n = value.As<Napi::Number>().DoubleValue();
    if (n >= 0 && n <= static_cast<double>(Format::kUuidHex) && std::trunc(n) == n) {
      *format = static_cast<Format>(static_cast<int>(n));
      return true;
    }
  }
  Napi::TypeError::New(env, "unknown format").ThrowAsJavaScriptException();
  return false;
}

}  // namespace sortid::node

namespace {

Napi::Object InitSortid(Napi::Env env, Napi::Object exports) {
  using sortid::node::RegisterBulk;
  using sortid::node::RegisterSingle;
  RegisterSingle(env, exports);
  RegisterBulk(env, exports);
  exports.Set("version", Napi::String::New(env, sortid_version()));
  exports.Set("activeTarget", Napi::Function::New(env, [](const Napi::CallbackInfo& info) {
                return Napi::String::New(info.Env(), sortid::active_target());
              }));
  return exports;
}

}  // namespace

NODE_API_MODULE(sortid, InitSortid)
