// See vectors.h.
#include "vectors.h"

#include <algorithm>
#include <cstring>

#include "common/invalid_id_message.h"

namespace sortid::duckdb_glue {

void Scratch::Reserve(size_t n, size_t chars) {
  if (text.size() < n * chars) text.resize(n * chars);
  if (ids.size() < n * SORTID_BINARY_SIZE) ids.resize(n * SORTID_BINARY_SIZE);
  const size_t bitmap = (n + 63) / 64 * 8;
  if (valid.size() < bitmap) valid.resize(bitmap);
  if (items.size() < n) items.resize(n);
}

Scratch& ThreadScratch() {
  thread_local Scratch scratch;
  return scratch;
}

sortid_error DecodeStringItems(sortid_format format, size_t chars, const duckdb_string_t* strings,
                               const uint64_t* mask, size_t n, Scratch& s) {
  s.Reserve(n, chars);
  for (size_t i = 0; i < n; ++i) {
    s.items[i] = RowValid(mask, i)
                     ? sortid_text_item{StringData(strings[i]), StringLength(strings[i])}
                     : sortid_text_item{nullptr, 0};
  }
  // One dispatched call for the whole vector; NULL rows and rows of another
  // length come out invalid.
  const sortid_error error = sortid_decode_items(format, s.items.data(), n, s.ids.data(),
                                                 s.valid.data(), nullptr, nullptr);
  if (error != SORTID_OK) std::memset(s.valid.data(), 0, (n + 7) / 8);
  return error;
}

std::string LibraryErrorMessage(const char* function, sortid_error error) {
  std::string message =
      std::string(function) + ": sortid library error: " + sortid_error_message(error);
  if (error == SORTID_ERROR_UNSUPPORTED) {
    message +=
        " (the SORTID_TARGET environment variable names a CPU target this machine "
        "cannot run; unset it or name a supported one)";
  }
  return message;
}

std::string FirstInvalidRowMessage(const char* function, sortid_format format,
                                   const duckdb_string_t* strings, const uint64_t* mask, size_t n,
                                   const uint8_t* valid) {
  for (size_t i = 0; i < n; ++i) {
    if (!RowValid(mask, i) || BitSet(valid, i)) continue;
    return sortid::engines::InvalidIdMessage(function, format, StringData(strings[i]),
                                             StringLength(strings[i]));
  }
  return {};
}

void MaskToBits(const uint64_t* mask, size_t n, uint8_t* valid) {
  for (size_t b = 0; b < (n + 7) / 8; ++b) {
    valid[b] = static_cast<uint8_t>(mask == nullptr ? 0xFFu : mask[b / 8] >> (8 * (b % 8)));
  }
}

void SetOutputValidity(duckdb_vector output, size_t n, const uint8_t* valid) {
  duckdb_vector_ensure_validity_writable(output);
  uint64_t* out = duckdb_vector_get_validity(output);
  for (size_t w = 0; w < (n + 63) / 64; ++w) {
    uint64_t word = 0;
    std::memcpy(&word, &valid[8 * w], std::min<size_t>(8, (n + 7) / 8 - 8 * w));
    out[w] = word;
  }
}

void CopyValidity(duckdb_vector input, duckdb_vector output, size_t n) {
  const uint64_t* mask = duckdb_vector_get_validity(input);
  if (mask == nullptr) return;
  duckdb_vector_ensure_validity_writable(output);
  std::memcpy(duckdb_vector_get_validity(output), mask, (n + 63) / 64 * 8);
}

void WriteStrings(duckdb_vector output, size_t n, size_t length, const char* data,
                  const uint8_t* valid) {
  // The whole chunk's text becomes one string of the vector's heap (row 0,
  // n * length > 12 bytes, so never inlined); every row then points into it.
  // A non-inlined duckdb_string_t carries its first 4 bytes as a prefix.
  duckdb_vector_assign_string_element_len(output, 0, data, n * length);
  auto* rows = static_cast<duckdb_string_t*>(duckdb_vector_get_data(output));
  char* heap = rows[0].value.pointer.ptr;
  for (size_t i = 0; i < n; ++i) {
    if (!BitSet(valid, i)) {
      rows[i].value.inlined.length = 0;  // a well-formed empty string behind the NULL bit
      continue;
    }
    char* text = heap + i * length;
    rows[i].value.pointer.length = static_cast<uint32_t>(length);
    std::memcpy(rows[i].value.pointer.prefix, text, 4);
    rows[i].value.pointer.ptr = text;
  }
}

}  // namespace sortid::duckdb_glue
