// Record ID (20 Crockford Base32 characters, 100 bits) bulk encode / decode entry
// points per target; the shared machinery is in base32_common-inl.h.
// Spec: ../shared/SPEC.md §1.2; seed 002 (the Record ID document).
//
// Toggle include guard: included once per target by kernels/dispatch.cc.
#if defined(SORTID_KERNELS_BASE32_RECORD_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_BASE32_RECORD_INL_H_
#undef SORTID_KERNELS_BASE32_RECORD_INL_H_
#else
#define SORTID_KERNELS_BASE32_RECORD_INL_H_
#endif

#include "hwy/highway.h"
#include "kernels/base32_common-inl.h"
#include "kernels/kernel_api.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if HWY_TARGET != HWY_SCALAR

size_t EncodeRecord(const kernels::EncodeArgs& args) { return EncodeCrockford<RecordFormat>(args); }

size_t DecodeRecord(const kernels::DecodeArgs& args) { return DecodeCrockford<RecordFormat>(args); }

#endif  // HWY_TARGET != HWY_SCALAR

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_BASE32_RECORD_INL_H_
