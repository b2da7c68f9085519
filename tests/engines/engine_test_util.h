// Helpers shared by the engine tests: temporary files, reading a file whole,
// and comparing an engine's output with the sortid command's.
#ifndef SORTID_TESTS_ENGINES_ENGINE_TEST_UTIL_H_
#define SORTID_TESTS_ENGINES_ENGINE_TEST_UTIL_H_

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace sortid::test {

inline std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// `sortid convert <args> --on-error null <input> > <output>`; true on exit 0.
inline bool ConvertWithCommand(const std::string& args, const std::string& input,
                               const std::string& output) {
  const std::string command = std::string(SORTID_CLI_PATH) + " convert " + args +
                              " --on-error null --no-progress " + input + " > " + output +
                              " 2>/dev/null";
  return std::system(command.c_str()) == 0;
}

// The temporary files of one test, "<tag>_<pid>_<name>" in gtest's temp dir,
// removed when it goes out of scope (also after a failed ASSERT).
class TempFiles {
 public:
  explicit TempFiles(std::string tag) : tag_(std::move(tag)) {}
  TempFiles(const TempFiles&) = delete;
  TempFiles& operator=(const TempFiles&) = delete;
  ~TempFiles() {
    for (const std::string& path : paths_) std::remove(path.c_str());
  }
  std::string Path(const std::string& name) {
    // The process id keeps concurrent runs (other checkouts, ctest -j) apart.
    paths_.push_back(::testing::TempDir() + "/" + tag_ + "_" + std::to_string(getpid()) + "_" +
                     name);
    return paths_.back();
  }

 private:
  std::string tag_;
  std::vector<std::string> paths_;
};

// Success when the engine's output file holds exactly what `sortid convert
// <args>` makes of the input file (written to command_output).
inline ::testing::AssertionResult SameAsCommand(const std::string& args, const std::string& input,
                                                const std::string& engine_output,
                                                const std::string& command_output) {
  if (!ConvertWithCommand(args, input, command_output)) {
    return ::testing::AssertionFailure() << "sortid convert " << args << " failed";
  }
  const std::string engine = Slurp(engine_output), command = Slurp(command_output);
  if (engine != command) {
    return ::testing::AssertionFailure()
           << "the engine (" << engine.size() << " bytes) and sortid convert " << args << " ("
           << command.size() << " bytes) disagree";
  }
  return ::testing::AssertionSuccess();
}

}  // namespace sortid::test

#endif  // SORTID_TESTS_ENGINES_ENGINE_TEST_UTIL_H_
