// See registration.h.
#include "registration.h"

#include "vectors.h"

namespace sortid::duckdb_glue {
namespace {

// sortid_version() -> VARCHAR: the library's version; registered last, so its
// presence means a complete registration.
void Version(duckdb_function_info, duckdb_data_chunk input, duckdb_vector output) {
  const idx_t n = duckdb_data_chunk_get_size(input);
  const char* version = sortid_version();
  for (idx_t i = 0; i < n; ++i) duckdb_vector_assign_string_element(output, i, version);
}

}  // namespace

duckdb_logical_type MakeType(const TypeSpec& spec) {
  duckdb_logical_type type = duckdb_create_logical_type(spec.id);
  if (spec.ulid) duckdb_logical_type_set_alias(type, kUlidTypeName);
  return type;
}

duckdb_state RegisterFunction(duckdb_connection connection, const char* name,
                              std::initializer_list<Overload> overloads, bool is_volatile) {
  duckdb_scalar_function_set set = duckdb_create_scalar_function_set(name);
  bool ok = true;
  for (const Overload& overload : overloads) {
    duckdb_scalar_function f = duckdb_create_scalar_function();
    duckdb_scalar_function_set_name(f, name);
    for (const TypeSpec& spec : overload.parameters) {
      duckdb_logical_type t = MakeType(spec);
      duckdb_scalar_function_add_parameter(f, t);
      duckdb_destroy_logical_type(&t);
    }
    duckdb_logical_type r = MakeType(overload.result);
    duckdb_scalar_function_set_return_type(f, r);
    duckdb_destroy_logical_type(&r);
    duckdb_scalar_function_set_function(f, overload.function);
    if (is_volatile) duckdb_scalar_function_set_volatile(f);
    ok &= duckdb_add_scalar_function_to_set(set, f) == DuckDBSuccess;
    duckdb_destroy_scalar_function(&f);
  }
  ok &= duckdb_register_scalar_function_set(connection, set) == DuckDBSuccess;
  duckdb_destroy_scalar_function_set(&set);
  return ok ? DuckDBSuccess : DuckDBError;
}

bool RegisterCast(duckdb_connection connection, duckdb_logical_type source,
                  duckdb_logical_type target, CastFunction function) {
  duckdb_cast_function cast = duckdb_create_cast_function();
  duckdb_cast_function_set_source_type(cast, source);
  duckdb_cast_function_set_target_type(cast, target);
  duckdb_cast_function_set_function(cast, function);
  const bool ok = duckdb_register_cast_function(connection, cast) == DuckDBSuccess;
  duckdb_destroy_logical_type(&source);
  duckdb_destroy_logical_type(&target);
  duckdb_destroy_cast_function(&cast);
  return ok;
}
bool RegisterCast(duckdb_connection connection, const TypeSpec& from, const TypeSpec& to,
                  CastFunction function) {
  return RegisterCast(connection, MakeType(from), MakeType(to), function);
}

duckdb_state RegisterAll(duckdb_connection connection) {
  bool ok = RegisterUlidType(connection);
  ok &= RegisterTextFunctions(connection);
  ok &= RegisterUlidCompat(connection);
  ok &= RegisterFunction(connection, "sortid_version", {{{}, DUCKDB_TYPE_VARCHAR, Version}}) ==
        DuckDBSuccess;
  return ok ? DuckDBSuccess : DuckDBError;
}

}  // namespace sortid::duckdb_glue
