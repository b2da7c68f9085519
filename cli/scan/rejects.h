// --rejects FILE: every row taken out of the output, verbatim, each after a
// comment line "# file:line:column: reason". Without the comment lines the
// file is exactly the rejected input rows, so it can be fixed and fed back;
// output rows + rejected rows = input rows.
#ifndef SORTID_CLI_SCAN_REJECTS_H_
#define SORTID_CLI_SCAN_REJECTS_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "cli/io.h"

namespace sortid::cli {

class Rejects {
 public:
  // path empty: no rejects file (Add does nothing). Throws CliError(kExitIo).
  explicit Rejects(const std::string& path);

  bool enabled() const { return out_ != nullptr; }
  // One rejected row: the reason (already "file:line:column: why") and the
  // row's bytes with its line ending (a newline is added when it has none);
  // binary rows are written as one line of hex; an empty row: the comment only.
  void Add(const std::string& reason, std::string_view row, bool binary);
  void Flush();
  uint64_t count() const { return count_; }

 private:
  std::unique_ptr<Output> out_;
  uint64_t count_ = 0;
};

}  // namespace sortid::cli

#endif  // SORTID_CLI_SCAN_REJECTS_H_
