// The scalar functions' implementations (DuckDB's duckdb_scalar_function_t),
// registered by RegisterFunctions (functions.cc). NULL in, NULL out; strict
// functions raise an error quoting the offending value, try_ ones return NULL.
#ifndef SORTID_ENGINES_DUCKDB_FUNCTIONS_H_
#define SORTID_ENGINES_DUCKDB_FUNCTIONS_H_

#include "duckdb_api.h"

namespace sortid::duckdb_glue {

// ulid_time(ULID) -> TIMESTAMP_MS and gen_ulid() / gen_ulid_monotonic() -> ULID
// (ulid_type.cc).
void UlidTypeTime(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output);
void GenerateUlidType(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output);
void GenerateUlidTypeMonotonic(duckdb_function_info info, duckdb_data_chunk input,
                               duckdb_vector output);

}  // namespace sortid::duckdb_glue

#endif  // SORTID_ENGINES_DUCKDB_FUNCTIONS_H_
