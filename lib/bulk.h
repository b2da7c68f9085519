// Pieces every bulk call in lib/ shares: overflow checks, bitmap bits, and
// planning the active kernel table for one call (its plan travels in the
// kernel arguments; an unsupported target's stand-in table fails here).
#ifndef SORTID_LIB_BULK_H_
#define SORTID_LIB_BULK_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "kernels/kernel_api.h"
#include "kernels/plan.h"
#include "lib/options.h"
#include "lib/targets.h"
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

// The active kernel table and its plan (kernels/plan.h) for one bulk call of
// `count` items of `format` at `stride` with the given prefix and terminator:
// the one decision of which path the call's kernels take.
// error: kOk, or kUnsupported for the stand-in table.
struct PreparedKernels {
  PreparedKernels(Format format, bool encode, size_t count, size_t stride, const char* prefix,
                  size_t prefix_len, int terminator)
      : table(*ActiveTable()),
        error(kernels::MakePlan(
            table, {format, encode, count, stride, prefix, prefix_len, terminator}, &plan)) {}
  PreparedKernels(const PreparedKernels&) = delete;
  PreparedKernels& operator=(const PreparedKernels&) = delete;

  const kernels::KernelTable& table;
  kernels::KernelPlan plan;
  Error error;
};

// The kernel arguments for count items under the resolved options; plan:
// made for the table and call, or nullptr for the reference kernel.
inline kernels::EncodeArgs EncodeArgsFor(const ResolvedOptions& r, const uint8_t* ids, size_t count,
                                         char* out, size_t out_stride, uint8_t* validity,
                                         const kernels::KernelPlan* plan) {
  return {ids,          count,        out,     out_stride, r.prefix,
          r.prefix_len, r.terminator, r.lower, validity,   plan};
}
inline kernels::DecodeArgs DecodeArgsFor(const ResolvedOptions& r, const char* text, size_t count,
                                         size_t stride, uint8_t* ids, uint8_t* validity,
                                         const kernels::KernelPlan* plan) {
  return {text,      count,        stride, r.prefix, r.prefix_len, r.terminator,
          r.lenient, r.lower_only, ids,    validity, plan};
}

// Runs batch(done, n, batch_validity) -> Result for the batches of kBatch
// items of a bulk call (batch_validity: validity + done / 8, or scratch when
// validity is nullptr); stops at the first error, else sums the invalid
// counts.
template <class Batch>
Result RunBatches(size_t count, uint8_t* validity, Batch batch) {
  uint8_t scratch_validity[kBatch / 8];
  Result status;
  for (size_t done = 0; done < count; done += kBatch) {
    const Result result = batch(done, std::min(kBatch, count - done),
                                validity != nullptr ? validity + done / 8 : scratch_validity);
    if (!result.ok()) return {result.error};
    status.count += result.count;
  }
  return status;
}

}  // namespace sortid::internal

#endif  // SORTID_LIB_BULK_H_
