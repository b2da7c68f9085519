/*
 * sortid PostgreSQL extension: sortid_version(), the version of the sortid
 * library linked into this module (the text `sortid --version` prints). The
 * extension's own version (pg_extension.extversion) is kept equal to it; the
 * regression test ulid_version checks that.
 */
/* clang-format off: PostgreSQL requires postgres.h before any other header. */
#include "postgres.h"
/* clang-format on */

#include "fmgr.h"
#include "sortid/sortid.h"
#include "utils/builtins.h"

PG_FUNCTION_INFO_V1(sortid_pg_version);
Datum sortid_pg_version(PG_FUNCTION_ARGS) {
  (void)fcinfo;
  PG_RETURN_TEXT_P(cstring_to_text(sortid_version()));
}
