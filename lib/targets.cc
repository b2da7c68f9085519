// Target selection: SORTID_TARGET at first use, set_target() afterwards.
#include "lib/targets.h"

#include <strings.h>

#include <array>
#include <atomic>
#include <cstdlib>
#include <vector>

#include "kernels/dispatch.h"
#include "kernels/scalar/reference.h"
#include "kernels/unsupported.h"
#include "sortid/sortid.hpp"

namespace sortid::internal {
namespace {

// Whether this CPU can run a table (the reference runs everywhere).
bool IsSupported(const kernels::KernelTable& table) {
  return &table == &reference::Table() || dispatch::IsSupported(table);
}

struct Registry {
  std::vector<const kernels::KernelTable*> compiled;
  std::vector<const char*> compiled_names;
  std::vector<const char*> supported_names;
};

const Registry& GetRegistry() {
  static const Registry registry = [] {
    Registry r;
    for (const kernels::KernelTable* table : dispatch::SimdTables()) r.compiled.push_back(table);
    r.compiled.push_back(&reference::Table());
    for (const kernels::KernelTable* table : r.compiled) {
      r.compiled_names.push_back(table->name);
      if (IsSupported(*table)) r.supported_names.push_back(table->name);
    }
    return r;
  }();
  return registry;
}

const kernels::KernelTable* FindSupported(const char* name) {
  for (const kernels::KernelTable* table : GetRegistry().compiled) {
    if (strcasecmp(table->name, name) == 0) return IsSupported(*table) ? table : nullptr;
  }
  return nullptr;
}

// Highway's dynamic dispatch decides the default.
const kernels::KernelTable* BestSupported() { return dispatch::BestTable(); }

// Never nullptr: an invalid SORTID_TARGET makes the stand-in table active,
// whose every entry reports Error::kUnsupported.
std::atomic<const kernels::KernelTable*>& ActiveSlot() {
  static std::atomic<const kernels::KernelTable*> slot = [] {
    const char* forced = std::getenv("SORTID_TARGET");
    if (forced != nullptr && forced[0] != '\0') {
      const kernels::KernelTable* table = FindSupported(forced);
      return table != nullptr ? table : &kernels::UnsupportedTable();
    }
    return BestSupported();
  }();
  return slot;
}

}  // namespace

std::span<const kernels::KernelTable* const> CompiledTables() { return GetRegistry().compiled; }

const kernels::KernelTable* ActiveTable() { return ActiveSlot().load(std::memory_order_acquire); }

}  // namespace sortid::internal

namespace sortid {

std::span<const char* const> targets(TargetSet which) {
  const auto& registry = internal::GetRegistry();
  return which == TargetSet::kCompiled ? std::span<const char* const>(registry.compiled_names)
                                       : std::span<const char* const>(registry.supported_names);
}

const char* active_target() { return internal::ActiveTable()->name; }

Error set_target(const char* name) {
  const kernels::KernelTable* table = (name == nullptr || name[0] == '\0')
                                          ? internal::BestSupported()
                                          : internal::FindSupported(name);
  if (table == nullptr) return Error::kUnsupported;
  internal::ActiveSlot().store(table, std::memory_order_release);
  return Error::kOk;
}

}  // namespace sortid
