/*
 * sortid PostgreSQL extension: the bytea conversions pgx_ulid users expect
 * (its timestamp casts reuse ulid_time and ulid_min, sortid--0.1.0--0.2.0.sql).
 */
/* clang-format off: PostgreSQL requires postgres.h before any other header. */
#include "postgres.h"
/* clang-format on */

#include "ulid_pg.h"
#include "utils/builtins.h"

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
