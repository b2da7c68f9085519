// The interface every kernel target implements: one function per format and
// direction, called once per batch by lib/codec.cc. The library resolves the
// user's options first (TypeID separator appended to the prefix, letter case
// decided), so kernels see plain bytes and flags.
//
// Contract shared by all targets (the reference kernel defines it):
// - encode writes, for item i, prefix + ID text (+ terminator) at
//   out + i * out_stride and nothing else; an invalid input (Record ID with any
//   of the top 28 bits set) gets NUL ID characters and validity bit 0.
// - decode reads exactly prefix + ID (+ terminator) bytes at text + i * stride,
//   writes 16 bytes per item (zeros when invalid) and the validity bits.
// - validity holds (count + 7) / 8 bytes, fully written (bits past count = 0).
// - Both return the number of invalid items. Nothing outside the given
//   buffers is read or written.
#ifndef SORTID_KERNELS_KERNEL_API_H_
#define SORTID_KERNELS_KERNEL_API_H_

#include <cstddef>
#include <cstdint>

namespace sortid::kernels {

inline constexpr int kNumFormats = 4;  // indexed by sortid::Format

// Characters of one ID per format: ULID, Record ID, UUID (hyphenated), UUID hex.
inline constexpr size_t kTextLength[kNumFormats] = {26, 20, 36, 32};

struct EncodeArgs {
  const uint8_t* ids;
  size_t count;
  char* out;
  size_t out_stride;
  const char* prefix;
  size_t prefix_len;
  int terminator;  // -1: none
  bool lower;      // letter case of the output
  uint8_t* validity;
};

struct DecodeArgs {
  const char* text;
  size_t count;
  size_t stride;
  const char* prefix;
  size_t prefix_len;
  int terminator;   // -1: none
  bool lenient;     // Crockford aliases (Crockford formats only)
  bool lower_only;  // TypeID: upper-case letters are invalid
  uint8_t* ids;
  uint8_t* validity;
};

using EncodeFn = size_t (*)(const EncodeArgs&);
using DecodeFn = size_t (*)(const DecodeArgs&);
// ChaCha20 (RFC 8439): `blocks` 64-byte keystream blocks of the 16-word input
// state (constants, key, counter, nonce), the counter advancing per block.
using KeystreamFn = void (*)(const uint32_t* state, uint8_t* out, size_t blocks);

struct KernelTable {
  const char* name;    // "SCALAR", "AVX3_DL", ...
  int64_t hwy_target;  // Highway target bit; 0 for the reference kernel
  EncodeFn encode[kNumFormats];
  DecodeFn decode[kNumFormats];
  KeystreamFn chacha20;
};

}  // namespace sortid::kernels

#endif  // SORTID_KERNELS_KERNEL_API_H_
