// A file in GoogleTest's temporary directory for the tests that read files
// (the command's input side), removed with the object, also when an
// assertion ends the test early.
#ifndef SORTID_TESTS_SUPPORT_TEMP_FILE_H_
#define SORTID_TESTS_SUPPORT_TEMP_FILE_H_

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <string>
#include <string_view>

namespace sortid::test {

// Holds text, under a unique name starting with stem.
class TempFile {
 public:
  TempFile(std::string_view stem, std::string_view text)
      : path_(::testing::TempDir() + std::string(stem) + "_XXXXXX") {
    const int fd = ::mkstemp(path_.data());
    EXPECT_GE(fd, 0) << path_;
    EXPECT_EQ(::write(fd, text.data(), text.size()), static_cast<ssize_t>(text.size()));
    ::close(fd);
  }
  ~TempFile() { ::unlink(path_.c_str()); }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace sortid::test

#endif  // SORTID_TESTS_SUPPORT_TEMP_FILE_H_
