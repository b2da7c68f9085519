// The one translation unit that compiles every kernel family for every
// Highway target (foreach_target.h) and defines one constant KernelTable per
// target. The registry below is data: table addresses and target bits. No
// function compiled for a target is called to list, name or choose tables, so
// nothing here runs an instruction the CPU may lack; lib/targets.cc offers a
// table only when hwy::SupportedTargets() includes its target.
#include "kernels/dispatch.h"

#include <array>
#include <span>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/dispatch.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
#include "kernels/avx2/item_codec-inl.h"
#include "kernels/avx3_dl/item_codec-inl.h"
#include "kernels/base32_common-inl.h"
#include "kernels/chacha20-inl.h"
#include "kernels/hex_uuid-inl.h"
#include "kernels/item_codec.h"
#include "kernels/item_entry-inl.h"
#include "kernels/kernel_api.h"
#include "kernels/neon/item_codec-inl.h"
#include "kernels/random_ulid_text-inl.h"
#include "kernels/scalar/reference.h"
#include "kernels/sse4/item_codec-inl.h"
#include "kernels/target_guard.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if HWY_TARGET != HWY_SCALAR && HWY_TARGET != HWY_EMU128
// hwy::TargetName(HWY_TARGET) as a constant, so that the table below is
// constant-initialized. tests/kernels/dispatch_test.cc checks it against Highway's.
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

#if SORTID_X86_AT_LEAST(AVX3_DL)
constexpr kernels::PlanFamily kPlans = kernels::PlanFamily::kVbmi;
constexpr kernels::ItemCodec kVbmiItemCodec =
    item_entry::WithPlainEntries<item_vbmi::kVbmiCodecFunctions>();
constexpr const kernels::ItemCodec* kItemCodec = &kVbmiItemCodec;
#else
constexpr kernels::PlanFamily kPlans = kernels::PlanFamily::kNone;
#if SORTID_X86_AT_LEAST(AVX2)
namespace crockford = item_avx2;
namespace uuid = item_avx2;
#elif SORTID_X86_AT_LEAST(SSE4)
namespace crockford = item_sse4;
namespace uuid = item_sse4;
#elif HWY_ARCH_ARM_A64
namespace crockford = item_neon;
namespace uuid = item_neon;
#endif
#if SORTID_X86_AT_LEAST(SSE4) || HWY_ARCH_ARM_A64
// Named after the target, so that a test can tell which target's codec ran.
constexpr kernels::ItemCodec kShuffleCodecFunctions = {
    kTargetName,
    {crockford::DecodeCrockford<single::Alphabet::kStrict, 26>,
     crockford::DecodeCrockford<single::Alphabet::kLenient, 26>,
     crockford::DecodeCrockford<single::Alphabet::kLowerOnly, 26>},
    {crockford::DecodeCrockford<single::Alphabet::kStrict, 20>,
     crockford::DecodeCrockford<single::Alphabet::kLenient, 20>,
     crockford::DecodeCrockford<single::Alphabet::kLowerOnly, 20>},
    crockford::EncodeCrockford<26>,
    crockford::EncodeCrockford<20>,
    uuid::DecodeUuid,
    uuid::DecodeUuidHex,
    uuid::EncodeUuid,
    uuid::EncodeUuidHex,
    {},
    {},
};
constexpr kernels::ItemCodec kShuffleItemCodec =
    item_entry::WithPlainEntries<kShuffleCodecFunctions>();
constexpr const kernels::ItemCodec* kItemCodec = &kShuffleItemCodec;
#else
constexpr const kernels::ItemCodec* kItemCodec = &kernels::kSwarItemCodec;
#endif
#endif

using kernels::DecodeEntry;
using kernels::EncodeEntry;
// A constant (constexpr: the registry reads its name at compile time): a
// function-local static with a dynamic initializer has a guard,
// and a child forked while another thread held that guard would wait on it
// forever.
constexpr kernels::KernelTable kTable = {
    kTargetName,
    HWY_TARGET,
    kPlans,
    {EncodeEntry<EncodeUlid>, EncodeEntry<EncodeRecord>, EncodeEntry<EncodeUuid<true> >,
     EncodeEntry<EncodeUuid<false> >},
    {DecodeEntry<DecodeUlid>, DecodeEntry<DecodeRecord>, DecodeEntry<DecodeUuid<true> >,
     DecodeEntry<DecodeUuid<false> >},
    kernels::KeystreamEntry<ChaCha20Keystream>,
    RandomUlidText,
    kItemCodec,
};
#endif  // HWY_TARGET != HWY_SCALAR && HWY_TARGET != HWY_EMU128

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace sortid::dispatch {
namespace {

struct Candidate {
  int64_t target;                     // Highway target bit
  const kernels::KernelTable* table;  // nullptr when this build does not compile the target
};

// Best first, as Highway orders its target bits (lower bit = better). Highway's
// HWY_CHOOSE_<TARGET>(name) is &N_<TARGET>::name when that target is compiled.
constexpr Candidate kCandidates[] = {
    {HWY_AVX3_DL, HWY_CHOOSE_AVX3_DL(kTable)}, {HWY_AVX3, HWY_CHOOSE_AVX3(kTable)},
    {HWY_AVX2, HWY_CHOOSE_AVX2(kTable)},       {HWY_SSE4, HWY_CHOOSE_SSE4(kTable)},
    {HWY_SSSE3, HWY_CHOOSE_SSSE3(kTable)},     {HWY_SVE2_128, HWY_CHOOSE_SVE2_128(kTable)},
    {HWY_SVE_256, HWY_CHOOSE_SVE_256(kTable)}, {HWY_SVE2, HWY_CHOOSE_SVE2(kTable)},
    {HWY_SVE, HWY_CHOOSE_SVE(kTable)},         {HWY_NEON, HWY_CHOOSE_NEON(kTable)},
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

constexpr size_t kSimdTables = [] {
  size_t n = 0;
  for (const Candidate& c : kCandidates) n += c.table != nullptr ? 1 : 0;
  return n;
}();

// The compiled tables best first, then the reference kernel; their names.
struct Compiled {
  std::array<const kernels::KernelTable*, kSimdTables + 1> tables{};
  std::array<const char*, kSimdTables + 1> names{};
};
constexpr Compiled kCompiled = [] {
  Compiled compiled;
  size_t n = 0;
  for (const Candidate& c : kCandidates) {
    if (c.table == nullptr) continue;
    compiled.tables[n] = c.table;
    compiled.names[n++] = c.table->name;
  }
  compiled.tables[n] = &reference::kReferenceTable;
  compiled.names[n] = "SCALAR";  // tests/kernels/dispatch_test.cc: the reference table's name
  return compiled;
}();

}  // namespace

std::span<const kernels::KernelTable* const> CompiledTables() { return kCompiled.tables; }
std::span<const char* const> CompiledNames() { return kCompiled.names; }

bool IsSupported(const kernels::KernelTable& table) {
  return &table == &reference::kReferenceTable ||
         (table.hwy_target != 0 && (hwy::SupportedTargets() & table.hwy_target) != 0);
}

// The default is the best compiled table whose target this CPU supports, in
// Highway's order (lower bit = better). Highway 1.0.3's own dynamic dispatch
// differs on Arm: it does not pick the specialized SVE2_128 / SVE_256 targets
// consistently; this choice is the same on every call and runs nothing.
const kernels::KernelTable* BestTable() {
  const int64_t supported = hwy::SupportedTargets();
  for (const Candidate& c : kCandidates) {
    if (c.table != nullptr && (supported & c.target) != 0) {
      return c.table;
    }
  }
  return &reference::Table();
}

}  // namespace sortid::dispatch
#endif  // HWY_ONCE
