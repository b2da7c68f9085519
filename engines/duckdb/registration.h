// Declaring sortid's functions, type and casts to DuckDB. Each part of the
// glue registers its own (functions.cc, ulid_type.cc); RegisterAll (the
// library's sortid_duckdb_register and the extension's entry point) calls them.
#ifndef SORTID_ENGINES_DUCKDB_REGISTRATION_H_
#define SORTID_ENGINES_DUCKDB_REGISTRATION_H_

#include <initializer_list>

#include "duckdb_api.h"

namespace sortid::duckdb_glue {

// A parameter or result type: one of DuckDB's, or sortid's ULID type.
struct TypeSpec {
  DUCKDB_TYPE id;
  bool ulid = false;
  TypeSpec(DUCKDB_TYPE type) : id(type) {}  // NOLINT: implicit on purpose
  TypeSpec(DUCKDB_TYPE type, bool is_ulid) : id(type), ulid(is_ulid) {}
};
// The ULID logical type: 16 bytes stored as DuckDB's UUID (see ulid_type.cc).
inline const TypeSpec kUlidType{DUCKDB_TYPE_UUID, true};
inline constexpr const char* kUlidTypeName = "ULID";

// A new logical type for spec; the caller destroys it.
duckdb_logical_type MakeType(const TypeSpec& spec);

// One overload of a scalar function.
struct Overload {
  std::initializer_list<TypeSpec> parameters;
  TypeSpec result;
  duckdb_scalar_function_t function;
};

// Registers the overloads as one function set named name (volatile: a new
// value per row, e.g. generators). Returns DuckDBError when DuckDB refuses.
duckdb_state RegisterFunction(duckdb_connection connection, const char* name,
                              std::initializer_list<Overload> overloads, bool is_volatile = false);

// A cast: function converts n rows of input into output, false on error.
using CastFunction = bool (*)(duckdb_function_info, idx_t, duckdb_vector, duckdb_vector);

// Registers a cast from source to target; takes ownership of both types.
// Returns false when DuckDB refuses.
bool RegisterCast(duckdb_connection connection, duckdb_logical_type source,
                  duckdb_logical_type target, CastFunction function);
bool RegisterCast(duckdb_connection connection, const TypeSpec& from, const TypeSpec& to,
                  CastFunction function);

// The parts, each returning false when a registration failed.
bool RegisterTextFunctions(duckdb_connection connection);
bool RegisterUlidType(duckdb_connection connection);
// duckdb_ulid's casts (UHUGEINT, TIMESTAMP) and names (ulid_compat.cc).
bool RegisterUlidCompat(duckdb_connection connection);

// Everything sortid declares, the marker function sortid_version() last.
duckdb_state RegisterAll(duckdb_connection connection);

}  // namespace sortid::duckdb_glue

#endif  // SORTID_ENGINES_DUCKDB_REGISTRATION_H_
