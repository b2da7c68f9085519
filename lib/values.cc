// Single-item helpers: timestamps, range bounds, the monotonic increment,
// Record ID fields, TypeID splitting, ISO 8601 times, the Ulid value type.
// None of these is dispatched: they are a few instructions each.
#include <cstring>
#include <string>

#include "lib/bytes.h"
#include "lib/limits.h"
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

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant, "chrono-
// Compatible Low-Level Date Algorithms", days_from_civil).
int64_t DaysFromCivil(int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const auto yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

void CivilFromDays(int64_t z, int64_t* y, unsigned* m, unsigned* d) {
  z += 719468;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const auto doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  *d = doy - (153 * mp + 2) / 5 + 1;
  *m = mp < 10 ? mp + 3 : mp - 9;
  *y = static_cast<int64_t>(yoe) + era * 400 + (*m <= 2);
}

unsigned DaysInMonth(int64_t y, unsigned m) {
  static constexpr unsigned kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return m == 2 && leap ? 29 : kDays[m - 1];
}

// Reads exactly n decimal digits at text[*pos].
bool ReadDigits(std::string_view text, size_t* pos, size_t n, int64_t* value) {
  if (text.size() - *pos < n) return false;
  int64_t v = 0;
  for (size_t k = 0; k < n; ++k) {
    const char c = text[*pos + k];
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  *pos += n;
  *value = v;
  return true;
}

bool Expect(std::string_view text, size_t* pos, char c) {
  if (*pos >= text.size() || text[*pos] != c) return false;
  ++*pos;
  return true;
}

}  // namespace

Status timestamps_ms(Format format, const uint8_t* ids, size_t count, int64_t* unix_ms) {
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
    if (min != nullptr) (void)record_pack({unix_ms, 0, 0}, min);
    if (max != nullptr) {
      (void)record_pack({unix_ms, (uint64_t{1} << 40) - 1, (1u << 20) - 1}, max);
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

Error ulid_increment(uint8_t* id) {
  if (id == nullptr) return Error::kArgument;
  int i = 15;
  while (i >= 6 && id[i] == 0xFF) --i;
  if (i < 6) return Error::kOverflow;  // random part all ones: leave it unchanged
  ++id[i];
  for (int k = i + 1; k < 16; ++k) id[k] = 0;
  return Error::kOk;
}

Error record_pack(const RecordFields& fields, uint8_t* out) {
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

RecordFields record_unpack(const uint8_t* id) {
  const uint64_t high = LoadBigEndian(id, 8);
  const uint64_t low = LoadBigEndian(id + 8, 8);
  RecordFields fields;
  const uint64_t ts = ((high & ((uint64_t{1} << 36) - 1)) << 4) | (low >> 60);
  fields.unix_ms = kRecordInceptionMs + static_cast<int64_t>(ts);
  fields.machine_id = (low >> 20) & ((uint64_t{1} << 40) - 1);
  fields.counter = static_cast<uint32_t>(low & ((1u << 20) - 1));
  return fields;
}

TypeIdSplit typeid_split(std::string_view text) {
  TypeIdSplit split;
  const size_t sep = text.rfind('_');
  if (sep == std::string_view::npos) {
    split.suffix = text;
    return split;
  }
  split.type_name = text.substr(0, sep);
  split.suffix = text.substr(sep + 1);
  // A separator needs a non-empty type name ("_suffix" is malformed).
  const Explanation valid =
      sep == 0 ? Explanation{Error::kPrefix, 0} : internal::ValidateTypeName(split.type_name);
  split.error = valid.error;
  split.prefix_len = valid.error == Error::kOk ? sep : valid.position;
  return split;
}

size_t format_iso8601(int64_t unix_ms, char* out) {
  // 0000-01-01 .. 9999-12-31 in ms.
  constexpr int64_t kMinMs = -62167219200000;
  constexpr int64_t kMaxMs = 253402300799999;
  if (unix_ms < kMinMs || unix_ms > kMaxMs) return 0;
  int64_t days = unix_ms / 86400000;
  int64_t ms_of_day = unix_ms % 86400000;
  if (ms_of_day < 0) {
    ms_of_day += 86400000;
    --days;
  }
  int64_t y;
  unsigned m, d;
  CivilFromDays(days, &y, &m, &d);
  const auto put = [&out](size_t at, uint64_t value, size_t digits) {
    for (size_t i = digits; i-- > 0; value /= 10) out[at + i] = static_cast<char>('0' + value % 10);
  };
  put(0, static_cast<uint64_t>(y), 4);
  out[4] = '-';
  put(5, m, 2);
  out[7] = '-';
  put(8, d, 2);
  out[10] = 'T';
  put(11, static_cast<uint64_t>(ms_of_day / 3600000), 2);
  out[13] = ':';
  put(14, static_cast<uint64_t>(ms_of_day / 60000 % 60), 2);
  out[16] = ':';
  put(17, static_cast<uint64_t>(ms_of_day / 1000 % 60), 2);
  out[19] = '.';
  put(20, static_cast<uint64_t>(ms_of_day % 1000), 3);
  out[23] = 'Z';
  return kIso8601Length;
}

std::string format_iso8601(int64_t unix_ms) {
  char buf[kIso8601Length];
  return std::string(buf, format_iso8601(unix_ms, buf));
}

std::optional<int64_t> parse_timestamp(std::string_view text) {
  if (text.empty()) return std::nullopt;
  // Integer milliseconds.
  if (text.find_first_not_of("0123456789") == std::string_view::npos) {
    if (text.size() > 18) return std::nullopt;
    int64_t v = 0;
    for (char c : text) v = v * 10 + (c - '0');
    return v;
  }
  size_t pos = 0;
  int64_t y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0, ms = 0;
  if (!ReadDigits(text, &pos, 4, &y) || !Expect(text, &pos, '-') ||
      !ReadDigits(text, &pos, 2, &mo) || !Expect(text, &pos, '-') ||
      !ReadDigits(text, &pos, 2, &d)) {
    return std::nullopt;
  }
  if (mo < 1 || mo > 12 || d < 1 || d > DaysInMonth(y, static_cast<unsigned>(mo))) {
    return std::nullopt;
  }
  int64_t offset_minutes = 0;
  if (pos < text.size()) {
    if (text[pos] != 'T' && text[pos] != 't' && text[pos] != ' ') return std::nullopt;
    ++pos;
    if (!ReadDigits(text, &pos, 2, &h) || !Expect(text, &pos, ':') ||
        !ReadDigits(text, &pos, 2, &mi) || !Expect(text, &pos, ':') ||
        !ReadDigits(text, &pos, 2, &s)) {
      return std::nullopt;
    }
    if (h > 23 || mi > 59 || s > 59) return std::nullopt;
    if (pos < text.size() && (text[pos] == '.' || text[pos] == ',')) {
      ++pos;
      size_t digits = 0;
      while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
        if (digits < 3) ms = ms * 10 + (text[pos] - '0');
        ++digits;
        ++pos;
      }
      if (digits == 0) return std::nullopt;
      for (size_t k = digits; k < 3; ++k) ms *= 10;
    }
    std::string_view zone = text.substr(pos);
    if (!zone.empty() && zone.front() == ' ') zone.remove_prefix(1);
    if (zone.empty() || zone == "Z" || zone == "z" || zone == "UTC") {
      // UTC
    } else if (zone.front() == '+' || zone.front() == '-') {
      size_t zpos = 1;
      int64_t oh = 0, om = 0;
      if (!ReadDigits(zone, &zpos, 2, &oh)) return std::nullopt;
      if (zpos < zone.size() && zone[zpos] == ':') ++zpos;
      if (zpos < zone.size() && !ReadDigits(zone, &zpos, 2, &om)) return std::nullopt;
      if (zpos != zone.size() || oh > 23 || om > 59) return std::nullopt;
      offset_minutes = (zone.front() == '+' ? 1 : -1) * (oh * 60 + om);
    } else {
      return std::nullopt;
    }
  }
  const int64_t days = DaysFromCivil(y, static_cast<unsigned>(mo), static_cast<unsigned>(d));
  return ((days * 24 + h) * 60 + mi - offset_minutes) * 60000 + s * 1000 + ms;
}

// The Ulid conversions run the per-item fast codec (lib/single_codec.h) directly.
std::optional<Ulid> Ulid::parse(std::string_view text, bool lenient) {
  Ulid ulid;
  if (text.size() != 26 ||
      !single::DecodeUlidActive(lenient ? single::Alphabet::kLenient : single::Alphabet::kStrict,
                                reinterpret_cast<const uint8_t*>(text.data()), ulid.bytes.data())) {
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
  single::EncodeUlidActive(bytes.data(), letter_case == LetterCase::kLower, out);
}

std::array<char, 26> Ulid::to_array(LetterCase letter_case) const {
  std::array<char, 26> text;
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
  single::EncodeUuidActive(bytes.data(), true, text);
  return std::string(text, 36);
}

int64_t Ulid::timestamp_ms() const { return static_cast<int64_t>(LoadBigEndian(bytes.data(), 6)); }

}  // namespace sortid
