// sortid as a SQLite loadable extension (entry point sqlite3_sortid_init;
// `.load path/to/sortid` in the sqlite3 shell). SQLite calls scalar functions
// one row at a time, so each call converts or generates one value.
// Types: IDs as TEXT, binary IDs as 16-byte BLOBs, times as INTEGER Unix ms
// (ulid_min / ulid_max also take REAL Julian days and ISO 8601 TEXT).
// NULL in, NULL out; strict functions raise an error quoting the value, the
// try_ variants return NULL.
#include <sqlite3ext.h>

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>

#include "common/invalid_id_message.h"
#include "sortid/sortid.h"
#include "sortid/sortid.hpp"
#include "sqlite_compat.h"
#include "sqlite_functions.h"

SQLITE_EXTENSION_INIT1

namespace {

enum class Mode : int { kStrict, kTry };

// Decodes the text argument as one ID of the format. Returns false after
// setting the result (NULL for NULL or in try mode, an error in strict mode).
// name: the strict function's, for its error message (try mode has none).
bool DecodeArg(sqlite3_context* ctx, sqlite3_value* arg, sortid_format format, Mode mode,
               const char* name, uint8_t* id) {
  if (sqlite3_value_type(arg) == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return false;
  }
  const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(arg));
  const auto length = static_cast<size_t>(sqlite3_value_bytes(arg));
  // One row: the per-item fast path (exact length, no dispatch).
  if (text != nullptr && length == sortid_text_length(format) &&
      sortid_decode_one(format, text, length, id, nullptr, nullptr) == SORTID_OK) {
    return true;
  }
  if (mode == Mode::kTry) {
    sqlite3_result_null(ctx);
    return false;
  }
  const std::string message =
      sortid::engines::InvalidIdMessage(name, format, text ? text : "", text ? length : 0);
  sqlite3_result_error(ctx, message.c_str(), -1);
  return false;
}

void ResultText(sqlite3_context* ctx, sortid_format format, const uint8_t* id) {
  char text[36];
  const size_t length = sortid_encode_one(format, id, text, nullptr);
  sqlite3_result_text(ctx, text, static_cast<int>(length), SQLITE_TRANSIENT);
}

template <Mode kMode>
void UlidToUuid(sqlite3_context* ctx, int, sqlite3_value** argv) {
  uint8_t id[16];
  if (!DecodeArg(ctx, argv[0], SORTID_FORMAT_ULID, kMode, "ulid_to_uuid", id)) return;
  ResultText(ctx, SORTID_FORMAT_UUID, id);
}

template <Mode kMode>
void UlidToBlob(sqlite3_context* ctx, int, sqlite3_value** argv) {
  uint8_t id[16];
  if (!DecodeArg(ctx, argv[0], SORTID_FORMAT_ULID, kMode, "ulid_to_blob", id)) return;
  sqlite3_result_blob(ctx, id, 16, SQLITE_TRANSIENT);
}

template <Mode kMode, sortid_format kFormat>
void IdTime(sqlite3_context* ctx, int, sqlite3_value** argv) {
  uint8_t id[16];
  const bool record = kFormat == SORTID_FORMAT_RECORD_ID;
  const char* name = record ? "record_id_time" : "ulid_time";
  if (!DecodeArg(ctx, argv[0], kFormat, kMode, name, id)) return;
  int64_t ms = 0;
  sortid_timestamps_ms(kFormat, id, 1, &ms);
  sqlite3_result_int64(ctx, ms);
}

void UlidValid(sqlite3_context* ctx, int, sqlite3_value** argv) {
  uint8_t id[16];
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return sqlite3_result_null(ctx);
  sqlite3_result_int(ctx, DecodeArg(ctx, argv[0], SORTID_FORMAT_ULID, Mode::kTry, "", id) ? 1 : 0);
}

// UUID as 36/32-character text or a 16-byte BLOB -> ULID text.
void UuidToUlid(sqlite3_context* ctx, int, sqlite3_value** argv) {
  uint8_t id[16];
  switch (sqlite3_value_type(argv[0])) {
    case SQLITE_NULL:
      return sqlite3_result_null(ctx);
    case SQLITE_BLOB:
      if (sqlite3_value_bytes(argv[0]) != 16) {
        return sqlite3_result_error(ctx, "uuid_to_ulid: a binary UUID is 16 bytes", -1);
      }
      std::memcpy(id, sqlite3_value_blob(argv[0]), 16);
      break;
    default: {
      const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
      const int length = sqlite3_value_bytes(argv[0]);
      // SORTID_FORMAT_UUID's per-item decode takes 36 or 32 characters.
      const bool valid = text != nullptr && (length == 36 || length == 32) &&
                         sortid_decode_one(SORTID_FORMAT_UUID, text, static_cast<size_t>(length),
                                           id, nullptr, nullptr) == SORTID_OK;
      if (!valid) {
        const std::string message = "uuid_to_ulid: " +
                                    sortid::engines::QuoteForMessage(
                                        text ? text : "", text ? static_cast<size_t>(length) : 0) +
                                    " is not a UUID (36 or 32 hex characters)";
        return sqlite3_result_error(ctx, message.c_str(), -1);
      }
    }
  }
  ResultText(ctx, SORTID_FORMAT_ULID, id);
}

void UlidFromBlob(sqlite3_context* ctx, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return sqlite3_result_null(ctx);
  // Only a BLOB is a binary ID: 16 characters of TEXT are not 16 bytes of ID.
  if (sqlite3_value_type(argv[0]) != SQLITE_BLOB || sqlite3_value_bytes(argv[0]) != 16) {
    return sqlite3_result_error(ctx, "ulid_from_blob: a binary ULID is a 16-byte BLOB", -1);
  }
  uint8_t id[16];
  std::memcpy(id, sqlite3_value_blob(argv[0]), 16);
  ResultText(ctx, SORTID_FORMAT_ULID, id);
}

// ulid_min / ulid_max: INTEGER Unix ms, REAL Julian day (julianday()) or TEXT
// (read as engines/common/time_bounds.h says: "YYYY-MM-DD" is the whole day)
// -> ULID text.
template <bool kMax>
void UlidBound(sqlite3_context* ctx, int, sqlite3_value** argv) {
  const char* name = kMax ? "ulid_max" : "ulid_min";
  std::optional<int64_t> ms;
  if (!sortid::sqlite_glue::ReadTimeArg(ctx, argv[0], name, kMax, &ms)) return;
  uint8_t id[16];
  if (!ms || sortid_bounds(SORTID_FORMAT_ULID, *ms, kMax ? nullptr : id, kMax ? id : nullptr) !=
                 SORTID_OK) {
    const std::string message =
        std::string(name) +
        ": expected Unix ms (INTEGER), a Julian day (REAL) or an ISO 8601 time (TEXT) within the "
        "ULID range";
    return sqlite3_result_error(ctx, message.c_str(), -1);
  }
  ResultText(ctx, SORTID_FORMAT_ULID, id);
}

void GenerationError(sqlite3_context* ctx, const char* name, sortid_error error) {
  const std::string message = std::string(name) + ": " + sortid_error_message(error);
  sqlite3_result_error(ctx, message.c_str(), -1);
}

// One ID per call from the library's pool generator, which reseeds in a
// child process: no IDs are made ahead, so a forked child (Python's
// multiprocessing, a pre-forking server) never repeats its parent's.
template <sortid_id_kind kKind>
void Generate(sqlite3_context* ctx, int, sqlite3_value**) {
  char text[sortid::kUlidTextLength];
  if constexpr (kKind == SORTID_KIND_ULID_MONOTONIC) {
    // One order shared by every connection and thread of the process.
    uint8_t id[16];
    const sortid_error error = sortid_generate_ulid_monotonic_global(id, 1, nullptr);
    if (error != SORTID_OK) return GenerationError(ctx, "ulid_monotonic", error);
    return ResultText(ctx, SORTID_FORMAT_ULID, id);
  } else if constexpr (kKind == SORTID_KIND_RECORD_ID) {
    const sortid_error error = sortid_generate_text(kKind, SORTID_FORMAT_RECORD_ID, text, 1,
                                                    sortid::kRecordIdTextLength, nullptr, nullptr);
    if (error != SORTID_OK) return GenerationError(ctx, "record_id", error);
    sqlite3_result_text(ctx, text, sortid::kRecordIdTextLength, SQLITE_TRANSIENT);
  } else {
    const sortid_error error = sortid_new_ulid_text(text);
    if (error != SORTID_OK) return GenerationError(ctx, "ulid", error);
    sqlite3_result_text(ctx, text, sortid::kUlidTextLength, SQLITE_TRANSIENT);
  }
}

// sortid_version(): the version of the library built into this module (the
// same text as `sortid --version` and every other interface's).
void Version(sqlite3_context* ctx, int, sqlite3_value**) {
  sqlite3_result_text(ctx, sortid_version(), -1, SQLITE_STATIC);
}

using sortid::sqlite_glue::Function;

// Every function is innocuous (no side effects): usable in a DEFAULT, view or
// index under PRAGMA trusted_schema=OFF.
constexpr int kVolatile = SQLITE_UTF8 | SQLITE_INNOCUOUS;
constexpr int kPure = kVolatile | SQLITE_DETERMINISTIC;

constexpr Function kFunctions[] = {
    {"ulid", 0, kVolatile, Generate<SORTID_KIND_ULID>},
    {"ulid_monotonic", 0, kVolatile, Generate<SORTID_KIND_ULID_MONOTONIC>},
    {"record_id", 0, kVolatile, Generate<SORTID_KIND_RECORD_ID>},
    {"ulid_to_uuid", 1, kPure, UlidToUuid<Mode::kStrict>},
    {"try_ulid_to_uuid", 1, kPure, UlidToUuid<Mode::kTry>},
    {"uuid_to_ulid", 1, kPure, UuidToUlid},
    {"ulid_to_blob", 1, kPure, UlidToBlob<Mode::kStrict>},
    {"try_ulid_to_blob", 1, kPure, UlidToBlob<Mode::kTry>},
    {"ulid_from_blob", 1, kPure, UlidFromBlob},
    {"ulid_time", 1, kPure, IdTime<Mode::kStrict, SORTID_FORMAT_ULID>},
    {"try_ulid_time", 1, kPure, IdTime<Mode::kTry, SORTID_FORMAT_ULID>},
    {"record_id_time", 1, kPure, IdTime<Mode::kStrict, SORTID_FORMAT_RECORD_ID>},
    {"try_record_id_time", 1, kPure, IdTime<Mode::kTry, SORTID_FORMAT_RECORD_ID>},
    {"ulid_valid", 1, kPure, UlidValid},
    {"ulid_min", 1, kPure, UlidBound<false>},
    {"ulid_max", 1, kPure, UlidBound<true>},
    {"sortid_version", 0, kPure, Version},
};

}  // namespace

extern "C" __attribute__((visibility("default"))) int sqlite3_sortid_init(
    sqlite3* db, char** error, const sqlite3_api_routines* api) {
  SQLITE_EXTENSION_INIT2(api);
  const char* failed = nullptr;
  int rc = sortid::sqlite_glue::RegisterFunctions(db, kFunctions, &failed);
  if (rc == SQLITE_OK) rc = sortid::sqlite_glue::RegisterCompatFunctions(db, &failed);
  if (rc != SQLITE_OK && error != nullptr) {
    *error = sqlite3_mprintf("sortid: cannot register %s", failed);
  }
  return rc;
}
