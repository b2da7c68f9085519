// sortid bounds: the smallest and largest ID of a time window, for
// "id BETWEEN min AND max" range queries.
#include <cstdio>
#include <optional>

#include "cli/commands.h"
#include "cli/common.h"

namespace sortid::cli {
namespace {

std::string Encoded(sortid::Format format, const uint8_t* id) {
  std::string text(sortid::text_length(format), '\0');
  (void)sortid::encode(format, id, 1, text.data(), text.size());
  return text;
}

struct BoundsArgs {
  std::string from, to, format = "ulid";
};

int RunBounds(const std::string& from, const std::string& to, const std::string& format_name) {
  const IdFormat id_format = ParseIdFormat(format_name, "--format");
  if (id_format != IdFormat::kUlid && id_format != IdFormat::kRecordId &&
      id_format != IdFormat::kUuid && id_format != IdFormat::kUuidHex) {
    throw CliError(kExitUsage, "--format: expected ulid, record, uuid or hex");
  }
  const std::optional<int64_t> from_ms = sortid::parse_timestamp(from);
  const std::optional<int64_t> to_ms = sortid::parse_timestamp(to);
  if (!from_ms) throw CliError(kExitUsage, "--from: cannot parse time '" + from + "'");
  if (!to_ms) throw CliError(kExitUsage, "--to: cannot parse time '" + to + "'");
  if (*from_ms > *to_ms) throw CliError(kExitUsage, "--from is after --to");
  const sortid::Format format = LibraryFormat(id_format);
  uint8_t lo[16], hi[16], unused[16];
  if (sortid::bounds(format, *from_ms, lo, unused) != sortid::Error::kOk ||
      sortid::bounds(format, *to_ms, unused, hi) != sortid::Error::kOk) {
    throw CliError(kExitUsage, std::string("time outside the range of ") + IdFormatName(id_format));
  }
  std::printf("min\t%s\n", Encoded(format, lo).c_str());
  std::printf("max\t%s\n", Encoded(format, hi).c_str());
  return kExitOk;
}

}  // namespace

Command AddBoundsCommand(CLI::App& parent) {
  auto args = std::make_shared<BoundsArgs>();
  CLI::App* app = parent.add_subcommand(
      "bounds", "Smallest and largest ID of a time window, for BETWEEN range queries");
  app->add_option("--from", args->from, "start: ISO 8601 (UTC unless an offset is given) or ms")
      ->required();
  app->add_option("--to", args->to, "end (inclusive), same forms")->required();
  app->add_option("--format", args->format, "ulid, record, uuid or hex")->capture_default_str();
  return {app, [args] { return RunBounds(args->from, args->to, args->format); }};
}

}  // namespace sortid::cli
