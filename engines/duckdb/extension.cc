// The loadable extension's entry point, sortid_init_c_api (DuckDB derives the
// name from the file name sortid.duckdb_extension): DuckDB's stable C
// extension API hands over its function table, then everything is registered
// on a connection the macro opens. Loading it once per database is DuckDB's
// job (LOAD of a loaded extension is a no-op).
#define DUCKDB_EXTENSION_NAME sortid
#include "duckdb_api.h"
#include "registration.h"

DUCKDB_EXTENSION_ENTRYPOINT(duckdb_connection connection, duckdb_extension_info info,
                            duckdb_extension_access* access) {
  if (sortid::duckdb_glue::RegisterAll(connection) != DuckDBSuccess) {
    access->set_error(info, "sortid: DuckDB refused to register a function, type or cast");
    return false;
  }
  return true;
}
