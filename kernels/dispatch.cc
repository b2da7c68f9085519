// The one translation unit that compiles every kernel family for every
// Highway target (foreach_target.h), exports one KernelTable per target and
// chooses the default with HWY_DYNAMIC_DISPATCH. lib/ calls the chosen
// table's functions once per batch.
#include "kernels/dispatch.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/dispatch.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include "hwy/highway.h"
#include "kernels/base32_record-inl.h"
#include "kernels/base32_ulid-inl.h"
#include "kernels/chacha20-inl.h"
#include "kernels/hex_uuid-inl.h"
#include "kernels/kernel_api.h"
#include "kernels/scalar/reference.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

const kernels::KernelTable* GetTable() {
#if HWY_TARGET == HWY_SCALAR || HWY_TARGET == HWY_EMU128
  // Highway's own fallback is not a sortid target: the reference stands in.
  return &reference::Table();
#else
  static const kernels::KernelTable kTable = {
      hwy::TargetName(HWY_TARGET),
      HWY_TARGET,
      {EncodeUlid, EncodeRecord, EncodeUuid<true>, EncodeUuid<false>},
      {DecodeUlid, DecodeRecord, DecodeUuid<true>, DecodeUuid<false>},
      ChaCha20Keystream,
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

// Best first, as Highway orders its target bits (lower bit = better).
constexpr GetTableFn kCandidates[] = {
    HWY_CHOOSE_AVX3_DL(GetTable), HWY_CHOOSE_AVX3(GetTable), HWY_CHOOSE_AVX2(GetTable),
    HWY_CHOOSE_SSE4(GetTable),    HWY_CHOOSE_SSSE3(GetTable), HWY_CHOOSE_SVE2_128(GetTable),
    HWY_CHOOSE_SVE_256(GetTable), HWY_CHOOSE_SVE2(GetTable), HWY_CHOOSE_SVE(GetTable),
    HWY_CHOOSE_NEON(GetTable),
};

struct Tables {
  const kernels::KernelTable* list[std::size(kCandidates)];
  size_t size = 0;
};

const Tables& GetTables() {
  static const Tables tables = [] {
    Tables t;
    for (GetTableFn get : kCandidates) {
      if (get != nullptr && get() != &reference::Table()) t.list[t.size++] = get();
    }
    return t;
  }();
  return tables;
}

}  // namespace

std::span<const kernels::KernelTable* const> SimdTables() {
  const Tables& t = GetTables();
  return {t.list, t.size};
}

bool IsSupported(const kernels::KernelTable& table) {
  return (hwy::SupportedTargets() & table.hwy_target) != 0;
}

const kernels::KernelTable* BestTable() { return HWY_DYNAMIC_DISPATCH(GetTable)(); }

}  // namespace dispatch
}  // namespace sortid
#endif  // HWY_ONCE
