// Target selection: SORTID_TARGET at first use, set_target() afterwards.
// Nothing here is behind a lock or a function-local static's guard: a child
// forked (or cloned) while another thread was initializing one would wait on
// it forever. Racing first calls compute the same answer and publish it with
// a compare-and-swap.
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

std::atomic<const Registry*> g_registry{nullptr};

const Registry& GetRegistry() {
  const Registry* published = g_registry.load(std::memory_order_acquire);
  if (published != nullptr) return *published;
  auto* mine = new Registry;
  for (const kernels::KernelTable* table : dispatch::SimdTables()) mine->compiled.push_back(table);
  mine->compiled.push_back(&reference::Table());
  for (const kernels::KernelTable* table : mine->compiled) {
    mine->compiled_names.push_back(table->name);
    if (IsSupported(*table)) mine->supported_names.push_back(table->name);
  }
  if (g_registry.compare_exchange_strong(published, mine, std::memory_order_acq_rel,
                                         std::memory_order_acquire)) {
    return *mine;  // lives as long as the process
  }
  delete mine;  // another thread published the same registry first
  return *published;
}

const kernels::KernelTable* FindSupported(const char* name) {
  for (const kernels::KernelTable* table : GetRegistry().compiled) {
    if (strcasecmp(table->name, name) == 0) return IsSupported(*table) ? table : nullptr;
  }
  return nullptr;
}

// Highway's dynamic dispatch decides the default.
const kernels::KernelTable* BestSupported() { return dispatch::BestTable(); }

// nullptr until the first call: then SORTID_TARGET's table, the stand-in
// whose every entry reports Error::kUnsupported for an invalid one, or the
// best supported; set_target() replaces it.
std::atomic<const kernels::KernelTable*> g_active{nullptr};

const kernels::KernelTable* TableAtFirstUse() {
  const char* forced = std::getenv("SORTID_TARGET");
  if (forced != nullptr && forced[0] != '\0') {
    const kernels::KernelTable* table = FindSupported(forced);
    return table != nullptr ? table : &kernels::UnsupportedTable();
  }
  return BestSupported();
}

}  // namespace

std::span<const kernels::KernelTable* const> CompiledTables() { return GetRegistry().compiled; }

// Never nullptr.
const kernels::KernelTable* ActiveTable() {
  const kernels::KernelTable* table = g_active.load(std::memory_order_acquire);
  if (table != nullptr) return table;
  const kernels::KernelTable* chosen = TableAtFirstUse();
  // A set_target() that ran meanwhile wins over the environment.
  return g_active.compare_exchange_strong(table, chosen, std::memory_order_acq_rel,
                                          std::memory_order_acquire)
             ? chosen
             : table;
}

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
  internal::g_active.store(table, std::memory_order_release);
  return Error::kOk;
}

}  // namespace sortid
