// The stand-in kernel table for a target that is unknown or that this CPU
// cannot run (simdutf's "unsupported implementation"): every entry reports
// Error::kUnsupported and writes nothing. lib/targets.cc makes it the active
// table when SORTID_TARGET names no usable target, so callers never meet a
// null table.
#ifndef SORTID_KERNELS_UNSUPPORTED_H_
#define SORTID_KERNELS_UNSUPPORTED_H_

#include "kernels/kernel_api.h"

namespace sortid::kernels {

// Named "" (what active_target() reports while it is active).
const KernelTable& UnsupportedTable();

}  // namespace sortid::kernels

#endif  // SORTID_KERNELS_UNSUPPORTED_H_
