// DuckDB's C API as sortid's DuckDB glue sees it. The same sources build two
// things: libsortid_duckdb, linked against libduckdb (duckdb.h), and the
// loadable sortid.duckdb_extension (SORTID_DUCKDB_EXTENSION defined), where
// duckdb_extension.h turns every duckdb_* call into a call through the
// function table DuckDB hands the extension when it loads it (the stable C
// extension API, v1.2.0: one binary for every DuckDB >= 1.2).
#ifndef SORTID_ENGINES_DUCKDB_DUCKDB_API_H_
#define SORTID_ENGINES_DUCKDB_DUCKDB_API_H_

#ifdef SORTID_DUCKDB_EXTENSION
#include <duckdb_extension.h>
DUCKDB_EXTENSION_EXTERN
#else
#include <duckdb.h>
#endif

#endif  // SORTID_ENGINES_DUCKDB_DUCKDB_API_H_
