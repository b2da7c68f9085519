/*
 * sortid PostgreSQL extension: ulid_min / ulid_max, the smallest and largest
 * ULID of a time, for time-window queries (id BETWEEN ulid_min(a) AND
 * ulid_max(b)). A timestamptz names its millisecond; text names a period by
 * the rule every sortid engine and the sortid command share (time_text.h).
 * timestamptz_to_ulid and timestamp_to_ulid reach ulid_min too: timestamp and
 * timestamptz share one representation, so a timestamp is read as UTC.
 */
/* clang-format off: PostgreSQL requires postgres.h before any other header. */
#include "postgres.h"
/* clang-format on */

#include "time_text.h"
#include "ulid_pg.h"
#include "utils/timestamp.h"

/*
 * The smallest ULID of the millisecond unix_ms (upper: the largest), palloc'd.
 * Raises ERRCODE_DATETIME_VALUE_OUT_OF_RANGE, naming function, for a time
 * outside the ULID range.
 */
static ulid_t* ulid_bound_of_ms(int64 unix_ms, bool upper, const char* function) {
  ulid_t* id = palloc(sizeof(ulid_t));

  if (sortid_bounds(SORTID_FORMAT_ULID, unix_ms, upper ? NULL : id->data,
                    upper ? id->data : NULL) != SORTID_OK)
    ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
                    errmsg("%s: timestamp out of range for a ULID", function),
                    errdetail("A ULID holds the milliseconds from 1970-01-01 00:00:00 UTC to "
                              "10889-08-02 05:31:50.655 UTC.")));
  return id;
}

/* The millisecond a timestamptz falls in (floor), as Unix ms. */
static int64 timestamptz_to_unix_ms(TimestampTz ts, const char* function) {
  int64 ms;

  if (TIMESTAMP_NOT_FINITE(ts))
    ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
                    errmsg("%s: timestamp out of range for a ULID: %s", function,
                           TIMESTAMP_IS_NOBEGIN(ts) ? "-infinity" : "infinity")));
  ms = ts / 1000 - (ts % 1000 < 0 ? 1 : 0);
  return ms + UNIX_TO_POSTGRES_EPOCH_MS;
}

/* ulid_min(timestamptz) / ulid_max(timestamptz): the timestamp's millisecond. */
static Datum ulid_bound_of_timestamptz(FunctionCallInfo fcinfo, bool upper, const char* function) {
  PG_RETURN_ULID_P(ulid_bound_of_ms(timestamptz_to_unix_ms(PG_GETARG_TIMESTAMPTZ(0), function),
                                    upper, function));
}

/*
 * ulid_min(text) / ulid_max(text): the text is read by the rule the other
 * engines and the sortid command use (a date is its whole day, a time
 * without an offset is UTC), not by timestamptz input, whose midnight and
 * session time zone would give other rows than DuckDB and SQLite.
 */
static Datum ulid_bound_of_text(FunctionCallInfo fcinfo, bool upper, const char* function) {
  text* input = PG_GETARG_TEXT_PP(0);
  char message[512];
  int64_t unix_ms = 0;

  if (!sortid_pg_time_text_bound(function, VARDATA_ANY(input), VARSIZE_ANY_EXHDR(input),
                                 upper ? 1 : 0, &unix_ms, message, sizeof(message)))
    ereport(ERROR, (errcode(ERRCODE_INVALID_DATETIME_FORMAT), errmsg("%s", message)));
  PG_RETURN_ULID_P(ulid_bound_of_ms(unix_ms, upper, function));
}

PG_FUNCTION_INFO_V1(ulid_min);
Datum ulid_min(PG_FUNCTION_ARGS) { return ulid_bound_of_timestamptz(fcinfo, false, "ulid_min"); }

PG_FUNCTION_INFO_V1(ulid_max);
Datum ulid_max(PG_FUNCTION_ARGS) { return ulid_bound_of_timestamptz(fcinfo, true, "ulid_max"); }

PG_FUNCTION_INFO_V1(ulid_min_text);
Datum ulid_min_text(PG_FUNCTION_ARGS) { return ulid_bound_of_text(fcinfo, false, "ulid_min"); }

PG_FUNCTION_INFO_V1(ulid_max_text);
Datum ulid_max_text(PG_FUNCTION_ARGS) { return ulid_bound_of_text(fcinfo, true, "ulid_max"); }
