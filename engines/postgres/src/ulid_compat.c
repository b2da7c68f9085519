/*
 * sortid PostgreSQL extension: ulid_min / ulid_max over text, and the
 * conversions pgx_ulid users expect (bytea; the timestamp casts reuse
 * ulid_time / ulid_min in sortid--0.1.0.sql, since timestamp and
 * timestamptz share one representation, read as UTC).
 */
/* clang-format off: PostgreSQL requires postgres.h before any other header. */
#include "postgres.h"
/* clang-format on */

#include "time_text.h"
#include "ulid_pg.h"
#include "utils/builtins.h"

/*
 * ulid_min(text) / ulid_max(text): the text is read by the rule the other
 * engines and the sortid command use (a date is its whole day, a time
 * without an offset is UTC), not by timestamptz input, whose midnight and
 * session time zone would give other rows than DuckDB and SQLite.
 */
static Datum ulid_bound_text(FunctionCallInfo fcinfo, bool upper, const char* function) {
  text* input = PG_GETARG_TEXT_PP(0);
  char message[512];
  int64_t unix_ms = 0;

  if (!sortid_pg_time_text_bound(function, VARDATA_ANY(input), VARSIZE_ANY_EXHDR(input),
                                 upper ? 1 : 0, &unix_ms, message, sizeof(message)))
    ereport(ERROR, (errcode(ERRCODE_INVALID_DATETIME_FORMAT), errmsg("%s", message)));
  PG_RETURN_ULID_P(ulid_bound_of_ms(unix_ms, upper, function));
}

PG_FUNCTION_INFO_V1(ulid_min_text);
Datum ulid_min_text(PG_FUNCTION_ARGS) { return ulid_bound_text(fcinfo, false, "ulid_min"); }

PG_FUNCTION_INFO_V1(ulid_max_text);
Datum ulid_max_text(PG_FUNCTION_ARGS) { return ulid_bound_text(fcinfo, true, "ulid_max"); }

/* ulid -> bytea: the 16 bytes, big-endian (as ulid_send and uuid_send). */
PG_FUNCTION_INFO_V1(ulid_to_bytea);
Datum ulid_to_bytea(PG_FUNCTION_ARGS) {
  bytea* out = palloc(VARHDRSZ + SORTID_BINARY_SIZE);

  SET_VARSIZE(out, VARHDRSZ + SORTID_BINARY_SIZE);
  memcpy(VARDATA(out), PG_GETARG_ULID_P(0)->data, SORTID_BINARY_SIZE);
  PG_RETURN_BYTEA_P(out);
}

/* bytea -> ulid: exactly 16 bytes; every 16-byte value is a ULID. */
PG_FUNCTION_INFO_V1(bytea_to_ulid);
Datum bytea_to_ulid(PG_FUNCTION_ARGS) {
  bytea* input = PG_GETARG_BYTEA_PP(0);
  const size_t len = VARSIZE_ANY_EXHDR(input);
  ulid_t* id;

  if (len != SORTID_BINARY_SIZE)
    ereport(ERROR, (errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
                    errmsg("bytea_to_ulid: a binary ULID is 16 bytes, got %zu", len)));
  id = palloc(sizeof(ulid_t));
  memcpy(id->data, VARDATA_ANY(input), SORTID_BINARY_SIZE);
  PG_RETURN_ULID_P(id);
}
