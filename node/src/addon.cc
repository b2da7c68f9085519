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

bool ReadFormat(const Napi::Env& env, const Napi::Value& value, Format* format) {
  if (value.IsNumber()) {
    const int32_t n = value.As<Napi::Number>().Int32Value();
    if (n >= 0 && n <= static_cast<int32_t>(Format::kUuidHex)) {
      *format = static_cast<Format>(n);
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
