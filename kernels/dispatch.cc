// Placeholder dispatch unit: no SIMD targets are compiled yet.
#include "kernels/dispatch.h"

namespace sortid::dispatch {

std::span<const kernels::KernelTable* const> SimdTables() { return {}; }

bool IsSupported(const kernels::KernelTable&) { return false; }

}  // namespace sortid::dispatch
