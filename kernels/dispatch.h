// The SIMD kernel tables compiled into this build, one per Highway target.
// Until the Highway kernels land this list is empty and only the reference
// kernel (SCALAR) exists.
#ifndef SORTID_KERNELS_DISPATCH_H_
#define SORTID_KERNELS_DISPATCH_H_

#include <span>

#include "kernels/kernel_api.h"

namespace sortid::dispatch {

// Compiled SIMD tables, best first.
std::span<const kernels::KernelTable* const> SimdTables();
// Whether the running CPU supports the target a table was compiled for.
bool IsSupported(const kernels::KernelTable& table);

}  // namespace sortid::dispatch

#endif  // SORTID_KERNELS_DISPATCH_H_
