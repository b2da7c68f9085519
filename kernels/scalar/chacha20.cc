// ChaCha20 block function, written from RFC 8439 §2.1–2.3 (D. J. Bernstein,
// "ChaCha, a variant of Salsa20", 2008).
#include "kernels/scalar/chacha20.h"

#include "kernels/format_facts.h"

namespace sortid::reference {
namespace {

uint32_t RotateLeft(uint32_t v, int bits) { return (v << bits) | (v >> (32 - bits)); }

// RFC 8439 §2.1.
void QuarterRound(uint32_t* x, int a, int b, int c, int d) {
  x[a] += x[b];
  x[d] = RotateLeft(x[d] ^ x[a], 16);
  x[c] += x[d];
  x[b] = RotateLeft(x[b] ^ x[c], 12);
  x[a] += x[b];
  x[d] = RotateLeft(x[d] ^ x[a], 8);
  x[c] += x[d];
  x[b] = RotateLeft(x[b] ^ x[c], 7);
}

}  // namespace

ChaChaState ChaChaInit(const uint8_t key[32], uint32_t counter, const uint8_t nonce[12]) {
  ChaChaState s;
  s.words[0] = 0x61707865;  // "expand 32-byte k"
  s.words[1] = 0x3320646e;
  s.words[2] = 0x79622d32;
  s.words[3] = 0x6b206574;
  for (int i = 0; i < 8; ++i) s.words[4 + i] = internal::LoadLittleEndian32(key + 4 * i);
  s.words[12] = counter;
  for (int i = 0; i < 3; ++i) s.words[13 + i] = internal::LoadLittleEndian32(nonce + 4 * i);
  return s;
}

void ChaCha20Keystream(const ChaChaState& state, uint8_t* out, size_t blocks) {
  for (size_t block = 0; block < blocks; ++block) {
    uint32_t input[16], x[16];
    for (int i = 0; i < 16; ++i) input[i] = state.words[i];
    input[12] = state.words[12] + static_cast<uint32_t>(block);
    for (int i = 0; i < 16; ++i) x[i] = input[i];
    for (int round = 0; round < 10; ++round) {  // 20 rounds: column, then diagonal
      QuarterRound(x, 0, 4, 8, 12);
      QuarterRound(x, 1, 5, 9, 13);
      QuarterRound(x, 2, 6, 10, 14);
      QuarterRound(x, 3, 7, 11, 15);
      QuarterRound(x, 0, 5, 10, 15);
      QuarterRound(x, 1, 6, 11, 12);
      QuarterRound(x, 2, 7, 8, 13);
      QuarterRound(x, 3, 4, 9, 14);
    }
    uint8_t* block_out = out + 64 * block;
    for (int i = 0; i < 16; ++i, block_out += 4) {  // little-endian words
      const uint32_t word = x[i] + input[i];
      for (int b = 0; b < 4; ++b) block_out[b] = static_cast<uint8_t>(word >> (8 * b));
    }
  }
}

}  // namespace sortid::reference
