// The sortid command: lists the subcommands (each declares its own options in
// cli/<name>.cc), parses the arguments with CLI11 and runs the one chosen.
// Exit codes: 0 ok, 1 bad data, 2 usage, 3 I/O.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "cli/commands.h"
#include "cli/common.h"
#include "sortid/sortid.hpp"

namespace sortid::cli {

bool CheckTarget() {
  if (sortid::active_target()[0] != '\0') return true;
  const char* forced = std::getenv("SORTID_TARGET");
  std::fprintf(stderr, "sortid: SORTID_TARGET=%s is not a supported target; run `sortid targets`\n",
               forced ? forced : "");
  return false;
}

}  // namespace sortid::cli

int main(int argc, char** argv) {
  using namespace sortid::cli;
  CLI::App app{"sortid: encode, decode, validate and generate sortable IDs in bulk", "sortid"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string(SORTID_VERSION_STRING));
  app.footer("Exit codes: 0 ok, 1 bad data, 2 usage, 3 I/O error.");
  const std::vector<Command> commands = {
      AddConvertCommand(app), AddValidateCommand(app), AddShardCommand(app),
      AddGenCommand(app),     AddInspectCommand(app),  AddBoundsCommand(app),
      AddTargetsCommand(app), AddBenchCommand(app),    AddDemoCommand(app)};
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : kExitUsage;
  }
  if (!CheckTarget()) return kExitUsage;
  try {
    for (const Command& command : commands) {
      if (*command.app) return command.run();
    }
  } catch (const CliError& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "sortid: %s\n", e.what());
    return e.code();
  }
  return kExitUsage;
}
