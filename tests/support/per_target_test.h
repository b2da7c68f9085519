// Fixture for suites that run once per CPU target. Instantiated over every
// *compiled* target (a stable list, whatever CPU runs the tests); a target the
// CPU cannot run is skipped, and every other one is forced and checked to be
// the active target before the test body runs.
#ifndef SORTID_TESTS_SUPPORT_PER_TARGET_TEST_H_
#define SORTID_TESTS_SUPPORT_PER_TARGET_TEST_H_

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "sortid/sortid.hpp"

namespace sortid::test {

inline bool IsSupportedTarget(std::string_view name) {
  for (const char* supported : targets(TargetSet::kSupported)) {
    if (name == supported) return true;
  }
  return false;
}

// Forces target, checked to be the active one; skips the calling test (from
// SetUp) when this CPU cannot run it.
inline void UseTarget(const char* target) {
  if (!IsSupportedTarget(target)) {
    GTEST_SKIP() << target << " is compiled but not supported by this CPU";
  }
  ASSERT_EQ(set_target(target), Error::kOk);
  ASSERT_STREQ(active_target(), target);
}

class PerTargetTest : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override { UseTarget(GetParam()); }
  void TearDown() override { (void)set_target(nullptr); }
};

inline std::vector<const char*> CompiledTargets() {
  const auto list = targets(TargetSet::kCompiled);
  return {list.begin(), list.end()};
}

inline std::string TargetParamName(const ::testing::TestParamInfo<const char*>& info) {
  return info.param;
}

}  // namespace sortid::test

#define SORTID_INSTANTIATE_PER_TARGET(Suite)                                                       \
  INSTANTIATE_TEST_SUITE_P(Targets, Suite, ::testing::ValuesIn(::sortid::test::CompiledTargets()), \
                           ::sortid::test::TargetParamName)

#endif  // SORTID_TESTS_SUPPORT_PER_TARGET_TEST_H_
