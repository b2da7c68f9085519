// sortid's functions for DuckDB, written against DuckDB's C API (duckdb.h,
// 1.4) and sortid's C API. DuckDB hands a scalar function one flattened
// chunk of up to 2048 rows; each function here converts the whole chunk with
// one or two bulk sortid calls (gather the 26-byte strings into a dense
// buffer, decode with validity bits, write the output column), never row by
// row through the library. DuckDB's validity mask (64-bit words, bit i = row
// i valid) is the same layout as sortid's bitmap.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "common/invalid_id_message.h"
#include "sortid/sortid.h"
#include "sortid/sortid_duckdb.h"

namespace {

constexpr size_t kUlidChars = 26;
constexpr size_t kRecordChars = 20;

// The characters of a duckdb_string_t (layout documented in duckdb.h).
inline const char* StringData(const duckdb_string_t& s) {
  return s.value.inlined.length <= 12 ? s.value.inlined.inlined : s.value.pointer.ptr;
}
inline uint32_t StringLength(const duckdb_string_t& s) { return s.value.inlined.length; }

inline bool RowValid(const uint64_t* mask, idx_t row) {
  return mask == nullptr || ((mask[row / 64] >> (row % 64)) & 1);
}

// Per-thread scratch buffers, sized for one chunk.
struct Scratch {
  std::vector<char> text;
  std::vector<uint8_t> ids;
  std::vector<uint8_t> valid;
  std::vector<uint32_t> rows;
  std::vector<uint8_t> dense_ids, dense_valid;
  void Reserve(size_t n, size_t chars) {
    if (text.size() < n * chars) text.resize(n * chars);
    if (ids.size() < n * 16) ids.resize(n * 16);
    if (valid.size() < (n + 7) / 8 + 8) valid.resize((n + 7) / 8 + 8);
    if (rows.size() < n) rows.resize(n);
    if (dense_ids.size() < n * 16) dense_ids.resize(n * 16);
    if (dense_valid.size() < (n + 7) / 8) dense_valid.resize((n + 7) / 8);
  }
};
Scratch& ThreadScratch() {
  thread_local Scratch scratch;
  return scratch;
}

enum class Mode : uint8_t { kStrict, kTry };

// What a function decodes and how it reports invalid text.
struct DecodeSpec {
  sortid_format format;
  size_t chars;
  Mode mode;
  const char* name;
};

// Decodes a VARCHAR column: ids of valid rows in scratch.ids, their bits in
// scratch.valid. Rows that are NULL or invalid get bit 0. In strict mode the
// first invalid non-NULL row sets the function error and returns false.
bool DecodeStrings(duckdb_function_info info, duckdb_vector input, idx_t n, const DecodeSpec& spec,
                   Scratch& s) {
  s.Reserve(n, spec.chars);
  const auto* strings = static_cast<const duckdb_string_t*>(duckdb_vector_get_data(input));
  const uint64_t* mask = duckdb_vector_get_validity(input);
  size_t k = 0;
  for (idx_t i = 0; i < n; ++i) {
    if (!RowValid(mask, i) || StringLength(strings[i]) != spec.chars) continue;
    std::memcpy(&s.text[k * spec.chars], StringData(strings[i]), spec.chars);
    s.rows[k++] = static_cast<uint32_t>(i);
  }
  // Decoded straight into place when every row qualifies.
  const bool in_place = k == n;
  uint8_t* ids = in_place ? s.ids.data() : s.dense_ids.data();
  uint8_t* valid = in_place ? s.valid.data() : s.dense_valid.data();
  size_t invalid = 0;
  sortid_decode(spec.format, s.text.data(), k, spec.chars, ids, valid, &invalid, nullptr);
  if (!in_place) {
    std::memset(s.valid.data(), 0, (n + 7) / 8);
    for (size_t m = 0; m < k; ++m) {
      if (!((valid[m / 8] >> (m % 8)) & 1)) continue;
      const uint32_t row = s.rows[m];
      std::memcpy(&s.ids[16 * row], &ids[16 * m], 16);
      s.valid[row / 8] |= static_cast<uint8_t>(1u << (row % 8));
    }
  }
  if (spec.mode == Mode::kTry) return true;
  for (idx_t i = 0; i < n; ++i) {
    if (!RowValid(mask, i) || ((s.valid[i / 8] >> (i % 8)) & 1)) continue;
    const std::string message =
        sortid::engines::InvalidIdMessage(spec.name, spec.format, StringData(strings[i]),
                                          StringLength(strings[i])) +
        " (use try_" + spec.name + " for NULL instead)";
    duckdb_scalar_function_set_error(info, message.c_str());
    return false;
  }
  return true;
}

// Output validity: input NULLs and (try_ mode) invalid rows become NULL.
void SetOutputValidity(duckdb_vector output, idx_t n, const Scratch& s) {
  duckdb_vector_ensure_validity_writable(output);
  uint64_t* out = duckdb_vector_get_validity(output);
  for (idx_t w = 0; w < (n + 63) / 64; ++w) {
    uint64_t word = 0;
    std::memcpy(&word, &s.valid[8 * w], std::min<size_t>(8, (n + 7) / 8 - 8 * w));
    out[w] = word;
  }
}

// DuckDB's UUID is a hugeint: the 16 bytes big-endian, top bit flipped so
// that signed order is byte order.
inline duckdb_hugeint ToDuckUuid(const uint8_t* id) {
  uint64_t hi = 0, lo = 0;
  for (int b = 0; b < 8; ++b) hi = hi << 8 | id[b];
  for (int b = 8; b < 16; ++b) lo = lo << 8 | id[b];
  duckdb_hugeint h;
  h.upper = static_cast<int64_t>(hi ^ (uint64_t{1} << 63));
  h.lower = lo;
  return h;
}
inline void FromDuckUuid(const duckdb_hugeint& h, uint8_t* id) {
  const uint64_t hi = static_cast<uint64_t>(h.upper) ^ (uint64_t{1} << 63);
  for (int b = 0; b < 8; ++b) id[b] = static_cast<uint8_t>(hi >> (56 - 8 * b));
  for (int b = 0; b < 8; ++b) id[8 + b] = static_cast<uint8_t>(h.lower >> (56 - 8 * b));
}

// ---- Functions ----

template <Mode kMode>
void UlidToUuid(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  const idx_t n = duckdb_data_chunk_get_size(input);
  Scratch& s = ThreadScratch();
  const DecodeSpec spec{SORTID_FORMAT_ULID, kUlidChars, kMode,
                        kMode == Mode::kTry ? "try_ulid_to_uuid" : "ulid_to_uuid"};
  if (!DecodeStrings(info, duckdb_data_chunk_get_vector(input, 0), n, spec, s)) return;
  auto* out = static_cast<duckdb_hugeint*>(duckdb_vector_get_data(output));
  for (idx_t i = 0; i < n; ++i) out[i] = ToDuckUuid(&s.ids[16 * i]);
  SetOutputValidity(output, n, s);
}

template <Mode kMode, sortid_format kFormat>
void IdTime(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  const idx_t n = duckdb_data_chunk_get_size(input);
  Scratch& s = ThreadScratch();
  const bool record = kFormat == SORTID_FORMAT_RECORD_ID;
  const DecodeSpec spec{kFormat, record ? kRecordChars : kUlidChars, kMode,
                        record ? (kMode == Mode::kTry ? "try_record_id_time" : "record_id_time")
                               : (kMode == Mode::kTry ? "try_ulid_time" : "ulid_time")};
  if (!DecodeStrings(info, duckdb_data_chunk_get_vector(input, 0), n, spec, s)) return;
  sortid_timestamps_ms(kFormat, s.ids.data(), n,
                       static_cast<int64_t*>(duckdb_vector_get_data(output)));
  SetOutputValidity(output, n, s);
}

template <Mode kMode>
void UlidToBlob(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  const idx_t n = duckdb_data_chunk_get_size(input);
  Scratch& s = ThreadScratch();
  const DecodeSpec spec{SORTID_FORMAT_ULID, kUlidChars, kMode,
                        kMode == Mode::kTry ? "try_ulid_to_blob" : "ulid_to_blob"};
  if (!DecodeStrings(info, duckdb_data_chunk_get_vector(input, 0), n, spec, s)) return;
  for (idx_t i = 0; i < n; ++i) {
    if ((s.valid[i / 8] >> (i % 8)) & 1) {
      duckdb_vector_assign_string_element_len(output, i,
                                              reinterpret_cast<const char*>(&s.ids[16 * i]), 16);
    }
  }
  SetOutputValidity(output, n, s);
}

void UlidValid(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  const idx_t n = duckdb_data_chunk_get_size(input);
  Scratch& s = ThreadScratch();
  duckdb_vector in = duckdb_data_chunk_get_vector(input, 0);
  const DecodeSpec spec{SORTID_FORMAT_ULID, kUlidChars, Mode::kTry, "ulid_valid"};
  DecodeStrings(info, in, n, spec, s);
  auto* out = static_cast<bool*>(duckdb_vector_get_data(output));
  for (idx_t i = 0; i < n; ++i) out[i] = (s.valid[i / 8] >> (i % 8)) & 1;
  // NULL in, NULL out; invalid text is false, not NULL.
  const uint64_t* mask = duckdb_vector_get_validity(in);
  if (mask != nullptr) {
    duckdb_vector_ensure_validity_writable(output);
    std::memcpy(duckdb_vector_get_validity(output), mask, (n + 63) / 64 * 8);
  }
}

// Writes n encoded IDs (chars each, from s.text) as VARCHAR rows whose bit in
// s.valid is set.
void WriteStrings(duckdb_vector output, idx_t n, size_t chars, const Scratch& s) {
  for (idx_t i = 0; i < n; ++i) {
    if ((s.valid[i / 8] >> (i % 8)) & 1) {
      duckdb_vector_assign_string_element_len(output, i, &s.text[i * chars], chars);
    }
  }
}

// Encodes s.ids as ULID text into the VARCHAR output; rows whose bit in
// s.valid is clear are NULL.
void WriteUlids(duckdb_vector output, idx_t n, Scratch& s) {
  sortid_encode(SORTID_FORMAT_ULID, s.ids.data(), n, s.text.data(), kUlidChars, nullptr, nullptr,
                nullptr);
  WriteStrings(output, n, kUlidChars, s);
  SetOutputValidity(output, n, s);
}

void UuidToUlid(duckdb_function_info, duckdb_data_chunk input, duckdb_vector output) {
  const idx_t n = duckdb_data_chunk_get_size(input);
  Scratch& s = ThreadScratch();
  s.Reserve(n, kUlidChars);
  duckdb_vector in = duckdb_data_chunk_get_vector(input, 0);
  const auto* uuids = static_cast<const duckdb_hugeint*>(duckdb_vector_get_data(in));
  for (idx_t i = 0; i < n; ++i) FromDuckUuid(uuids[i], &s.ids[16 * i]);
  const uint64_t* mask = duckdb_vector_get_validity(in);
  for (idx_t w = 0; w < (n + 7) / 8; ++w) {
    s.valid[w] = static_cast<uint8_t>(mask == nullptr ? 0xFFu : mask[w / 8] >> (8 * (w % 8)));
  }
  WriteUlids(output, n, s);
}

void UlidFromBlob(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  const idx_t n = duckdb_data_chunk_get_size(input);
  Scratch& s = ThreadScratch();
  s.Reserve(n, kUlidChars);
  duckdb_vector in = duckdb_data_chunk_get_vector(input, 0);
  const auto* blobs = static_cast<const duckdb_string_t*>(duckdb_vector_get_data(in));
  const uint64_t* mask = duckdb_vector_get_validity(in);
  std::memset(s.valid.data(), 0, (n + 7) / 8);
  for (idx_t i = 0; i < n; ++i) {
    if (!RowValid(mask, i)) {
      std::memset(&s.ids[16 * i], 0, 16);
      continue;
    }
    if (StringLength(blobs[i]) != 16) {
      const std::string message = "ulid_from_blob: a binary ULID is 16 bytes, got " +
                                  std::to_string(StringLength(blobs[i]));
      duckdb_scalar_function_set_error(info, message.c_str());
      return;
    }
    std::memcpy(&s.ids[16 * i], StringData(blobs[i]), 16);
    s.valid[i / 8] |= static_cast<uint8_t>(1u << (i % 8));
  }
  WriteUlids(output, n, s);
}

template <bool kMax>
void UlidBound(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  const idx_t n = duckdb_data_chunk_get_size(input);
  Scratch& s = ThreadScratch();
  s.Reserve(n, kUlidChars);
  duckdb_vector in = duckdb_data_chunk_get_vector(input, 0);
  const auto* micros = static_cast<const int64_t*>(duckdb_vector_get_data(in));
  const uint64_t* mask = duckdb_vector_get_validity(in);
  std::memset(s.valid.data(), 0, (n + 7) / 8);
  for (idx_t i = 0; i < n; ++i) {
    std::memset(&s.ids[16 * i], 0, 16);
    if (!RowValid(mask, i)) continue;
    const int64_t us = micros[i];
    const int64_t ms = us >= 0 ? us / 1000 : -((-us + 999) / 1000);  // floor
    uint8_t* id = &s.ids[16 * i];
    if (sortid_bounds(SORTID_FORMAT_ULID, ms, kMax ? nullptr : id, kMax ? id : nullptr) !=
        SORTID_OK) {
      const std::string message = std::string(kMax ? "ulid_max" : "ulid_min") +
                                  ": timestamp outside the ULID range (1970 to 10889)";
      duckdb_scalar_function_set_error(info, message.c_str());
      return;
    }
    s.valid[i / 8] |= static_cast<uint8_t>(1u << (i % 8));
  }
  WriteUlids(output, n, s);
}

template <sortid_id_kind kKind>
void Generate(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
  const idx_t n = duckdb_data_chunk_get_size(input);
  Scratch& s = ThreadScratch();
  const size_t chars = kKind == SORTID_KIND_RECORD_ID ? kRecordChars : kUlidChars;
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
  for (idx_t i = 0; i < n; ++i) {
    duckdb_vector_assign_string_element_len(output, i, &s.text[i * chars], chars);
  }
}

duckdb_state Register(duckdb_connection connection, const char* name,
                      std::initializer_list<DUCKDB_TYPE> parameters, DUCKDB_TYPE result,
                      duckdb_scalar_function_t function, bool is_volatile = false) {
  duckdb_scalar_function f = duckdb_create_scalar_function();
  duckdb_scalar_function_set_name(f, name);
  for (DUCKDB_TYPE type : parameters) {
    duckdb_logical_type t = duckdb_create_logical_type(type);
    duckdb_scalar_function_add_parameter(f, t);
    duckdb_destroy_logical_type(&t);
  }
  duckdb_logical_type r = duckdb_create_logical_type(result);
  duckdb_scalar_function_set_return_type(f, r);
  duckdb_destroy_logical_type(&r);
  duckdb_scalar_function_set_function(f, function);
  if (is_volatile) duckdb_scalar_function_set_volatile(f);
  const duckdb_state state = duckdb_register_scalar_function(connection, f);
  duckdb_destroy_scalar_function(&f);
  return state;
}

}  // namespace

extern "C" duckdb_state sortid_duckdb_register(duckdb_connection c) {
  constexpr auto V = DUCKDB_TYPE_VARCHAR;
  bool ok = true;
  const auto add = [&](duckdb_state state) { ok &= state == DuckDBSuccess; };
  add(Register(c, "ulid", {}, V, Generate<SORTID_KIND_ULID>, true));
  add(Register(c, "ulid_monotonic", {}, V, Generate<SORTID_KIND_ULID_MONOTONIC>, true));
  add(Register(c, "record_id", {}, V, Generate<SORTID_KIND_RECORD_ID>, true));
  add(Register(c, "ulid_to_uuid", {V}, DUCKDB_TYPE_UUID, UlidToUuid<Mode::kStrict>));
  add(Register(c, "try_ulid_to_uuid", {V}, DUCKDB_TYPE_UUID, UlidToUuid<Mode::kTry>));
  add(Register(c, "uuid_to_ulid", {DUCKDB_TYPE_UUID}, V, UuidToUlid));
  add(Register(c, "ulid_to_blob", {V}, DUCKDB_TYPE_BLOB, UlidToBlob<Mode::kStrict>));
  add(Register(c, "try_ulid_to_blob", {V}, DUCKDB_TYPE_BLOB, UlidToBlob<Mode::kTry>));
  add(Register(c, "ulid_from_blob", {DUCKDB_TYPE_BLOB}, V, UlidFromBlob));
  add(Register(c, "ulid_time", {V}, DUCKDB_TYPE_TIMESTAMP_MS,
               IdTime<Mode::kStrict, SORTID_FORMAT_ULID>));
  add(Register(c, "try_ulid_time", {V}, DUCKDB_TYPE_TIMESTAMP_MS,
               IdTime<Mode::kTry, SORTID_FORMAT_ULID>));
  add(Register(c, "record_id_time", {V}, DUCKDB_TYPE_TIMESTAMP_MS,
               IdTime<Mode::kStrict, SORTID_FORMAT_RECORD_ID>));
  add(Register(c, "try_record_id_time", {V}, DUCKDB_TYPE_TIMESTAMP_MS,
               IdTime<Mode::kTry, SORTID_FORMAT_RECORD_ID>));
  add(Register(c, "ulid_valid", {V}, DUCKDB_TYPE_BOOLEAN, UlidValid));
  add(Register(c, "ulid_min", {DUCKDB_TYPE_TIMESTAMP}, V, UlidBound<false>));
  add(Register(c, "ulid_max", {DUCKDB_TYPE_TIMESTAMP}, V, UlidBound<true>));
  return ok ? DuckDBSuccess : DuckDBError;
}
