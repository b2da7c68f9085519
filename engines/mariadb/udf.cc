// sortid as MariaDB user-defined functions (CREATE FUNCTION ... SONAME
// 'sortid_mariadb.so'). The server calls each function once per row on the
// connection's current thread; nothing here is shared between threads except
// the library's process-wide monotonic order, which it locks itself.
// Types: IDs as text, binary IDs as 16-byte strings (BINARY(16)), times as
// DATETIME(3) text in UTC; ulid_min / ulid_max take a DATETIME or text time,
// or an integer of Unix milliseconds. NULL in, NULL out.
//
// Errors: the UDF interface has no way to fail a statement from a row (its
// *error flag only turns the row's result into NULL), so a bad value raises
// the server's own error through my_printf_error, looked up in the server
// process at load time; the statement then fails with the escaped message of
// the other engines. Argument-count and type errors use the init message.
#include <dlfcn.h>
#include <mysql.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "common/invalid_id_message.h"
#include "common/time_bounds.h"
#include "sortid/sortid.h"
#include "sortid/sortid.hpp"

namespace {

// MYSQL_ERRMSG_SIZE: the init message buffer's size.
constexpr size_t kInitMessageSize = 512;
// ER_UNKNOWN_ERROR (SQLSTATE HY000): the code of the server's generic error.
constexpr unsigned kUnknownError = 1105;

using PrintfError = void (*)(unsigned, const char*, unsigned long, ...);

// The server's my_printf_error, or nullptr when the module is loaded into a
// process that is not mariadbd (the row then only becomes NULL).
PrintfError ServerPrintfError() {
  static const PrintfError fn =
      reinterpret_cast<PrintfError>(dlsym(RTLD_DEFAULT, "my_printf_error"));
  return fn;
}

// Fails the current statement with message and makes the row's result NULL.
void RaiseRowError(const std::string& message, char* is_null, char* error) {
  if (PrintfError raise = ServerPrintfError()) raise(kUnknownError, "%s", 0UL, message.c_str());
  *is_null = 1;
  *error = 1;
}

my_bool InitMessage(char* message, const std::string& text) {
  std::snprintf(message, kInitMessageSize, "%s", text.c_str());
  return 1;  // refuse the call
}

// Checks the argument count; text_args: make the server pass every argument
// as a string (a number becomes its decimal text); max_length: the longest
// result, in bytes.
my_bool CheckArgs(UDF_INIT* initid, UDF_ARGS* args, char* message, const char* name, unsigned count,
                  bool text_args, unsigned max_length = 36) {
  if (args->arg_count != count) {
    return InitMessage(message, std::string(name) + "() takes " + std::to_string(count) +
                                    (count == 1 ? " argument" : " arguments"));
  }
  for (unsigned i = 0; text_args && i < count; ++i) args->arg_type[i] = STRING_RESULT;
  initid->maybe_null = count > 0;
  // The server starts from "constant when every argument is"; a generator
  // returns a new value every row, so it must not be folded into a constant.
  if (count == 0) initid->const_item = 0;
  initid->max_length = max_length;
  return false;
}

// Decodes the argument as one text ID of the format into id; false after
// raising the error (or for NULL, with *is_null set).
bool DecodeText(UDF_ARGS* args, sortid_format format, const char* name, uint8_t* id, char* is_null,
                char* error) {
  const char* text = args->args[0];
  if (text == nullptr) {
    *is_null = 1;
    return false;
  }
  const size_t length = args->lengths[0];
  if (length == sortid_text_length(format) &&
      sortid_decode_one(format, text, length, id, nullptr, nullptr) == SORTID_OK) {
    return true;
  }
  RaiseRowError(sortid::engines::InvalidIdMessage(name, format, text, length), is_null, error);
  return false;
}

char* ResultText(sortid_format format, const uint8_t* id, char* result, unsigned long* length) {
  *length = sortid_encode_one(format, id, result, nullptr);
  return result;
}

// UTC DATETIME(3) text of unix_ms ("2024-01-31 10:00:00.000"); years beyond
// 9999 keep the expanded ISO form, which a DATETIME cast refuses.
char* ResultTime(int64_t unix_ms, char* result, unsigned long* length) {
  char iso[sortid::kIso8601MaxLength + 1];
  size_t n = sortid::format_iso8601(unix_ms, iso, sizeof iso);
  if (n == 24 && iso[10] == 'T' && iso[23] == 'Z') {
    iso[10] = ' ';
    n = 23;
  }
  std::memcpy(result, iso, n);
  *length = n;
  return result;
}

// The millisecond of a ulid_min / ulid_max argument: an integer of Unix ms,
// or text (DATETIME values arrive as their text) naming a period.
std::optional<int64_t> BoundArg(UDF_ARGS* args, bool upper) {
  if (args->arg_type[0] == INT_RESULT) return *reinterpret_cast<long long*>(args->args[0]);
  return sortid::engines::BoundFromText(std::string_view(args->args[0], args->lengths[0]), upper);
}

// Per-thread batch of generated text IDs, refilled in bulk; a batch is used
// only within the millisecond it was made in, so every ID carries the time
// of its call.
template <sortid_id_kind kKind>
char* Generate(char* result, unsigned long* length, char* is_null, char* error) {
  if constexpr (kKind == SORTID_KIND_ULID_MONOTONIC) {
    uint8_t id[16];
    if (sortid_generate_ulid_monotonic_global(id, 1, nullptr) != SORTID_OK) {
      RaiseRowError("ulid_monotonic: random part exhausted", is_null, error);
      return nullptr;
    }
    return ResultText(SORTID_FORMAT_ULID, id, result, length);
  } else {
    constexpr size_t kBatch = 256;
    constexpr size_t kChars =
        kKind == SORTID_KIND_RECORD_ID ? sortid::kRecordIdTextLength : sortid::kUlidTextLength;
    struct Batch {
      char text[kBatch * kChars];
      size_t next = kBatch;
      int64_t made_ms = -1;
    };
    thread_local Batch batch;
    const int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count();
    if (batch.next == kBatch || batch.made_ms != now) {
      const sortid_format format =
          kKind == SORTID_KIND_RECORD_ID ? SORTID_FORMAT_RECORD_ID : SORTID_FORMAT_ULID;
      if (sortid_generate_text(kKind, format, batch.text, kBatch, kChars, nullptr, nullptr) !=
          SORTID_OK) {
        RaiseRowError("sortid: generation failed", is_null, error);
        return nullptr;
      }
      batch.next = 0;
      batch.made_ms = now;
    }
    std::memcpy(result, &batch.text[batch.next++ * kChars], kChars);
    *length = kChars;
    return result;
  }
}

}  // namespace

// The library's version for version_udf.cc, which cannot include sortid.h:
// its UDF entry point has the name of the library's C function.
const char* SortidLibraryVersion() { return SORTID_VERSION_STRING; }

// The entry points MariaDB looks up by name: NAME, NAME_init, NAME_deinit.
#define SORTID_UDF extern "C" __attribute__((visibility("default")))

// A generator: no arguments, a new ID per row.
#define SORTID_GENERATOR_UDF(name, kind)                                                          \
  SORTID_UDF my_bool name##_init(UDF_INIT* i, UDF_ARGS* a, char* m) {                             \
    return CheckArgs(i, a, m, #name, 0, false);                                                   \
  }                                                                                               \
  SORTID_UDF char* name(UDF_INIT*, UDF_ARGS*, char* result, unsigned long* length, char* is_null, \
                        char* error) {                                                            \
    return Generate<kind>(result, length, is_null, error);                                        \
  }

SORTID_GENERATOR_UDF(ulid, SORTID_KIND_ULID)
SORTID_GENERATOR_UDF(ulid_monotonic, SORTID_KIND_ULID_MONOTONIC)
SORTID_GENERATOR_UDF(record_id, SORTID_KIND_RECORD_ID)

SORTID_UDF my_bool ulid_to_uuid_init(UDF_INIT* i, UDF_ARGS* a, char* m) {
  return CheckArgs(i, a, m, "ulid_to_uuid", 1, true);
}
SORTID_UDF char* ulid_to_uuid(UDF_INIT*, UDF_ARGS* args, char* result, unsigned long* length,
                              char* is_null, char* error) {
  uint8_t id[16];
  if (!DecodeText(args, SORTID_FORMAT_ULID, "ulid_to_uuid", id, is_null, error)) return nullptr;
  return ResultText(SORTID_FORMAT_UUID, id, result, length);
}

SORTID_UDF my_bool ulid_to_bin_init(UDF_INIT* i, UDF_ARGS* a, char* m) {
  return CheckArgs(i, a, m, "ulid_to_bin", 1, true, 16);
}
SORTID_UDF char* ulid_to_bin(UDF_INIT*, UDF_ARGS* args, char* result, unsigned long* length,
                             char* is_null, char* error) {
  if (!DecodeText(args, SORTID_FORMAT_ULID, "ulid_to_bin", reinterpret_cast<uint8_t*>(result),
                  is_null, error)) {
    return nullptr;
  }
  *length = 16;
  return result;
}

SORTID_UDF my_bool ulid_from_bin_init(UDF_INIT* i, UDF_ARGS* a, char* m) {
  return CheckArgs(i, a, m, "ulid_from_bin", 1, true);
}
SORTID_UDF char* ulid_from_bin(UDF_INIT*, UDF_ARGS* args, char* result, unsigned long* length,
                               char* is_null, char* error) {
  if (args->args[0] == nullptr) {
    *is_null = 1;
    return nullptr;
  }
  if (args->lengths[0] != 16) {
    RaiseRowError(
        "ulid_from_bin: a binary ULID is 16 bytes, not " + std::to_string(args->lengths[0]),
        is_null, error);
    return nullptr;
  }
  return ResultText(SORTID_FORMAT_ULID, reinterpret_cast<const uint8_t*>(args->args[0]), result,
                    length);
}

// UUID as 36/32 hex characters (MariaDB's UUID type arrives as its text) or
// 16 bytes -> ULID text.
SORTID_UDF my_bool uuid_to_ulid_init(UDF_INIT* i, UDF_ARGS* a, char* m) {
  return CheckArgs(i, a, m, "uuid_to_ulid", 1, true);
}
SORTID_UDF char* uuid_to_ulid(UDF_INIT*, UDF_ARGS* args, char* result, unsigned long* length,
                              char* is_null, char* error) {
  const char* text = args->args[0];
  if (text == nullptr) {
    *is_null = 1;
    return nullptr;
  }
  const size_t n = args->lengths[0];
  uint8_t id[16];
  if (n == 16) {
    std::memcpy(id, text, 16);
  } else if ((n != 36 && n != 32) ||
             sortid_decode_one(SORTID_FORMAT_UUID, text, n, id, nullptr, nullptr) != SORTID_OK) {
    RaiseRowError("uuid_to_ulid: " + sortid::engines::QuoteForMessage(text, n) +
                      " is not a UUID (36 or 32 hex characters, or 16 bytes)",
                  is_null, error);
    return nullptr;
  }
  return ResultText(SORTID_FORMAT_ULID, id, result, length);
}

// ULID text (26 characters) or binary (16 bytes) -> DATETIME(3) text, UTC.
SORTID_UDF my_bool ulid_time_init(UDF_INIT* i, UDF_ARGS* a, char* m) {
  return CheckArgs(i, a, m, "ulid_time", 1, true, 23);
}
SORTID_UDF char* ulid_time(UDF_INIT*, UDF_ARGS* args, char* result, unsigned long* length,
                           char* is_null, char* error) {
  uint8_t id[16];
  if (args->args[0] != nullptr && args->lengths[0] == 16) {
    std::memcpy(id, args->args[0], 16);
  } else if (!DecodeText(args, SORTID_FORMAT_ULID, "ulid_time", id, is_null, error)) {
    return nullptr;
  }
  int64_t ms = 0;
  sortid_timestamps_ms(SORTID_FORMAT_ULID, id, 1, &ms);
  return ResultTime(ms, result, length);
}

namespace {

my_bool BoundInit(UDF_INIT* initid, UDF_ARGS* args, char* message, const char* name) {
  if (CheckArgs(initid, args, message, name, 1, false)) return true;
  if (args->arg_type[0] != INT_RESULT) args->arg_type[0] = STRING_RESULT;
  return false;
}

char* Bound(UDF_ARGS* args, bool upper, char* result, unsigned long* length, char* is_null,
            char* error) {
  if (args->args[0] == nullptr) {
    *is_null = 1;
    return nullptr;
  }
  const std::optional<int64_t> ms = BoundArg(args, upper);
  uint8_t id[16];
  if (!ms || sortid_bounds(SORTID_FORMAT_ULID, *ms, upper ? nullptr : id, upper ? id : nullptr) !=
                 SORTID_OK) {
    const std::string what =
        args->arg_type[0] == INT_RESULT
            ? std::to_string(*reinterpret_cast<long long*>(args->args[0]))
            : sortid::engines::QuoteForMessage(args->args[0], args->lengths[0]);
    RaiseRowError(std::string(upper ? "ulid_max" : "ulid_min") + ": " + what +
                      " is not a time within the ULID range (expected a DATETIME, an ISO 8601 "
                      "time or date as text, or an integer of Unix ms)",
                  is_null, error);
    return nullptr;
  }
  return ResultText(SORTID_FORMAT_ULID, id, result, length);
}

}  // namespace

// ulid_min / ulid_max: the first / last ULID of a time's millisecond.
#define SORTID_BOUND_UDF(name, upper)                                                   \
  SORTID_UDF my_bool name##_init(UDF_INIT* i, UDF_ARGS* a, char* m) {                   \
    return BoundInit(i, a, m, #name);                                                   \
  }                                                                                     \
  SORTID_UDF char* name(UDF_INIT*, UDF_ARGS* args, char* result, unsigned long* length, \
                        char* is_null, char* error) {                                   \
    return Bound(args, upper, result, length, is_null, error);                          \
  }

SORTID_BOUND_UDF(ulid_min, false)
SORTID_BOUND_UDF(ulid_max, true)
