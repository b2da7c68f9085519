// ISO 8601 times for IDs: formatting and parsing of Unix milliseconds as UTC
// calendar times, with ISO 8601 expanded years ("+10889-08-02T05:31:50.655Z")
// beyond 9999 — the ULID range ends in year 10889. Calendar arithmetic after
// H. Hinnant, "chrono-Compatible Low-Level Date Algorithms" (days_from_civil,
// civil_from_days); ISO 8601-1:2019 section 4.1.2.4 (expanded years).
#include <string>

#include "sortid/sortid.hpp"

namespace sortid {
namespace {

constexpr int64_t kMsPerDay = 86400000;
constexpr int64_t kMaxYear = 999999;  // six digits after the sign

// Days since 1970-01-01 of a proleptic Gregorian date.
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

// The year: four digits, or a sign and four to six digits (expanded).
bool ReadYear(std::string_view text, size_t* pos, int64_t* year) {
  if (*pos < text.size() && (text[*pos] == '+' || text[*pos] == '-')) {
    const bool negative = text[(*pos)++] == '-';
    size_t digits = 0;
    while (*pos + digits < text.size() && text[*pos + digits] >= '0' &&
           text[*pos + digits] <= '9') {
      ++digits;
    }
    if (digits < 4 || digits > 6 || !ReadDigits(text, pos, digits, year)) return false;
    if (negative) *year = -*year;
    return true;
  }
  return ReadDigits(text, pos, 4, year);
}

// Integer milliseconds: an optional '-' and 1 to 18 digits.
bool ParseMilliseconds(std::string_view text, int64_t* ms) {
  const bool negative = !text.empty() && text.front() == '-';
  const std::string_view digits = negative ? text.substr(1) : text;
  if (digits.empty() || digits.size() > 18 ||
      digits.find_first_not_of("0123456789") != std::string_view::npos) {
    return false;
  }
  int64_t v = 0;
  for (char c : digits) v = v * 10 + (c - '0');
  *ms = negative ? -v : v;
  return true;
}

}  // namespace

size_t format_iso8601(int64_t unix_ms, char* out, size_t capacity) {
  int64_t days = unix_ms / kMsPerDay;
  int64_t ms_of_day = unix_ms % kMsPerDay;
  if (ms_of_day < 0) {
    ms_of_day += kMsPerDay;
    --days;
  }
  // Years beyond +-999999 are out of range (and well inside int64 here: the
  // day count fits, |days| < 2^47).
  constexpr int64_t kMaxDays = int64_t{1} << 47;
  if (days > kMaxDays || days < -kMaxDays) return 0;
  int64_t y;
  unsigned m, d;
  CivilFromDays(days, &y, &m, &d);
  if (y > kMaxYear || y < -kMaxYear) return 0;
  const bool expanded = y < 0 || y > 9999;
  const uint64_t abs_year = static_cast<uint64_t>(y < 0 ? -y : y);
  const size_t year_digits = abs_year > 99999 ? 6 : abs_year > 9999 ? 5 : 4;
  const size_t year_len = year_digits + (expanded ? 1 : 0);
  const size_t length = year_len + 20;
  if (out == nullptr || capacity < length) return 0;
  const auto put = [&out](size_t at, uint64_t value, size_t digits) {
    for (size_t i = digits; i-- > 0; value /= 10) out[at + i] = static_cast<char>('0' + value % 10);
  };
  if (expanded) out[0] = y < 0 ? '-' : '+';
  put(year_len - year_digits, abs_year, year_digits);
  const size_t b = year_len;
  out[b] = '-';
  put(b + 1, m, 2);
  out[b + 3] = '-';
  put(b + 4, d, 2);
  out[b + 6] = 'T';
  put(b + 7, static_cast<uint64_t>(ms_of_day / 3600000), 2);
  out[b + 9] = ':';
  put(b + 10, static_cast<uint64_t>(ms_of_day / 60000 % 60), 2);
  out[b + 12] = ':';
  put(b + 13, static_cast<uint64_t>(ms_of_day / 1000 % 60), 2);
  out[b + 15] = '.';
  put(b + 16, static_cast<uint64_t>(ms_of_day % 1000), 3);
  out[b + 19] = 'Z';
  return length;
}

std::string format_iso8601(int64_t unix_ms) {
  char buf[kIso8601MaxLength];
  return std::string(buf, format_iso8601(unix_ms, buf, sizeof(buf)));
}

std::optional<int64_t> parse_timestamp(std::string_view text) {
  return parse_timestamp(text, TimeBound::kStart);
}

std::optional<int64_t> parse_timestamp(std::string_view text, TimeBound bound) {
  if (text.empty()) return std::nullopt;
  int64_t integer_ms;
  if (ParseMilliseconds(text, &integer_ms)) return integer_ms;
  size_t pos = 0;
  int64_t y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0, ms = 0;
  if (!ReadYear(text, &pos, &y) || !Expect(text, &pos, '-') || !ReadDigits(text, &pos, 2, &mo) ||
      !Expect(text, &pos, '-') || !ReadDigits(text, &pos, 2, &d)) {
    return std::nullopt;
  }
  if (mo < 1 || mo > 12 || d < 1 || d > DaysInMonth(y, static_cast<unsigned>(mo))) {
    return std::nullopt;
  }
  int64_t offset_minutes = 0;
  int64_t span_ms = kMsPerDay;  // the length of the period the text names
  if (pos < text.size()) {
    if (text[pos] != 'T' && text[pos] != 't' && text[pos] != ' ') return std::nullopt;
    ++pos;
    if (!ReadDigits(text, &pos, 2, &h) || !Expect(text, &pos, ':') ||
        !ReadDigits(text, &pos, 2, &mi) || !Expect(text, &pos, ':') ||
        !ReadDigits(text, &pos, 2, &s)) {
      return std::nullopt;
    }
    if (h > 23 || mi > 59 || s > 59) return std::nullopt;
    span_ms = 1000;
    if (pos < text.size() && (text[pos] == '.' || text[pos] == ',')) {
      ++pos;
      size_t digits = 0;
      while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
        if (digits < 3) ms = ms * 10 + (text[pos] - '0');
        ++digits;
        ++pos;
      }
      if (digits == 0) return std::nullopt;
      span_ms = 1;  // 10^(3 - digits): ".5" names 100 ms
      for (size_t k = digits; k < 3; ++k) ms *= 10, span_ms *= 10;
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
  const int64_t start = ((days * 24 + h) * 60 + mi - offset_minutes) * 60000 + s * 1000 + ms;
  return bound == TimeBound::kEnd ? start + span_ms - 1 : start;
}

}  // namespace sortid
