// libsortid_duckdb's entry: sortid_duckdb_register (include/sortid/sortid_duckdb.h).
#include "registration.h"
#include "sortid/sortid_duckdb.h"

namespace {

// Functions registered on one connection live in the database's catalog, so
// every later connection of the same database already has them: the marker
// function sortid_version() (registered last) answers on it.
bool AlreadyRegistered(duckdb_connection connection) {
  duckdb_result result;
  const bool answered =
      duckdb_query(connection, "SELECT sortid_version()", &result) == DuckDBSuccess;
  duckdb_destroy_result(&result);
  return answered;
}

}  // namespace

extern "C" duckdb_state sortid_duckdb_register(duckdb_connection connection) {
  if (AlreadyRegistered(connection)) return DuckDBSuccess;
  return sortid::duckdb_glue::RegisterAll(connection);
}
