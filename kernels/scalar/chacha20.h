// ChaCha20 block function, RFC 8439 §2.3, scalar reference: the oracle for
// the multi-block SIMD kernels (kernels/chacha20-inl.h).
#ifndef SORTID_KERNELS_SCALAR_CHACHA20_H_
#define SORTID_KERNELS_SCALAR_CHACHA20_H_

#include <cstddef>
#include <cstdint>

namespace sortid::reference {

// The 16-word ChaCha20 input state: constants, 8 key words, block counter,
// 3 nonce words (RFC 8439 §2.3; key and nonce read little-endian).
struct ChaChaState {
  uint32_t words[16];
};
ChaChaState ChaChaInit(const uint8_t key[32], uint32_t counter, const uint8_t nonce[12]);

// Writes `blocks` 64-byte keystream blocks for counters counter, counter + 1,
// ... (the 32-bit counter wraps, as in RFC 8439).
void ChaCha20Keystream(const ChaChaState& state, uint8_t* out, size_t blocks);

}  // namespace sortid::reference

#endif  // SORTID_KERNELS_SCALAR_CHACHA20_H_
