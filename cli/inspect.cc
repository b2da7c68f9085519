// sortid inspect: detects each ID's format and prints what it holds.
#include <cstdio>
#include <cstring>
#include <optional>

#include "cli/commands.h"
#include "cli/common.h"

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

int RunInspect(const std::vector<std::string>& ids) {
  bool all_ok = true;
  for (size_t i = 0; i < ids.size(); ++i) {
    if (i > 0) std::printf("\n");
    all_ok &= InspectOne(ids[i]);
  }
  return all_ok ? kExitOk : kExitBadData;
}

}  // namespace

Command AddInspectCommand(CLI::App& parent) {
  auto ids = std::make_shared<std::vector<std::string>>();
  CLI::App* app = parent.add_subcommand(
      "inspect", "Detect each ID's format and print its fields (time, random, machine, ...)");
  app->add_option("ids", *ids, "IDs: ULID, Record ID, UUID, TypeID or PREFIX<ulid>")->required();
  return {app, [ids] { return RunInspect(*ids); }};
}

}  // namespace sortid::cli
