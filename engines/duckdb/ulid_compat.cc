// The DuckDB ulid community extension's (Maxxen/duckdb_ulid) casts and
// names over sortid's ULID type: ULID <-> UHUGEINT (the ID as one unsigned
// 128-bit number, so ORDER BY id::UHUGEINT is ULID order), ULID -> TIMESTAMP,
// ulid_timestamp(ULID) and ulid_epoch_ms(ULID). What stays different is in
// docs/duckdb.md.
#include <cstdint>
#include <cstring>

#include "registration.h"
#include "vectors.h"

namespace sortid::duckdb_glue {
namespace {

uint64_t LoadBigEndian(const uint8_t* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return __builtin_bswap64(v);
}

void StoreBigEndian(uint64_t v, uint8_t* p) {
  v = __builtin_bswap64(v);
  std::memcpy(p, &v, 8);
}

bool UlidToUhugeint(duckdb_function_info, idx_t n, duckdb_vector input, duckdb_vector output) {
  const auto* in = static_cast<const duckdb_hugeint*>(duckdb_vector_get_data(input));
  auto* out = static_cast<duckdb_uhugeint*>(duckdb_vector_get_data(output));
  for (idx_t i = 0; i < n; ++i) {
    uint8_t id[SORTID_BINARY_SIZE];
    FromDuckUuid(in[i], id);
    out[i].upper = LoadBigEndian(id);
    out[i].lower = LoadBigEndian(id + 8);
  }
  CopyValidity(input, output, n);
  return true;
}

bool UhugeintToUlid(duckdb_function_info, idx_t n, duckdb_vector input, duckdb_vector output) {
  const auto* in = static_cast<const duckdb_uhugeint*>(duckdb_vector_get_data(input));
  auto* out = static_cast<duckdb_hugeint*>(duckdb_vector_get_data(output));
  for (idx_t i = 0; i < n; ++i) {
    uint8_t id[SORTID_BINARY_SIZE];
    StoreBigEndian(in[i].upper, id);
    StoreBigEndian(in[i].lower, id + 8);
    out[i] = ToDuckUuid(id);
  }
  CopyValidity(input, output, n);
  return true;
}

// The ID's 48-bit time, in milliseconds (kScale 1) or microseconds (1000).
template <int64_t kScale>
void TimesOf(duckdb_vector input, idx_t n, duckdb_vector output) {
  const auto* in = static_cast<const duckdb_hugeint*>(duckdb_vector_get_data(input));
  auto* out = static_cast<int64_t*>(duckdb_vector_get_data(output));
  for (idx_t i = 0; i < n; ++i) {
    uint8_t id[SORTID_BINARY_SIZE];
    FromDuckUuid(in[i], id);
    out[i] = static_cast<int64_t>(LoadBigEndian(id) >> 16) * kScale;
  }
  CopyValidity(input, output, n);
}

bool UlidToTimestamp(duckdb_function_info, idx_t n, duckdb_vector input, duckdb_vector output) {
  TimesOf<1000>(input, n, output);
  return true;
}

template <int64_t kScale>
void TimeFunction(duckdb_function_info, duckdb_data_chunk input, duckdb_vector output) {
  TimesOf<kScale>(duckdb_data_chunk_get_vector(input, 0), duckdb_data_chunk_get_size(input),
                  output);
}

}  // namespace

bool RegisterUlidCompat(duckdb_connection connection) {
  bool ok = RegisterCast(connection, kUlidType, DUCKDB_TYPE_UHUGEINT, UlidToUhugeint);
  ok &= RegisterCast(connection, DUCKDB_TYPE_UHUGEINT, kUlidType, UhugeintToUlid);
  ok &= RegisterCast(connection, kUlidType, DUCKDB_TYPE_TIMESTAMP, UlidToTimestamp);
  ok &=
      RegisterFunction(connection, "ulid_timestamp",
                       {{{kUlidType}, DUCKDB_TYPE_TIMESTAMP, TimeFunction<1000>}}) == DuckDBSuccess;
  ok &= RegisterFunction(connection, "ulid_epoch_ms",
                         {{{kUlidType}, DUCKDB_TYPE_BIGINT, TimeFunction<1>}}) == DuckDBSuccess;
  return ok;
}

}  // namespace sortid::duckdb_glue
