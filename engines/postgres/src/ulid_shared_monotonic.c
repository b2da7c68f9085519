/*
 * sortid PostgreSQL extension: gen_monotonic_ulid(), one monotonic ULID
 * order for the whole server (every session and database), kept in shared
 * memory under one LWLock. Opt-in: the shared memory exists only when the
 * server loads sortid through shared_preload_libraries; without it the
 * function refuses with a hint instead of silently giving a per-session
 * order (gen_ulid_monotonic() is that, and needs no configuration).
 *
 * Rule: a fresh random ULID when the clock has moved past the last ID's
 * millisecond, else the last ID + 1 (same millisecond, or a clock that
 * stepped back); an increment past the largest random part is an error.
 */
/* clang-format off: PostgreSQL requires postgres.h before any other header. */
#include "postgres.h"
/* clang-format on */

#include "miscadmin.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#include "ulid_pg.h"

#define SHARED_NAME "sortid_monotonic"

typedef struct SharedMonotonic {
  LWLock* lock;
  bool has_last;
  uint8_t last[SORTID_BINARY_SIZE];
} SharedMonotonic;

/* Set in the postmaster at startup and inherited by every backend it forks. */
static SharedMonotonic* shared_monotonic = NULL;
static shmem_request_hook_type previous_request_hook = NULL;
static shmem_startup_hook_type previous_startup_hook = NULL;

static void shared_monotonic_request(void) {
  if (previous_request_hook != NULL) previous_request_hook();
  RequestAddinShmemSpace(MAXALIGN(sizeof(SharedMonotonic)));
  RequestNamedLWLockTranche(SHARED_NAME, 1);
}

static void shared_monotonic_startup(void) {
  bool found = false;

  if (previous_startup_hook != NULL) previous_startup_hook();
  LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
  shared_monotonic = ShmemInitStruct(SHARED_NAME, sizeof(SharedMonotonic), &found);
  if (!found) {
    memset(shared_monotonic, 0, sizeof(SharedMonotonic));
    shared_monotonic->lock = &(GetNamedLWLockTranche(SHARED_NAME))->lock;
  }
  LWLockRelease(AddinShmemInitLock);
}

void _PG_init(void);
void _PG_init(void) {
  if (!process_shared_preload_libraries_in_progress) return;
  previous_request_hook = shmem_request_hook;
  shmem_request_hook = shared_monotonic_request;
  previous_startup_hook = shmem_startup_hook;
  shmem_startup_hook = shared_monotonic_startup;
}

static int64 id_ms(const uint8_t* id) {
  int64 ms = 0;

  (void)sortid_timestamps_ms(SORTID_FORMAT_ULID, id, 1, &ms);
  return ms;
}

PG_FUNCTION_INFO_V1(gen_monotonic_ulid);
Datum gen_monotonic_ulid(PG_FUNCTION_ARGS) {
  ulid_t* id;
  uint8_t fresh[SORTID_BINARY_SIZE];
  sortid_error why;

  (void)fcinfo;
  if (shared_monotonic == NULL)
    ereport(ERROR,
            (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
             errmsg("gen_monotonic_ulid: the server-wide monotonic order needs sortid in "
                    "shared_preload_libraries"),
             errhint("Set shared_preload_libraries = 'sortid' in postgresql.conf and restart "
                     "the server, or use gen_ulid_monotonic() for an order within each session.")));
  /* The random draw needs no lock; only the comparison and the store do. */
  why = sortid_generate(SORTID_KIND_ULID, fresh, 1, NULL);
  if (why != SORTID_OK) ulid_report_generator_error("gen_monotonic_ulid", why);
  id = palloc(sizeof(ulid_t));
  LWLockAcquire(shared_monotonic->lock, LW_EXCLUSIVE);
  if (!shared_monotonic->has_last || id_ms(fresh) > id_ms(shared_monotonic->last)) {
    memcpy(id->data, fresh, SORTID_BINARY_SIZE);
  } else {
    memcpy(id->data, shared_monotonic->last, SORTID_BINARY_SIZE);
    why = sortid_increment_ulid(id->data);
    if (why != SORTID_OK) {
      LWLockRelease(shared_monotonic->lock);
      ulid_report_generator_error("gen_monotonic_ulid", why);
    }
  }
  memcpy(shared_monotonic->last, id->data, SORTID_BINARY_SIZE);
  shared_monotonic->has_last = true;
  LWLockRelease(shared_monotonic->lock);
  PG_RETURN_ULID_P(id);
}
