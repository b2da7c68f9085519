// The shard files of sortid shard: DIR/shard-NNNN.<ext>, the index
// zero-padded to the width of the largest one (at least 4 digits). Checked
// before anything is created: the open-file limit, the memory for the
// buffers, and shard files of an earlier run (refused, or removed with
// --force, so that a re-run never mixes old rows with new ones).
#ifndef SORTID_CLI_COMMANDS_SHARD_FILES_H_
#define SORTID_CLI_COMMANDS_SHARD_FILES_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cli/io.h"

namespace sortid::cli {

// Throws CliError(kExitUsage / kExitIo); on success every file is open.
std::vector<std::unique_ptr<Output>> CreateShardFiles(const std::string& dir, uint32_t shards,
                                                      const std::string& extension, bool force);

// The names of the shard files in dir (an earlier run's; --force removes them), sorted.
std::vector<std::string> ExistingShardFiles(const std::string& dir);

// "shard-0042.txt" for index 42 of shards (the width follows the largest index).
std::string ShardFileName(uint32_t index, uint32_t shards, const std::string& extension);

}  // namespace sortid::cli

#endif  // SORTID_CLI_COMMANDS_SHARD_FILES_H_
