// One bulk call's plan: which path a table's entries take for the call's
// layout and the per-layout tables that path needs. Made by baseline code from
// the table's constant data, so making a plan runs nothing compiled for a
// target, and a test may make plans for tables this CPU cannot run.
#ifndef SORTID_KERNELS_PLAN_H_
#define SORTID_KERNELS_PLAN_H_

#include "kernels/kernel_api.h"

namespace sortid::kernels {

// Fills *plan for calls of `table` with the request's layout. kOk, or
// kUnsupported for the stand-in table (plan left at kBlocks, no tables).
Error MakePlan(const KernelTable& table, const PlanRequest& request, KernelPlan* plan);

}  // namespace sortid::kernels

#endif  // SORTID_KERNELS_PLAN_H_
