// The ULID logical type: 16 bytes stored as DuckDB's UUID, under the alias
// ULID. Why UUID storage: DuckDB keeps a UUID as a 128-bit integer whose
// order is the order of the 16 bytes, so ORDER BY, comparisons, min/max and
// zone maps on a ULID column follow ULID order (time first); the value is
// 16 bytes inline (no string heap), Parquet and Arrow write it bit-exact as a
// 16-byte UUID, and ULID <-> UUID is a copy. Casts (all vectorized, NULL in,
// NULL out):
//   VARCHAR -> ULID   strict (error names value, reason, position); TRY_CAST -> NULL
//   ULID -> VARCHAR   canonical upper case; ULID -> JSON the same as a JSON string
//   ULID <-> UUID, ULID <-> BLOB (16 bytes)   bit-exact
//   ULID -> TIMESTAMP_MS   the ULID's time, as ulid_time
// and the ULID-typed functions gen_ulid(), gen_ulid_monotonic(), ulid_time(ULID).
#include <cstring>
#include <string>

#include "common/invalid_id_message.h"
#include "functions.h"
#include "registration.h"
#include "vectors.h"

namespace sortid::duckdb_glue {
namespace {

// ids[16 * i] from the UUID-stored values of n rows.
void IdsFromColumn(duckdb_vector column, size_t n, uint8_t* ids) {
  const auto* values = static_cast<const duckdb_hugeint*>(duckdb_vector_get_data(column));
  for (size_t i = 0; i < n; ++i) FromDuckUuid(values[i], &ids[SORTID_BINARY_SIZE * i]);
}

bool TextToUlid(duckdb_function_info info, idx_t n, duckdb_vector input, duckdb_vector output) {
  Scratch& s = ThreadScratch();
  const auto* strings = static_cast<const duckdb_string_t*>(duckdb_vector_get_data(input));
  const uint64_t* mask = duckdb_vector_get_validity(input);
  const sortid_error error =
      DecodeStringItems(SORTID_FORMAT_ULID, SORTID_TEXT_LENGTH_ULID, strings, mask, n, s);
  if (error != SORTID_OK) {  // a failed call, not invalid rows: also for TRY_CAST
    duckdb_cast_function_set_error(info, LibraryErrorMessage("CAST to ULID", error).c_str());
    return false;
  }
  auto* out = static_cast<duckdb_hugeint*>(duckdb_vector_get_data(output));
  for (idx_t i = 0; i < n; ++i) out[i] = ToDuckUuid(&s.ids[SORTID_BINARY_SIZE * i]);
  SetOutputValidity(output, n, s.valid.data());
  const bool try_cast = duckdb_cast_function_get_cast_mode(info) == DUCKDB_CAST_TRY;
  for (idx_t i = 0; i < n; ++i) {
    if (!RowValid(mask, i) || BitSet(s.valid.data(), i)) continue;
    const std::string message = sortid::engines::InvalidIdMessage(
        "CAST to ULID", SORTID_FORMAT_ULID, StringData(strings[i]), StringLength(strings[i]));
    if (!try_cast) {
      duckdb_cast_function_set_error(info, message.c_str());
      return false;
    }
    duckdb_cast_function_set_row_error(info, message.c_str(), i, output);
  }
  return true;
}

// What a ULID becomes as a string: its 26 characters (VARCHAR), the same
// as a JSON string (JSON: between double quotes) or its 16 bytes (BLOB).
enum class Shape { kText, kJson, kBlob };

template <Shape kShape>
bool UlidToString(duckdb_function_info info, idx_t n, duckdb_vector input, duckdb_vector output) {
  if (n == 0) return true;
  constexpr size_t kWidth = kShape == Shape::kBlob   ? SORTID_BINARY_SIZE
                            : kShape == Shape::kJson ? SORTID_TEXT_LENGTH_ULID + 2
                                                     : SORTID_TEXT_LENGTH_ULID;
  Scratch& s = ThreadScratch();
  s.Reserve(n, kWidth);
  IdsFromColumn(input, n, s.ids.data());
  if constexpr (kShape != Shape::kBlob) {
    // The JSON quotes are the prefix and the terminator of each item.
    const sortid_text_options quoted = {0, "\"", 1, '"'};
    const sortid_error error =
        sortid_encode(SORTID_FORMAT_ULID, s.ids.data(), n, s.text.data(), kWidth, nullptr, nullptr,
                      kShape == Shape::kJson ? &quoted : nullptr);
    if (error != SORTID_OK) {
      duckdb_cast_function_set_error(info, LibraryErrorMessage("CAST from ULID", error).c_str());
      return false;
    }
  }
  MaskToBits(duckdb_vector_get_validity(input), n, s.valid.data());
  WriteStrings(output, n, kWidth,
               kShape == Shape::kBlob ? reinterpret_cast<const char*>(s.ids.data()) : s.text.data(),
               s.valid.data());
  SetOutputValidity(output, n, s.valid.data());
  return true;
}

// ULID -> UUID and UUID -> ULID: the same 16 bytes.
bool CopyUuid(duckdb_function_info, idx_t n, duckdb_vector input, duckdb_vector output) {
  std::memcpy(duckdb_vector_get_data(output), duckdb_vector_get_data(input),
              n * sizeof(duckdb_hugeint));
  CopyValidity(input, output, n);
  return true;
}

bool BlobToUlid(duckdb_function_info info, idx_t n, duckdb_vector input, duckdb_vector output) {
  const auto* blobs = static_cast<const duckdb_string_t*>(duckdb_vector_get_data(input));
  const uint64_t* mask = duckdb_vector_get_validity(input);
  auto* out = static_cast<duckdb_hugeint*>(duckdb_vector_get_data(output));
  CopyValidity(input, output, n);
  const bool try_cast = duckdb_cast_function_get_cast_mode(info) == DUCKDB_CAST_TRY;
  for (idx_t i = 0; i < n; ++i) {
    if (!RowValid(mask, i)) continue;
    if (StringLength(blobs[i]) != SORTID_BINARY_SIZE) {
      const std::string message =
          "CAST to ULID: a binary ULID is 16 bytes, got " + std::to_string(StringLength(blobs[i]));
      if (!try_cast) {
        duckdb_cast_function_set_error(info, message.c_str());
        return false;
      }
      duckdb_cast_function_set_row_error(info, message.c_str(), i, output);
      continue;
    }
    out[i] = ToDuckUuid(reinterpret_cast<const uint8_t*>(StringData(blobs[i])));
  }
  return true;
}

// The ULID's 48-bit time as TIMESTAMP_MS (milliseconds since the epoch).
sortid_error TimesFromColumn(duckdb_vector input, size_t n, duckdb_vector output) {
  Scratch& s = ThreadScratch();
  s.Reserve(n, SORTID_TEXT_LENGTH_ULID);
  IdsFromColumn(input, n, s.ids.data());
  const sortid_error error = sortid_timestamps_ms(
      SORTID_FORMAT_ULID, s.ids.data(), n, static_cast<int64_t*>(duckdb_vector_get_data(output)));
  CopyValidity(input, output, n);
  return error;
}

bool UlidToTime(duckdb_function_info info, idx_t n, duckdb_vector input, duckdb_vector output) {
  const sortid_error error = TimesFromColumn(input, n, output);
  if (error == SORTID_OK) return true;
  duckdb_cast_function_set_error(info, LibraryErrorMessage("CAST to TIMESTAMP_MS", error).c_str());
  return false;
}

// DuckDB's JSON type: VARCHAR under the alias JSON (as the json extension
// declares it).
duckdb_logical_type JsonType() {
  duckdb_logical_type type = duckdb_create_logical_type(DUCKDB_TYPE_VARCHAR);
  duckdb_logical_type_set_alias(type, "JSON");
  return type;
}

template <bool kMonotonic>
void GenerateIds(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  const idx_t n = duckdb_data_chunk_get_size(input);
  Scratch& s = ThreadScratch();
  s.Reserve(n, SORTID_TEXT_LENGTH_ULID);
  const sortid_error error = kMonotonic
                                 ? sortid_generate_ulid_monotonic_global(s.ids.data(), n, nullptr)
                                 : sortid_generate(SORTID_KIND_ULID, s.ids.data(), n, nullptr);
  if (error != SORTID_OK) {
    duckdb_scalar_function_set_error(info, sortid_error_message(error));
    return;
  }
  auto* out = static_cast<duckdb_hugeint*>(duckdb_vector_get_data(output));
  for (idx_t i = 0; i < n; ++i) out[i] = ToDuckUuid(&s.ids[SORTID_BINARY_SIZE * i]);
}

}  // namespace

void UlidTypeTime(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  const sortid_error error = TimesFromColumn(duckdb_data_chunk_get_vector(input, 0),
                                             duckdb_data_chunk_get_size(input), output);
  if (error != SORTID_OK) {
    duckdb_scalar_function_set_error(info, LibraryErrorMessage("ulid_time", error).c_str());
  }
}
void GenerateUlidType(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  GenerateIds<false>(info, input, output);
}
void GenerateUlidTypeMonotonic(duckdb_function_info info, duckdb_data_chunk input,
                               duckdb_vector output) {
  GenerateIds<true>(info, input, output);
}

bool RegisterUlidType(duckdb_connection connection) {
  duckdb_logical_type ulid = MakeType(kUlidType);
  bool ok = duckdb_register_logical_type(connection, ulid, nullptr) == DuckDBSuccess;
  duckdb_destroy_logical_type(&ulid);
  constexpr auto kText = DUCKDB_TYPE_VARCHAR;
  constexpr auto kUuid = DUCKDB_TYPE_UUID;
  constexpr auto kBlob = DUCKDB_TYPE_BLOB;
  ok &= RegisterCast(connection, kText, kUlidType, TextToUlid);
  ok &= RegisterCast(connection, kUlidType, kText, UlidToString<Shape::kText>);
  // Without it ::JSON takes DuckDB's UUID text, unquoted (not even JSON).
  ok &= RegisterCast(connection, MakeType(kUlidType), JsonType(), UlidToString<Shape::kJson>);
  ok &= RegisterCast(connection, kUlidType, kUuid, CopyUuid);
  ok &= RegisterCast(connection, kUuid, kUlidType, CopyUuid);
  ok &= RegisterCast(connection, kUlidType, kBlob, UlidToString<Shape::kBlob>);
  ok &= RegisterCast(connection, kBlob, kUlidType, BlobToUlid);
  ok &= RegisterCast(connection, kUlidType, DUCKDB_TYPE_TIMESTAMP_MS, UlidToTime);
  return ok;
}

}  // namespace sortid::duckdb_glue
