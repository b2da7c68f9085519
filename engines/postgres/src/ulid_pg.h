/*
 * sortid PostgreSQL extension: what the source files share.
 *
 * A ulid datum is 16 bytes, big-endian, passed by reference, byte order =
 * ULID order = uuid order (see sortid--0.1.0.sql and docs/postgres.md).
 * Text goes through sortid's C API (include/sortid/sortid.h); PostgreSQL's
 * headers are C, so this extension stays in C.
 */
#ifndef SORTID_ENGINES_POSTGRES_ULID_PG_H_
#define SORTID_ENGINES_POSTGRES_ULID_PG_H_

/* clang-format off: PostgreSQL requires postgres.h before any other header. */
#include "postgres.h"
/* clang-format on */

#include <string.h>

#include "datatype/timestamp.h"
#include "fmgr.h"
#include "sortid/sortid.h"

typedef struct ulid_t {
  unsigned char data[SORTID_BINARY_SIZE];
} ulid_t;

#define DatumGetUlidP(X) ((ulid_t*)DatumGetPointer(X))
#define UlidPGetDatum(X) PointerGetDatum(X)
#define PG_GETARG_ULID_P(n) DatumGetUlidP(PG_GETARG_DATUM(n))
#define PG_RETURN_ULID_P(X) return UlidPGetDatum(X)

/* Milliseconds between 1970-01-01 and PostgreSQL's epoch 2000-01-01. */
#define UNIX_TO_POSTGRES_EPOCH_MS \
  ((int64)(POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * SECS_PER_DAY * 1000)

/*
 * One ID's text -> 16 bytes on sortid's per-item fast path. Preconditions:
 * text holds len bytes (no terminator needed); id holds 16 bytes. Returns
 * SORTID_OK, or the first error kind with its 0-based byte position in
 * *error_position (id zeroed).
 */
static inline sortid_error ulid_text_decode(sortid_format format, const char* text, size_t len,
                                            uint8_t* id, size_t* error_position) {
  return sortid_decode_one(format, text, len, id, NULL, error_position);
}

/*
 * One 16-byte ID -> text on the per-item fast path. Preconditions: out holds
 * sortid_text_length(format) bytes. Writes exactly that many characters
 * (canonical case, no NUL) and returns the count, or 0 when the ID cannot be
 * written (a Record ID with any of its top 28 bits set).
 */
static inline size_t ulid_text_encode(sortid_format format, const uint8_t* id, char* out) {
  return sortid_encode_one(format, id, out, NULL);
}

/*
 * Raises ERRCODE_INVALID_TEXT_REPRESENTATION for text that is not a valid ID
 * of format: names the kind of error and its 1-based byte position, and
 * quotes the text with non-printable bytes escaped (\xNN; first 64 bytes).
 * what: "type ulid", "a Record ID", ...
 */
pg_attribute_noreturn() void ulid_report_invalid_text(const char* what, sortid_format format,
                                                      const char* text, size_t len,
                                                      sortid_error why, size_t position);

/* Raises an error for a failed sortid generator call (function: the SQL name). */
pg_attribute_noreturn() void ulid_report_generator_error(const char* function, sortid_error why);

#endif /* SORTID_ENGINES_POSTGRES_ULID_PG_H_ */
