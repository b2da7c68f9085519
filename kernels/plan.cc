// Plans for the AVX-512 VBMI paths (kernels/avx3_dl/): the stream codecs take
// ULID / Record ID text with no prefix, one item per stride, bare or with one
// terminator; the dense plans take any other layout they fit. The conditions
// are the ones the kernels were written for; the kernels only check the batch
// is long enough for a whole group.
#include "kernels/plan.h"

#include "kernels/avx3_dl/crockford_dense_plan.h"
#include "kernels/avx3_dl/crockford_stream_decode_plan.h"
#include "kernels/avx3_dl/crockford_stream_plan.h"
#include "kernels/avx3_dl/uuid_dense_plan.h"

namespace sortid::kernels {
namespace {

KernelPath CrockfordStreamPath(const PlanRequest& r) {
  if (r.prefix_len != 0) return KernelPath::kBlocks;
  const bool ulid = r.format == Format::kUlid;
  if (r.encode) {
    const auto& plain = ulid ? simd_tables::kUlidStreamPlan : simd_tables::kRecordStreamPlan;
    const auto& lines =
        ulid ? simd_tables::kUlidLinesStreamPlan : simd_tables::kRecordLinesStreamPlan;
    if (r.terminator == -1 && r.stride == plain.item_len) return KernelPath::kStream;
    if (r.terminator == '\n' && r.stride == lines.item_len) return KernelPath::kLines;
    return KernelPath::kBlocks;
  }
  const auto& plain =
      ulid ? simd_tables::kUlidDecodeStreamPlan : simd_tables::kRecordDecodeStreamPlan;
  const auto& lines =
      ulid ? simd_tables::kUlidLinesDecodeStreamPlan : simd_tables::kRecordLinesDecodeStreamPlan;
  if (r.terminator < 0 && r.stride == plain.item_len) return KernelPath::kStream;
  if (r.terminator >= 0 && r.stride == lines.item_len) return KernelPath::kLines;
  return KernelPath::kBlocks;
}

void MakeVbmiPlan(const PlanRequest& request, KernelPlan* plan) {
  switch (request.format) {
    case Format::kUlid:
    case Format::kRecordId: {
      plan->path = CrockfordStreamPath(request);
      // Stream encode finishes the items after its last whole group with the
      // dense tables; stream decode finishes them with the block loop.
      if (plan->path == KernelPath::kBlocks || request.encode) {
        plan->data = simd_tables::PrepareCrockfordDense(request, plan);
      }
      break;
    }
    case Format::kUuid:
    case Format::kUuidHex:
      plan->data = simd_tables::PrepareUuidDense(request, plan);
      break;
  }
  if (plan->path == KernelPath::kBlocks && plan->data != nullptr) plan->path = KernelPath::kDense;
}

}  // namespace

Error MakePlan(const KernelTable& table, const PlanRequest& request, KernelPlan* plan) {
  plan->path = KernelPath::kBlocks;
  plan->data = nullptr;
  switch (table.plans) {
    case PlanFamily::kNone:
      return Error::kOk;
    case PlanFamily::kVbmi:
      MakeVbmiPlan(request, plan);
      return Error::kOk;
    case PlanFamily::kUnsupported:
      break;
  }
  return Error::kUnsupported;
}

}  // namespace sortid::kernels
