// Fork safety of the generators (issue 14, defects 1 and 2): children made by
// fork(), _Fork() and a raw clone(SIGCHLD) (the last two run no atfork
// handlers) and by vfork()+exec never repeat the parent's stream, from the
// pool, from a Generator they own or from the process-wide monotonic order,
// and draw a new Record ID machine id; a child forked while another thread is
// inside the process-wide generators finishes (a timeout, never a hang).
// Also hosts the exec'd helper modes (SORTID_GENERATOR_HELPER) that need a
// fresh process: an unknown SORTID_TARGET (defect 7).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "sortid/generator.hpp"
#include "tests/generator_process_util.h"

namespace sortid {
namespace {

using test::ChildResult;
using test::Id;
using test::Spawn;

constexpr size_t kCount = 64;

// What a child or helper writes: kCount pool ULIDs, kCount ULIDs from an
// owned generator, one process-wide monotonic ULID, one Record ID.
struct Draw {
  Id pool[kCount];
  Id owned[kCount];
  Id global;
  Id record;
};

bool MakeDraw(Generator* owned, Draw* draw) {
  return generate(IdKind::kUlid, draw->pool[0].data(), kCount).ok() &&
         (owned == nullptr || owned->generate(IdKind::kUlid, draw->owned[0].data(), kCount).ok()) &&
         generate_ulid_monotonic_global(draw->global.data(), 1).ok() &&
         generate(IdKind::kRecordId, draw->record.data(), 1).ok();
}

// The helper modes, run before main() in an exec'd copy of this binary.
[[noreturn]] void RunHelper(const char* mode) {
  if (std::strcmp(mode, "ids") == 0) {
    Draw draw{};
    Generator owned;
    const bool ok = MakeDraw(&owned, &draw) && test::WriteAll(1, &draw, sizeof(draw));
    _exit(ok ? 0 : 1);
  }
  if (std::strcmp(mode, "errors") == 0) {  // one error code per generating call
    Id ids[4];
    uint8_t bytes[32];
    char text[26];
    Generator owned;
    const uint8_t codes[] = {
        static_cast<uint8_t>(generate(IdKind::kUlid, ids[0].data(), 4).error),
        static_cast<uint8_t>(generate(IdKind::kRecordId, ids[0].data(), 4).error),
        static_cast<uint8_t>(owned.generate(IdKind::kUuidV7, ids[0].data(), 4).error),
        static_cast<uint8_t>(owned.fill_random(bytes, sizeof(bytes))),
        static_cast<uint8_t>(generate_ulid_monotonic_global(ids[0].data(), 4).error),
        static_cast<uint8_t>(generate_text(IdKind::kUlid, Format::kUlid, text, 1, 26).error),
    };
    _exit(test::WriteAll(1, codes, sizeof(codes)) ? 0 : 1);
  }
  if (std::strcmp(mode, "first_use_race") == 0) {
    // In this fresh process a worker thread's first generating calls set up
    // the process-wide state, the target registry and its pool generator
    // while this thread clones children back to back, the first as soon as
    // the worker starts (after a spin of SORTID_RACE_DELAY iterations). Each
    // child generates with a Generator of its own and must finish. (Its
    // allocation is safe with glibc: this thread's malloc arena is not the
    // worker's. A Generator made here beforehand would set the state up
    // before the race.) Writes the 1-based index of the first child that
    // failed, 0 for none.
    const char* delay_text = std::getenv("SORTID_RACE_DELAY");
    const long delay = delay_text != nullptr ? std::atol(delay_text) : 0;
    std::atomic<bool> started{false};
    std::thread worker([&] {
      started.store(true, std::memory_order_release);
      Id id;
      (void)generate_ulid_monotonic_global(id.data(), 1);
      (void)generate(IdKind::kRecordId, id.data(), 1);
    });
    while (!started.load(std::memory_order_acquire)) {
    }
    std::atomic<long> spins{0};
    while (spins.fetch_add(1, std::memory_order_relaxed) < delay) {
    }
    constexpr int kChildren = 6;
    pid_t pids[kChildren];
    int fds[kChildren];
    for (int i = 0; i < kChildren; ++i) {
      int pipe_fds[2];
      if (pipe(pipe_fds) != 0) _exit(3);
      pids[i] = static_cast<pid_t>(syscall(SYS_clone, SIGCHLD, nullptr, nullptr, nullptr, 0));
      if (pids[i] < 0) _exit(3);
      if (pids[i] == 0) {
        close(pipe_fds[0]);
        Generator own;
        Id ids[2];
        const bool ok = own.generate(IdKind::kUlid, ids[0].data(), 1).ok() &&
                        own.generate(IdKind::kRecordId, ids[1].data(), 1).ok();
        _exit(ok && test::WriteAll(pipe_fds[1], ids, sizeof(ids)) ? 0 : 1);
      }
      close(pipe_fds[1]);
      fds[i] = pipe_fds[0];
    }
    uint8_t failed = 0;
    for (int i = 0; i < kChildren; ++i) {
      const ChildResult child = test::Collect(pids[i], fds[i], 3000);
      if (failed == 0 &&
          (!child.finished || child.exit_code != 0 || child.out.size() != 2 * sizeof(Id))) {
        failed = static_cast<uint8_t>(i + 1);
      }
    }
    worker.join();
    _exit(test::WriteAll(1, &failed, 1) ? 0 : 1);
  }
  _exit(2);
}

const bool g_helper_checked = [] {
  const char* mode = std::getenv("SORTID_GENERATOR_HELPER");
  if (mode != nullptr) RunHelper(mode);
  return true;
}();

bool Quick() { return std::getenv("SORTID_TEST_QUICK") != nullptr; }

void ExpectDistinct(const Draw& child, const Draw& parent) {
  for (size_t i = 0; i < kCount; ++i) {
    EXPECT_NE(std::memcmp(child.pool[i].data() + 6, parent.pool[i].data() + 6, 10), 0)
        << "pool ULID " << i << " repeats the parent's";
    EXPECT_NE(std::memcmp(child.owned[i].data() + 6, parent.owned[i].data() + 6, 10), 0)
        << "owned generator's ULID " << i << " repeats the parent's";
  }
  EXPECT_NE(std::memcmp(child.global.data() + 6, parent.global.data() + 6, 10), 0)
      << "process-wide monotonic ULID repeats the parent's";
  EXPECT_NE(record_unpack(child.record.data()).machine_id,
            record_unpack(parent.record.data()).machine_id);
}

class GeneratorForkTest : public ::testing::TestWithParam<Spawn> {};

// The child exited cleanly having written one Draw, and it shares nothing
// with what the parent's generator draws next.
void ExpectChildDrawDistinct(const ChildResult& child, Generator* owned) {
  ASSERT_EQ(child.exit_code, 0);
  ASSERT_EQ(child.out.size(), sizeof(Draw));
  Draw from_child, parent;
  std::memcpy(&from_child, child.out.data(), sizeof(Draw));
  ASSERT_TRUE(MakeDraw(owned, &parent));
  ExpectDistinct(from_child, parent);
}

TEST_P(GeneratorForkTest, ChildDrawsAFreshStreamAndMachineId) {
  if (Quick()) GTEST_SKIP() << "fork is not tested under emulation";
  Generator owned;
  Draw warm;
  ASSERT_TRUE(MakeDraw(&owned, &warm));  // every state exists and has output
  const ChildResult child = test::RunChild(GetParam(), [&](int fd) {
    Draw draw{};
    return MakeDraw(&owned, &draw) && test::WriteAll(fd, &draw, sizeof(draw)) ? 0 : 1;
  });
  ASSERT_TRUE(child.finished) << test::SpawnName(GetParam()) << " child hung";
  ExpectChildDrawDistinct(child, &owned);
}

// A child forked while another thread is inside the process-wide monotonic
// generator or the Record ID path must finish (defect 1).
TEST_P(GeneratorForkTest, ChildFinishesWhileAnotherThreadGenerates) {
  if (Quick()) GTEST_SKIP() << "fork is not tested under emulation";
#if defined(__SANITIZE_THREAD__)
  // ThreadSanitizer's runtime (GCC 12) leaves such a child waiting in its
  // own __cxa_guard_acquire on a static that the parent had initialized long
  // before (gdb: FutexWait on the guard, state "running | waiter"); natively
  // the 60 forks of this test pass. The single-threaded fork tests run here.
  GTEST_SKIP() << "TSan does not support a child of a multithreaded fork that keeps running";
#endif
  if (GetParam() != Spawn::kFork) {
    // _Fork() and a raw clone leave glibc's own locks as they were (fork()
    // resets them): the child's first pool call would register the pool
    // generator's clean-up under glibc's loader lock, which the worker takes
    // for its own. Made here first, as docs/generation.md says to.
    Id warm;
    ASSERT_TRUE(generate(IdKind::kUlid, warm.data(), 1).ok());
  }
  std::atomic<bool> stop{false};
  std::thread worker([&] {
    std::vector<Id> ids(4096);
    while (!stop.load(std::memory_order_relaxed)) {
      (void)generate_ulid_monotonic_global(ids[0].data(), ids.size());
      (void)generate(IdKind::kRecordId, ids[0].data(), 64);
    }
  });
  for (int i = 0; i < 20; ++i) {
    usleep(200);
    const ChildResult child = test::RunChild(
        GetParam(),
        [](int fd) {
          Id ids[2];
          const bool ok = generate_ulid_monotonic_global(ids[0].data(), 1).ok() &&
                          generate(IdKind::kRecordId, ids[1].data(), 1).ok();
          return ok && test::WriteAll(fd, ids, sizeof(ids)) ? 0 : 1;
        },
        10000);
    EXPECT_TRUE(child.finished) << test::SpawnName(GetParam()) << " child " << i << " hung";
    EXPECT_EQ(child.exit_code, 0);
    if (!child.finished) break;
  }
  stop = true;
  worker.join();
}

INSTANTIATE_TEST_SUITE_P(Spawns, GeneratorForkTest,
                         ::testing::Values(Spawn::kFork, Spawn::kUnderscoreFork, Spawn::kRawClone),
                         [](const ::testing::TestParamInfo<Spawn>& spawn) {
                           return std::string(test::SpawnName(spawn.param));
                         });

// A child cloned while another thread makes the process's first generating
// call (and so sets up the process-wide state and the target registry)
// finishes: it does not wait on a set-up it did not inherit. Each run is a
// fresh process; a raw clone of it hung about 1 run in 100 under load while
// the set-up sat behind function-local statics' guards.
TEST(GeneratorFirstUse, ChildClonedDuringFirstUseFinishes) {
  if (Quick()) GTEST_SKIP() << "clone is not tested under emulation";
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
  // Both runtimes keep allocator locks of their own, which a raw clone's
  // child inherits as the worker left them (ASan: children hung in 5 of 24
  // runs: the child allocates its Generator and the target registry).
  GTEST_SKIP() << "the sanitizer runtime's locks are not reset in a raw clone's child";
#endif
  for (int run = 0; run < 24; ++run) {
    // The clones start after 0, 0, 250, 500, ... spin iterations.
    const std::string delay = "SORTID_RACE_DELAY=" + std::to_string(run / 2 * 250);
    const ChildResult helper = test::RunHelper("first_use_race", delay.c_str());
    ASSERT_TRUE(helper.finished) << "run " << run << ": the helper hung";
    ASSERT_EQ(helper.exit_code, 0) << "run " << run;
    ASSERT_EQ(helper.out.size(), 1u) << "run " << run;
    EXPECT_EQ(helper.out[0], 0) << "run " << run << ": child " << int(helper.out[0]) << " failed";
  }
}

TEST(GeneratorVfork, ExecedChildDrawsAFreshStream) {
  if (Quick()) GTEST_SKIP() << "vfork is not tested under emulation";
  Generator owned;
  Draw warm;
  ASSERT_TRUE(MakeDraw(&owned, &warm));
  const ChildResult child = test::RunHelper("ids");
  ASSERT_TRUE(child.finished);
  ExpectChildDrawDistinct(child, &owned);
}

// Defect 7: an unknown SORTID_TARGET makes every generating call report
// kUnsupported, like every other bulk call.
TEST(GeneratorTarget, UnknownTargetIsReported) {
  if (Quick()) GTEST_SKIP() << "exec is not tested under emulation";
  const ChildResult child = test::RunHelper("errors", "SORTID_TARGET=NO_SUCH_TARGET");
  ASSERT_TRUE(child.finished);
  ASSERT_EQ(child.exit_code, 0);
  ASSERT_EQ(child.out.size(), 6u);
  for (size_t i = 0; i < child.out.size(); ++i) {
    EXPECT_EQ(static_cast<Error>(child.out[i]), Error::kUnsupported) << "call " << i;
  }
  // The same calls with a valid forced target all succeed.
  const ChildResult scalar = test::RunHelper("errors", "SORTID_TARGET=scalar");
  ASSERT_TRUE(scalar.finished);
  ASSERT_EQ(scalar.out.size(), 6u);
  for (size_t i = 0; i < scalar.out.size(); ++i) {
    EXPECT_EQ(static_cast<Error>(scalar.out[i]), Error::kOk) << "call " << i;
  }
}

}  // namespace
}  // namespace sortid
