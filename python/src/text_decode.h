// Decoding of Python text columns into 16-byte IDs, without the Python API:
// fixed-width byte items (numpy `S`), UCS-4 items (numpy `U`) and gathered
// items of varying length (str / bytes objects). Every function writes one
// 16-byte slot and one validity byte (1 valid, 0 invalid) per item; invalid
// slots are zeroed. Nothing here allocates per item, prints or throws.
#ifndef SORTID_PYTHON_TEXT_DECODE_H_
#define SORTID_PYTHON_TEXT_DECODE_H_

#include <cstddef>
#include <cstdint>

#include "sortid/sortid.hpp"

namespace sortid::python {

// One item of varying length; data == nullptr is a null item (comes out
// invalid). Same layout as sortid::TextItem (kernels' decode_items).
struct Item {
  const char* data;
  size_t size;
};

// count items of `stride` bytes each (numpy `S<stride>`): an item holds the
// ID text followed by NUL padding up to the stride, as numpy stores values
// shorter than the itemsize. Items longer than item_length(format, options)
// whose extra bytes are not all NUL are invalid. Preconditions: text holds
// count * stride bytes; ids count * 16; valid count bytes. Returns the status
// of the library call (kArgument if the options are unusable).
Result DecodeFixedWidth(Format format, const char* text, size_t count, size_t stride,
                        const TextOptions& options, uint8_t* ids, uint8_t* valid);

// count items of `width` UCS-4 code points each (numpy `U<width>`), NUL
// padded; code points above 0x7F make the item invalid. Same outputs.
Result DecodeUcs4(Format format, const uint32_t* text, size_t count, size_t width,
                  const TextOptions& options, uint8_t* ids, uint8_t* valid);

// Items of varying length, decoded with one sortid::decode_items call; items
// not exactly item_length(format, options) bytes long are invalid.
Result DecodeItems(Format format, const Item* items, size_t count, const TextOptions& options,
                   uint8_t* ids, uint8_t* valid);

// Unpacks an Arrow-style bitmap (LSB first) of count bits into bytes of 0/1.
void UnpackBits(const uint8_t* bits, size_t count, uint8_t* bytes);

}  // namespace sortid::python

#endif  // SORTID_PYTHON_TEXT_DECODE_H_
