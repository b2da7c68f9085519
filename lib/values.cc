// Single-item helpers: timestamps, range bounds, the monotonic increment,
// Record ID fields, TypeID splitting, ISO 8601 times, the Ulid value type.
// None of these is dispatched: they are a few instructions each.
#include <cstring>
#include <string>

#include "kernels/format_facts.h"
#include "lib/bytes.h"
#include "lib/options.h"
#include "lib/single_codec.h"
#include "sortid/sortid.hpp"

namespace sortid {
namespace {

constexpr int64_t kMaxRecordMs = kRecordInceptionMs + (int64_t{1} << 40) - 1;

using internal::IsValidFormat;
using internal::kMaxUlidMs;
using internal::LoadBigEndian;
using internal::StoreBigEndian;

}  // namespace

Result timestamps_ms(Format format, const uint8_t* ids, size_t count, int64_t* unix_ms) {
  if (!IsValidFormat(format)) return {Error::kArgument};
  if (count != 0 && (ids == nullptr || unix_ms == nullptr)) return {Error::kArgument};
  for (size_t i = 0; i < count; ++i) {
    const uint8_t* id = ids + 16 * i;
    if (format == Format::kRecordId) {
      // Bits 99..60 of the 128-bit value: bytes 3..8 hold bits 103..56.
      const uint64_t ts = (LoadBigEndian(id + 3, 6) >> 4) & ((uint64_t{1} << 40) - 1);
      unix_ms[i] = kRecordInceptionMs + static_cast<int64_t>(ts);
    } else {
      unix_ms[i] = static_cast<int64_t>(LoadBigEndian(id, 6));
    }
  }
  return {};
}

Error bounds(Format format, int64_t unix_ms, uint8_t* min, uint8_t* max) {
  if (format == Format::kRecordId) {
    if (unix_ms < kRecordInceptionMs || unix_ms > kMaxRecordMs) return Error::kRange;
    if (min != nullptr) (void)pack_record({unix_ms, 0, 0}, min);
    if (max != nullptr) {
      (void)pack_record({unix_ms, (uint64_t{1} << 40) - 1, (1u << 20) - 1}, max);
    }
    return Error::kOk;
  }
  if (!IsValidFormat(format)) return Error::kArgument;
  if (unix_ms < 0 || unix_ms > kMaxUlidMs) return Error::kRange;
  if (min != nullptr) {
    StoreBigEndian(static_cast<uint64_t>(unix_ms), min, 6);
    std::memset(min + 6, 0x00, 10);
  }
  if (max != nullptr) {
    StoreBigEndian(static_cast<uint64_t>(unix_ms), max, 6);
    std::memset(max + 6, 0xFF, 10);
  }
  return Error::kOk;
}

Error increment_ulid(uint8_t* id) {
  if (id == nullptr) return Error::kArgument;
  int i = 15;
  while (i >= 6 && id[i] == 0xFF) --i;
  if (i < 6) return Error::kOverflow;  // random part all ones: leave it unchanged
  ++id[i];
  for (int k = i + 1; k < 16; ++k) id[k] = 0;
  return Error::kOk;
}

Error pack_record(const RecordFields& fields, uint8_t* out) {
  if (out == nullptr) return Error::kArgument;
  if (fields.unix_ms < kRecordInceptionMs || fields.unix_ms > kMaxRecordMs ||
      fields.machine_id >> 40 != 0 || fields.counter >> 20 != 0) {
    return Error::kRange;
  }
  // 100-bit value = ts(40) | machine(40) | counter(20), in the low bits.
  const auto ts = static_cast<uint64_t>(fields.unix_ms - kRecordInceptionMs);
  const uint64_t high = ts >> 4;  // top 36 bits of ts
  const uint64_t low = (ts & 0xF) << 60 | fields.machine_id << 20 | fields.counter;  // 64 bits
  StoreBigEndian(high, out, 8);
  StoreBigEndian(low, out + 8, 8);
  return Error::kOk;
}

RecordFields unpack_record(const uint8_t* id) {
  const uint64_t high = LoadBigEndian(id, 8);
  const uint64_t low = LoadBigEndian(id + 8, 8);
  RecordFields fields;
  const uint64_t ts = ((high & ((uint64_t{1} << 36) - 1)) << 4) | (low >> 60);
  fields.unix_ms = kRecordInceptionMs + static_cast<int64_t>(ts);
  fields.machine_id = (low >> 20) & ((uint64_t{1} << 40) - 1);
  fields.counter = static_cast<uint32_t>(low & ((1u << 20) - 1));
  return fields;
}

Result split_typeid(std::string_view text, std::string_view* type_name, std::string_view* suffix) {
  const size_t sep = text.rfind('_');
  const std::string_view name =
      sep == std::string_view::npos ? std::string_view() : text.substr(0, sep);
  if (type_name != nullptr) *type_name = name;
  if (suffix != nullptr) *suffix = sep == std::string_view::npos ? text : text.substr(sep + 1);
  if (sep == std::string_view::npos) return {};
  // A separator needs a non-empty type name ("_suffix" is malformed).
  if (sep == 0) return {.error = Error::kPrefix, .position = 0};
  const Result valid = internal::ValidateTypeName(name);
  if (!valid.ok()) return valid;
  return {.count = sep};
}

// The Ulid conversions run the per-item fast codec (lib/single_codec.h) directly.
std::optional<Ulid> Ulid::parse(std::string_view text, bool lenient) {
  Ulid ulid;
  if (!single::DecodeActive(
          Format::kUlid, lenient ? single::Alphabet::kLenient : single::Alphabet::kStrict,
          reinterpret_cast<const uint8_t*>(text.data()), text.size(), ulid.bytes.data())) {
    return std::nullopt;
  }
  return ulid;
}

std::optional<Ulid> Ulid::from_uuid(std::string_view text) {
  Ulid ulid;
  if (decode_one(Format::kUuid, text, ulid.bytes.data()).error != Error::kOk) return std::nullopt;
  return ulid;
}

void Ulid::to_chars(char* out, LetterCase letter_case) const {
  single::EncodeActive(Format::kUlid, bytes.data(), letter_case == LetterCase::kLower, out);
}

std::array<char, kUlidTextLength> Ulid::to_array(LetterCase letter_case) const {
  std::array<char, kUlidTextLength> text;
  to_chars(text.data(), letter_case);
  return text;
}

std::string Ulid::to_string(LetterCase letter_case) const {
  char text[26];
  to_chars(text, letter_case);
  return std::string(text, 26);
}

std::string Ulid::to_uuid() const {
  char text[36];
  single::EncodeActive(Format::kUuid, bytes.data(), true, text);
  return std::string(text, 36);
}

int64_t Ulid::timestamp_ms() const { return static_cast<int64_t>(LoadBigEndian(bytes.data(), 6)); }

}  // namespace sortid
