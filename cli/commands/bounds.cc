// sortid bounds: the smallest and largest ID of a time window, for
// "id BETWEEN min AND max" range queries; --out-prefix writes them as sort
// keys ("ORDER#<min>" .. "ORDER#<max>", DynamoDB-style).
#include <cstdio>

#include "cli/commands/commands.h"
#include "cli/commands/time_args.h"
#include "cli/common.h"

namespace sortid::cli {
namespace {

struct BoundsArgs {
  std::string from, to, format = "ulid", out_prefix;
};

int RunBounds(const BoundsArgs& args) {
  const IdFormat id_format = ParseIdFormat(args.format, "--format");
  if (id_format != IdFormat::kUlid && id_format != IdFormat::kRecordId &&
      id_format != IdFormat::kUuid && id_format != IdFormat::kUuidHex) {
    throw CliError(kExitUsage, "--format: expected ulid, record, uuid or hex");
  }
  for (char c : args.out_prefix) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
      throw CliError(kExitUsage, "--out-prefix contains the control character " +
                                     PrintableByte(static_cast<unsigned char>(c)));
    }
  }
  // --to names the end of its period: a date-only --to is the whole day.
  const int64_t from_ms = ParseTimeOption(args.from, "--from", sortid::TimeBound::kStart);
  const int64_t to_ms = ParseTimeOption(args.to, "--to", sortid::TimeBound::kEnd);
  if (from_ms > to_ms) throw CliError(kExitUsage, "--from is after --to");
  const sortid::Format format = LibraryFormat(id_format);
  uint8_t lo[16], hi[16], unused[16];
  const bool record = format == sortid::Format::kRecordId;
  const int64_t min_ms = record ? sortid::kRecordInceptionMs : 0;
  const int64_t max_ms =
      record ? sortid::kRecordInceptionMs + (int64_t{1} << 40) - 1 : (int64_t{1} << 48) - 1;
  if (sortid::bounds(format, from_ms, lo, unused) != sortid::Error::kOk ||
      sortid::bounds(format, to_ms, unused, hi) != sortid::Error::kOk) {
    throw CliError(kExitUsage, std::string("time outside the range of ") + IdFormatName(id_format) +
                                   ": " + TimeRangeText(min_ms, max_ms));
  }
  std::printf("min\t%s%s\n", args.out_prefix.c_str(), Encoded(format, lo).c_str());
  std::printf("max\t%s%s\n", args.out_prefix.c_str(), Encoded(format, hi).c_str());
  return kExitOk;
}

void DeclareBounds(CLI::App* app, BoundsArgs& args) {
  app->add_option("--from", args.from,
                  "start: ISO 8601 (UTC unless an offset is given; +10889-... past 9999) or ms "
                  "(1700000000000 or 1700000000000ms)")
      ->required();
  app->add_option("--to", args.to,
                  "end, inclusive, same forms: a date or a time without milliseconds means its "
                  "last millisecond")
      ->required();
  app->add_option("--format", args.format, "ulid, record, uuid or hex")->capture_default_str();
  app->add_option("--out-prefix", args.out_prefix,
                  "written before both IDs: --out-prefix 'ORDER#' gives sort-key bounds");
}

}  // namespace

Command AddBoundsCommand(CLI::App& parent) {
  return MakeCommand(parent, "bounds",
                     "Smallest and largest ID of a time window, for BETWEEN range queries",
                     DeclareBounds, RunBounds);
}

}  // namespace sortid::cli
