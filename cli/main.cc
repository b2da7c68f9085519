// The sortid command: lists the subcommands (each declares its own options in
// cli/commands/<name>.cc), parses the arguments with CLI11 and runs the one chosen.
// Messages start "sortid <subcommand>: " once a subcommand is known. Exit
// codes: 0 ok, 1 bad data, 2 usage, 3 I/O (a failed write to standard output
// included, in every subcommand and for --help).
#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands/commands.h"
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

namespace {

// Standard output written out completely, else exit 3 with the reason.
int CheckStdout(const std::string& who, int code) {
  errno = 0;
  std::cout.flush();
  const bool failed = std::fflush(stdout) != 0 || std::ferror(stdout) || std::cout.fail();
  if (!failed) return code;
  const int err = errno;
  std::fprintf(stderr, "%s: standard output: write error%s%s\n", who.c_str(), err ? ": " : "",
               err ? std::strerror(err) : "");
  return kExitIo;
}

}  // namespace
}  // namespace sortid::cli

int main(int argc, char** argv) {
  using namespace sortid::cli;
  std::ios::sync_with_stdio(true);
  CLI::App app{"sortid: encode, decode, validate and generate sortable IDs in bulk", "sortid"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string(SORTID_VERSION_STRING));
  app.footer("Exit codes: 0 ok, 1 bad data, 2 usage, 3 I/O error.");
  const std::vector<Command> commands = {
      AddConvertCommand(app), AddValidateCommand(app), AddShardCommand(app),
      AddGenCommand(app),     AddInspectCommand(app),  AddBoundsCommand(app),
      AddTargetsCommand(app), AddBenchCommand(app),    AddDemoCommand(app)};
  if (argc > 1 && argv[1][0] != '-') {
    bool known = false;
    for (const Command& command : commands) known |= command.app->get_name() == argv[1];
    if (!known) {
      std::string names;
      for (const Command& command : commands) names += " " + command.app->get_name();
      std::fprintf(stderr,
                   "sortid: unknown subcommand '%s'; the subcommands are:%s (sortid --help)\n",
                   argv[1], names.c_str());
      return kExitUsage;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {  // --help, --version: CLI11 prints them
      return CheckStdout("sortid", app.exit(e));
    }
    // CLI11's own texts get the same "sortid SUBCOMMAND: " prefix as ours.
    std::string who = "sortid";
    for (const Command& command : commands) {
      if (argc > 1 && command.app->get_name() == argv[1]) who += " " + command.app->get_name();
    }
    std::fflush(stdout);
    std::fprintf(stderr, "%s: %s (%s --help)\n", who.c_str(), e.what(), who.c_str());
    return kExitUsage;
  }
  for (const Command& command : commands) {
    if (!*command.app) continue;
    const std::string who = "sortid " + command.app->get_name();
    // `targets` lists the valid names even when SORTID_TARGET is wrong.
    if (command.app->get_name() != "targets" && !CheckTarget()) return kExitUsage;
    int code;
    try {
      code = command.run();
    } catch (const CliError& e) {
      std::fflush(stdout);
      std::fprintf(stderr, "%s: %s\n", who.c_str(), e.what());
      code = e.code();
    }
    return CheckStdout(who, code);
  }
  return kExitUsage;
}
