// sortid targets: the CPU targets compiled in, supported here, and active.
// Runs even when SORTID_TARGET names no usable target, to list the names.
#include <cstdio>
#include <cstdlib>
#include <span>

#include "cli/commands/commands.h"
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
  if (active[0] != '\0') {
    std::printf("%-10s %s\n", "active:", active);
    return kExitOk;
  }
  const char* forced = std::getenv("SORTID_TARGET");
  std::printf(
      "%-10s (none: SORTID_TARGET=%s is not a supported target; use one of the "
      "supported names, or unset it)\n",
      "active:", forced ? forced : "");
  return kExitOk;
}

}  // namespace

Command AddTargetsCommand(CLI::App& parent) {
  CLI::App* app = parent.add_subcommand("targets", "List compiled, supported and active targets");
  return {app, [] { return RunTargets(); }};
}

}  // namespace sortid::cli
