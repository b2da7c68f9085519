// sqlite-ulid's function names over sortid (sqlite_compat.cc), registered by
// the module's entry point next to sortid's own.
#ifndef SORTID_ENGINES_SQLITE_SQLITE_COMPAT_H_
#define SORTID_ENGINES_SQLITE_SQLITE_COMPAT_H_

#include <sqlite3ext.h>

namespace sortid::sqlite_glue {

// Registers ulid(blob), ulid_bytes(), ulid_bytes(text), ulid_with_prefix,
// ulid_with_datetime, ulid_datetime, ulid_version and ulid_debug on db.
// Returns SQLITE_OK or the failing call's code with *name set to the
// function's name. Precondition: SQLITE_EXTENSION_INIT2 has run.
int RegisterCompatFunctions(sqlite3* db, const char** name);

}  // namespace sortid::sqlite_glue

#endif  // SORTID_ENGINES_SQLITE_SQLITE_COMPAT_H_
