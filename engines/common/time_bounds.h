// The millisecond a ulid_min / ulid_max argument given as text or as a
// Julian day stands for, shared by the engine integrations:
//   text: "YYYY-MM-DD" (a whole day: the upper bound is the last millisecond
//         of that day), an ISO 8601 time (the upper bound is the last
//         millisecond of the second, or of the fraction's last digit) or an
//         integer of Unix milliseconds (sortid::parse_timestamp's forms);
//   Julian day (SQLite's julianday()): rounded to the nearest millisecond.
#ifndef SORTID_ENGINES_COMMON_TIME_BOUNDS_H_
#define SORTID_ENGINES_COMMON_TIME_BOUNDS_H_

#include <cmath>
#include <cstdint>
#include <optional>
#include <string_view>

#include "sortid/sortid.hpp"

namespace sortid::engines {

inline constexpr int64_t kMsPerDay = 86'400'000;

// Unix ms of the lower (upper) bound for text: the first (last) millisecond
// of the period it names ("2024-01-31" a day, "2024-01-31T12:00:00Z" a
// second, ".5" 100 ms), as the sortid command's --from / --to read it
// (sortid::TimeBound); nullopt when malformed.
inline std::optional<int64_t> BoundFromText(std::string_view text, bool upper) {
  return sortid::parse_timestamp(text, upper ? sortid::TimeBound::kEnd : sortid::TimeBound::kStart);
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
