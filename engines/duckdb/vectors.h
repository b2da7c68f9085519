// Moving data between DuckDB vectors and sortid's bulk calls: string access,
// validity masks, per-thread scratch, the one-allocation string writer and
// DuckDB's UUID layout. DuckDB hands a scalar function one flattened chunk of
// up to 2048 rows; every function converts it with one or two bulk sortid
// calls, never row by row through the library. DuckDB's validity mask (64-bit
// words, bit i = row i valid) has the layout of sortid's bitmap.
#ifndef SORTID_ENGINES_DUCKDB_VECTORS_H_
#define SORTID_ENGINES_DUCKDB_VECTORS_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "duckdb_api.h"
#include "sortid/sortid.h"

namespace sortid::duckdb_glue {

// The characters of a duckdb_string_t (layout documented in duckdb.h).
inline const char* StringData(const duckdb_string_t& s) {
  return s.value.inlined.length <= 12 ? s.value.inlined.inlined : s.value.pointer.ptr;
}
inline uint32_t StringLength(const duckdb_string_t& s) { return s.value.inlined.length; }

// mask: a DuckDB validity mask, nullptr when every row is valid.
inline bool RowValid(const uint64_t* mask, idx_t row) {
  return mask == nullptr || ((mask[row / 64] >> (row % 64)) & 1);
}
inline bool BitSet(const uint8_t* bits, size_t i) { return (bits[i / 8] >> (i % 8)) & 1; }
inline void SetBit(uint8_t* bits, size_t i) { bits[i / 8] |= static_cast<uint8_t>(1u << (i % 8)); }

// Per-thread buffers for one chunk: text (n * chars), ids (16 * n), a validity
// bitmap (valid, padded to whole 64-bit words) and the items handed to
// sortid_decode_items.
struct Scratch {
  std::vector<char> text;
  std::vector<uint8_t> ids;
  std::vector<uint8_t> valid;
  std::vector<sortid_text_item> items;
  void Reserve(size_t n, size_t chars);
};
Scratch& ThreadScratch();

// Decodes a column of n strings (mask: the column's validity) as IDs of the
// format, chars characters each: ids in s.ids (16 bytes per row), and bit i of
// s.valid set when row i is non-NULL and decodes (sortid_decode_items: one
// dispatched call per vector; NULL rows are null items). chars: the format's
// length, reserved for the scratch text. Returns the library's error (every
// bit clear then), e.g. SORTID_ERROR_UNSUPPORTED under an unusable
// SORTID_TARGET: the caller must report it, not treat the rows as invalid.
[[nodiscard]] sortid_error DecodeStringItems(sortid_format format, size_t chars,
                                             const duckdb_string_t* strings, const uint64_t* mask,
                                             size_t n, Scratch& s);

// The message for a failed library call in function: "<function>: sortid
// library error: <reason>" (naming SORTID_TARGET for an unusable target).
std::string LibraryErrorMessage(const char* function, sortid_error error);

// "" when every non-NULL row of the column has its bit in valid set, else the
// invalid-ID message (see common/invalid_id_message.h) for the first row
// without one, naming function.
std::string FirstInvalidRowMessage(const char* function, sortid_format format,
                                   const duckdb_string_t* strings, const uint64_t* mask, size_t n,
                                   const uint8_t* valid);

// Bits of a DuckDB validity mask (nullptr: all valid) into a bitmap of n rows.
void MaskToBits(const uint64_t* mask, size_t n, uint8_t* valid);
// The output's validity from a bitmap of n rows (bit clear -> NULL).
void SetOutputValidity(duckdb_vector output, size_t n, const uint8_t* valid);
// NULL in, NULL out: the output's validity is a copy of the input's.
void CopyValidity(duckdb_vector input, duckdb_vector output, size_t n);

// Writes row i = data[i * length, (i + 1) * length) into the VARCHAR or BLOB
// output for each row whose bit in valid is set (other rows are left for
// the caller's validity to mark NULL). One allocation in the vector's string
// heap for the whole chunk, not one per row. Precondition: length > 12 (the
// strings DuckDB does not inline), n >= 1; VARCHAR data is ASCII.
void WriteStrings(duckdb_vector output, size_t n, size_t length, const char* data,
                  const uint8_t* valid);

// DuckDB's UUID is a hugeint: the 16 bytes big-endian, top bit flipped so
// that signed order is byte order (x86-64 and AArch64 Linux are little-endian).
inline duckdb_hugeint ToDuckUuid(const uint8_t* id) {
  uint64_t hi, lo;
  std::memcpy(&hi, id, 8);
  std::memcpy(&lo, id + 8, 8);
  duckdb_hugeint h;
  h.upper = static_cast<int64_t>(__builtin_bswap64(hi) ^ (uint64_t{1} << 63));
  h.lower = __builtin_bswap64(lo);
  return h;
}
inline void FromDuckUuid(const duckdb_hugeint& h, uint8_t* id) {
  const uint64_t hi = __builtin_bswap64(static_cast<uint64_t>(h.upper) ^ (uint64_t{1} << 63));
  const uint64_t lo = __builtin_bswap64(h.lower);
  std::memcpy(id, &hi, 8);
  std::memcpy(id + 8, &lo, 8);
}

}  // namespace sortid::duckdb_glue

#endif  // SORTID_ENGINES_DUCKDB_VECTORS_H_
