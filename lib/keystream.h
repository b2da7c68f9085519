// The generator's entropy source, reachable for tests and benchmarks that
// check it against RFC 8439; not part of the public API.
#ifndef SORTID_LIB_KEYSTREAM_H_
#define SORTID_LIB_KEYSTREAM_H_

#include <cstddef>
#include <cstdint>

#include "sortid/sortid.hpp"

namespace sortid {

// ChaCha20 keystream (RFC 8439) on the active target: `blocks` 64-byte blocks
// for key, nonce and counter, counter + 1, ... (32-bit, wrapping). key: 32
// bytes, nonce: 12, out: 64 * blocks. kArgument for a null pointer with
// blocks > 0; kUnsupported when no kernel table is active.
[[nodiscard]] Error chacha20_keystream(const uint8_t* key, uint32_t counter, const uint8_t* nonce,
                                       uint8_t* out, size_t blocks);

}  // namespace sortid

#endif  // SORTID_LIB_KEYSTREAM_H_
