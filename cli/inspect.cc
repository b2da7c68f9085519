// sortid inspect (what an ID holds), sortid bounds (the ID range of a time
// window) and sortid targets.
#include <cstdio>
#include <cstring>
#include <optional>

#include "cli/commands.h"

namespace sortid::cli {
namespace {

std::string Hex(const uint8_t* bytes, size_t n, bool upper = false) {
  static constexpr char kLower[] = "0123456789abcdef", kUpper[] = "0123456789ABCDEF";
  const char* digits = upper ? kUpper : kLower;
  std::string s;
  for (size_t i = 0; i < n; ++i) {
    s += digits[bytes[i] >> 4];
    s += digits[bytes[i] & 15];
  }
  return s;
}

std::string Encoded(sortid::Format format, const uint8_t* id) {
  std::string text(sortid::text_length(format), '\0');
  (void)sortid::encode(format, id, 1, text.data(), text.size());
  return text;
}

void PrintTime(int64_t ms) {
  std::printf("  time:      %lld ms = %s\n", static_cast<long long>(ms),
              sortid::format_iso8601(ms).c_str());
}

void PrintForms(const uint8_t* id) {
  std::printf("  ulid:      %s\n", Encoded(sortid::Format::kUlid, id).c_str());
  std::printf("  uuid:      %s\n", Encoded(sortid::Format::kUuid, id).c_str());
  std::printf("  hex:       %s\n", Hex(id, 16).c_str());
}

bool Decode(sortid::Format format, std::string_view text, uint8_t* id,
            const sortid::TextOptions& options = {}) {
  uint8_t bit = 0;
  return sortid::decode(format, text.data(), 1, text.size(), id, &bit, options).ok() && bit;
}

void PrintUlid(const uint8_t* id) {
  std::printf("  format:    ULID\n");
  int64_t ms;
  (void)sortid::timestamps_ms(sortid::Format::kUlid, id, 1, &ms);
  PrintTime(ms);
  std::printf("  random:    %s (80 bits)\n", Hex(id + 6, 10).c_str());
  PrintForms(id);
}

// Returns false when text is no ID of any known shape.
bool InspectOne(std::string_view text) {
  uint8_t id[16];
  std::printf("%.*s\n", static_cast<int>(text.size()), text.data());
  if (text.size() == 26 && Decode(sortid::Format::kUlid, text, id)) {
    PrintUlid(id);
    return true;
  }
  if (text.size() == 20 && Decode(sortid::Format::kRecordId, text, id)) {
    const sortid::RecordFields f = sortid::record_unpack(id);
    std::printf("  format:    Record ID\n");
    PrintTime(f.unix_ms);
    std::printf("  machine:   %llu (0x%010llx)\n", static_cast<unsigned long long>(f.machine_id),
                static_cast<unsigned long long>(f.machine_id));
    std::printf("  counter:   %u\n", f.counter);
    std::printf("  hex:       %s\n", Hex(id, 16).c_str());
    return true;
  }
  if ((text.size() == 36 && Decode(sortid::Format::kUuid, text, id)) ||
      (text.size() == 32 && Decode(sortid::Format::kUuidHex, text, id))) {
    const int version = id[6] >> 4;
    const int variant = id[8] >> 6;
    std::printf("  format:    UUID, version %d, %s variant\n", version,
                variant == 2 ? "RFC 9562" : "non-RFC");
    int64_t ms;  // the top 48 bits: a UUIDv7's time, or what a ULID would read
    (void)sortid::timestamps_ms(sortid::Format::kUuid, id, 1, &ms);
    if (version == 7 && variant == 2) {
      PrintTime(ms);
    } else {
      std::printf("  time:      none (not a version 7 UUID; as a ULID it would read %s)\n",
                  sortid::format_iso8601(ms).c_str());
    }
    PrintForms(id);
    return true;
  }
  // TypeID: type_suffix, lower-case suffix.
  const sortid::TypeIdSplit split = sortid::typeid_split(text);
  if (split.error == sortid::Error::kOk && !split.type_name.empty()) {
    sortid::TextOptions options;
    options.prefix = split.type_name;
    options.type_id = true;
    if (Decode(sortid::Format::kUlid, text, id, options)) {
      std::printf("  type:      %.*s (TypeID)\n", static_cast<int>(split.type_name.size()),
                  split.type_name.data());
      PrintUlid(id);
      return true;
    }
  }
  // Any other prefix ending in a separator: ORDER#<ulid>, user:<ulid>, ...
  if (text.size() > 26 && Decode(sortid::Format::kUlid, text.substr(text.size() - 26), id)) {
    const std::string_view prefix = text.substr(0, text.size() - 26);
    std::printf("  prefix:    %.*s\n", static_cast<int>(prefix.size()), prefix.data());
    PrintUlid(id);
    return true;
  }
  // Say why, for the shape it is closest to.
  sortid::Format closest = sortid::Format::kUlid;
  if (text.size() == 20) closest = sortid::Format::kRecordId;
  if (text.size() == 36) closest = sortid::Format::kUuid;
  if (text.size() == 32) closest = sortid::Format::kUuidHex;
  const sortid::Explanation why = sortid::explain(closest, text);
  static constexpr const char* kNames[] = {"ULID", "Record ID", "UUID", "UUID hex"};
  const bool located = why.error != sortid::Error::kLength && why.position < text.size();
  std::printf("  not a valid ID: read as a %s: %s", kNames[static_cast<int>(closest)],
              DescribeError(why, text, sortid::text_length(closest)).c_str());
  if (located) std::printf(" at column %zu", why.position + 1);
  std::printf("\n");
  return false;
}

}  // namespace

int RunInspect(const std::vector<std::string>& ids) {
  bool all_ok = true;
  for (size_t i = 0; i < ids.size(); ++i) {
    if (i > 0) std::printf("\n");
    all_ok &= InspectOne(ids[i]);
  }
  return all_ok ? kExitOk : kExitBadData;
}

int RunBounds(const std::string& from, const std::string& to, const std::string& format_name) {
  const IdFormat id_format = ParseIdFormat(format_name, "--format");
  if (id_format != IdFormat::kUlid && id_format != IdFormat::kRecord &&
      id_format != IdFormat::kUuid && id_format != IdFormat::kHex) {
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

int RunTargets() {
  auto print = [](const char* label, std::span<const char* const> names) {
    std::printf("%-10s", label);
    for (const char* name : names) std::printf(" %s", name);
    std::printf("\n");
  };
  print("compiled:", sortid::targets(sortid::TargetSet::kCompiled));
  print("supported:", sortid::targets(sortid::TargetSet::kSupported));
  const char* active = sortid::active_target();
  std::printf("%-10s %s\n", "active:", active[0] ? active : "(none: SORTID_TARGET is invalid)");
  return active[0] ? kExitOk : kExitUsage;
}

}  // namespace sortid::cli
