/*
 * sortid PostgreSQL extension: generators (ULID, monotonic ULID, UUIDv7,
 * Record ID), the time of an ID, uuid conversions. The time-window bounds
 * (ulid_min / ulid_max) are in ulid_bounds.c.
 *
 * Generation uses sortid's process-wide pool (sortid_generate): a PostgreSQL
 * backend is one process with one thread, so "the calling thread's generator"
 * is this backend's own, and gen_ulid_monotonic() is monotonic per backend
 * without shared memory or shared_preload_libraries. The pool reseeds after a
 * fork (backends are forked from the postmaster). Semantics, incl. a clock
 * that steps back and the overflow rule: include/sortid/generator.hpp and
 * docs/spec.md §3.
 */
/* clang-format off: PostgreSQL requires postgres.h before any other header. */
#include "postgres.h"
/* clang-format on */

#include "ulid_pg.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

static TimestampTz unix_ms_to_timestamptz(int64 unix_ms) {
  return (unix_ms - UNIX_TO_POSTGRES_EPOCH_MS) * 1000;
}

static ulid_t* generate_one(sortid_id_kind kind, const char* function) {
  ulid_t* id = palloc(sizeof(ulid_t));
  const sortid_error why = sortid_generate(kind, id->data, 1, NULL);

  if (why != SORTID_OK) ulid_report_generator_error(function, why);
  return id;
}

PG_FUNCTION_INFO_V1(gen_ulid);
Datum gen_ulid(PG_FUNCTION_ARGS) {
  (void)fcinfo;
  PG_RETURN_ULID_P(generate_one(SORTID_KIND_ULID, "gen_ulid"));
}

PG_FUNCTION_INFO_V1(gen_ulid_monotonic);
Datum gen_ulid_monotonic(PG_FUNCTION_ARGS) {
  (void)fcinfo;
  PG_RETURN_ULID_P(generate_one(SORTID_KIND_ULID_MONOTONIC, "gen_ulid_monotonic"));
}

PG_FUNCTION_INFO_V1(gen_uuidv7);
Datum gen_uuidv7(PG_FUNCTION_ARGS) {
  (void)fcinfo;
  /* pg_uuid_t has the same 16-byte layout. */
  PG_RETURN_UUID_P((pg_uuid_t*)generate_one(SORTID_KIND_UUIDV7, "gen_uuidv7"));
}

PG_FUNCTION_INFO_V1(gen_record_id);
Datum gen_record_id(PG_FUNCTION_ARGS) {
  const ulid_t* id = generate_one(SORTID_KIND_RECORD_ID, "gen_record_id");
  char text[20];

  (void)fcinfo;
  if (ulid_text_encode(SORTID_FORMAT_RECORD_ID, id->data, text) != sizeof(text))
    elog(ERROR, "gen_record_id: sortid could not encode a Record ID");
  PG_RETURN_TEXT_P(cstring_to_text_with_len(text, sizeof(text)));
}

PG_FUNCTION_INFO_V1(ulid_time);
Datum ulid_time(PG_FUNCTION_ARGS) {
  int64 unix_ms = 0;

  (void)sortid_timestamps_ms(SORTID_FORMAT_ULID, PG_GETARG_ULID_P(0)->data, 1, &unix_ms);
  PG_RETURN_TIMESTAMPTZ(unix_ms_to_timestamptz(unix_ms));
}

/* ulid and uuid share the 16-byte layout; these copy it under the other type. */
PG_FUNCTION_INFO_V1(ulid_to_uuid);
Datum ulid_to_uuid(PG_FUNCTION_ARGS) {
  pg_uuid_t* uuid = palloc(UUID_LEN);

  memcpy(uuid->data, PG_GETARG_ULID_P(0)->data, UUID_LEN);
  PG_RETURN_UUID_P(uuid);
}

PG_FUNCTION_INFO_V1(uuid_to_ulid);
Datum uuid_to_ulid(PG_FUNCTION_ARGS) {
  ulid_t* id = palloc(sizeof(ulid_t));

  memcpy(id->data, PG_GETARG_UUID_P(0)->data, SORTID_BINARY_SIZE);
  PG_RETURN_ULID_P(id);
}

PG_FUNCTION_INFO_V1(record_id_time);
Datum record_id_time(PG_FUNCTION_ARGS) {
  text* input = PG_GETARG_TEXT_PP(0);
  const char* chars = VARDATA_ANY(input);
  const size_t len = VARSIZE_ANY_EXHDR(input);
  uint8_t id[SORTID_BINARY_SIZE];
  size_t position = 0;
  int64 unix_ms = 0;
  const sortid_error why = ulid_text_decode(SORTID_FORMAT_RECORD_ID, chars, len, id, &position);

  if (why != SORTID_OK)
    ulid_report_invalid_text("a Record ID", SORTID_FORMAT_RECORD_ID, chars, len, why, position);
  (void)sortid_timestamps_ms(SORTID_FORMAT_RECORD_ID, id, 1, &unix_ms);
  PG_RETURN_TIMESTAMPTZ(unix_ms_to_timestamptz(unix_ms));
}
