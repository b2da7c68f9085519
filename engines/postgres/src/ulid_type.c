/*
 * sortid PostgreSQL extension: the ulid type's text and binary I/O,
 * comparison, hashing, and the error reports the extension shares.
 *
 * Facts taken from PostgreSQL's uuid type (src/backend/utils/adt/uuid.c):
 * 16 bytes by reference, memcmp order, hash_any / hash_any_extended over the
 * 16 bytes (so a ulid hashes like the uuid with the same bytes).
 * Text: sortid's strict ULID parser (case-insensitive Crockford Base32, first
 * character <= '7'); output is canonical upper case.
 */
/* clang-format off: PostgreSQL requires postgres.h before any other header. */
#include "postgres.h"
/* clang-format on */

#include "common/hashfn.h"
#include "libpq/pqformat.h"
#include "ulid_pg.h"
#include "utils/builtins.h"

PG_MODULE_MAGIC;

/* How much of a bad input an error message quotes. */
#define ULID_QUOTE_LIMIT 64

/* text with printable ASCII kept, \ and " backslashed, other bytes as \xNN. */
static char* escape_for_message(const char* text, size_t len) {
  static const char hex[] = "0123456789ABCDEF";
  const size_t shown = len < ULID_QUOTE_LIMIT ? len : ULID_QUOTE_LIMIT;
  StringInfoData out;
  size_t i;

  initStringInfo(&out);
  for (i = 0; i < shown; i++) {
    const unsigned char c = (unsigned char)text[i];

    if (c == '\\' || c == '"') {
      appendStringInfoChar(&out, '\\');
      appendStringInfoChar(&out, (char)c);
    } else if (c >= 0x20 && c < 0x7f) {
      appendStringInfoChar(&out, (char)c);
    } else {
      appendStringInfoString(&out, "\\x");
      appendStringInfoChar(&out, hex[c >> 4]);
      appendStringInfoChar(&out, hex[c & 0xf]);
    }
  }
  if (shown < len) appendStringInfo(&out, "... (%zu bytes)", len);
  return out.data;
}

void ulid_report_invalid_text(const char* what, sortid_format format, const char* text, size_t len,
                              sortid_error why, size_t position) {
  char* reason = pstrdup(sortid_error_message(why));

  reason[0] = (char)pg_toupper((unsigned char)reason[0]);
  if (why == SORTID_ERROR_LENGTH)
    ereport(ERROR,
            (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
             errmsg("invalid input syntax for %s: \"%s\"", what, escape_for_message(text, len)),
             errdetail("%s: %zu bytes, expected %zu.", reason, len, sortid_text_length(format))));
  ereport(ERROR,
          (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
           errmsg("invalid input syntax for %s: \"%s\"", what, escape_for_message(text, len)),
           errdetail("%s at position %zu.", reason, position + 1)));
  pg_unreachable();
}

void ulid_report_generator_error(const char* function, sortid_error why) {
  ereport(ERROR, (errcode(why == SORTID_ERROR_OVERFLOW ? ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE
                          : why == SORTID_ERROR_RANGE  ? ERRCODE_DATETIME_VALUE_OUT_OF_RANGE
                                                       : ERRCODE_INTERNAL_ERROR),
                  errmsg("%s failed: %s", function, sortid_error_message(why))));
  pg_unreachable();
}

PG_FUNCTION_INFO_V1(ulid_in);
Datum ulid_in(PG_FUNCTION_ARGS) {
  const char* text = PG_GETARG_CSTRING(0);
  const size_t len = strlen(text);
  ulid_t* id = palloc(sizeof(ulid_t));
  size_t position = 0;
  const sortid_error why = ulid_text_decode(SORTID_FORMAT_ULID, text, len, id->data, &position);

  if (why != SORTID_OK)
    ulid_report_invalid_text("type ulid", SORTID_FORMAT_ULID, text, len, why, position);
  PG_RETURN_ULID_P(id);
}

PG_FUNCTION_INFO_V1(ulid_out);
Datum ulid_out(PG_FUNCTION_ARGS) {
  const ulid_t* id = PG_GETARG_ULID_P(0);
  char* text = palloc(SORTID_TEXT_LENGTH_ULID + 1);

  if (ulid_text_encode(SORTID_FORMAT_ULID, id->data, text) != SORTID_TEXT_LENGTH_ULID)
    elog(ERROR, "ulid_out: sortid could not encode a ULID");
  text[SORTID_TEXT_LENGTH_ULID] = '\0';
  PG_RETURN_CSTRING(text);
}

PG_FUNCTION_INFO_V1(ulid_recv);
Datum ulid_recv(PG_FUNCTION_ARGS) {
  StringInfo buffer = (StringInfo)PG_GETARG_POINTER(0);
  ulid_t* id = palloc(sizeof(ulid_t));

  memcpy(id->data, pq_getmsgbytes(buffer, SORTID_BINARY_SIZE), SORTID_BINARY_SIZE);
  PG_RETURN_ULID_P(id);
}

PG_FUNCTION_INFO_V1(ulid_send);
Datum ulid_send(PG_FUNCTION_ARGS) {
  const ulid_t* id = PG_GETARG_ULID_P(0);
  StringInfoData buffer;

  pq_begintypsend(&buffer);
  pq_sendbytes(&buffer, (const char*)id->data, SORTID_BINARY_SIZE);
  PG_RETURN_BYTEA_P(pq_endtypsend(&buffer));
}

static inline int ulid_compare(FunctionCallInfo fcinfo) {
  return memcmp(PG_GETARG_ULID_P(0)->data, PG_GETARG_ULID_P(1)->data, SORTID_BINARY_SIZE);
}

PG_FUNCTION_INFO_V1(ulid_cmp);
Datum ulid_cmp(PG_FUNCTION_ARGS) {
  const int c = ulid_compare(fcinfo);
  PG_RETURN_INT32(c < 0 ? -1 : c > 0 ? 1 : 0);
}

PG_FUNCTION_INFO_V1(ulid_lt);
Datum ulid_lt(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(ulid_compare(fcinfo) < 0); }
PG_FUNCTION_INFO_V1(ulid_le);
Datum ulid_le(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(ulid_compare(fcinfo) <= 0); }
PG_FUNCTION_INFO_V1(ulid_eq);
Datum ulid_eq(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(ulid_compare(fcinfo) == 0); }
PG_FUNCTION_INFO_V1(ulid_ne);
Datum ulid_ne(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(ulid_compare(fcinfo) != 0); }
PG_FUNCTION_INFO_V1(ulid_ge);
Datum ulid_ge(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(ulid_compare(fcinfo) >= 0); }
PG_FUNCTION_INFO_V1(ulid_gt);
Datum ulid_gt(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(ulid_compare(fcinfo) > 0); }

/* State functions of the min(ulid) / max(ulid) aggregates. */
PG_FUNCTION_INFO_V1(ulid_smaller);
Datum ulid_smaller(PG_FUNCTION_ARGS) {
  PG_RETURN_DATUM(ulid_compare(fcinfo) <= 0 ? PG_GETARG_DATUM(0) : PG_GETARG_DATUM(1));
}
PG_FUNCTION_INFO_V1(ulid_larger);
Datum ulid_larger(PG_FUNCTION_ARGS) {
  PG_RETURN_DATUM(ulid_compare(fcinfo) >= 0 ? PG_GETARG_DATUM(0) : PG_GETARG_DATUM(1));
}

PG_FUNCTION_INFO_V1(ulid_hash);
Datum ulid_hash(PG_FUNCTION_ARGS) { return hash_any(PG_GETARG_ULID_P(0)->data, SORTID_BINARY_SIZE); }

/* The 64-bit seeded hash that hash partitioning needs. */
PG_FUNCTION_INFO_V1(ulid_hash_extended);
Datum ulid_hash_extended(PG_FUNCTION_ARGS) {
  return hash_any_extended(PG_GETARG_ULID_P(0)->data, SORTID_BINARY_SIZE, PG_GETARG_INT64(1));
}
