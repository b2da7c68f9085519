// Which compiled kernel tables get AVX-512 VBMI plans: exactly the targets at
// or above AVX3_DL in Highway's order (kernels/target_guard.h), never AVX3 or
// below, nor the reference kernel. Plans are made by baseline code from each
// table's constant data (kernels/plan.h), so this runs whatever the CPU: it
// calls nothing compiled for a target.
#include "kernels/dispatch.h"

#include <gtest/gtest.h>

#include "hwy/targets.h"
#include "kernels/kernel_api.h"
#include "kernels/plan.h"
#include "kernels/scalar/reference.h"
#include "kernels/unsupported.h"
#include "lib/targets.h"

namespace sortid {
namespace {

bool HasVbmi(const kernels::KernelTable& table) {
  return table.hwy_target != 0 && table.hwy_target <= HWY_AVX3_DL;
}

TEST(Dispatch, DensePlansOnlyOnVbmiTargets) {
  int tables = 0;
  for (const kernels::KernelTable* table : internal::CompiledTables()) {
    SCOPED_TRACE(table->name);
    ++tables;
    for (const bool encode : {true, false}) {
      for (const int terminator : {-1, int{'\n'}, int{'\t'}}) {
        kernels::KernelPlan plan;
        const kernels::PlanRequest ulid{
            Format::kUlid, encode, 4096,      size_t{26} + (terminator >= 0 ? 1u : 0u),
            nullptr,       0,      terminator};
        ASSERT_EQ(kernels::MakePlan(*table, ulid, &plan), Error::kOk);
        EXPECT_EQ(plan.data != nullptr, HasVbmi(*table) && encode)
            << encode << " " << terminator << ": the stream decoders need no tables";
        const kernels::KernelPath ulid_path = !HasVbmi(*table) ? kernels::KernelPath::kBlocks
                                              : terminator < 0 ? kernels::KernelPath::kStream
                                              : encode && terminator == '\t'
                                                  ? kernels::KernelPath::kDense
                                                  : kernels::KernelPath::kLines;
        EXPECT_EQ(plan.path, ulid_path) << encode << " " << terminator;
        const kernels::PlanRequest record{Format::kRecordId, encode, 4096, 23, "ab", 2, terminator};
        ASSERT_EQ(kernels::MakePlan(*table, record, &plan), Error::kOk);
        EXPECT_EQ(plan.data != nullptr, HasVbmi(*table) && terminator >= 0)
            << "stride 23 fits only with a terminator";
        const kernels::PlanRequest uuid{Format::kUuid, encode, 4096, 36, nullptr, 0, -1};
        ASSERT_EQ(kernels::MakePlan(*table, uuid, &plan), Error::kOk);
        EXPECT_EQ(plan.data != nullptr, HasVbmi(*table)) << "UUID " << encode;
        const kernels::PlanRequest hex{Format::kUuidHex, encode, 4096, 34, "ab", 2, terminator};
        ASSERT_EQ(kernels::MakePlan(*table, hex, &plan), Error::kOk);
        EXPECT_EQ(plan.data != nullptr, HasVbmi(*table) && terminator < 0)
            << "UUID hex: stride 34 fits only without a terminator";
      }
      // Too few items or a stride the dense layout cannot take: no plan.
      kernels::KernelPlan plan;
      const kernels::PlanRequest few{Format::kUlid, encode, 7, 26, nullptr, 0, -1};
      ASSERT_EQ(kernels::MakePlan(*table, few, &plan), Error::kOk);
      EXPECT_EQ(plan.data, nullptr);
      const kernels::PlanRequest padded{Format::kUlid, encode, 4096, 27, nullptr, 0, -1};
      ASSERT_EQ(kernels::MakePlan(*table, padded, &plan), Error::kOk);
      EXPECT_EQ(plan.data, nullptr);
    }
  }
  EXPECT_GE(tables, 1);
}

// Each table's constant name (kernels/dispatch.cc) is Highway's for its target.
TEST(Dispatch, TableNamesAreHighwayTargetNames) {
  for (const kernels::KernelTable* table : internal::CompiledTables()) {
    if (table->hwy_target == 0) continue;  // the reference kernel
    EXPECT_STREQ(table->name, hwy::TargetName(table->hwy_target));
  }
}

// The stand-in table of an unavailable target refuses every call at planning.
TEST(Dispatch, StandInTableIsRefusedAtPlanning) {
  kernels::KernelPlan plan;
  const kernels::PlanRequest ulid{Format::kUlid, false, 4096, 26, nullptr, 0, -1};
  EXPECT_EQ(kernels::MakePlan(kernels::UnsupportedTable(), ulid, &plan), Error::kUnsupported);
  EXPECT_EQ(plan.data, nullptr);
  EXPECT_EQ(plan.path, kernels::KernelPath::kBlocks);
}

// targets(kCompiled) names the registry's tables in its order, and every
// table carries a per-item codec.
TEST(Dispatch, CompiledNamesMatchTheTables) {
  const auto tables = internal::CompiledTables();
  const auto names = targets(TargetSet::kCompiled);
  ASSERT_EQ(tables.size(), names.size());
  for (size_t i = 0; i < tables.size(); ++i) {
    EXPECT_STREQ(tables[i]->name, names[i]);
    EXPECT_NE(tables[i]->item, nullptr) << names[i];
  }
  EXPECT_EQ(tables.back(), &reference::Table());
  EXPECT_TRUE(dispatch::IsSupported(reference::Table()));
  EXPECT_FALSE(dispatch::IsSupported(kernels::UnsupportedTable()));
}

TEST(Dispatch, TablesAreBestFirst) {
  const auto tables = internal::CompiledTables();
  ASSERT_FALSE(tables.empty());
  EXPECT_STREQ(tables.back()->name, "SCALAR");
  for (size_t i = 1; i + 1 < tables.size(); ++i) {
    EXPECT_LT(tables[i - 1]->hwy_target, tables[i]->hwy_target);
  }
}

}  // namespace
}  // namespace sortid
