// An output that is also an input is refused before anything is opened for
// writing: standard output, --rejects and the shard files a run would write or
// remove are compared with every input by device and inode. stat() follows
// symbolic links, so a link, a hard link or another spelling of a path is the
// same file. Only regular files are compared (a terminal, a pipe or /dev/null
// may be both without harm).
#ifndef SORTID_CLI_SCAN_SAME_FILE_H_
#define SORTID_CLI_SCAN_SAME_FILE_H_

#include <string>
#include <vector>

namespace sortid::cli {

struct OutputFile {
  std::string role;  // "standard output", "--rejects", "shard file (--force removes it)"
  std::string path;  // empty: standard output
};

// Throws CliError(kExitUsage) naming both when an output is an input (inputs:
// the command's files, none or "-" = standard input) or when two outputs are
// one file.
void RefuseOutputsThatAreInputs(const std::vector<std::string>& inputs,
                                const std::vector<OutputFile>& outputs);

// A path as a message shows it: control bytes and backslashes escaped, quoted.
std::string QuotedPath(const std::string& path);

}  // namespace sortid::cli

#endif  // SORTID_CLI_SCAN_SAME_FILE_H_
