// Helpers shared by the engine tests: reading a file whole and running the
// sortid command on one.
#ifndef SORTID_TESTS_ENGINES_ENGINE_TEST_UTIL_H_
#define SORTID_TESTS_ENGINES_ENGINE_TEST_UTIL_H_

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

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

}  // namespace sortid::test

#endif  // SORTID_TESTS_ENGINES_ENGINE_TEST_UTIL_H_
