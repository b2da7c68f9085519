// Target registry and forcing.
#include <gtest/gtest.h>

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
  for (const char* name : targets(TargetSet::kSupported)) {
    ASSERT_EQ(set_target(name), Error::kOk);
    EXPECT_STREQ(active_target(), name);
  }
  ASSERT_EQ(set_target("scalar"), Error::kOk);  // case-insensitive
  EXPECT_STREQ(active_target(), "SCALAR");
  EXPECT_EQ(set_target("NO_SUCH_TARGET"), Error::kUnsupported);
  EXPECT_STREQ(active_target(), "SCALAR") << "a failed call changes nothing";
  ASSERT_EQ(set_target(nullptr), Error::kOk);
  EXPECT_STREQ(active_target(), targets(TargetSet::kSupported).front()) << "best by default";
}

}  // namespace
}  // namespace sortid
