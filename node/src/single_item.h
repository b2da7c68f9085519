// One-ID encode / decode for the per-call JavaScript functions.
//
// Until the per-item fast path (sortid::decode_one / sortid::encode_one,
// issue 15, branch wt-single) lands on main, these two functions call the
// bulk codec with a count of 1; they are the only place to change when it
// does. Preconditions: text holds size bytes (any size: a wrong length is
// an invalid item); id / out hold 16 bytes / item_length(format, options).
#ifndef SORTID_NODE_SINGLE_ITEM_H_
#define SORTID_NODE_SINGLE_ITEM_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "sortid/sortid.hpp"

namespace sortid::node {

// Decodes one ID's text (no terminator). Returns false, with *id zeroed,
// when the text is not exactly one valid item.
inline bool DecodeOne(Format format, const char* text, size_t size, uint8_t* id,
                      const TextOptions& options = {}) {
  if (size != item_length(format, options)) {
    std::memset(id, 0, kBinarySize);
    return false;
  }
  const Status status = decode(format, text, 1, size, id, nullptr, options);
  return status.ok() && status.invalid == 0;
}

// Encodes one ID: writes item_length(format, options) bytes and returns that
// count, or 0 when the ID cannot be encoded (Record ID with top bits set).
inline size_t EncodeOne(Format format, const uint8_t* id, char* out,
                        const TextOptions& options = {}) {
  const size_t size = item_length(format, options);
  const Status status = encode(format, id, 1, out, size, nullptr, options);
  return status.ok() && status.invalid == 0 ? size : 0;
}

}  // namespace sortid::node

#endif  // SORTID_NODE_SINGLE_ITEM_H_
