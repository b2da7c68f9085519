// One-ID encode / decode / generation for the per-call JavaScript functions.
//
// They use the library's per-item codec (sortid::decode_one / encode_one) and
// one-ID generation (sortid::new_ulid) when the library has them
// (SORTID_NODE_HAVE_*, detected by node/CMakeLists.txt); otherwise the bulk
// calls with a count of 1.
// Preconditions: text holds size bytes (any size: a wrong length is an invalid
// item); id / out hold 16 bytes / item_length(format, options) bytes.
#ifndef SORTID_NODE_SINGLE_ITEM_H_
#define SORTID_NODE_SINGLE_ITEM_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "sortid/generator.hpp"
#include "sortid/sortid.hpp"

namespace sortid::node {

// Decodes one ID's text (no terminator). Returns false, with *id zeroed,
// when the text is not exactly one valid item.
inline bool DecodeOne(Format format, const char* text, size_t size, uint8_t* id,
                      const TextOptions& options = {}) {
#if SORTID_NODE_HAVE_DECODE_ONE
  return decode_one(format, std::string_view(text, size), id, options).error == Error::kOk;
#else
  if (size != item_length(format, options)) {
    std::memset(id, 0, kBinarySize);
    return false;
  }
  const Result status = decode(format, text, 1, size, id, nullptr, options);
  return status.ok() && status.count == 0;
#endif
}

// Encodes one ID: writes item_length(format, options) bytes and returns that
// count, or 0 when the ID cannot be encoded (Record ID with top bits set).
inline size_t EncodeOne(Format format, const uint8_t* id, char* out,
                        const TextOptions& options = {}) {
#if SORTID_NODE_HAVE_DECODE_ONE
  return encode_one(format, id, out, options);
#else
  const size_t size = item_length(format, options);
  const Result status = encode(format, id, 1, out, size, nullptr, options);
  return status.ok() && status.count == 0 ? size : 0;
#endif
}

// A random ULID with the current time (80 fresh random bits) into id: kOk,
// or the library's error (kNoEntropy, kUnsupported, kRange).
inline Error NewUlid(uint8_t* id) {
#if SORTID_NODE_HAVE_NEW_ULID
  return new_ulid(id);
#else
  return generate(IdKind::kUlid, id, 1).error;
#endif
}

}  // namespace sortid::node

#endif  // SORTID_NODE_SINGLE_ITEM_H_
