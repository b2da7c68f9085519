// What the extension's two function files (sqlite_extension.cc and
// sqlite_compat.cc) share: reading a time argument and registering a table
// of functions.
#ifndef SORTID_ENGINES_SQLITE_SQLITE_FUNCTIONS_H_
#define SORTID_ENGINES_SQLITE_SQLITE_FUNCTIONS_H_

#include <sqlite3ext.h>

#include <cstdint>
#include <optional>
#include <span>

namespace sortid::sqlite_glue {

// Reads a time: INTEGER Unix ms, REAL Julian day (julianday()) or TEXT by
// the engines' rule (engines/common/time_bounds.h; upper: a date or a coarse
// time stands for its last millisecond). Returns false after setting the
// result: NULL for NULL, an error naming function for unreadable text.
// Otherwise *ms is the time, or nullopt for a Julian day out of range.
bool ReadTimeArg(sqlite3_context* ctx, sqlite3_value* arg, const char* function, bool upper,
                 std::optional<int64_t>* ms);

// One SQL function: its name, argument count (-1: any), flags for
// sqlite3_create_function_v2 (SQLITE_UTF8 | ...) and implementation.
struct Function {
  const char* name;
  int args;
  int flags;
  void (*fn)(sqlite3_context*, int, sqlite3_value**);
};

// Registers the functions on db. Returns SQLITE_OK or the failing call's code
// with *failed set to that function's name. Precondition:
// SQLITE_EXTENSION_INIT2 has run.
int RegisterFunctions(sqlite3* db, std::span<const Function> functions, const char** failed);

}  // namespace sortid::sqlite_glue

#endif  // SORTID_ENGINES_SQLITE_SQLITE_FUNCTIONS_H_
