// sortid's scalar functions for DuckDB over text IDs (VARCHAR), UUIDs, BLOBs
// and times, each converting a whole chunk with one or two bulk sortid calls
// (see vectors.h), and their registration (with the ULID-typed overloads of
// ulid_type.cc). The list of functions is in include/sortid/sortid_duckdb.h.
#include "functions.h"

#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "common/invalid_id_message.h"
#include "common/time_bounds.h"
#include "registration.h"
#include "vectors.h"

namespace sortid::duckdb_glue {
namespace {

enum class Mode : uint8_t { kStrict, kTry };

// Decodes the chunk's first column (VARCHAR) into s.ids / s.valid. In strict
// mode the first invalid non-NULL row sets the function's error (and returns
// false); in try mode invalid rows just have their bit clear. name: the strict
// function's, for its error message (which also names its try_ variant).
bool DecodeColumn(duckdb_function_info info, duckdb_data_chunk input, sortid_format format,
                  Mode mode, const char* name, Scratch& s) {
  const idx_t n = duckdb_data_chunk_get_size(input);
  duckdb_vector column = duckdb_data_chunk_get_vector(input, 0);
  const auto* strings = static_cast<const duckdb_string_t*>(duckdb_vector_get_data(column));
  const uint64_t* mask = duckdb_vector_get_validity(column);
  const size_t chars =
      format == SORTID_FORMAT_RECORD_ID ? SORTID_TEXT_LENGTH_RECORD_ID : SORTID_TEXT_LENGTH_ULID;
  const sortid_error error = DecodeStringItems(format, chars, strings, mask, n, s);
  if (error != SORTID_OK) {  // a failed call, not invalid rows: also in try mode
    duckdb_scalar_function_set_error(info, LibraryErrorMessage(name, error).c_str());
    return false;
  }
  if (mode == Mode::kTry) return true;
  const std::string message =
      FirstInvalidRowMessage(name, format, strings, mask, n, s.valid.data());
  if (message.empty()) return true;
  const std::string hint = message + " (use try_" + name + " for NULL instead)";
  duckdb_scalar_function_set_error(info, hint.c_str());
  return false;
}

template <Mode kMode>
void UlidToUuid(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  const idx_t n = duckdb_data_chunk_get_size(input);
  Scratch& s = ThreadScratch();
  if (!DecodeColumn(info, input, SORTID_FORMAT_ULID, kMode, "ulid_to_uuid", s)) return;
  auto* out = static_cast<duckdb_hugeint*>(duckdb_vector_get_data(output));
  for (idx_t i = 0; i < n; ++i) out[i] = ToDuckUuid(&s.ids[SORTID_BINARY_SIZE * i]);
  SetOutputValidity(output, n, s.valid.data());
}

template <Mode kMode, sortid_format kFormat>
void IdTime(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  const idx_t n = duckdb_data_chunk_get_size(input);
  Scratch& s = ThreadScratch();
  const bool record = kFormat == SORTID_FORMAT_RECORD_ID;
  const char* name = record ? "record_id_time" : "ulid_time";
  if (!DecodeColumn(info, input, kFormat, kMode, name, s)) return;
  const sortid_error error = sortid_timestamps_ms(
      kFormat, s.ids.data(), n, static_cast<int64_t*>(duckdb_vector_get_data(output)));
  if (error != SORTID_OK) {
    return duckdb_scalar_function_set_error(info, LibraryErrorMessage(name, error).c_str());
  }
  SetOutputValidity(output, n, s.valid.data());
}

template <Mode kMode>
void UlidToBlob(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  const idx_t n = duckdb_data_chunk_get_size(input);
  Scratch& s = ThreadScratch();
  if (!DecodeColumn(info, input, SORTID_FORMAT_ULID, kMode, "ulid_to_blob", s)) return;
  if (n > 0) {
    WriteStrings(output, n, SORTID_BINARY_SIZE, reinterpret_cast<const char*>(s.ids.data()),
                 s.valid.data());
  }
  SetOutputValidity(output, n, s.valid.data());
}

void UlidValid(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  const idx_t n = duckdb_data_chunk_get_size(input);
  Scratch& s = ThreadScratch();
  if (!DecodeColumn(info, input, SORTID_FORMAT_ULID, Mode::kTry, "ulid_valid", s)) return;
  auto* out = static_cast<bool*>(duckdb_vector_get_data(output));
  for (idx_t i = 0; i < n; ++i) out[i] = BitSet(s.valid.data(), i);
  // NULL in, NULL out; invalid text is false, not NULL.
  CopyValidity(duckdb_data_chunk_get_vector(input, 0), output, n);
}

// Encodes s.ids[0, n) as ULID text into the VARCHAR output; rows whose bit in
// s.valid is clear are NULL; a failed encode is function's error.
void WriteUlids(duckdb_function_info info, const char* function, duckdb_vector output, idx_t n,
                Scratch& s) {
  s.Reserve(n, SORTID_TEXT_LENGTH_ULID);
  const sortid_error error = sortid_encode(SORTID_FORMAT_ULID, s.ids.data(), n, s.text.data(),
                                           SORTID_TEXT_LENGTH_ULID, nullptr, nullptr, nullptr);
  if (error != SORTID_OK) {
    return duckdb_scalar_function_set_error(info, LibraryErrorMessage(function, error).c_str());
  }
  if (n > 0) WriteStrings(output, n, SORTID_TEXT_LENGTH_ULID, s.text.data(), s.valid.data());
  SetOutputValidity(output, n, s.valid.data());
}

void UuidToUlid(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  const idx_t n = duckdb_data_chunk_get_size(input);
  Scratch& s = ThreadScratch();
  s.Reserve(n, SORTID_TEXT_LENGTH_ULID);
  duckdb_vector in = duckdb_data_chunk_get_vector(input, 0);
  const auto* uuids = static_cast<const duckdb_hugeint*>(duckdb_vector_get_data(in));
  for (idx_t i = 0; i < n; ++i) FromDuckUuid(uuids[i], &s.ids[SORTID_BINARY_SIZE * i]);
  MaskToBits(duckdb_vector_get_validity(in), n, s.valid.data());
  WriteUlids(info, "uuid_to_ulid", output, n, s);
}

// Makes one ULID per row of the chunk's first column and writes them as text:
// row_to_id(data, i, id) fills the non-NULL row i's 16 bytes, or sets the
// function's error and returns false (which ends the call). NULL rows stay
// NULL.
template <typename RowToId>
void UlidsFromRows(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output,
                   const char* function, RowToId row_to_id) {
  const idx_t n = duckdb_data_chunk_get_size(input);
  Scratch& s = ThreadScratch();
  s.Reserve(n, SORTID_TEXT_LENGTH_ULID);
  duckdb_vector in = duckdb_data_chunk_get_vector(input, 0);
  const void* data = duckdb_vector_get_data(in);
  const uint64_t* mask = duckdb_vector_get_validity(in);
  std::memset(s.valid.data(), 0, (n + 7) / 8);
  for (idx_t i = 0; i < n; ++i) {
    uint8_t* id = &s.ids[SORTID_BINARY_SIZE * i];
    std::memset(id, 0, SORTID_BINARY_SIZE);
    if (!RowValid(mask, i)) continue;
    if (!row_to_id(data, i, id)) return;
    SetBit(s.valid.data(), i);
  }
  WriteUlids(info, function, output, n, s);
}

void UlidFromBlob(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  UlidsFromRows(info, input, output, "ulid_from_blob", [&](const void* data, idx_t i, uint8_t* id) {
    const duckdb_string_t& blob = static_cast<const duckdb_string_t*>(data)[i];
    if (StringLength(blob) != SORTID_BINARY_SIZE) {
      const std::string message =
          "ulid_from_blob: a binary ULID is 16 bytes, got " + std::to_string(StringLength(blob));
      duckdb_scalar_function_set_error(info, message.c_str());
      return false;
    }
    std::memcpy(id, StringData(blob), SORTID_BINARY_SIZE);
    return true;
  });
}

// The first or last millisecond of the input, floored: TIMESTAMP and
// TIMESTAMPTZ are microseconds (UTC for TIMESTAMPTZ), DATE is days; a date's
// upper bound is the last millisecond of that day.
// VARCHAR is parsed as in engines/common/time_bounds.h ("YYYY-MM-DD" is a
// whole day too).
enum class TimeUnit : uint8_t { kMicros, kDays, kText };
template <TimeUnit kUnit, bool kMax>
std::optional<int64_t> BoundMs(const void* data, idx_t row,
                               [[maybe_unused]] sortid::engines::TimeTextError* why) {
  using sortid::engines::kMsPerDay;
  if constexpr (kUnit == TimeUnit::kText) {
    const duckdb_string_t& text = static_cast<const duckdb_string_t*>(data)[row];
    return sortid::engines::BoundFromText(std::string_view(StringData(text), StringLength(text)),
                                          kMax, why);
  } else if constexpr (kUnit == TimeUnit::kDays) {
    const int64_t days = static_cast<const int32_t*>(data)[row];
    return days * kMsPerDay + (kMax ? kMsPerDay - 1 : 0);
  } else {
    const int64_t us = static_cast<const int64_t*>(data)[row];
    return us >= 0 ? us / 1000 : -((-(us + 1)) / 1000) - 1;  // floor, no overflow
  }
}

template <TimeUnit kUnit, bool kMax>
void UlidBound(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  const char* name = kMax ? "ulid_max" : "ulid_min";
  UlidsFromRows(info, input, output, name, [&](const void* times, idx_t i, uint8_t* id) {
    sortid::engines::TimeTextError why = sortid::engines::TimeTextError::kNone;
    const std::optional<int64_t> ms = BoundMs<kUnit, kMax>(times, i, &why);
    const sortid_error error =
        ms ? sortid_bounds(SORTID_FORMAT_ULID, *ms, kMax ? nullptr : id, kMax ? id : nullptr)
           : SORTID_ERROR_RANGE;
    if (error == SORTID_OK) return true;
    if (error != SORTID_ERROR_RANGE) {
      duckdb_scalar_function_set_error(info, LibraryErrorMessage(name, error).c_str());
      return false;
    }
    std::string message = std::string(name) + ": ";
    if (kUnit == TimeUnit::kText && !ms) {
      const duckdb_string_t& text = static_cast<const duckdb_string_t*>(times)[i];
      message = sortid::engines::TimeTextMessage(
          name, std::string_view(StringData(text), StringLength(text)), why);
    } else {
      message += "time outside the ULID range (1970 to 10889)";
    }
    duckdb_scalar_function_set_error(info, message.c_str());
    return false;
  });
}

template <sortid_id_kind kKind>
void Generate(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  const idx_t n = duckdb_data_chunk_get_size(input);
  if (n == 0) return;
  Scratch& s = ThreadScratch();
  const size_t chars =
      kKind == SORTID_KIND_RECORD_ID ? SORTID_TEXT_LENGTH_RECORD_ID : SORTID_TEXT_LENGTH_ULID;
  s.Reserve(n, chars);
  sortid_error error;
  if constexpr (kKind == SORTID_KIND_ULID_MONOTONIC) {
    // One order across all of DuckDB's threads: the process-wide sequence.
    error = sortid_generate_ulid_monotonic_global(s.ids.data(), n, nullptr);
    if (error == SORTID_OK) {
      error = sortid_encode(SORTID_FORMAT_ULID, s.ids.data(), n, s.text.data(), chars, nullptr,
                            nullptr, nullptr);
    }
  } else {
    error = sortid_generate_text(
        kKind, kKind == SORTID_KIND_RECORD_ID ? SORTID_FORMAT_RECORD_ID : SORTID_FORMAT_ULID,
        s.text.data(), n, chars, nullptr, nullptr);
  }
  if (error != SORTID_OK) {
    duckdb_scalar_function_set_error(info, sortid_error_message(error));
    return;
  }
  std::memset(s.valid.data(), 0xFF, (n + 7) / 8);
  WriteStrings(output, n, chars, s.text.data(), s.valid.data());
}

}  // namespace

bool RegisterTextFunctions(duckdb_connection c) {
  constexpr auto V = DUCKDB_TYPE_VARCHAR;
  constexpr auto kUuid = DUCKDB_TYPE_UUID;
  constexpr auto kBlob = DUCKDB_TYPE_BLOB;
  constexpr auto kMs = DUCKDB_TYPE_TIMESTAMP_MS;
  constexpr auto kTs = DUCKDB_TYPE_TIMESTAMP;
  constexpr auto kTsTz = DUCKDB_TYPE_TIMESTAMP_TZ;
  constexpr auto kDate = DUCKDB_TYPE_DATE;
  constexpr auto kMicros = TimeUnit::kMicros;
  constexpr auto kDays = TimeUnit::kDays;
  bool ok = true;
  const auto add = [&](duckdb_state state) { ok &= state == DuckDBSuccess; };
  add(RegisterFunction(c, "ulid", {{{}, V, Generate<SORTID_KIND_ULID>}}, true));
  add(RegisterFunction(c, "ulid_monotonic", {{{}, V, Generate<SORTID_KIND_ULID_MONOTONIC>}}, true));
  add(RegisterFunction(c, "record_id", {{{}, V, Generate<SORTID_KIND_RECORD_ID>}}, true));
  add(RegisterFunction(c, "gen_ulid", {{{}, kUlidType, GenerateUlidType}}, true));
  add(RegisterFunction(c, "gen_ulid_monotonic", {{{}, kUlidType, GenerateUlidTypeMonotonic}},
                       true));
  add(RegisterFunction(c, "ulid_to_uuid", {{{V}, kUuid, UlidToUuid<Mode::kStrict>}}));
  add(RegisterFunction(c, "try_ulid_to_uuid", {{{V}, kUuid, UlidToUuid<Mode::kTry>}}));
  add(RegisterFunction(c, "uuid_to_ulid", {{{kUuid}, V, UuidToUlid}}));
  add(RegisterFunction(c, "ulid_to_blob", {{{V}, kBlob, UlidToBlob<Mode::kStrict>}}));
  add(RegisterFunction(c, "try_ulid_to_blob", {{{V}, kBlob, UlidToBlob<Mode::kTry>}}));
  add(RegisterFunction(c, "ulid_from_blob", {{{kBlob}, V, UlidFromBlob}}));
  add(RegisterFunction(
      c, "ulid_time",
      {{{V}, kMs, IdTime<Mode::kStrict, SORTID_FORMAT_ULID>}, {{kUlidType}, kMs, UlidTypeTime}}));
  add(RegisterFunction(c, "try_ulid_time", {{{V}, kMs, IdTime<Mode::kTry, SORTID_FORMAT_ULID>}}));
  add(RegisterFunction(c, "record_id_time",
                       {{{V}, kMs, IdTime<Mode::kStrict, SORTID_FORMAT_RECORD_ID>}}));
  add(RegisterFunction(c, "try_record_id_time",
                       {{{V}, kMs, IdTime<Mode::kTry, SORTID_FORMAT_RECORD_ID>}}));
  add(RegisterFunction(c, "ulid_valid", {{{V}, DUCKDB_TYPE_BOOLEAN, UlidValid}}));
  add(RegisterFunction(c, "ulid_min",
                       {{{kTs}, V, UlidBound<kMicros, false>},
                        {{kTsTz}, V, UlidBound<kMicros, false>},
                        {{kDate}, V, UlidBound<kDays, false>},
                        {{V}, V, UlidBound<TimeUnit::kText, false>}}));
  add(RegisterFunction(c, "ulid_max",
                       {{{kTs}, V, UlidBound<kMicros, true>},
                        {{kTsTz}, V, UlidBound<kMicros, true>},
                        {{kDate}, V, UlidBound<kDays, true>},
                        {{V}, V, UlidBound<TimeUnit::kText, true>}}));
  return ok;
}

}  // namespace sortid::duckdb_glue
