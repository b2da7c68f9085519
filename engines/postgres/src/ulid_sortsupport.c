/*
 * sortid PostgreSQL extension: sort support with abbreviated keys for the
 * btree opclass, and the distance function of the BRIN minmax-multi opclass.
 *
 * Abbreviated key: the first 8 bytes (48-bit timestamp + 16 random bits) as a
 * big-endian unsigned integer, compared with ssup_datum_unsigned_cmp. As for
 * PostgreSQL's uuid (src/backend/utils/adt/uuid.c, uuid_abbrev_convert and
 * uuid_abbrev_abort; src/include/utils/sortsupport.h), a HyperLogLog estimate
 * of the keys' cardinality aborts abbreviation when fewer than one distinct
 * key per ~2000 inputs shows up (e.g. many IDs of one millisecond sharing
 * their first 8 bytes), and stops estimating past 100k distinct keys.
 */
/* clang-format off: PostgreSQL requires postgres.h before any other header. */
#include "postgres.h"
/* clang-format on */

#include "common/hashfn.h"
#include "lib/hyperloglog.h"
#include "port/pg_bswap.h"
#include "ulid_pg.h"
#include "utils/guc.h"
#include "utils/sortsupport.h"

typedef struct ulid_sort_state {
  int64 input_count;          /* non-null values abbreviated so far */
  bool estimating;            /* still feeding the cardinality estimator */
  hyperLogLogState key_count; /* distinct abbreviated keys, estimated */
} ulid_sort_state;

static int ulid_full_compare(Datum x, Datum y, SortSupport ssup) {
  (void)ssup;
  return memcmp(DatumGetUlidP(x)->data, DatumGetUlidP(y)->data, SORTID_BINARY_SIZE);
}

/* The first 8 bytes as an integer whose unsigned order is the byte order. */
static Datum ulid_abbreviate(Datum original, SortSupport ssup) {
  ulid_sort_state* state = ssup->ssup_extra;
  uint64 head;

  memcpy(&head, DatumGetUlidP(original)->data, sizeof(head));
  state->input_count++;
  if (state->estimating) {
    const uint32 folded = (uint32)head ^ (uint32)(head >> 32);
    addHyperLogLog(&state->key_count, DatumGetUInt32(hash_uint32(folded)));
  }
  return UInt64GetDatum(pg_ntoh64(head));
}

static bool ulid_abbreviation_useless(int memtupcount, SortSupport ssup) {
  ulid_sort_state* state = ssup->ssup_extra;
  double distinct;

  if (memtupcount < 10000 || state->input_count < 10000 || !state->estimating) return false;
  distinct = estimateHyperLogLog(&state->key_count);
  if (distinct > 100000.0) {
    /* Enough variety that abbreviation pays off whatever follows. */
#ifdef TRACE_SORT
    if (trace_sort)
      elog(LOG, "ulid_abbrev: estimation ends at cardinality %f after " INT64_FORMAT " values",
           distinct, state->input_count);
#endif
    state->estimating = false;
    return false;
  }
  if (distinct < (double)state->input_count / 2000.0 + 0.5) {
#ifdef TRACE_SORT
    if (trace_sort)
      elog(LOG,
           "ulid_abbrev: aborting abbreviation at cardinality %f after " INT64_FORMAT
           " values (%d rows)",
           distinct, state->input_count, memtupcount);
#endif
    return true;
  }
  return false;
}

PG_FUNCTION_INFO_V1(ulid_sortsupport);
Datum ulid_sortsupport(PG_FUNCTION_ARGS) {
  SortSupport ssup = (SortSupport)PG_GETARG_POINTER(0);

  ssup->comparator = ulid_full_compare;
  ssup->ssup_extra = NULL;
#if SIZEOF_DATUM == 8
  if (ssup->abbreviate) {
    MemoryContext previous = MemoryContextSwitchTo(ssup->ssup_cxt);
    ulid_sort_state* state = palloc(sizeof(ulid_sort_state));

    state->input_count = 0;
    state->estimating = true;
    initHyperLogLog(&state->key_count, 10);
    ssup->ssup_extra = state;
    ssup->comparator = ssup_datum_unsigned_cmp;
    ssup->abbrev_converter = ulid_abbreviate;
    ssup->abbrev_abort = ulid_abbreviation_useless;
    ssup->abbrev_full_comparator = ulid_full_compare;
    MemoryContextSwitchTo(previous);
  }
#endif
  PG_RETURN_VOID();
}

static uint64 load_big_endian64(const unsigned char* bytes) {
  uint64 value;

  memcpy(&value, bytes, sizeof(value));
  return pg_ntoh64(value);
}

/*
 * BRIN minmax-multi support procedure 11: the distance between two ulids as a
 * float8 (|b - a| over the 128-bit integers, exact to double precision), used
 * to merge the closest ranges of a summary.
 */
PG_FUNCTION_INFO_V1(ulid_brin_distance);
Datum ulid_brin_distance(PG_FUNCTION_ARGS) {
  const ulid_t* a = PG_GETARG_ULID_P(0);
  const ulid_t* b = PG_GETARG_ULID_P(1);
  uint64 high_a, low_a, high_b, low_b, high, low;

  if (memcmp(a->data, b->data, SORTID_BINARY_SIZE) > 0) {
    const ulid_t* t = a;
    a = b;
    b = t;
  }
  high_a = load_big_endian64(a->data);
  low_a = load_big_endian64(a->data + 8);
  high_b = load_big_endian64(b->data);
  low_b = load_big_endian64(b->data + 8);
  low = low_b - low_a;
  high = high_b - high_a - (low_b < low_a ? 1 : 0);
  PG_RETURN_FLOAT8((double)high * 18446744073709551616.0 + (double)low);
}
