// Target registry: which kernel tables exist, which this CPU runs, which one
// the bulk functions use. The active table is read once per batch.
#ifndef SORTID_LIB_TARGETS_H_
#define SORTID_LIB_TARGETS_H_

#include <span>

#include "kernels/kernel_api.h"

namespace sortid::internal {

// Every compiled kernel table, best first; the reference ("SCALAR") is last.
std::span<const kernels::KernelTable* const> CompiledTables();
// The table in use; never nullptr. When SORTID_TARGET named a target that is
// not available it is the stand-in table (kernels/unsupported.h, name ""),
// whose every entry reports Error::kUnsupported.
const kernels::KernelTable* ActiveTable();

}  // namespace sortid::internal

#endif  // SORTID_LIB_TARGETS_H_
