/* sortid for DuckDB, for programs that embed DuckDB through its C API
 * (libsortid_duckdb; link with -lsortid_duckdb -lduckdb). Every other DuckDB
 * client loads the same functions from sortid.duckdb_extension instead (see
 * docs/duckdb.md). Vectorized: each call converts a whole DuckDB vector.
 *
 * Functions (NULL in, NULL out; strict ones raise an error that quotes the
 * offending value, escaped; try_ ones return NULL instead):
 *   ulid(), ulid_monotonic(), record_id() -> VARCHAR        (volatile)
 *   gen_ulid(), gen_ulid_monotonic() -> ULID                 (volatile)
 *   ulid_to_uuid(VARCHAR) -> UUID            try_ulid_to_uuid
 *   uuid_to_ulid(UUID) -> VARCHAR
 *   ulid_to_blob(VARCHAR) -> BLOB            try_ulid_to_blob
 *   ulid_from_blob(BLOB) -> VARCHAR          (16 bytes)
 *   ulid_time(VARCHAR | ULID) -> TIMESTAMP_MS  try_ulid_time(VARCHAR)
 *   ulid_valid(VARCHAR) -> BOOLEAN
 *   ulid_min(t) / ulid_max(t) -> VARCHAR, t TIMESTAMP, TIMESTAMPTZ, DATE (the
 *     whole day) or VARCHAR (ISO 8601, "YYYY-MM-DD" = the whole day, Unix ms)
 *   record_id_time(VARCHAR) -> TIMESTAMP_MS  try_record_id_time
 *   sortid_version() -> VARCHAR
 * Type ULID (16 bytes, ULID order) with casts from/to VARCHAR (TRY_CAST gives
 * NULL), UUID and BLOB (bit-exact) and to TIMESTAMP_MS.
 */
#ifndef SORTID_SORTID_DUCKDB_H_
#define SORTID_SORTID_DUCKDB_H_

#include <duckdb.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the ULID type, its casts and every function in the connection's
 * database. Precondition: connection is an open duckdb_connection. A database
 * that already has them (registered through another of its connections)
 * keeps them: DuckDBSuccess. Returns DuckDBError when DuckDB rejected a
 * registration (e.g. a name already taken by another function). */
__attribute__((visibility("default"))) duckdb_state sortid_duckdb_register(
    duckdb_connection connection);

#ifdef __cplusplus
}
#endif

#endif /* SORTID_SORTID_DUCKDB_H_ */
