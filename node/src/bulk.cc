// Bulk calls of the Node.js addon: one native call per batch, no per-item
// JavaScript. Text batches are newline-separated Buffers (or one string) or
// arrays of strings; binary batches are Buffers of 16-byte IDs; validity is an
// Arrow-layout bitmap (bit i in byte i / 8, LSB first, 1 = valid), as in sortid.h.
#include <algorithm>
#include <cstring>
#include <limits>
#include <memory>
#include <new>

#include "node/src/addon.h"
#include "sortid/generator.hpp"

namespace sortid::node {
namespace {

// Scratch text, left uninitialized (every byte that is read is written first).
using Scratch = std::unique_ptr<char[]>;
Scratch NewScratch(size_t size) { return Scratch(new (std::nothrow) char[size == 0 ? 1 : size]); }

// Results are limited to 2 GiB per call (Node's Buffers stop at 4 GiB; V8's
// strings much earlier): larger batches are a RangeError, never a crash.
constexpr size_t kMaxResultBytes = size_t{1} << 31;
bool CheckSize(const Napi::Env& env, size_t count, size_t bytes_per_item) {
  if (bytes_per_item != 0 && count > kMaxResultBytes / bytes_per_item) {
    Napi::RangeError::New(env, "sortid: batch too large (over 2 GiB of results); split it")
        .ThrowAsJavaScriptException();
    return false;
  }
  return true;
}

// false (with the JavaScript exception pending) when a scratch allocation
// (never empty) failed. Buffers report failure as a pending exception.
bool Allocated(const Napi::Env& env, const void* scratch) {
  if (env.IsExceptionPending()) return false;
  if (scratch == nullptr) {
    Napi::Error::New(env, "sortid: out of memory").ThrowAsJavaScriptException();
    return false;
  }
  return true;
}

Napi::Value ThrowType(const Napi::Env& env, const std::string& message) {
  Napi::TypeError::New(env, message).ThrowAsJavaScriptException();
  return env.Undefined();
}

Napi::Value ThrowError(const Napi::Env& env, const std::string& message) {
  Napi::Error::New(env, message).ThrowAsJavaScriptException();
  return env.Undefined();
}

// An optional small integer choice in 0 .. max (undefined: 0).
bool ReadChoice(const Napi::Env& env, const Napi::Value& value, const char* what, int max,
                int* out) {
  const double n = value.IsUndefined() ? 0
                   : value.IsNumber()  ? value.As<Napi::Number>().DoubleValue()
                                       : -1;
  if (!(n >= 0 && n <= max) || static_cast<double>(static_cast<int>(n)) != n) {
    ThrowType(env, std::string(what) + " must be an integer in 0 .. " + std::to_string(max));
    return false;
  }
  *out = static_cast<int>(n);
  return true;
}

bool ReadCount(const Napi::Env& env, const Napi::Value& value, size_t* count) {
  const double n = value.IsNumber() ? value.As<Napi::Number>().DoubleValue() : -1;
  if (!(n >= 0 && n <= 4294967295.0) || static_cast<double>(static_cast<size_t>(n)) != n) {
    ThrowType(env, "count must be an integer in 0 .. 2^32 - 1");
    return false;
  }
  *count = static_cast<size_t>(n);
  return true;
}

Napi::Value TextResult(const Napi::Env& env, const char* text, size_t size, bool as_string,
                       bool utf8) {
  if (as_string) {
    Napi::Value value = TextString(env, text, size, utf8);
    if (value.IsEmpty()) return ThrowError(env, "sortid: result too large for one string");
    return value;
  }
  return Napi::Buffer<char>::Copy(env, text, size);
}

// The bulk generator of one JavaScript environment (the main thread or a
// worker): its clock is the Date.now() the caller passes, so fake timers
// (sinon, vitest, jest) apply to bulk IDs as to ulid(); its monotonic order
// is the environment's.
struct EnvGenerator {
  int64_t now_ms = 0;
  Generator generator;
  static int64_t Clock(void* self) { return static_cast<EnvGenerator*>(self)->now_ms; }
  EnvGenerator() : generator(Options(this)) {}
  static GeneratorOptions Options(EnvGenerator* self) {
    GeneratorOptions options;
    options.clock = Clock;
    options.clock_context = self;
    return options;
  }
};

// generate(count, monotonic, binary, prefix, separator, asString, nowMs)
Napi::Value Generate(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  size_t count = 0;
  if (!ReadCount(env, info[0], &count)) return env.Undefined();
  int64_t now = 0;
  if (!ReadTime(env, info[6], &now)) return env.Undefined();
  EnvGenerator* source = static_cast<EnvGenerator*>(info.Data());
  source->now_ms = now;
  Generator& generator = source->generator;
  const IdKind kind = info[1].ToBoolean() ? IdKind::kUlidMonotonic : IdKind::kUlid;
  if (info[2].ToBoolean()) {
    if (!CheckSize(env, count, kBinarySize)) return env.Undefined();
    Napi::Buffer<uint8_t> ids = Napi::Buffer<uint8_t>::New(env, count * kBinarySize);
    if (env.IsExceptionPending()) return env.Undefined();
    const Result result = generator.generate(kind, ids.Data(), count);
    if (!result.ok()) return ThrowError(env, std::string("sortid: ") + error_message(result.error));
    return ids;
  }
  std::string prefix;
  if (!ReadOptionalString(env, info[3], "prefix", &prefix)) return env.Undefined();
  TextOptions options;
  options.prefix = prefix;
  options.terminator = info[4].ToBoolean() ? '\n' : -1;
  const size_t stride = item_length(Format::kUlid, options);
  const bool as_string = info[5].ToBoolean();
  if (!CheckSize(env, count, stride)) return env.Undefined();
  Scratch text;
  char* out = nullptr;
  Napi::Buffer<char> buffer;
  if (as_string) {
    text = NewScratch(count * stride);
    out = text.get();
    if (!Allocated(env, out)) return env.Undefined();
  } else {
    buffer = Napi::Buffer<char>::New(env, count * stride);
    out = buffer.Data();
    if (env.IsExceptionPending()) return env.Undefined();
  }
  // Binary chunks of 64 Ki IDs, each encoded into the result by one bulk call.
  constexpr size_t kChunk = 65536;
  std::unique_ptr<uint8_t[]> ids(new (std::nothrow)
                                     uint8_t[std::min(count, kChunk) * kBinarySize + 1]);
  if (!Allocated(env, ids.get())) return env.Undefined();
  for (size_t done = 0; done < count; done += kChunk) {
    const size_t n = std::min(count - done, kChunk);
    const Result result = generator.generate(kind, ids.get(), n);
    if (!result.ok()) return ThrowError(env, std::string("sortid: ") + error_message(result.error));
    const Result encoded =
        encode(Format::kUlid, ids.get(), n, out + done * stride, stride, nullptr, options);
    if (!encoded.ok())
      return ThrowError(env, std::string("sortid: ") + error_message(encoded.error));
  }
  if (!as_string) return buffer;
  return TextResult(env, text.get(), count * stride, true, !IsAscii(prefix));
}

struct Decoded {
  Napi::Buffer<uint8_t> ids;
  Napi::Buffer<uint8_t> validity;
  size_t invalid = 0;
};

Napi::Object DecodeResult(const Napi::Env& env, const Decoded& decoded, size_t count) {
  Napi::Object result = Napi::Object::New(env);
  result.Set("ids", decoded.ids);
  result.Set("valid", decoded.validity);
  result.Set("invalid", Napi::Number::New(env, static_cast<double>(decoded.invalid)));
  result.Set("count", Napi::Number::New(env, static_cast<double>(count)));
  return result;
}

bool AllocateDecoded(const Napi::Env& env, size_t count, Decoded* out) {
  if (!CheckSize(env, count, kBinarySize)) return false;
  out->ids = Napi::Buffer<uint8_t>::New(env, count * kBinarySize);
  if (env.IsExceptionPending()) return false;
  out->validity = Napi::Buffer<uint8_t>::New(env, (count + 7) / 8);
  if (env.IsExceptionPending()) return false;
  // Node hands out uninitialised memory: the bits past count (and any byte a
  // partial decode does not reach) must read 0.
  // (An empty Buffer may have no storage at all.)
  if (out->validity.Length() != 0) std::memset(out->validity.Data(), 0, out->validity.Length());
  return true;
}

// Decodes the count items gathered into scratch at `stride` into a fresh
// result (out, *count_out = count); false with an exception pending on error.
bool DecodeScratch(const Napi::Env& env, Format format, const TextOptions& options,
                   const char* scratch, size_t count, size_t stride, Decoded* out,
                   size_t* count_out) {
  if (!AllocateDecoded(env, count, out)) return false;
  const Result status =
      decode(format, scratch, count, stride, out->ids.Data(), out->validity.Data(), options);
  if (!status.ok()) {
    ThrowError(env, std::string("sortid: ") + error_message(status.error));
    return false;
  }
  out->invalid = status.count;
  *count_out = count;
  return true;
}

// Items that cannot be valid (wrong length, not a string) get a NUL as their
// first byte in the copy, so the one bulk decode marks them invalid.
constexpr char kInvalidMark = '\0';

// Newline-separated text: the whole batch decodes in place when every line
// has the item length (one fixed-stride call, '\n' checked as terminator);
// otherwise lines are copied into a fixed-stride scratch buffer first.
bool DecodeLines(const Napi::Env& env, Format format, const TextOptions& base, const char* text,
                 size_t size, Decoded* out, size_t* count_out) {
  const size_t length = item_length(format, base);
  const size_t stride = length + 1;
  size_t count = (size + 1) / stride;
  const bool fixed = size > 0 && (size % stride == 0 || (size + 1) % stride == 0);
  if (size > 0 && size % stride == 0) count = size / stride;
  if (fixed) {
    if (!AllocateDecoded(env, count, out)) return false;
    TextOptions lines = base;
    lines.terminator = '\n';
    const bool last_unterminated = size % stride != 0;
    const size_t terminated = count - (last_unterminated ? 1 : 0);
    Result status =
        decode(format, text, terminated, stride, out->ids.Data(), out->validity.Data(), lines);
    size_t invalid = status.count;
    if (status.ok() && last_unterminated) {
      uint8_t bit = 0;
      const Result last = decode(format, text + terminated * stride, 1, length,
                                 out->ids.Data() + terminated * kBinarySize, &bit, base);
      invalid += last.count;
      uint8_t& byte = out->validity.Data()[terminated / 8];
      const unsigned shift = static_cast<unsigned>(terminated % 8);
      const unsigned kept = static_cast<unsigned>(byte) & ~(1u << shift);
      byte = static_cast<uint8_t>(kept | (static_cast<unsigned>(bit) << shift));
      status.error = last.error;
    }
    if (!status.ok()) {
      ThrowError(env, std::string("sortid: ") + error_message(status.error));
      return false;
    }
    if (invalid == 0) {
      out->invalid = 0;
      *count_out = count;
      return true;
    }
  }
  // General layout: split at '\n' (a final '\n' ends the last line).
  count = 0;
  for (const char* p = text; p < text + size;) {
    const char* end = static_cast<const char*>(std::memchr(p, '\n', size_t(text + size - p)));
    ++count;
    if (end == nullptr) break;
    p = end + 1;
  }
  if (!CheckSize(env, count, length)) return false;
  Scratch scratch = NewScratch(count * length);
  if (!Allocated(env, scratch.get())) return false;
  size_t i = 0;
  for (const char* p = text; p < text + size; ++i) {
    const char* end = static_cast<const char*>(std::memchr(p, '\n', size_t(text + size - p)));
    const char* line_end = end == nullptr ? text + size : end;
    char* slot = scratch.get() + i * length;
    if (size_t(line_end - p) == length) {
      std::memcpy(slot, p, length);
    } else {
      std::memset(slot, kInvalidMark, length);  // every byte the decoder reads is defined
    }
    if (end == nullptr) break;
    p = end + 1;
  }
  return DecodeScratch(env, format, base, scratch.get(), count, length, out, count_out);
}

// Array of strings: each string's UTF-8 bytes are copied into one
// fixed-stride buffer (the unavoidable per-item extraction), then one decode.
// Room for the item + one more character of up to 4 UTF-8 bytes (N-API never
// writes part of a character, so an over-long item must still come out
// longer than an item) + NUL.
constexpr size_t kArraySlack = 4 + 1;
bool DecodeArray(const Napi::Env& env, Format format, const TextOptions& options,
                 const Napi::Array& array, Decoded* out, size_t* count_out) {
  const size_t length = item_length(format, options);
  const size_t stride = length + kArraySlack;
  const size_t count = array.Length();
  if (!CheckSize(env, count, stride)) return false;
  Scratch scratch = NewScratch(count * stride);
  if (!Allocated(env, scratch.get())) return false;
  for (uint32_t i = 0; i < count; ++i) {
    napi_value item = nullptr;
    if (napi_get_element(env, array, i, &item) != napi_ok) {
      // A getter that threw leaves its exception pending: let it propagate.
      if (!env.IsExceptionPending()) ThrowError(env, "sortid: cannot read array element");
      return false;
    }
    char* slot = scratch.get() + size_t(i) * stride;
    // The item's UTF-8 bytes, as the prefix option is read: at most stride - 1
    // of them, so an over-long item never looks valid; a non-string is
    // napi_string_expected and marked invalid. The whole slot is defined
    // before the decoder reads it.
    size_t size = 0;
    if (napi_get_value_string_utf8(env, item, slot, stride, &size) != napi_ok || size != length) {
      std::memset(slot, kInvalidMark, stride);
    } else {
      std::memset(slot + length, 0, stride - length);
    }
  }
  return DecodeScratch(env, format, options, scratch.get(), count, stride, out, count_out);
}

// The format and prefix arguments (info[1], info[2]) of decode and encode.
// options.prefix views prefix, so it is neither copied nor moved.
struct FormatArgs {
  Format format = Format::kUlid;
  std::string prefix;
  TextOptions options;
  FormatArgs() = default;
  FormatArgs(const FormatArgs&) = delete;
  FormatArgs& operator=(const FormatArgs&) = delete;
};

// false with the JavaScript exception pending.
bool ReadFormatArgs(const Napi::CallbackInfo& info, FormatArgs* args) {
  if (!ReadFormat(info.Env(), info[1], &args->format) ||
      !ReadOptionalString(info.Env(), info[2], "prefix", &args->prefix)) {
    return false;
  }
  args->options.prefix = args->prefix;
  return true;
}

// decode(input: Buffer | string[], format, prefix) -> {ids, valid, invalid, count}
Napi::Value Decode(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  FormatArgs args;
  if (!ReadFormatArgs(info, &args)) return env.Undefined();
  const Format format = args.format;
  const TextOptions& options = args.options;
  Decoded decoded;
  size_t count = 0;
  const uint8_t* bytes = nullptr;
  size_t size = 0;
  bool ok = false;
  if (info[0].IsArray()) {
    ok = DecodeArray(env, format, options, info[0].As<Napi::Array>(), &decoded, &count);
  } else if (ReadBytes(info[0], &bytes, &size)) {
    ok = DecodeLines(env, format, options, reinterpret_cast<const char*>(bytes), size, &decoded,
                     &count);
  } else if (info[0].IsString()) {
    const std::string text = info[0].As<Napi::String>().Utf8Value();
    ok = DecodeLines(env, format, options, text.data(), text.size(), &decoded, &count);
  } else {
    return ThrowType(env,
                     "input must be a Buffer / Uint8Array (not detached), a string or an array "
                     "of strings");
  }
  if (!ok) return env.Undefined();
  return DecodeResult(env, decoded, count);
}

// A Buffer / TypedArray of whole 16-byte IDs: its bytes and the ID count.
bool ReadIds(const Napi::Value& value, const uint8_t** ids, size_t* count) {
  size_t size = 0;
  if (!ReadBytes(value, ids, &size) || size % kBinarySize != 0) return false;
  *count = size / kBinarySize;
  return true;
}

bool Valid(const uint8_t* validity, size_t i) {
  return validity == nullptr || ((validity[i / 8] >> (i % 8)) & 1) != 0;
}

// encode(ids, format, prefix, separator, letterCase, output, validity?)
// output: 0 Buffer, 1 string, 2 array of strings. Items whose validity bit is
// 0 come out empty (Buffer / string) or null (array).
Napi::Value Encode(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  const uint8_t* ids = nullptr;
  size_t count = 0;
  if (!ReadIds(info[0], &ids, &count)) {
    return ThrowType(env, "ids must be a Buffer / Uint8Array (not detached) of 16-byte IDs");
  }
  FormatArgs args;
  if (!ReadFormatArgs(info, &args)) return env.Undefined();
  const Format format = args.format;
  TextOptions& options = args.options;
  const bool utf8 = !IsAscii(args.prefix);
  int output = 0;
  int letter_case = 0;
  if (!ReadChoice(env, info[5], "output", 2, &output) ||
      !ReadChoice(env, info[4], "letter case", 2, &letter_case)) {
    return env.Undefined();
  }
  options.terminator = info[3].ToBoolean() && output != 2 ? '\n' : -1;
  options.letter_case = letter_case == 1   ? LetterCase::kLower
                        : letter_case == 2 ? LetterCase::kUpper
                                           : LetterCase::kCanonical;
  const uint8_t* validity = nullptr;
  size_t validity_size = 0;
  if (!info[6].IsUndefined() && !info[6].IsNull()) {
    if (!ReadBytes(info[6], &validity, &validity_size) || validity_size < (count + 7) / 8) {
      return ThrowType(env, "validity must be a bitmap of (count + 7) / 8 bytes");
    }
  }
  const size_t stride = item_length(format, options);
  const bool direct = output == 0 && validity == nullptr;  // straight into the result Buffer
  if (!CheckSize(env, count, stride)) return env.Undefined();
  Napi::Buffer<char> buffer;
  Scratch scratch;
  char* text = nullptr;
  if (direct) {
    buffer = Napi::Buffer<char>::New(env, count * stride);
    text = buffer.Data();
  } else {
    scratch = NewScratch(count * stride);
    text = scratch.get();
  }
  if (env.IsExceptionPending() || (!direct && !Allocated(env, text))) return env.Undefined();
  const Result status = encode(format, ids, count, text, stride, nullptr, options);
  if (!status.ok()) return ThrowError(env, std::string("sortid: ") + error_message(status.error));
  if (direct) return buffer;
  if (output == 2) {
    Napi::Array array = Napi::Array::New(env, count);
    for (uint32_t i = 0; i < count; ++i) {
      napi_value value = nullptr;
      if (!Valid(validity, i)) {
        napi_get_null(env, &value);
      } else {
        value = TextString(env, text + size_t(i) * stride, stride, utf8);
        if (value == nullptr) return ThrowError(env, "sortid: cannot create a string");
      }
      napi_set_element(env, array, i, value);
    }
    return array;
  }
  size_t text_size = count * stride;
  if (validity != nullptr) {  // invalid items -> empty (just the separator)
    size_t w = 0;
    const size_t keep = options.terminator >= 0 ? stride - 1 : stride;
    for (size_t i = 0; i < count; ++i) {
      if (Valid(validity, i)) {
        std::memmove(text + w, text + i * stride, stride);
        w += stride;
      } else {
        w += stride - keep;
        if (options.terminator >= 0) text[w - 1] = '\n';
      }
    }
    text_size = w;
  }
  return TextResult(env, text, text_size, output == 1, utf8);
}

// timestamps(ids, bigint) -> Float64Array | BigInt64Array of Unix ms.
Napi::Value Timestamps(const Napi::CallbackInfo& info) {
  const Napi::Env env = info.Env();
  const uint8_t* ids = nullptr;
  size_t count = 0;
  if (!ReadIds(info[0], &ids, &count)) {
    return ThrowType(env, "ids must be a Buffer / Uint8Array (not detached) of 16-byte IDs");
  }
  Napi::ArrayBuffer storage = Napi::ArrayBuffer::New(env, count * sizeof(int64_t));
  if (env.IsExceptionPending()) return env.Undefined();
  int64_t* ms = static_cast<int64_t*>(storage.Data());
  if (!timestamps_ms(Format::kUlid, ids, count, ms).ok()) return ThrowError(env, "sortid: failed");
  if (info[1].ToBoolean()) {
    return Napi::TypedArrayOf<int64_t>::New(env, count, storage, 0, napi_bigint64_array);
  }
  uint8_t* slots = static_cast<uint8_t*>(storage.Data());
  for (size_t i = 0; i < count; ++i) {  // in place; exact: every value is below 2^53
    int64_t value = 0;
    std::memcpy(&value, slots + i * 8, 8);
    const double as_double = static_cast<double>(value);
    std::memcpy(slots + i * 8, &as_double, 8);
  }
  return Napi::Float64Array::New(env, count, storage, 0);
}

}  // namespace

void RegisterBulk(Napi::Env env, Napi::Object exports) {
  EnvGenerator* source = new (std::nothrow) EnvGenerator();
  if (source == nullptr) {
    Napi::Error::New(env, "sortid: out of memory").ThrowAsJavaScriptException();
    return;
  }
  napi_add_env_cleanup_hook(
      env, [](void* data) { delete static_cast<EnvGenerator*>(data); }, source);
  exports.Set("generate", Napi::Function::New(env, Generate, "generate", source));
  exports.Set("decode", Napi::Function::New(env, Decode, "decode"));
  exports.Set("encode", Napi::Function::New(env, Encode, "encode"));
  exports.Set("timestamps", Napi::Function::New(env, Timestamps, "timestamps"));
}

}  // namespace sortid::node
