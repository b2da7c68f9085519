// Per-call functions behind the npm `ulid` surface (node/lib/index.js):
// one ID per call, no allocation besides the returned JavaScript value.
// Invalid input comes back as -1 / null so that index.js builds the npm
// ulid 3.0.2 error (code and message) on the cold path.
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <utility>

#include "node/src/addon.h"
#include "node/src/single_item.h"
#include "sortid/generator.hpp"

namespace sortid::node {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// Room for the longest item + 1 byte (over-long strings stay over-long) + NUL.
constexpr size_t kReadCapacity = sortid::kUuidTextLength + 2;

void StoreTime(int64_t ms, uint8_t* id) {
  for (int i = 5; i >= 0; --i) {
    id[i] = static_cast<uint8_t>(ms & 0xff);
    ms >>= 8;
  }
}

Napi::Value Throw(const Napi::Env& env, const char* message) {
  Napi::Error::New(env, message).ThrowAsJavaScriptException();
  return env.Undefined();
}

// The library's reason (an unsupported SORTID_TARGET, no entropy) as the
// thrown message.
Napi::Value ThrowGenerate(const Napi::Env& env, Error error) {
  Napi::Error::New(env, std::string("sortid: ") + error_message(error))
      .ThrowAsJavaScriptException();
  return env.Undefined();
}

// A fresh ULID (80 random bits) with timestamp ms, written to id.
Error FreshUlid(int64_t ms, uint8_t* id) {
  const Error error = NewUlid(id);
  if (error != Error::kOk) return error;
  StoreTime(ms, id);
  return Error::kOk;
}

Napi::Value UlidText(const Napi::Env& env, const uint8_t* id) {
  char text[sortid::kUlidTextLength];
  EncodeOne(Format::kUlid, id, text);
  return AsciiString(env, text, sortid::kUlidTextLength);
}

// ulidAt(ms) -> string: a ULID with timestamp ms (index.js passes Date.now()
// for "now", so fake timers apply, and validates ms too). A raw N-API
// callback: it is ulid()'s hot path.
napi_value UlidAt(napi_env env, napi_callback_info info) {
  double t = -1;
  if (napi_get_value_double(env, FirstArgument(env, info), &t) != napi_ok || !(t >= 0) ||
      t > kTimeMax || std::trunc(t) != t) {
    napi_throw_range_error(env, nullptr, "time must be an integer in 0 .. 2^48 - 1");
    return nullptr;
  }
  uint8_t id[kBinarySize];
  const Error error = FreshUlid(static_cast<int64_t>(t), id);
  if (error != Error::kOk) {
    napi_throw_error(env, nullptr, (std::string("sortid: ") + error_message(error)).c_str());
    return nullptr;
  }
  char text[sortid::kUlidTextLength];
  EncodeOne(Format::kUlid, id, text);
  napi_value result = nullptr;
  napi_create_string_latin1(env, text, sortid::kUlidTextLength, &result);
  return result;
}

uint8_t* StateBytes(const Napi::CallbackInfo& info) {
  if (!info[0].IsTypedArray()) return nullptr;
  Napi::Uint8Array state = info[0].As<Napi::Uint8Array>();
  if (state.TypedArrayType() != napi_uint8_array || state.ElementLength() != kBinarySize) {
    return nullptr;
  }
  return state.Data();
}

// monotonicFresh(state: Uint8Array(16), ms) -> string: new random part at ms,
// remembered in state.
Napi::Value MonotonicFresh(const Napi::CallbackInfo& info) {
  uint8_t* state = StateBytes(info);
  if (state == nullptr) return Throw(info.Env(), "sortid: bad monotonic state");
  int64_t ms = 0;
  if (!ReadTime(info.Env(), info[1], &ms)) return info.Env().Undefined();
  const Error error = FreshUlid(ms, state);
  if (error != Error::kOk) return ThrowGenerate(info.Env(), error);
  return UlidText(info.Env(), state);
}

// monotonicIncrement(state) -> string, or null when the random part is all
// ones (state unchanged).
Napi::Value MonotonicIncrement(const Napi::CallbackInfo& info) {
  uint8_t* state = StateBytes(info);
  if (state == nullptr) return Throw(info.Env(), "sortid: bad monotonic state");
  if (increment_ulid(state) != Error::kOk) return info.Env().Null();
  return UlidText(info.Env(), state);
}

// ulidToUUID(text) -> upper-case UUID (as npm ulid 3.0.2), or null. A raw
// N-API callback: the hot per-call paths skip node-addon-api's CallbackInfo.
// (decodeTime and isValid decode in JavaScript: node/lib/index.js.)
napi_value UlidToUuid(napi_env env, napi_callback_info info) {
  char text[kReadCapacity];
  const ptrdiff_t size = ReadString(env, FirstArgument(env, info), text, sizeof text);
  uint8_t id[kBinarySize];
  napi_value result = nullptr;
  if (size < 0 || !DecodeOne(Format::kUlid, text, static_cast<size_t>(size), id)) {
    napi_get_null(env, &result);
    return result;
  }
  TextOptions upper;
  upper.letter_case = LetterCase::kUpper;
  char uuid[sortid::kUuidTextLength];
  EncodeOne(Format::kUuid, id, uuid, upper);
  napi_create_string_latin1(env, uuid, sortid::kUuidTextLength, &result);
  return result;
}

// uuidToULID(text) -> ULID, or null unless text is a 36-character UUID.
Napi::Value UuidToUlid(const Napi::CallbackInfo& info) {
  char text[kReadCapacity];
  const ptrdiff_t size = ReadString(info.Env(), info[0], text, sizeof text);
  uint8_t id[kBinarySize];
  // npm ulid takes only the hyphenated form (sortid's per-item decode also
  // accepts 32 bare hex characters): keep its contract here.
  if (size != static_cast<ptrdiff_t>(sortid::kUuidTextLength) ||
      !DecodeOne(Format::kUuid, text, static_cast<size_t>(size), id)) {
    return info.Env().Null();
  }
  return UlidText(info.Env(), id);
}

// encodeTime(ms) -> the 10 time characters (ms validated by index.js too).
Napi::Value EncodeTime(const Napi::CallbackInfo& info) {
  int64_t ms = 0;
  if (!ReadTime(info.Env(), info[0], &ms)) return info.Env().Undefined();
  uint8_t id[kBinarySize] = {};
  StoreTime(ms, id);
  char text[sortid::kUlidTextLength];
  EncodeOne(Format::kUlid, id, text);
  return AsciiString(info.Env(), text, 10);
}

// parseTime(text, end) -> ms, or NaN: sortid::parse_timestamp, as the CLI's
// --from / --to (ISO 8601 or an integer count of milliseconds). With end true
// the text is an upper bound: a date means its last millisecond, a time
// without milliseconds the last millisecond of that second (`bounds --to`).
Napi::Value ParseTime(const Napi::CallbackInfo& info) {
  if (!info[0].IsString()) return Napi::Number::New(info.Env(), kNaN);
  const std::string text = info[0].As<Napi::String>().Utf8Value();
  const bool end = info.Length() > 1 && info[1].ToBoolean().Value();
  const std::optional<int64_t> ms =
      parse_timestamp(text, end ? TimeBound::kEnd : TimeBound::kStart);
  return Napi::Number::New(info.Env(), ms ? static_cast<double>(*ms) : kNaN);
}

// sortKeyBounds(prefix, fromMs, toMs) -> [prefix + min ULID at fromMs,
// prefix + max ULID at toMs]: sortid::bounds, as `sortid bounds --out-prefix`.
Napi::Value SortKeyBounds(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  if (!info[0].IsString()) {
    Napi::TypeError::New(env, "prefix must be a string").ThrowAsJavaScriptException();
    return env.Undefined();
  }
  const std::string prefix = info[0].As<Napi::String>().Utf8Value();
  int64_t from = 0, to = 0;
  if (!ReadTime(env, info[1], &from) || !ReadTime(env, info[2], &to)) return env.Undefined();
  uint8_t lo[kBinarySize], hi[kBinarySize], unused[kBinarySize];
  if (bounds(Format::kUlid, from, lo, unused) != Error::kOk ||
      bounds(Format::kUlid, to, unused, hi) != Error::kOk) {
    return Throw(env, "sortid: time outside the ULID range");
  }
  std::string min_key = prefix + std::string(sortid::kUlidTextLength, '\0');
  std::string max_key = min_key;
  EncodeOne(Format::kUlid, lo, min_key.data() + prefix.size());
  EncodeOne(Format::kUlid, hi, max_key.data() + prefix.size());
  Napi::Array range = Napi::Array::New(env, 2);
  range.Set(0u, Napi::String::New(env, min_key));
  range.Set(1u, Napi::String::New(env, max_key));
  return range;
}

}  // namespace

void RegisterSingle(Napi::Env env, Napi::Object exports) {
  const std::pair<const char*, napi_callback> raw[] = {{"ulidAt", UlidAt},
                                                       {"ulidToUUID", UlidToUuid}};
  for (const auto& [name, callback] : raw) {
    napi_value function = nullptr;
    napi_create_function(env, name, NAPI_AUTO_LENGTH, callback, nullptr, &function);
    exports.Set(name, Napi::Value(env, function));
  }
  exports.Set("monotonicFresh", Napi::Function::New(env, MonotonicFresh, "monotonicFresh"));
  exports.Set("monotonicIncrement",
              Napi::Function::New(env, MonotonicIncrement, "monotonicIncrement"));
  exports.Set("uuidToULID", Napi::Function::New(env, UuidToUlid, "uuidToULID"));
  exports.Set("encodeTime", Napi::Function::New(env, EncodeTime, "encodeTime"));
  exports.Set("parseTime", Napi::Function::New(env, ParseTime, "parseTime"));
  exports.Set("sortKeyBounds", Napi::Function::New(env, SortKeyBounds, "sortKeyBounds"));
}

}  // namespace sortid::node
