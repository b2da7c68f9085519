// The SIMD kernel tables compiled into this build, one per Highway target.
#ifndef SORTID_KERNELS_DISPATCH_H_
#define SORTID_KERNELS_DISPATCH_H_

#include <vector>

#include "kernels/kernel_api.h"

namespace sortid::dispatch {

// Compiled SIMD tables, best first (Highway's own fallback target excluded),
// worked out on each call (lib/targets.cc keeps the list).
std::vector<const kernels::KernelTable*> SimdTables();
// Whether the running CPU supports the target a table was compiled for.
bool IsSupported(const kernels::KernelTable& table);
// The table Highway's dynamic dispatch chooses for this CPU (the reference
// kernel when no SIMD target is supported).
const kernels::KernelTable* BestTable();

}  // namespace sortid::dispatch

#endif  // SORTID_KERNELS_DISPATCH_H_
