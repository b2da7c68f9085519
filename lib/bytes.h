// Big-endian byte helpers shared by the library's single-value code (IDs are
// big-endian 16-byte values).
#ifndef SORTID_LIB_BYTES_H_
#define SORTID_LIB_BYTES_H_

#include <cstdint>

namespace sortid::internal {

// The first `bytes` (1-8) bytes at p as a big-endian number.
inline uint64_t LoadBigEndian(const uint8_t* p, int bytes) {
  uint64_t value = 0;
  for (int i = 0; i < bytes; ++i) value = (value << 8) | p[i];
  return value;
}

// The low `bytes` (1-8) bytes of value, big-endian, at p.
inline void StoreBigEndian(uint64_t value, uint8_t* p, int bytes) {
  for (int i = bytes - 1; i >= 0; --i, value >>= 8) p[i] = static_cast<uint8_t>(value);
}

}  // namespace sortid::internal

#endif  // SORTID_LIB_BYTES_H_
