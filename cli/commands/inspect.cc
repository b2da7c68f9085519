// sortid inspect: detects each ID's format (by shape) and prints what it
// holds, as text or as JSON Lines (--json); IDs from the arguments or, with
// none (or "-"), one per line from standard input.
#include <cstdio>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>

#include "cli/commands/commands.h"
#include "cli/common.h"

namespace sortid::cli {
namespace {

// The 16 bytes as 32 lower-case hex digits, and the last 10 (a ULID's 80
// random bits) as 20.
std::string Hex(const uint8_t* id) { return Encoded(sortid::Format::kUuidHex, id); }
std::string RandomHex(const uint8_t* id) { return Hex(id).substr(12); }

bool Decode(sortid::Format format, std::string_view text, uint8_t* id,
            const sortid::TextOptions& options = {}) {
  return sortid::decode_one(format, text, id, options).error == sortid::Error::kOk;
}

// What one input is, whatever the output form.
struct Inspection {
  std::string_view input;
  enum class Kind { kInvalid, kUlid, kRecordId, kUuid } kind = Kind::kInvalid;
  uint8_t id[16] = {};
  std::string type_name;  // TypeID
  std::string prefix;     // PREFIX<ulid>
  int64_t ms = 0;
  bool has_time = false;  // false: a UUID other than v7 (ms is what a ULID would read)
  int version = 0, variant = 0;
  sortid::RecordFields record;
  std::string error;  // invalid: why
  size_t column = 0;  // invalid: 1-based column, 0 when not located
  const char* read_as = "";
};

void InspectUlid(Inspection& r) {
  r.kind = Inspection::Kind::kUlid;
  (void)sortid::timestamps_ms(sortid::Format::kUlid, r.id, 1, &r.ms);
  r.has_time = true;
}

bool IsSeparator(char c) {
  return !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

Inspection Inspect(std::string_view text) {
  Inspection r;
  r.input = text;
  if (text.size() == 26 && Decode(sortid::Format::kUlid, text, r.id)) {
    InspectUlid(r);
    return r;
  }
  if (text.size() == 20 && Decode(sortid::Format::kRecordId, text, r.id)) {
    r.kind = Inspection::Kind::kRecordId;
    r.record = sortid::unpack_record(r.id);
    r.ms = r.record.unix_ms;
    r.has_time = true;
    return r;
  }
  if ((text.size() == 36 && Decode(sortid::Format::kUuid, text, r.id)) ||
      (text.size() == 32 && Decode(sortid::Format::kUuidHex, text, r.id))) {
    r.kind = Inspection::Kind::kUuid;
    r.version = r.id[6] >> 4;
    r.variant = r.id[8] >> 6;
    // The top 48 bits: a UUIDv7's time, or what a ULID would read.
    (void)sortid::timestamps_ms(sortid::Format::kUuid, r.id, 1, &r.ms);
    r.has_time = r.version == 7 && r.variant == 2;
    return r;
  }
  // TypeID: type_suffix, lower-case suffix.
  std::string_view type_name;
  const bool typeid_shape = sortid::split_typeid(text, &type_name).ok() && !type_name.empty();
  if (typeid_shape) {
    sortid::TextOptions options;
    options.prefix = type_name;
    options.type_id = true;
    if (Decode(sortid::Format::kUlid, text, r.id, options)) {
      r.type_name = type_name;
      InspectUlid(r);
      return r;
    }
  }
  // Any other prefix: ORDER#<ulid>, user:<ulid>, ... A one-character prefix
  // must be a separator: "0" + 26 characters is more likely a typo.
  if (text.size() > 26 && (text.size() > 27 || IsSeparator(text[0])) &&
      Decode(sortid::Format::kUlid, text.substr(text.size() - 26), r.id)) {
    r.prefix = text.substr(0, text.size() - 26);
    InspectUlid(r);
    return r;
  }
  // Say why, for the shape it is closest to: a TypeID (type name, '_', 26
  // characters) first.
  if (typeid_shape && text.size() == type_name.size() + 27) {
    sortid::TextOptions options;
    options.prefix = type_name;
    options.type_id = true;
    const sortid::Result why = sortid::explain(sortid::Format::kUlid, text, options);
    r.read_as = "TypeID";
    r.error = DescribeError(why, text, text.size());
    if (why.error != sortid::Error::kLength && why.position < text.size()) {
      r.column = why.position + 1;
    }
    return r;
  }
  sortid::Format closest = sortid::Format::kUlid;
  if (text.size() == 20) closest = sortid::Format::kRecordId;
  if (text.size() == 36) closest = sortid::Format::kUuid;
  if (text.size() == 32) closest = sortid::Format::kUuidHex;
  const sortid::Result why = sortid::explain(closest, text);
  static constexpr const char* kNames[] = {"ULID", "Record ID", "UUID", "UUID hex"};
  r.read_as = kNames[static_cast<int>(closest)];
  r.error = DescribeError(why, text, sortid::text_length(closest));
  if (why.error != sortid::Error::kLength && why.position < text.size()) {
    r.column = why.position + 1;
  }
  return r;
}

void PrintTime(const Inspection& r) {
  std::printf("  time:      %lld ms = %s\n", static_cast<long long>(r.ms),
              sortid::format_iso8601(r.ms).c_str());
}

void PrintForms(const uint8_t* id) {
  std::printf("  ulid:      %s\n", Encoded(sortid::Format::kUlid, id).c_str());
  std::printf("  uuid:      %s\n", Encoded(sortid::Format::kUuid, id).c_str());
  std::printf("  hex:       %s\n", Hex(id).c_str());
}

// Text safe for a terminal: control bytes (C0 and DEL) escaped, so an input
// cannot move the cursor or retitle the window; other bytes as they are.
std::string TerminalSafe(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char byte : s) {
    const auto c = static_cast<unsigned char>(byte);
    if (c < 0x20 || c == 0x7F) {
      out += EscapedControl(c);
    } else {
      out += byte;
    }
  }
  return out;
}

void PrintText(const Inspection& r) {
  std::printf("%s\n", TerminalSafe(r.input).c_str());
  switch (r.kind) {
    case Inspection::Kind::kUlid:
      if (!r.type_name.empty()) std::printf("  type:      %s (TypeID)\n", r.type_name.c_str());
      if (!r.prefix.empty()) std::printf("  prefix:    %s\n", TerminalSafe(r.prefix).c_str());
      std::printf("  format:    ULID\n");
      PrintTime(r);
      std::printf("  random:    %s (80 bits)\n", RandomHex(r.id).c_str());
      PrintForms(r.id);
      return;
    case Inspection::Kind::kRecordId:
      std::printf("  format:    Record ID\n");
      PrintTime(r);
      std::printf("  machine:   %llu (0x%010llx)\n",
                  static_cast<unsigned long long>(r.record.machine_id),
                  static_cast<unsigned long long>(r.record.machine_id));
      std::printf("  counter:   %u\n", r.record.counter);
      std::printf("  hex:       %s\n", Hex(r.id).c_str());
      return;
    case Inspection::Kind::kUuid:
      std::printf("  format:    UUID, version %d, %s variant\n", r.version,
                  r.variant == 2 ? "RFC 9562" : "non-RFC");
      if (r.has_time) {
        PrintTime(r);
      } else {
        std::printf("  time:      none (not a version 7 UUID; as a ULID it would read %s)\n",
                    sortid::format_iso8601(r.ms).c_str());
      }
      PrintForms(r.id);
      return;
    case Inspection::Kind::kInvalid:
      std::printf("  not a valid ID: read as a %s: %s", r.read_as, r.error.c_str());
      if (r.column != 0) std::printf(" at column %zu", r.column);
      std::printf("\n");
      return;
  }
}

// Length of the well-formed UTF-8 sequence (2-4 bytes) starting at s[i], or 0.
size_t Utf8SequenceLength(std::string_view s, size_t i) {
  const auto at = [&s](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = at(i);
  size_t n = 0;
  unsigned char low = 0x80, high = 0xBF;  // allowed range of the second byte
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) low = 0xA0;   // no overlong forms
    if (c == 0xED) high = 0x9F;  // no surrogates
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) low = 0x90;
    if (c == 0xF4) high = 0x8F;  // <= U+10FFFF
  } else {
    return 0;
  }
  if (i + n > s.size() || at(i + 1) < low || at(i + 1) > high) return 0;
  for (size_t k = 2; k < n; ++k) {
    if (at(i + k) < 0x80 || at(i + k) > 0xBF) return 0;
  }
  return n;
}

// A JSON string: quotes, backslashes and control bytes escaped; well-formed
// UTF-8 as it is; each byte that is not part of well-formed UTF-8 as U+FFFD
// (never \u00XX, which would read as a real character; "input_hex" then
// gives the bytes). *lossy: set when such a byte was replaced.
std::string Json(std::string_view s, bool* lossy = nullptr) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
      ++i;
    } else if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
      ++i;
    } else if (const size_t n = c >= 0x80 ? Utf8SequenceLength(s, i) : 0; n != 0) {
      out.append(s.substr(i, n));
      i += n;
    } else if (c >= 0x80) {
      out += "\\ufffd";
      if (lossy != nullptr) *lossy = true;
      ++i;
    } else {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\u%04x", c);
      out += buf;
      ++i;
    }
  }
  return out + "\"";
}

void PrintJson(const Inspection& r) {
  bool lossy = false;
  std::string line = "{\"input\":" + Json(r.input, &lossy);
  if (lossy) {  // the input is not UTF-8: its exact bytes
    line += ",\"input_hex\":\"";
    for (const char c : r.input) {
      char buf[4];
      std::snprintf(buf, sizeof(buf), "%02x", static_cast<unsigned char>(c));
      line += buf;
    }
    line += '"';
  }
  const auto add = [&line](const char* key, const std::string& json_value) {
    line += ",\"";
    line += key;
    line += "\":";
    line += json_value;
  };
  add("valid", r.kind == Inspection::Kind::kInvalid ? "false" : "true");
  if (r.kind == Inspection::Kind::kInvalid) {
    add("error", Json(r.error));
    add("read_as", Json(r.read_as));
    if (r.column != 0) add("column", std::to_string(r.column));
    std::printf("%s}\n", line.c_str());
    return;
  }
  const char* format = r.kind == Inspection::Kind::kRecordId ? "record"
                       : r.kind == Inspection::Kind::kUuid   ? "uuid"
                       : r.type_name.empty()                 ? "ulid"
                                                             : "typeid";
  add("format", Json(format));
  if (!r.type_name.empty()) add("type", Json(r.type_name));
  if (!r.prefix.empty()) add("prefix", Json(r.prefix));
  if (r.kind == Inspection::Kind::kUuid) {
    add("version", std::to_string(r.version));
    add("variant", Json(r.variant == 2 ? "rfc9562" : "other"));
  }
  if (r.has_time) {
    add("time_ms", std::to_string(r.ms));
    add("time", Json(sortid::format_iso8601(r.ms)));
  } else {
    add("time_ms", "null");
    add("time", "null");
  }
  if (r.kind == Inspection::Kind::kRecordId) {
    add("machine", std::to_string(r.record.machine_id));
    add("counter", std::to_string(r.record.counter));
  } else {
    add("random", Json(RandomHex(r.id)));
    add("ulid", Json(Encoded(sortid::Format::kUlid, r.id)));
    add("uuid", Json(Encoded(sortid::Format::kUuid, r.id)));
  }
  add("hex", Json(Hex(r.id)));
  std::printf("%s}\n", line.c_str());
}

struct InspectArgs {
  std::vector<std::string> ids;
  bool json = false;
};

int RunInspect(const InspectArgs& args) {
  bool all_ok = true;
  size_t n = 0;
  const auto one = [&](std::string_view text) {
    const Inspection r = Inspect(text);
    if (args.json) {
      PrintJson(r);
    } else {
      if (n > 0) std::printf("\n");
      PrintText(r);
    }
    ++n;
    all_ok &= r.kind != Inspection::Kind::kInvalid;
  };
  if (args.ids.empty() || (args.ids.size() == 1 && args.ids[0] == "-")) {
    std::string line;
    while (std::getline(std::cin, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty()) continue;
      one(line);
    }
    if (std::cin.bad()) throw CliError(kExitIo, "<stdin>: read error");
  } else {
    for (const std::string& id : args.ids) one(id);
  }
  return all_ok ? kExitOk : kExitBadData;
}

void DeclareInspect(CLI::App* app, InspectArgs& args) {
  app->add_option("ids", args.ids,
                  "IDs: ULID, Record ID, UUID, TypeID or PREFIX<ulid> (none or '-': one per "
                  "line from standard input)");
  app->add_flag("--json", args.json, "one JSON object per ID and line (JSON Lines)");
}

}  // namespace

Command AddInspectCommand(CLI::App& parent) {
  return MakeCommand(parent, "inspect",
                     "Detect each ID's format and print its fields (time, random, machine, ...)",
                     DeclareInspect, RunInspect);
}

}  // namespace sortid::cli
