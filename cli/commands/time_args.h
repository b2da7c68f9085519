// Times on the command line (gen --time, bounds --from/--to): ISO 8601 in
// UTC unless an offset is given, years beyond 9999 in the expanded form
// (+10889-08-02T05:31:50.655Z), or Unix milliseconds (an integer, optionally
// with the unit: 1700000000000ms). Eight bare digits are refused: 20240101
// reads as a date to a person and as milliseconds to a parser.
#ifndef SORTID_CLI_COMMANDS_TIME_ARGS_H_
#define SORTID_CLI_COMMANDS_TIME_ARGS_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "sortid/sortid.hpp"

namespace sortid::cli {

// Parses a time option; bound kEnd reads a date or a time without
// milliseconds as the last millisecond it names. Throws CliError(kExitUsage)
// naming the option and the accepted forms.
int64_t ParseTimeOption(std::string_view text, std::string_view option,
                        sortid::TimeBound bound = sortid::TimeBound::kStart);

// The range of times an ID format holds, as "FROM to TO" in ISO 8601.
std::string TimeRangeText(int64_t min_ms, int64_t max_ms);

}  // namespace sortid::cli

#endif  // SORTID_CLI_COMMANDS_TIME_ARGS_H_
