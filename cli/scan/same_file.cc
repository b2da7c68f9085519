#include "cli/scan/same_file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <optional>

#include "cli/common.h"

namespace sortid::cli {
namespace {

struct Identity {
  dev_t dev;
  ino_t ino;
  bool operator==(const Identity& o) const { return dev == o.dev && ino == o.ino; }
};

// The regular file behind a path ("" or "-": the given descriptor), if any.
std::optional<Identity> RegularFile(const std::string& path, int fd) {
  struct stat st {};
  const int rc = (path.empty() || path == "-") ? ::fstat(fd, &st) : ::stat(path.c_str(), &st);
  if (rc != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return Identity{st.st_dev, st.st_ino};
}

std::string Describe(const OutputFile& out) {
  return out.path.empty() ? out.role : out.role + " " + QuotedPath(out.path);
}

}  // namespace

std::string QuotedPath(const std::string& path) {
  std::string out = "'";
  for (const char c : path) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7F) {
      out += EscapedControl(byte);
    } else if (c == '\\' || c == '\'') {
      out += '\\';
      out += c;
    } else {
      out += c;
    }
  }
  return out + "'";
}

void RefuseOutputsThatAreInputs(const std::vector<std::string>& inputs,
                                const std::vector<OutputFile>& outputs) {
  std::vector<std::string> names = inputs;
  if (names.empty()) names.emplace_back("-");
  std::vector<std::optional<Identity>> written;
  for (const OutputFile& out : outputs) {
    written.push_back(RegularFile(out.path, STDOUT_FILENO));
    if (!written.back()) continue;
    for (const std::string& name : names) {
      const std::optional<Identity> in = RegularFile(name, STDIN_FILENO);
      if (in && *in == *written.back()) {
        const std::string input =
            name == "-" ? std::string("standard input") : "input " + QuotedPath(name);
        throw CliError(kExitUsage, Describe(out) + " is the " + input +
                                       " (the same file): refused, nothing was written");
      }
    }
    for (size_t k = 0; k + 1 < written.size(); ++k) {
      // The same path twice (a shard file that is new and an earlier run's) is one output.
      if (written[k] && *written[k] == *written.back() && outputs[k].path != out.path) {
        throw CliError(kExitUsage, Describe(outputs[k]) + " and " + Describe(out) +
                                       " are the same file: refused, nothing was written");
      }
    }
  }
}

}  // namespace sortid::cli
