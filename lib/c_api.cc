// The C ABI: a thin layer over the C++ API (sortid.h documents it).
#include <cstddef>
#include <cstring>
#include <limits>
#include <new>
#include <optional>
#include <string_view>
#include <type_traits>

#include "sortid/generator.hpp"
#include "sortid/sortid.h"
#include "sortid/sortid.hpp"

namespace {

// The int a C caller passed for an enum parameter. C lets a caller pass any
// int, but in C++ reading an enum object that holds a value outside its
// enumerators is undefined (UBSan's -fsanitize=enum), so range checks read
// the bytes instead.
template <typename Enum>
int RawEnum(const Enum& value) {
  static_assert(sizeof(Enum) == sizeof(int));
  int raw;
  std::memcpy(&raw, &value, sizeof raw);
  return raw;
}

// A C enum parameter as the C++ enum of the same values. An int outside the
// C++ enum's underlying type becomes its largest value, which no enumerator
// has, so the C++ call rejects it as it rejects any other unknown value.
template <typename CppEnum, typename CEnum>
CppEnum FromC(const CEnum& value) {
  using Underlying = std::underlying_type_t<CppEnum>;
  const int raw = RawEnum(value);
  constexpr int kMax = std::numeric_limits<Underlying>::max();
  return static_cast<CppEnum>(raw < 0 || raw > kMax ? kMax : raw);
}

using sortid::Error;
using sortid::Format;

static_assert(static_cast<int>(Error::kUnsupported) == SORTID_ERROR_UNSUPPORTED);
static_assert(static_cast<int>(Error::kNoEntropy) == SORTID_ERROR_NO_ENTROPY);
static_assert(static_cast<int>(Error::kNoMemory) == SORTID_ERROR_NO_MEMORY);
static_assert(static_cast<int>(Format::kUuidHex) == SORTID_FORMAT_UUID_HEX);

constexpr uint32_t kKnownFlags =
    SORTID_FLAG_LOWER | SORTID_FLAG_UPPER | SORTID_FLAG_LENIENT | SORTID_FLAG_TYPEID;

// Converts C options; returns false for contradictory or unknown flags.
bool ToTextOptions(const sortid_text_options* in, sortid::TextOptions* out) {
  if (in == nullptr) return true;
  if ((in->flags & ~kKnownFlags) != 0 ||
      ((in->flags & SORTID_FLAG_LOWER) && (in->flags & SORTID_FLAG_UPPER)) ||
      (in->prefix == nullptr && in->prefix_len != 0)) {
    return false;
  }
  out->prefix = std::string_view(in->prefix == nullptr ? "" : in->prefix, in->prefix_len);
  out->letter_case = (in->flags & SORTID_FLAG_LOWER)   ? sortid::LetterCase::kLower
                     : (in->flags & SORTID_FLAG_UPPER) ? sortid::LetterCase::kUpper
                                                       : sortid::LetterCase::kCanonical;
  out->lenient = (in->flags & SORTID_FLAG_LENIENT) != 0;
  out->type_id = (in->flags & SORTID_FLAG_TYPEID) != 0;
  out->terminator = in->terminator;
  return true;
}

sortid_error ToC(Error error) { return static_cast<sortid_error>(error); }

sortid_error Finish(sortid::Result result, size_t* invalid_count) {
  if (result.ok() && invalid_count != nullptr) *invalid_count = result.count;
  return ToC(result.error);
}

// Reports a generating call's Result the C way.
sortid_error Generated(sortid::Result result, size_t* generated) {
  if (generated != nullptr) *generated = result.count;
  return ToC(result.error);
}

// The body of every C bulk call: converts the C options (kArgument when they
// are unusable), runs call(options) and reports its Status the C way.
template <typename Call>
sortid_error WithOptions(const sortid_text_options* options, size_t* invalid_count, Call call) {
  sortid::TextOptions opts;
  if (!ToTextOptions(options, &opts)) return SORTID_ERROR_ARGUMENT;
  return Finish(call(opts), invalid_count);
}

// Runs the body of a C entry point: no exception crosses the C ABI (a C or
// PostgreSQL caller cannot catch one; it would end the process). Allocation
// failures (the pool generator, a generator's state, the target registry)
// and anything else thrown come back as on_failure.
template <typename Body>
std::invoke_result_t<Body> Guarded(std::invoke_result_t<Body> on_failure, Body body) noexcept {
  try {
    return body();
  } catch (...) {
    return on_failure;
  }
}

}  // namespace

extern "C" {

size_t sortid_text_length(sortid_format format) {
  return Guarded(size_t{0}, [&]() -> size_t { return sortid::text_length(FromC<Format>(format)); });
}

sortid_error sortid_encode(sortid_format format, const uint8_t* ids, size_t count, char* out,
                           size_t out_stride, uint8_t* validity, size_t* invalid_count,
                           const sortid_text_options* options) {
  return Guarded(SORTID_ERROR_NO_MEMORY, [&]() -> sortid_error {
    return WithOptions(options, invalid_count, [&](const sortid::TextOptions& opts) {
      return sortid::encode(FromC<Format>(format), ids, count, out, out_stride, validity, opts);
    });
  });
}

sortid_error sortid_decode(sortid_format format, const char* text, size_t count, size_t stride,
                           uint8_t* ids, uint8_t* validity, size_t* invalid_count,
                           const sortid_text_options* options) {
  return Guarded(SORTID_ERROR_NO_MEMORY, [&]() -> sortid_error {
    return WithOptions(options, invalid_count, [&](const sortid::TextOptions& opts) {
      return sortid::decode(FromC<Format>(format), text, count, stride, ids, validity, opts);
    });
  });
}

sortid_error sortid_decode_column(sortid_format format, const int32_t* offsets, const char* data,
                                  size_t count, const uint8_t* input_validity, uint8_t* ids,
                                  uint8_t* validity, size_t* invalid_count,
                                  const sortid_text_options* options) {
  return Guarded(SORTID_ERROR_NO_MEMORY, [&]() -> sortid_error {
    return WithOptions(options, invalid_count, [&](const sortid::TextOptions& opts) {
      return sortid::decode_column(FromC<Format>(format), offsets, data, count, input_validity, ids,
                                   validity, opts);
    });
  });
}

sortid_error sortid_decode_items(sortid_format format, const sortid_text_item* items, size_t count,
                                 uint8_t* ids, uint8_t* validity, size_t* invalid_count,
                                 const sortid_text_options* options) {
  return Guarded(SORTID_ERROR_NO_MEMORY, [&]() -> sortid_error {
    static_assert(sizeof(sortid_text_item) == sizeof(sortid::TextItem) &&
                  offsetof(sortid_text_item, size) == offsetof(sortid::TextItem, size));
    return WithOptions(options, invalid_count, [&](const sortid::TextOptions& opts) {
      return sortid::decode_items(FromC<Format>(format),
                                  reinterpret_cast<const sortid::TextItem*>(items), count, ids,
                                  validity, opts);
    });
  });
}

sortid_error sortid_encode_column(sortid_format format, const uint8_t* ids, size_t count,
                                  const uint8_t* input_validity, int32_t* offsets, char* data,
                                  uint8_t* validity, size_t* invalid_count,
                                  const sortid_text_options* options) {
  return Guarded(SORTID_ERROR_NO_MEMORY, [&]() -> sortid_error {
    return WithOptions(options, invalid_count, [&](const sortid::TextOptions& opts) {
      return sortid::encode_column(FromC<Format>(format), ids, count, input_validity, offsets, data,
                                   validity, opts);
    });
  });
}

sortid_error sortid_check_options(sortid_format format, const sortid_text_options* options) {
  return Guarded(SORTID_ERROR_NO_MEMORY, [&]() -> sortid_error {
    sortid::TextOptions opts;
    if (!ToTextOptions(options, &opts)) return SORTID_ERROR_ARGUMENT;
    return ToC(sortid::check_options(FromC<Format>(format), opts));
  });
}

size_t sortid_item_length(sortid_format format, const sortid_text_options* options,
                          sortid_error* error) {
  return Guarded(size_t{0}, [&]() -> size_t {
    sortid::TextOptions opts;
    Error why = Error::kArgument;
    size_t length = 0;
    if (ToTextOptions(options, &opts))
      length = sortid::item_length(FromC<Format>(format), opts, &why);
    if (error != nullptr) *error = ToC(why);
    return length;
  });
}

sortid_error sortid_explain(sortid_format format, const char* text, size_t len,
                            const sortid_text_options* options, size_t* position) {
  return Guarded(SORTID_ERROR_NO_MEMORY, [&]() -> sortid_error {
    sortid::TextOptions opts;
    if (!ToTextOptions(options, &opts) || (text == nullptr && len != 0)) {
      return SORTID_ERROR_ARGUMENT;
    }
    const sortid::Result why =
        sortid::explain(FromC<Format>(format), std::string_view(text ? text : "", len), opts);
    if (position != nullptr) *position = why.position;
    return ToC(why.error);
  });
}

sortid_error sortid_decode_one(sortid_format format, const char* text, size_t len, uint8_t* id,
                               const sortid_text_options* options, size_t* error_position) {
  return Guarded(SORTID_ERROR_NO_MEMORY, [&]() -> sortid_error {
    sortid::TextOptions opts;
    if (!ToTextOptions(options, &opts) || (text == nullptr && len != 0) || id == nullptr) {
      if (id != nullptr) std::memset(id, 0, 16);
      if (error_position != nullptr) *error_position = 0;
      return SORTID_ERROR_ARGUMENT;
    }
    const std::string_view item(text ? text : "", len);
    const sortid::Result why = options == nullptr
                                   ? sortid::decode_one(FromC<Format>(format), item, id)
                                   : sortid::decode_one(FromC<Format>(format), item, id, opts);
    if (error_position != nullptr) *error_position = why.position;
    return ToC(why.error);
  });
}

size_t sortid_encode_one(sortid_format format, const uint8_t* id, char* out,
                         const sortid_text_options* options) {
  return Guarded(size_t{0}, [&]() -> size_t {
    sortid::TextOptions opts;
    if (!ToTextOptions(options, &opts) || id == nullptr || out == nullptr) return 0;
    return options == nullptr ? sortid::encode_one(FromC<Format>(format), id, out)
                              : sortid::encode_one(FromC<Format>(format), id, out, opts);
  });
}

const char* sortid_error_message(sortid_error error) {
  return sortid::error_message(static_cast<Error>(error));
}

sortid_error sortid_timestamps_ms(sortid_format format, const uint8_t* ids, size_t count,
                                  int64_t* unix_ms) {
  return Guarded(SORTID_ERROR_NO_MEMORY, [&]() -> sortid_error {
    return ToC(sortid::timestamps_ms(FromC<Format>(format), ids, count, unix_ms).error);
  });
}

sortid_error sortid_bounds(sortid_format format, int64_t unix_ms, uint8_t* min, uint8_t* max) {
  return Guarded(SORTID_ERROR_NO_MEMORY, [&]() -> sortid_error {
    return ToC(sortid::bounds(FromC<Format>(format), unix_ms, min, max));
  });
}

sortid_error sortid_increment_ulid(uint8_t* id) {
  return Guarded(SORTID_ERROR_NO_MEMORY,
                 [&]() -> sortid_error { return ToC(sortid::increment_ulid(id)); });
}

sortid_error sortid_pack_record(int64_t unix_ms, uint64_t machine_id, uint32_t counter,
                                uint8_t* out) {
  return Guarded(SORTID_ERROR_NO_MEMORY, [&]() -> sortid_error {
    return ToC(sortid::pack_record({unix_ms, machine_id, counter}, out));
  });
}

void sortid_unpack_record(const uint8_t* id, int64_t* unix_ms, uint64_t* machine_id,
                          uint32_t* counter) {
  if (id == nullptr) return;
  const sortid::RecordFields fields = sortid::unpack_record(id);
  if (unix_ms != nullptr) *unix_ms = fields.unix_ms;
  if (machine_id != nullptr) *machine_id = fields.machine_id;
  if (counter != nullptr) *counter = fields.counter;
}

sortid_error sortid_split_typeid(const char* text, size_t len, size_t* type_name_len,
                                 size_t* error_position) {
  return Guarded(SORTID_ERROR_NO_MEMORY, [&]() -> sortid_error {
    if (text == nullptr && len != 0) return SORTID_ERROR_ARGUMENT;
    const sortid::Result split = sortid::split_typeid(std::string_view(text ? text : "", len));
    if (split.ok()) {
      if (type_name_len != nullptr) *type_name_len = split.count;
    } else if (error_position != nullptr) {
      *error_position = split.position;
    }
    return ToC(split.error);
  });
}

size_t sortid_format_iso8601(int64_t unix_ms, char* out, size_t capacity) {
  return Guarded(size_t{0},
                 [&]() -> size_t { return sortid::format_iso8601(unix_ms, out, capacity); });
}

sortid_error sortid_parse_timestamp(const char* text, size_t len, sortid_time_bound bound,
                                    int64_t* unix_ms) {
  return Guarded(SORTID_ERROR_NO_MEMORY, [&]() -> sortid_error {
    if ((text == nullptr && len != 0) || unix_ms == nullptr ||
        (RawEnum(bound) != SORTID_TIME_START && RawEnum(bound) != SORTID_TIME_END)) {
      return SORTID_ERROR_ARGUMENT;
    }
    const std::optional<int64_t> ms = sortid::parse_timestamp(
        std::string_view(text ? text : "", len), static_cast<sortid::TimeBound>(bound));
    if (!ms) return SORTID_ERROR_ARGUMENT;
    *unix_ms = *ms;
    return SORTID_OK;
  });
}

struct sortid_generator {
  explicit sortid_generator(const sortid::GeneratorOptions& options) : generator(options) {}
  sortid::Generator generator;
};

sortid_generator* sortid_generator_create(const uint8_t* seed) {
  return Guarded(nullptr, [&]() -> sortid_generator* {
    sortid::GeneratorOptions options;
    options.seed = seed;
    return new (std::nothrow) sortid_generator(options);
  });
}

void sortid_generator_destroy(sortid_generator* generator) { delete generator; }

sortid_error sortid_generator_generate(sortid_generator* generator, sortid_id_kind kind,
                                       uint8_t* ids, size_t count, size_t* generated) {
  return Guarded(SORTID_ERROR_NO_MEMORY, [&]() -> sortid_error {
    if (generator == nullptr) return SORTID_ERROR_ARGUMENT;
    return Generated(generator->generator.generate(FromC<sortid::IdKind>(kind), ids, count),
                     generated);
  });
}

sortid_error sortid_generate(sortid_id_kind kind, uint8_t* ids, size_t count, size_t* generated) {
  return Guarded(SORTID_ERROR_NO_MEMORY, [&]() -> sortid_error {
    return Generated(sortid::generate(FromC<sortid::IdKind>(kind), ids, count), generated);
  });
}

sortid_error sortid_generate_ulid_monotonic_global(uint8_t* ids, size_t count, size_t* generated) {
  return Guarded(SORTID_ERROR_NO_MEMORY, [&]() -> sortid_error {
    return Generated(sortid::generate_ulid_monotonic_global(ids, count), generated);
  });
}

sortid_error sortid_generate_text(sortid_id_kind kind, sortid_format format, char* out,
                                  size_t count, size_t out_stride,
                                  const sortid_text_options* options, size_t* generated) {
  return Guarded(SORTID_ERROR_NO_MEMORY, [&]() -> sortid_error {
    sortid::TextOptions opts;
    if (!ToTextOptions(options, &opts)) return SORTID_ERROR_ARGUMENT;
    return Generated(sortid::generate_text(FromC<sortid::IdKind>(kind), FromC<Format>(format), out,
                                           count, out_stride, opts),
                     generated);
  });
}

sortid_error sortid_generator_generate_text(sortid_generator* generator, sortid_id_kind kind,
                                            sortid_format format, char* out, size_t count,
                                            size_t out_stride, const sortid_text_options* options,
                                            size_t* generated) {
  return Guarded(SORTID_ERROR_NO_MEMORY, [&]() -> sortid_error {
    sortid::TextOptions opts;
    if (generator == nullptr || !ToTextOptions(options, &opts)) return SORTID_ERROR_ARGUMENT;
    return Generated(
        generator->generator.generate_text(FromC<sortid::IdKind>(kind), FromC<Format>(format), out,
                                           count, out_stride, opts),
        generated);
  });
}

size_t sortid_targets(sortid_target_set which, const char** names, size_t capacity) {
  return Guarded(size_t{0}, [&]() -> size_t {
    if (RawEnum(which) != SORTID_TARGETS_COMPILED && RawEnum(which) != SORTID_TARGETS_SUPPORTED) {
      return 0;
    }
    const auto list = sortid::targets(static_cast<sortid::TargetSet>(which));
    for (size_t i = 0; i < list.size() && i < capacity; ++i) names[i] = list[i];
    return list.size();
  });
}

const char* sortid_active_target(void) {
  return Guarded("unknown (out of memory)",
                 [&]() -> const char* { return sortid::active_target(); });
}

sortid_error sortid_set_target(const char* name) {
  return Guarded(SORTID_ERROR_NO_MEMORY,
                 [&]() -> sortid_error { return ToC(sortid::set_target(name)); });
}

const char* sortid_version(void) { return SORTID_VERSION_STRING; }

sortid_generator* sortid_generator_create_with(const sortid_generator_options* options) {
  return Guarded(nullptr, [&]() -> sortid_generator* {
    if (options == nullptr) return sortid_generator_create(nullptr);
    if (options->monotonic_increment_bits > 32) return nullptr;
    sortid::GeneratorOptions opts;
    opts.seed = options->seed;
    opts.clock = options->clock;
    opts.clock_context = options->clock_context;
    opts.monotonic_increment_bits = static_cast<uint8_t>(options->monotonic_increment_bits);
    return new (std::nothrow) sortid_generator(opts);
  });
}

sortid_error sortid_generator_resume_after(sortid_generator* generator, sortid_id_kind kind,
                                           const uint8_t* last_id) {
  return Guarded(SORTID_ERROR_NO_MEMORY, [&]() -> sortid_error {
    if (generator == nullptr) return SORTID_ERROR_ARGUMENT;
    return ToC(generator->generator.resume_after(FromC<sortid::IdKind>(kind), last_id));
  });
}

sortid_error sortid_generator_fill_random(sortid_generator* generator, uint8_t* out, size_t n) {
  return Guarded(SORTID_ERROR_NO_MEMORY, [&]() -> sortid_error {
    if (generator == nullptr) return SORTID_ERROR_ARGUMENT;
    return ToC(generator->generator.fill_random(out, n));
  });
}

sortid_error sortid_new_ulid(uint8_t* id) {
  return Guarded(SORTID_ERROR_NO_MEMORY,
                 [&]() -> sortid_error { return ToC(sortid::new_ulid(id)); });
}

sortid_error sortid_new_ulid_monotonic(uint8_t* id) {
  return Guarded(SORTID_ERROR_NO_MEMORY,
                 [&]() -> sortid_error { return ToC(sortid::new_ulid_monotonic(id)); });
}

sortid_error sortid_new_ulid_text(char* out) {
  return Guarded(SORTID_ERROR_NO_MEMORY,
                 [&]() -> sortid_error { return ToC(sortid::new_ulid_text(out)); });
}

sortid_error sortid_new_record_id(uint8_t* id) {
  return Guarded(SORTID_ERROR_NO_MEMORY,
                 [&]() -> sortid_error { return ToC(sortid::new_record_id(id)); });
}

sortid_error sortid_new_uuidv7(uint8_t* id) {
  return Guarded(SORTID_ERROR_NO_MEMORY,
                 [&]() -> sortid_error { return ToC(sortid::new_uuidv7(id)); });
}

// ---- Deprecated names: the same functions under their former names. ----

sortid_error sortid_ulid_new(uint8_t* id) { return sortid_new_ulid(id); }
sortid_error sortid_ulid_new_monotonic(uint8_t* id) { return sortid_new_ulid_monotonic(id); }
sortid_error sortid_ulid_new_text(char* out) { return sortid_new_ulid_text(out); }
sortid_error sortid_ulid_increment(uint8_t* id) { return sortid_increment_ulid(id); }
sortid_error sortid_record_pack(int64_t unix_ms, uint64_t machine_id, uint32_t counter,
                                uint8_t* out) {
  return sortid_pack_record(unix_ms, machine_id, counter, out);
}
void sortid_record_unpack(const uint8_t* id, int64_t* unix_ms, uint64_t* machine_id,
                          uint32_t* counter) {
  sortid_unpack_record(id, unix_ms, machine_id, counter);
}
sortid_error sortid_typeid_split(const char* text, size_t len, size_t* prefix_len,
                                 size_t* position) {
  return sortid_split_typeid(text, len, prefix_len, position);
}
sortid_generator* sortid_generator_new_with(const sortid_generator_options* options) {
  return sortid_generator_create_with(options);
}

}  // extern "C"
