// Pieces every bulk call in lib/ shares: overflow checks, bitmap bits, and
// preparing the active kernel table for one call (its plan travels in the
// kernel arguments; an unsupported target's stand-in table fails here).
#ifndef SORTID_LIB_BULK_H_
#define SORTID_LIB_BULK_H_

#include <cstddef>
#include <cstdint>
#include <limits>

#include "kernels/kernel_api.h"
#include "lib/options.h"
#include "sortid/sortid.hpp"

namespace sortid::internal {

// Items per kernel call: a multiple of 8 so each batch's validity starts on a
// byte boundary, small enough that a batch stays in L1/L2.
inline constexpr size_t kBatch = 4096;

inline bool MulOverflows(size_t a, size_t b) {
  return b != 0 && a > std::numeric_limits<size_t>::max() / b;
}

inline void SetBit(uint8_t* bitmap, size_t i, bool value) {
  const auto mask = static_cast<uint8_t>(1u << (i % 8));
  bitmap[i / 8] = value ? static_cast<uint8_t>(bitmap[i / 8] | mask)
                        : static_cast<uint8_t>(bitmap[i / 8] & ~mask);
}

inline bool GetBit(const uint8_t* bitmap, size_t i) { return (bitmap[i / 8] >> (i % 8)) & 1; }

// Clears the bits past count in the last byte of a bitmap of count items.
inline void ClearTail(uint8_t* bitmap, size_t count) {
  if (count % 8 != 0) {
    bitmap[count / 8] = static_cast<uint8_t>(bitmap[count / 8] & ((1u << (count % 8)) - 1));
  }
}

// Calls table.prepare for `count` items of `format` at `stride` with the
// resolved prefix and terminator. kOk, or the table's error (kUnsupported from
// the stand-in table).
inline Error PrepareKernels(const kernels::KernelTable& table, Format format, bool encode,
                            size_t count, size_t stride, const ResolvedOptions& resolved,
                            kernels::KernelPlan* plan) {
  const kernels::PlanRequest request{
      format, encode, count, stride, resolved.prefix, resolved.prefix_len, resolved.terminator};
  return table.prepare(request, plan);
}

}  // namespace sortid::internal

#endif  // SORTID_LIB_BULK_H_
