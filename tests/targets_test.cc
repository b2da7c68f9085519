// Target registry and forcing.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "sortid/sortid.hpp"

namespace sortid {
namespace {

bool Contains(std::span<const char* const> list, const std::string& name) {
  for (const char* n : list) {
    if (name == n) return true;
  }
  return false;
}

TEST(Targets, ScalarIsAlwaysCompiledAndSupported) {
  EXPECT_TRUE(Contains(targets(TargetSet::kCompiled), "SCALAR"));
  EXPECT_TRUE(Contains(targets(TargetSet::kSupported), "SCALAR"));
  EXPECT_EQ(std::string(targets(TargetSet::kCompiled).back()), "SCALAR");
  for (const char* name : targets(TargetSet::kSupported)) {
    EXPECT_TRUE(Contains(targets(TargetSet::kCompiled), name)) << name;
  }
}

TEST(Targets, ForcingAndRestoring) {
  ASSERT_EQ(set_target(nullptr), Error::kOk);
  const std::string automatic = active_target();  // Highway's dynamic dispatch choice
  EXPECT_TRUE(Contains(targets(TargetSet::kSupported), automatic));
  // Runs under emulation name the target the CPU model must select.
  if (const char* expected = std::getenv("SORTID_EXPECT_BEST")) {
    EXPECT_EQ(automatic, expected);
  }
  // ... and the targets it must support (comma-separated).
  if (const char* expected = std::getenv("SORTID_EXPECT_SUPPORTED")) {
    std::string list = expected;
    for (size_t start = 0; start <= list.size();) {
      const size_t end = std::min(list.find(',', start), list.size());
      EXPECT_TRUE(Contains(targets(TargetSet::kSupported), list.substr(start, end - start)))
          << list.substr(start, end - start) << " must be supported";
      start = end + 1;
    }
  }
  for (const char* name : targets(TargetSet::kSupported)) {
    ASSERT_EQ(set_target(name), Error::kOk);
    EXPECT_STREQ(active_target(), name);
  }
  ASSERT_EQ(set_target("scalar"), Error::kOk);  // case-insensitive
  EXPECT_STREQ(active_target(), "SCALAR");
  EXPECT_EQ(set_target("NO_SUCH_TARGET"), Error::kUnsupported);
  EXPECT_STREQ(active_target(), "SCALAR") << "a failed call changes nothing";
  ASSERT_EQ(set_target(nullptr), Error::kOk);
  EXPECT_EQ(active_target(), automatic) << "nullptr restores the automatic choice";
}

}  // namespace
}  // namespace sortid
