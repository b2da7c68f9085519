// ULID (26 Crockford Base32 characters, 128 bits) bulk encode / decode entry
// points per target; the shared machinery is in base32_common-inl.h.
// Spec: ../shared/SPEC.md §1.1; https://github.com/ulid/spec.
//
// Toggle include guard: included once per target by kernels/dispatch.cc.
#if defined(SORTID_KERNELS_BASE32_ULID_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_BASE32_ULID_INL_H_
#undef SORTID_KERNELS_BASE32_ULID_INL_H_
#else
#define SORTID_KERNELS_BASE32_ULID_INL_H_
#endif

#include "hwy/highway.h"
#include "kernels/base32_common-inl.h"
#include "kernels/kernel_api.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if HWY_TARGET != HWY_SCALAR

size_t EncodeUlid(const kernels::EncodeArgs& args) { return EncodeCrockford<UlidFormat>(args); }

size_t DecodeUlid(const kernels::DecodeArgs& args) { return DecodeCrockford<UlidFormat>(args); }

#endif  // HWY_TARGET != HWY_SCALAR

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_BASE32_ULID_INL_H_
