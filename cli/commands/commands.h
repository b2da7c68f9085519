// The sortid subcommands. Each Add*Command declares its own options on the
// parent app and returns the function that runs it after parsing (an exit
// code, or CliError thrown); main.cc only lists them and dispatches.
#ifndef SORTID_CLI_COMMANDS_COMMANDS_H_
#define SORTID_CLI_COMMANDS_COMMANDS_H_

#include <CLI/CLI.hpp>
#include <functional>
#include <memory>

namespace sortid::cli {

struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};

// A subcommand whose options fill an Args: declare(app, args) adds them,
// run(args) runs it once parsed (the Args lives as long as the Command).
template <typename Args, typename Run>
Command MakeCommand(CLI::App& parent, const char* name, const char* description,
                    void (*declare)(CLI::App*, Args&), Run run) {
  auto args = std::make_shared<Args>();
  CLI::App* app = parent.add_subcommand(name, description);
  declare(app, *args);
  return {app, [args, run] { return run(*args); }};
}

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

#endif  // SORTID_CLI_COMMANDS_COMMANDS_H_
