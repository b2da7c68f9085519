// sqlite-ulid (asg017/sqlite-ulid) names over sortid, so its users switch
// without rewriting queries: BLOB IDs, prefixed IDs ("invoice_01h…"), IDs at
// a given time and times as SQLite datetime text. Differences that remain
// (upper-case ULID text from ulid(), strict errors) are in docs/sqlite.md.
#include "sqlite_compat.h"

#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "common/invalid_id_message.h"
#include "sortid/sortid.h"
#include "sortid/sortid.hpp"
#include "sqlite_functions.h"

SQLITE_EXTENSION_INIT3

namespace sortid::sqlite_glue {
namespace {

// A prefix is a short name: printable ASCII other than '_' (the separator).
constexpr size_t kMaxPrefix = 63;

void ResultUlidText(sqlite3_context* ctx, const uint8_t* id, bool lower) {
  char text[sortid::kUlidTextLength];
  sortid_encode_one(SORTID_FORMAT_ULID, id, text, nullptr);
  if (lower) {
    for (char& c : text) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  sqlite3_result_text(ctx, text, static_cast<int>(sortid::kUlidTextLength), SQLITE_TRANSIENT);
}

bool Generate(sqlite3_context* ctx, const char* name, uint8_t* id) {
  if (sortid_generate(SORTID_KIND_ULID, id, 1, nullptr) == SORTID_OK) return true;
  const std::string message = std::string(name) + ": generation failed";
  sqlite3_result_error(ctx, message.c_str(), -1);
  return false;
}

// The 16 bytes of a BLOB, ULID text or a prefixed ULID ("u_01gq…": the part
// after the last '_'). Sets the error (or NULL for NULL) and returns false
// otherwise.
bool ReadId(sqlite3_context* ctx, sqlite3_value* arg, const char* name, bool allow_prefix,
            uint8_t* id) {
  const int type = sqlite3_value_type(arg);
  if (type == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return false;
  }
  if (type == SQLITE_BLOB) {
    if (sqlite3_value_bytes(arg) == static_cast<int>(SORTID_BINARY_SIZE)) {
      std::memcpy(id, sqlite3_value_blob(arg), SORTID_BINARY_SIZE);
      return true;
    }
    const std::string message = std::string(name) + ": a binary ULID is a 16-byte BLOB, got " +
                                std::to_string(sqlite3_value_bytes(arg)) + " bytes";
    sqlite3_result_error(ctx, message.c_str(), -1);
    return false;
  }
  const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(arg));
  const auto length = static_cast<size_t>(sqlite3_value_bytes(arg));
  std::string_view id_text(text ? text : "", text ? length : 0);
  if (allow_prefix) {
    const size_t separator = id_text.rfind('_');
    if (separator != std::string_view::npos) id_text.remove_prefix(separator + 1);
  }
  if (id_text.size() == sortid::kUlidTextLength &&
      sortid_decode_one(SORTID_FORMAT_ULID, id_text.data(), sortid::kUlidTextLength, id, nullptr,
                        nullptr) == SORTID_OK) {
    return true;
  }
  const std::string message = sortid::engines::InvalidIdMessage(
      name, SORTID_FORMAT_ULID, text ? text : "", text ? length : 0);
  sqlite3_result_error(ctx, message.c_str(), -1);
  return false;
}

// ulid(blob): a 16-byte BLOB as ULID text.
void UlidFromBytes(sqlite3_context* ctx, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return sqlite3_result_null(ctx);
  if (sqlite3_value_type(argv[0]) != SQLITE_BLOB) {
    return sqlite3_result_error(ctx, "ulid: the argument is a 16-byte BLOB (ulid() makes a new ID)",
                                -1);
  }
  uint8_t id[SORTID_BINARY_SIZE];
  if (ReadId(ctx, argv[0], "ulid", false, id)) ResultUlidText(ctx, id, false);
}

// ulid_bytes(): a new ULID as a 16-byte BLOB; ulid_bytes(text): text -> BLOB.
void UlidBytes(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
  uint8_t id[SORTID_BINARY_SIZE];
  if (argc == 0) {
    if (!Generate(ctx, "ulid_bytes", id)) return;
  } else if (!ReadId(ctx, argv[0], "ulid_bytes", false, id)) {
    return;
  }
  sqlite3_result_blob(ctx, id, static_cast<int>(SORTID_BINARY_SIZE), SQLITE_TRANSIENT);
}

// ulid_with_prefix(prefix): "prefix_" + a new ULID in lower case, as sqlite-ulid.
void UlidWithPrefix(sqlite3_context* ctx, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return sqlite3_result_null(ctx);
  const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
  const auto length = static_cast<size_t>(sqlite3_value_bytes(argv[0]));
  bool ok = text != nullptr && length > 0 && length <= kMaxPrefix;
  for (size_t i = 0; ok && i < length; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    ok = c > 0x20 && c < 0x7f && c != '_';
  }
  if (!ok) {
    const std::string message =
        "ulid_with_prefix: " +
        sortid::engines::QuoteForMessage(text ? text : "", text ? length : 0) +
        " is not a prefix: 1 to 63 printable ASCII characters, no '_' or space";
    return sqlite3_result_error(ctx, message.c_str(), -1);
  }
  uint8_t id[SORTID_BINARY_SIZE];
  if (!Generate(ctx, "ulid_with_prefix", id)) return;
  char ulid_text[sortid::kUlidTextLength];
  sortid_encode_one(SORTID_FORMAT_ULID, id, ulid_text, nullptr);
  std::string out(text, length);
  out += '_';
  for (char c : ulid_text) out += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  sqlite3_result_text(ctx, out.data(), static_cast<int>(out.size()), SQLITE_TRANSIENT);
}

// ulid_with_datetime(t): a new random ULID whose time is t (TEXT by the
// engines' time-text rule, INTEGER Unix ms or REAL Julian day).
void UlidWithDatetime(sqlite3_context* ctx, int, sqlite3_value** argv) {
  std::optional<int64_t> ms;
  if (!ReadTimeArg(ctx, argv[0], "ulid_with_datetime", false, &ms)) return;
  uint8_t low[SORTID_BINARY_SIZE];
  if (!ms || sortid_bounds(SORTID_FORMAT_ULID, *ms, low, nullptr) != SORTID_OK) {
    return sqlite3_result_error(
        ctx, "ulid_with_datetime: time outside the ULID range (1970 to 10889)", -1);
  }
  uint8_t id[SORTID_BINARY_SIZE];
  if (!Generate(ctx, "ulid_with_datetime", id)) return;
  std::memcpy(id, low, 6);  // the 48-bit time; the random part stays
  ResultUlidText(ctx, id, false);
}

// ulid_datetime(id): the ID's time as SQLite datetime text
// ("2023-01-26 19:50:09.428", UTC), for text, prefixed text and BLOB IDs.
void UlidDatetime(sqlite3_context* ctx, int, sqlite3_value** argv) {
  uint8_t id[SORTID_BINARY_SIZE];
  if (!ReadId(ctx, argv[0], "ulid_datetime", true, id)) return;
  int64_t ms = 0;
  sortid_timestamps_ms(SORTID_FORMAT_ULID, id, 1, &ms);
  std::string text = sortid::format_iso8601(ms);  // ...THH:MM:SS.sssZ
  if (text.size() < 2) return sqlite3_result_error(ctx, "ulid_datetime: time not writable", -1);
  text.pop_back();
  text[text.size() - 13] = ' ';
  sqlite3_result_text(ctx, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

void UlidVersion(sqlite3_context* ctx, int, sqlite3_value**) {
  const std::string version = std::string("v") + sortid_version();
  sqlite3_result_text(ctx, version.data(), static_cast<int>(version.size()), SQLITE_TRANSIENT);
}

void UlidDebug(sqlite3_context* ctx, int, sqlite3_value**) {
  const std::string debug =
      std::string("Version: v") + sortid_version() +
      "\nSource: sortid (sqlite-ulid compatible names)\nTarget: " + sortid_active_target();
  sqlite3_result_text(ctx, debug.data(), static_cast<int>(debug.size()), SQLITE_TRANSIENT);
}

// The generators (a new value per call) are registered as neither
// deterministic nor innocuous; every other function is both.
constexpr int kVolatile = SQLITE_UTF8;
constexpr int kPure = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;

constexpr Function kCompat[] = {
    {"ulid", 1, kPure, UlidFromBytes},
    {"ulid_bytes", 0, kVolatile, UlidBytes},
    {"ulid_bytes", 1, kPure, UlidBytes},
    {"ulid_with_prefix", 1, kVolatile, UlidWithPrefix},
    {"ulid_with_datetime", 1, kVolatile, UlidWithDatetime},
    {"ulid_datetime", 1, kPure, UlidDatetime},
    {"ulid_version", 0, kPure, UlidVersion},
    {"ulid_debug", 0, kPure, UlidDebug},
};

}  // namespace

int RegisterCompatFunctions(sqlite3* db, const char** name) {
  return RegisterFunctions(db, kCompat, name);
}

}  // namespace sortid::sqlite_glue
