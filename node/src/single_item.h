// One-ID encode / decode / generation for the per-call JavaScript functions,
// in the shapes single.cc wants (a byte count in, a bool or a length out),
// over the library's per-item codec and one-ID generation.
// Preconditions: text holds size bytes (any size: a wrong length is an invalid
// item); id / out hold 16 bytes / item_length(format, options) bytes.
#ifndef SORTID_NODE_SINGLE_ITEM_H_
#define SORTID_NODE_SINGLE_ITEM_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "sortid/generator.hpp"
#include "sortid/sortid.hpp"

namespace sortid::node {

// Decodes one ID's text (no terminator). Returns false, with *id zeroed,
// when the text is not exactly one valid item.
inline bool DecodeOne(Format format, const char* text, size_t size, uint8_t* id,
                      const TextOptions& options = {}) {
  return decode_one(format, std::string_view(text, size), id, options).error == Error::kOk;
}

// Encodes one ID: writes item_length(format, options) bytes and returns that
// count, or 0 when the ID cannot be encoded (Record ID with top bits set).
inline size_t EncodeOne(Format format, const uint8_t* id, char* out,
                        const TextOptions& options = {}) {
  return encode_one(format, id, out, options);
}

// A random ULID with the current time (80 fresh random bits) into id: kOk,
// or the library's error (kNoEntropy, kUnsupported, kRange).
inline Error NewUlid(uint8_t* id) { return new_ulid(id); }

}  // namespace sortid::node

#endif  // SORTID_NODE_SINGLE_ITEM_H_
