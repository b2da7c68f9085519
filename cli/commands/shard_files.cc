#include "cli/commands/shard_files.h"

#include <dirent.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "cli/common.h"

namespace sortid::cli {
namespace {

// "shard-" + digits + "." + anything: a file an earlier run may have written.
bool IsShardFile(const char* name) {
  if (std::strncmp(name, "shard-", 6) != 0) return false;
  const char* p = name + 6;
  const char* digits = p;
  while (*p >= '0' && *p <= '9') ++p;
  return p > digits && (*p == '.' || *p == '\0');
}

// Raises the soft open-file limit towards the hard one; returns what is allowed.
uint64_t OpenFileLimit() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return 1024;
  if (limit.rlim_cur < limit.rlim_max) {
    rlimit raised = limit;
    raised.rlim_cur = limit.rlim_max;
    if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  return limit.rlim_cur;
}

}  // namespace

std::vector<std::string> ExistingShardFiles(const std::string& dir) {
  std::vector<std::string> found;
  DIR* d = ::opendir(dir.c_str());
  if (d == nullptr) return found;
  while (const dirent* entry = ::readdir(d)) {
    if (IsShardFile(entry->d_name)) found.emplace_back(entry->d_name);
  }
  ::closedir(d);
  std::sort(found.begin(), found.end());
  return found;
}

std::string ShardFileName(uint32_t index, uint32_t shards, const std::string& extension) {
  const size_t width = std::max<size_t>(4, std::to_string(shards - 1).size());
  std::string digits = std::to_string(index);
  digits.insert(0, width - std::min(width, digits.size()), '0');
  return "shard-" + digits + extension;
}

std::vector<std::unique_ptr<Output>> CreateShardFiles(const std::string& dir, uint32_t shards,
                                                      const std::string& extension, bool force) {
  constexpr uint64_t kSpareDescriptors = 32;  // stdin/out/err, inputs, rejects
  const uint64_t limit = OpenFileLimit();
  if (shards + kSpareDescriptors > limit) {
    throw CliError(kExitUsage, "--shards " + std::to_string(shards) + " needs " +
                                   std::to_string(shards + kSpareDescriptors) +
                                   " open files; the limit here is " + std::to_string(limit) +
                                   " (ulimit -n); nothing was created");
  }
  if (::mkdir(dir.c_str(), 0777) != 0 && errno != EEXIST) {
    throw CliError(kExitIo, dir + ": " + std::strerror(errno));
  }
  const std::vector<std::string> old = ExistingShardFiles(dir);
  if (!old.empty() && !force) {
    throw CliError(kExitUsage, dir + " already holds " + std::to_string(old.size()) +
                                   " shard file" + (old.size() == 1 ? "" : "s") + " (" +
                                   old.front() + (old.size() > 1 ? ", ..." : "") +
                                   "); remove them, or pass --force to replace them");
  }
  for (const std::string& name : old) {
    const std::string path = dir + "/" + name;
    if (::unlink(path.c_str()) != 0) throw CliError(kExitIo, path + ": " + std::strerror(errno));
  }
  // Buffers: 64 KiB per shard, less when there are many (64 MiB in all).
  const size_t flush_bytes = std::clamp<size_t>((size_t{64} << 20) / shards, 1024, 64 << 10);
  std::vector<std::unique_ptr<Output>> outputs;
  outputs.reserve(shards);
  for (uint32_t s = 0; s < shards; ++s) {
    const std::string path = dir + "/" + ShardFileName(s, shards, extension);
    auto out = std::make_unique<Output>(Output::OpenFile(path), path, flush_bytes);
    out->set_owned(true);
    outputs.push_back(std::move(out));
  }
  return outputs;
}

}  // namespace sortid::cli
