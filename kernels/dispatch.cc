// The one translation unit that compiles every kernel family for every
// Highway target (foreach_target.h), exports one KernelTable per target and
// chooses the default with HWY_DYNAMIC_DISPATCH. lib/ calls the chosen
// table's functions once per batch.
#include "kernels/dispatch.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/dispatch.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
#include "kernels/avx3_dl/crockford_dense_plan.h"
#include "kernels/avx3_dl/target_guard.h"
#include "kernels/avx3_dl/uuid_dense_plan.h"
#include "kernels/base32_common-inl.h"
#include "kernels/chacha20-inl.h"
#include "kernels/hex_uuid-inl.h"
#include "kernels/kernel_api.h"
#include "kernels/scalar/reference.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if HWY_TARGET != HWY_SCALAR && HWY_TARGET != HWY_EMU128
// The per-layout plans of this target (only the AVX-512 VBMI dense paths have
// any), computed once per bulk call by lib/ and passed in the arguments.
Error Prepare(const kernels::PlanRequest& request, kernels::KernelPlan* plan) {
  plan->data = nullptr;
#if SORTID_TARGET_HAS_VBMI
  switch (request.format) {
    case Format::kUlid:
    case Format::kRecordId:
      plan->data = simd_tables::PrepareCrockfordDense(request, plan);
      break;
    case Format::kUuid:
    case Format::kUuidHex:
      plan->data = simd_tables::PrepareUuidDense(request, plan);
      break;
  }
#else
  (void)request;
#endif
  return Error::kOk;
}
#endif

#if HWY_TARGET != HWY_SCALAR && HWY_TARGET != HWY_EMU128
// hwy::TargetName(HWY_TARGET) as a constant, so that the table below is
// constant-initialized: a function-local static with a dynamic initializer
// has a guard, and a child forked while another thread held that guard would
// wait on it forever. tests/dispatch_test.cc checks it against Highway's.
constexpr const char* kTargetName = HWY_TARGET == HWY_AVX3_DL    ? "AVX3_DL"
                                    : HWY_TARGET == HWY_AVX3     ? "AVX3"
                                    : HWY_TARGET == HWY_AVX2     ? "AVX2"
                                    : HWY_TARGET == HWY_SSE4     ? "SSE4"
                                    : HWY_TARGET == HWY_SSSE3    ? "SSSE3"
                                    : HWY_TARGET == HWY_SVE2_128 ? "SVE2_128"
                                    : HWY_TARGET == HWY_SVE_256  ? "SVE_256"
                                    : HWY_TARGET == HWY_SVE2     ? "SVE2"
                                    : HWY_TARGET == HWY_SVE      ? "SVE"
                                    : HWY_TARGET == HWY_NEON     ? "NEON"
                                                                 : nullptr;
static_assert(kTargetName != nullptr, "a target without a name (kernels/dispatch.cc)");
#endif

const kernels::KernelTable* GetTable() {
#if HWY_TARGET == HWY_SCALAR || HWY_TARGET == HWY_EMU128
  // Highway's own fallback is not a sortid target: the reference stands in.
  return &reference::Table();
#else
  using kernels::DecodeEntry;
  using kernels::EncodeEntry;
  static constinit const kernels::KernelTable kTable = {
      kTargetName,
      HWY_TARGET,
      Prepare,
      {EncodeEntry<EncodeUlid>, EncodeEntry<EncodeRecord>, EncodeEntry<EncodeUuid<true> >,
       EncodeEntry<EncodeUuid<false> >},
      {DecodeEntry<DecodeUlid>, DecodeEntry<DecodeRecord>, DecodeEntry<DecodeUuid<true> >,
       DecodeEntry<DecodeUuid<false> >},
      kernels::KeystreamEntry<ChaCha20Keystream>,
  };
  return &kTable;
#endif
}

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace sortid {

HWY_EXPORT(GetTable);

namespace dispatch {
namespace {

using GetTableFn = const kernels::KernelTable* (*)();

struct Candidate {
  int64_t target;  // Highway target bit
  GetTableFn get;  // nullptr when this build does not compile the target
};

// Best first, as Highway orders its target bits (lower bit = better).
constexpr Candidate kCandidates[] = {
    {HWY_AVX3_DL, HWY_CHOOSE_AVX3_DL(GetTable)}, {HWY_AVX3, HWY_CHOOSE_AVX3(GetTable)},
    {HWY_AVX2, HWY_CHOOSE_AVX2(GetTable)},       {HWY_SSE4, HWY_CHOOSE_SSE4(GetTable)},
    {HWY_SSSE3, HWY_CHOOSE_SSSE3(GetTable)},     {HWY_SVE2_128, HWY_CHOOSE_SVE2_128(GetTable)},
    {HWY_SVE_256, HWY_CHOOSE_SVE_256(GetTable)}, {HWY_SVE2, HWY_CHOOSE_SVE2(GetTable)},
    {HWY_SVE, HWY_CHOOSE_SVE(GetTable)},         {HWY_NEON, HWY_CHOOSE_NEON(GetTable)},
};

constexpr int64_t ListedTargets() {
  int64_t listed = 0;
  for (const Candidate& c : kCandidates) listed |= c.target;
  return listed;
}

// Every target Highway compiles in this build (HWY_TARGETS) must be in the
// list above, or its table would silently never be offered; Highway's own
// fallbacks (EMU128, SCALAR) are represented by the reference kernel.
static_assert((HWY_TARGETS & ~(ListedTargets() | HWY_EMU128 | HWY_SCALAR)) == 0,
              "a target Highway compiles is missing from kCandidates (kernels/dispatch.cc)");

constexpr bool ListedBestFirst() {
  for (size_t i = 1; i < std::size(kCandidates); ++i) {
    if (kCandidates[i - 1].target >= kCandidates[i].target) return false;
  }
  return true;
}
static_assert(ListedBestFirst(), "kCandidates must be ordered best first (ascending bits)");

}  // namespace

std::vector<const kernels::KernelTable*> SimdTables() {
  std::vector<const kernels::KernelTable*> tables;
  for (const Candidate& c : kCandidates) {
    if (c.get != nullptr && c.get() != &reference::Table()) tables.push_back(c.get());
  }
  return tables;
}

bool IsSupported(const kernels::KernelTable& table) {
  return (hwy::SupportedTargets() & table.hwy_target) != 0;
}

const kernels::KernelTable* BestTable() { return HWY_DYNAMIC_DISPATCH(GetTable)(); }

}  // namespace dispatch
}  // namespace sortid
#endif  // HWY_ONCE
