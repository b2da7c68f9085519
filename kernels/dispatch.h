// The kernel tables compiled into this build, as constant data.
#ifndef SORTID_KERNELS_DISPATCH_H_
#define SORTID_KERNELS_DISPATCH_H_

#include <span>

#include "kernels/kernel_api.h"

namespace sortid::dispatch {

// Every compiled table, best first, the reference kernel last (Highway's own
// fallback target is not listed: the reference stands in for it). Reading the
// list calls nothing compiled for a target.
std::span<const kernels::KernelTable* const> CompiledTables();
// Their names, in the same order.
std::span<const char* const> CompiledNames();
// Whether the running CPU supports the target a table was compiled for (the
// reference kernel runs everywhere).
bool IsSupported(const kernels::KernelTable& table);
// The best table this CPU supports (the reference kernel when no SIMD target
// is).
const kernels::KernelTable* BestTable();

}  // namespace sortid::dispatch

#endif  // SORTID_KERNELS_DISPATCH_H_
