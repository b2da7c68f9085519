// The monotonic ULID step of docs/spec.md §3, as a pure function the generator pool
// builds on: same or earlier millisecond (clock stepped back) keeps the last
// timestamp and adds 1 to the 80 random bits; overflow is an error that
// leaves the state unchanged; a later millisecond takes fresh random bits.
#ifndef SORTID_LIB_MONOTONIC_H_
#define SORTID_LIB_MONOTONIC_H_

#include <cstdint>
#include <cstring>

#include "kernels/format_facts.h"
#include "lib/bytes.h"
#include "sortid/sortid.hpp"

namespace sortid::internal {

struct MonotonicState {
  bool has_last = false;
  uint8_t last[16] = {};
};

// Preconditions: state, random80 (10 bytes) and out (16 bytes) non-null.
// Returns kRange for now_ms outside 0 .. 2^48-1, kOverflow when the random
// part would wrap; out and state are untouched on error.
inline Error MonotonicNext(MonotonicState* state, int64_t now_ms, const uint8_t* random80,
                           uint8_t* out) {
  uint8_t next[16];
  if (now_ms < 0 || now_ms > kMaxUlidMs) return Error::kRange;
  int64_t last_ms = -1;
  if (state->has_last) last_ms = static_cast<int64_t>(LoadBigEndian(state->last, 6));
  if (now_ms > last_ms) {
    for (int b = 0; b < 6; ++b) next[b] = static_cast<uint8_t>(now_ms >> (40 - 8 * b));
    std::memcpy(next + 6, random80, 10);
  } else {
    std::memcpy(next, state->last, 16);
    const Error error = increment_ulid(next);
    if (error != Error::kOk) return error;
  }
  std::memcpy(state->last, next, 16);
  state->has_last = true;
  std::memcpy(out, next, 16);
  return Error::kOk;
}

// Writes ids[0 .. count) as the last ID + 1, + 2, ... in its 80-bit random
// part (for IDs that share a clock reading not later than the last ID's ms).
// Returns how many were written: fewer than count only when the random part
// would overflow; the state is then the last ID written (never wraps).
inline size_t MonotonicContinue(MonotonicState* state, uint8_t* ids, size_t count) {
  if (!state->has_last || count == 0) return 0;
  static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the byte swaps assume little-endian");
  uint64_t halves[2];
  std::memcpy(halves, state->last, 16);
  uint64_t high = __builtin_bswap64(halves[0]);  // timestamp << 16 | top 16 random bits
  uint64_t low = __builtin_bswap64(halves[1]);
  size_t i = 0;
  for (; i < count; ++i) {
    if (++low == 0) {
      if ((high & 0xFFFF) == 0xFFFF) break;  // all 80 bits were ones
      ++high;
    }
    const uint64_t out[2] = {__builtin_bswap64(high), __builtin_bswap64(low)};
    std::memcpy(ids + 16 * i, out, 16);
  }
  if (i > 0) std::memcpy(state->last, ids + 16 * (i - 1), 16);
  return i;
}

// The 80-bit random part of the last ID as (high 16 bits, low 64 bits).
inline void RandomPart(const MonotonicState& state, uint64_t* high, uint64_t* low) {
  *high = LoadBigEndian(state.last + 6, 2);
  *low = LoadBigEndian(state.last + 8, 8);
}

// Moves the last ID up by up to count in its random part without writing
// IDs (a range reserved for a caller to fill with MonotonicContinue from the
// range's first ID). Returns how many fit before the 80 bits overflow.
inline size_t MonotonicReserve(MonotonicState* state, size_t count) {
  uint64_t high, low;
  RandomPart(*state, &high, &low);
  const uint64_t room_low = ~low;  // room = (0xFFFF - high) * 2^64 + room_low
  const size_t fit = (high < 0xFFFF || count <= room_low) ? count : static_cast<size_t>(room_low);
  const uint64_t sum = low + fit;
  high += sum < low ? 1 : 0;
  StoreBigEndian(high, state->last + 6, 2);
  StoreBigEndian(sum, state->last + 8, 8);
  return fit;
}

// Writes the last ID + increment (in its 80-bit random part, same
// timestamp) to out and makes it the last ID. kOverflow, nothing changed,
// when that passes 80 bits. Precondition: state->has_last, increment >= 1.
inline Error MonotonicAdd(MonotonicState* state, uint64_t increment, uint8_t* out) {
  uint64_t high, low;
  RandomPart(*state, &high, &low);
  const uint64_t sum = low + increment;
  if (sum < low && ++high == 0x10000) return Error::kOverflow;
  StoreBigEndian(high, state->last + 6, 2);
  StoreBigEndian(sum, state->last + 8, 8);
  std::memcpy(out, state->last, 16);
  return Error::kOk;
}

}  // namespace sortid::internal

#endif  // SORTID_LIB_MONOTONIC_H_
