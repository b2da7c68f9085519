// The millisecond a ulid_min / ulid_max argument given as text or as a
// Julian day stands for, shared by the engine integrations (DuckDB, SQLite,
// PostgreSQL), so that the same text names the same range everywhere and
// means what the sortid command's --time / --from / --to mean:
//   text: "YYYY-MM-DD" (a whole day: the upper bound is the last millisecond
//         of that day), an ISO 8601 time (UTC unless it has an offset; the
//         upper bound is the last millisecond of the second, or of the
//         fraction's last digit) or an integer of Unix milliseconds,
//         optionally with the unit ("1704067200000ms"). Eight bare digits
//         ("20240101") are refused: a person reads a date, a parser 1970.
//   Julian day (SQLite's julianday()): rounded to the nearest millisecond.
#ifndef SORTID_ENGINES_COMMON_TIME_BOUNDS_H_
#define SORTID_ENGINES_COMMON_TIME_BOUNDS_H_

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common/invalid_id_message.h"
#include "sortid/sortid.hpp"

namespace sortid::engines {

inline constexpr int64_t kMsPerDay = 86'400'000;

// Why a time text was refused.
enum class TimeTextError : uint8_t { kNone, kMalformed, kAmbiguous };

// Unix ms of the lower (upper) bound for text: the first (last) millisecond
// of the period it names ("2024-01-31" a day, "2024-01-31T12:00:00Z" a
// second, ".5" 100 ms), as the sortid command reads a time option
// (sortid::TimeBound); nullopt when refused, with the reason in *error when
// error is not null.
inline std::optional<int64_t> BoundFromText(std::string_view text, bool upper,
                                            TimeTextError* error = nullptr) {
  const auto fail = [error](TimeTextError why) -> std::optional<int64_t> {
    if (error != nullptr) *error = why;
    return std::nullopt;
  };
  if (error != nullptr) *error = TimeTextError::kNone;
  std::string_view body = text;
  const bool unit = body.size() > 2 && body.substr(body.size() - 2) == "ms";
  if (unit) body.remove_suffix(2);
  const size_t sign = !body.empty() && body.front() == '-' ? 1 : 0;
  const bool integer =
      body.size() > sign && body.find_first_not_of("0123456789", sign) == body.npos;
  if (!unit && integer && sign == 0 && body.size() == 8) return fail(TimeTextError::kAmbiguous);
  if (unit && !integer) return fail(TimeTextError::kMalformed);
  const std::optional<int64_t> ms =
      sortid::parse_timestamp(body, upper ? sortid::TimeBound::kEnd : sortid::TimeBound::kStart);
  if (!ms) return fail(TimeTextError::kMalformed);
  return ms;
}

// The message for refused time text, after the function's name:
//   "ulid_min: '20240101' is ambiguous: write 2024-01-01 for a date or
//    20240101ms for Unix milliseconds"
//   "ulid_min: 'noon' is not a time: expected YYYY-MM-DD, ISO 8601 ... "
inline std::string TimeTextMessage(const char* function, std::string_view text,
                                   TimeTextError error) {
  std::string message = std::string(function) + ": " + QuoteForMessage(text.data(), text.size());
  if (error == TimeTextError::kAmbiguous) {
    message += " is ambiguous: write " + std::string(text.substr(0, 4)) + "-" +
               std::string(text.substr(4, 2)) + "-" + std::string(text.substr(6, 2)) +
               " for a date or " + std::string(text) + "ms for Unix milliseconds";
  } else {
    message +=
        " is not a time: expected YYYY-MM-DD, ISO 8601 (2024-01-31T12:00:00Z, "
        "2024-01-31 12:00:00.250+01:00) or Unix milliseconds (1704067200000 or 1704067200000ms)";
  }
  return message;
}

// Unix ms of a Julian day number; nullopt when not finite or beyond any ID's
// time (the caller's range check rejects the rest).
inline std::optional<int64_t> MsFromJulianDay(double julian_day) {
  constexpr double kUnixEpochJulianDay = 2440587.5;
  const double ms = std::round((julian_day - kUnixEpochJulianDay) * static_cast<double>(kMsPerDay));
  if (!std::isfinite(ms) || std::fabs(ms) > 9.0e15) return std::nullopt;
  return static_cast<int64_t>(ms);
}

}  // namespace sortid::engines

#endif  // SORTID_ENGINES_COMMON_TIME_BOUNDS_H_
