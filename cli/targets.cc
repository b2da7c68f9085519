// sortid targets: the CPU targets compiled in, supported here, and active.
#include <cstdio>
#include <span>

#include "cli/commands.h"
#include "cli/common.h"

namespace sortid::cli {
namespace {

int RunTargets() {
  auto print = [](const char* label, std::span<const char* const> names) {
    std::printf("%-10s", label);
    for (const char* name : names) std::printf(" %s", name);
    std::printf("\n");
  };
  print("compiled:", sortid::targets(sortid::TargetSet::kCompiled));
  print("supported:", sortid::targets(sortid::TargetSet::kSupported));
  const char* active = sortid::active_target();
  std::printf("%-10s %s\n", "active:", active[0] ? active : "(none: SORTID_TARGET is invalid)");
  return active[0] ? kExitOk : kExitUsage;
}

}  // namespace

Command AddTargetsCommand(CLI::App& parent) {
  CLI::App* app = parent.add_subcommand("targets", "List compiled, supported and active targets");
  return {app, [] { return RunTargets(); }};
}

}  // namespace sortid::cli
