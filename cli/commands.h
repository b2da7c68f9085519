// Entry points of the sortid subcommands. Each returns an exit code or throws
// CliError; main.cc only parses arguments into these option structs.
#ifndef SORTID_CLI_COMMANDS_H_
#define SORTID_CLI_COMMANDS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "cli/common.h"
#include "cli/scanner.h"

namespace sortid::cli {

// What convert and shard do with a row whose ID is invalid.
enum class OnError : uint8_t { kFail, kSkip, kKeep, kNull };
OnError ParseOnError(const std::string& name);

struct ConvertOptions {
  ScanOptions scan;
  IdFormat to = IdFormat::kUuid;
  std::string out_prefix;  // --out-prefix (TypeID type name with --to typeid)
  bool lower = false;
  OnError on_error = OnError::kFail;
  std::vector<std::string> files;
};
int RunConvert(const ConvertOptions& options);

struct ValidateOptions {
  ScanOptions scan;
  bool unique = false;
  bool sorted = false;
  uint64_t max_errors = 0;  // 0: no limit
  std::vector<std::string> files;
};
int RunValidate(const ValidateOptions& options);

struct ShardOptions {
  ScanOptions scan;
  uint32_t shards = 0;
  std::string out_dir;  // empty: count only
  OnError on_error = OnError::kFail;
  std::vector<std::string> files;
};
int RunShard(const ShardOptions& options);

struct GenOptions {
  uint64_t count = 1;
  std::string kind = "ulid";
  std::string to;  // empty: the kind's own text form
  std::string prefix;
  bool type_id = false;
  bool lower = false;
  unsigned threads = 1;
  std::string seed_hex;  // 64 hex digits: deterministic (test data only)
  std::string time;      // fixed clock (with --seed: reproducible output)
  ProgressMode progress = ProgressMode::kAuto;
};
int RunGen(const GenOptions& options);

int RunInspect(const std::vector<std::string>& ids);
int RunBounds(const std::string& from, const std::string& to, const std::string& format);
int RunBench(double seconds_per_case);
int RunTargets();

}  // namespace sortid::cli

#endif  // SORTID_CLI_COMMANDS_H_
