#include "cli/commands/time_args.h"

#include <optional>

#include "cli/common.h"

namespace sortid::cli {

int64_t ParseTimeOption(std::string_view text, std::string_view option, sortid::TimeBound bound) {
  if (text.empty()) throw CliError(kExitUsage, std::string(option) + ": empty; expected a time");
  std::string_view body = text;
  const bool unit = body.size() > 2 && body.substr(body.size() - 2) == "ms";
  if (unit) body.remove_suffix(2);
  const bool digits_only = !body.empty() && body.find_first_not_of("0123456789") == body.npos;
  if (!unit && digits_only && body.size() == 8) {
    throw CliError(kExitUsage, std::string(option) + ": '" + std::string(text) +
                                   "' is ambiguous: write " + std::string(body.substr(0, 4)) + "-" +
                                   std::string(body.substr(4, 2)) + "-" +
                                   std::string(body.substr(6, 2)) + " for a date, or " +
                                   std::string(text) + "ms for milliseconds");
  }
  const size_t sign = body.front() == '-' ? 1 : 0;
  const bool integer =
      body.size() > sign && body.find_first_not_of("0123456789", sign) == body.npos;
  std::optional<int64_t> ms;
  if (!unit || integer) {
    ms = sortid::parse_timestamp(body, bound);
  }
  if (!ms) {
    throw CliError(kExitUsage,
                   std::string(option) + ": cannot read '" + std::string(text) +
                       "' as a time: expected ISO 8601 (2024-01-31, 2024-01-31T12:00:00Z, "
                       "2024-01-31T12:00:00.250+01:00, +10889-08-02T05:31:50.655Z) or "
                       "milliseconds since 1970 (1700000000000 or 1700000000000ms)");
  }
  return *ms;
}

std::string TimeRangeText(int64_t min_ms, int64_t max_ms) {
  return sortid::format_iso8601(min_ms) + " to " + sortid::format_iso8601(max_ms);
}

}  // namespace sortid::cli
