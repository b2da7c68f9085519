/* sortid for DuckDB: vectorized scalar functions registered through DuckDB's
 * C API (libsortid_duckdb, built when DuckDB is found; see the README).
 *
 * Functions (NULL in, NULL out; strict ones raise an error that quotes the
 * offending value, try_ ones return NULL instead):
 *   ulid() -> VARCHAR, ulid_monotonic() -> VARCHAR, record_id() -> VARCHAR (volatile)
 *   ulid_to_uuid(VARCHAR) -> UUID            try_ulid_to_uuid
 *   uuid_to_ulid(UUID) -> VARCHAR
 *   ulid_to_blob(VARCHAR) -> BLOB            try_ulid_to_blob
 *   ulid_from_blob(BLOB) -> VARCHAR          (16 bytes)
 *   ulid_time(VARCHAR) -> TIMESTAMP_MS       try_ulid_time
 *   ulid_valid(VARCHAR) -> BOOLEAN
 *   ulid_min(TIMESTAMP) / ulid_max(TIMESTAMP) -> VARCHAR (BETWEEN bounds)
 *   record_id_time(VARCHAR) -> TIMESTAMP_MS  try_record_id_time
 */
#ifndef SORTID_SORTID_DUCKDB_H_
#define SORTID_SORTID_DUCKDB_H_

#include <duckdb.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Registers every function on the connection. Precondition: connection is an
 * open duckdb_connection. Returns DuckDBSuccess, or DuckDBError when DuckDB
 * rejected a registration (e.g. a name already taken by another function). */
__attribute__((visibility("default"))) duckdb_state sortid_duckdb_register(
    duckdb_connection connection);

#ifdef __cplusplus
}
#endif

#endif /* SORTID_SORTID_DUCKDB_H_ */
