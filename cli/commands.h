// The sortid subcommands. Each Add*Command declares its own options on the
// parent app and returns the function that runs it after parsing (an exit
// code, or CliError thrown); main.cc only lists them and dispatches.
#ifndef SORTID_CLI_COMMANDS_H_
#define SORTID_CLI_COMMANDS_H_

#include <CLI/CLI.hpp>
#include <functional>

namespace sortid::cli {

struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};

Command AddConvertCommand(CLI::App& parent);
Command AddValidateCommand(CLI::App& parent);
Command AddShardCommand(CLI::App& parent);
Command AddGenCommand(CLI::App& parent);
Command AddInspectCommand(CLI::App& parent);
Command AddBoundsCommand(CLI::App& parent);
Command AddTargetsCommand(CLI::App& parent);
Command AddBenchCommand(CLI::App& parent);
Command AddDemoCommand(CLI::App& parent);

// Fails with a clear message when SORTID_TARGET named a target that is not
// available (the library never falls back silently).
bool CheckTarget();

}  // namespace sortid::cli

#endif  // SORTID_CLI_COMMANDS_H_
