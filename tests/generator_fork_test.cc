// Fork safety of the generators: children made by fork(), _Fork() and a raw
// clone(SIGCHLD) (the last two run no atfork handlers), by vfork()+exec, and
// PID 1 children of new PID namespaces never repeat the parent's stream, from
// the pool, from a Generator they own or from the process-wide monotonic
// order, and draw a new Record ID machine id; a child forked while another
// thread is inside the process-wide generators finishes (a timeout, never a
// hang). Also hosts the exec'd helper modes (SORTID_GENERATOR_HELPER) that
// need a fresh process: an unknown SORTID_TARGET.
//
// This executable defines madvise() itself: the library (linked statically)
// resolves its calls to this definition, which refuses MADV_WIPEONFORK with
// EINVAL, as kernels before 4.14 do, while SORTID_TEST_NO_WIPEONFORK is set
// (tests/CMakeLists.txt runs these tests both ways), so the pid check that
// replaces it there is tested on any kernel.
#include <errno.h>
#include <gtest/gtest.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/mount.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "lib/generator_state.h"
#include "sortid/generator.hpp"
#include "tests/generator_process_util.h"

namespace {

std::atomic<int> g_wipeonfork_calls{0};  // madvise(MADV_WIPEONFORK) calls seen

bool NoWipeOnFork() { return std::getenv("SORTID_TEST_NO_WIPEONFORK") != nullptr; }

}  // namespace

extern "C" int madvise(void* address, size_t length, int advice) {
  if (advice == MADV_WIPEONFORK) {
    g_wipeonfork_calls.fetch_add(1, std::memory_order_relaxed);
    if (NoWipeOnFork()) {
      errno = EINVAL;
      return -1;
    }
  }
  return static_cast<int>(syscall(SYS_madvise, address, length, advice));
}

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

// The random bits (the 80 after the time) of the pool's and the owned
// generator's ULIDs.
void ExpectRandomBitsDistinct(const Draw& child, const Draw& parent) {
  for (size_t i = 0; i < kCount; ++i) {
    EXPECT_NE(std::memcmp(child.pool[i].data() + 6, parent.pool[i].data() + 6, 10), 0)
        << "pool ULID " << i << " repeats the parent's";
    EXPECT_NE(std::memcmp(child.owned[i].data() + 6, parent.owned[i].data() + 6, 10), 0)
        << "owned generator's ULID " << i << " repeats the parent's";
  }
}

void ExpectDistinct(const Draw& child, const Draw& parent) {
  ExpectRandomBitsDistinct(child, parent);
  EXPECT_NE(std::memcmp(child.global.data() + 6, parent.global.data() + 6, 10), 0)
      << "process-wide monotonic ULID repeats the parent's";
  EXPECT_NE(unpack_record(child.record.data()).machine_id,
            unpack_record(parent.record.data()).machine_id);
}

// Every Spawn, as the parameters of a test suite, named by SpawnName.
auto EverySpawn() {
  return ::testing::Values(Spawn::kFork, Spawn::kUnderscoreFork, Spawn::kRawClone);
}
std::string SpawnParamName(const ::testing::TestParamInfo<Spawn>& spawn) {
  return test::SpawnName(spawn.param);
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
// generator or the Record ID path must finish.
TEST_P(GeneratorForkTest, ChildFinishesWhileAnotherThreadGenerates) {
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

INSTANTIATE_TEST_SUITE_P(Spawns, GeneratorForkTest, EverySpawn(), SpawnParamName);

// A child cloned while another thread makes the process's first generating
// call (and so sets up the process-wide state and the target registry)
// finishes: it does not wait on a set-up it did not inherit. Each run is a
// fresh process; a raw clone of it hung about 1 run in 100 under load while
// the set-up sat behind function-local statics' guards.
TEST(GeneratorFirstUse, ChildClonedDuringFirstUseFinishes) {
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

// Whether this kernel supports MADV_WIPEONFORK (Linux >= 4.14).
bool KernelWipesOnFork() {
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  void* memory = mmap(nullptr, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED) return false;
  const bool wipes = syscall(SYS_madvise, memory, page, MADV_WIPEONFORK) == 0;
  munmap(memory, page);
  return wipes;
}

// The madvise above is the one the library calls, and the process-wide state
// uses MADV_WIPEONFORK exactly when the kernel has it and this run does not
// refuse it.
TEST(GeneratorForkDetection, MadviseInterpositionSelectsTheDetection) {
  Id id;
  ASSERT_TRUE(generate(IdKind::kUlid, id.data(), 1).ok());  // the state exists
  EXPECT_GT(g_wipeonfork_calls.load(), 0) << "the library does not call this binary's madvise";
  EXPECT_EQ(internal::g_wipe_on_fork.load(), KernelWipesOnFork() && !NoWipeOnFork());
}

// What a child in a new PID namespace sends its parent.
struct NamespaceChild {
  pid_t pid;
  Draw draw;
};

// What the PID 1 "container init" sends the test: its pid, its child's
// report, and what it drew after the child ended.
struct NamespaceReport {
  pid_t pid;
  NamespaceChild child;
  Draw parent;
};

// Creates a child by spawn in a new PID namespace (so it is that
// namespace's PID 1): fork() and _Fork() after unshare(CLONE_NEWPID), a raw
// clone with CLONE_NEWPID.
pid_t SpawnInNewPidNamespace(Spawn spawn) {
  if (spawn == Spawn::kRawClone) {
    return static_cast<pid_t>(
        syscall(SYS_clone, CLONE_NEWPID | SIGCHLD, nullptr, nullptr, nullptr, 0));
  }
  if (unshare(CLONE_NEWPID) != 0) return -1;
  return spawn == Spawn::kFork ? fork() : _Fork();
}

// One ID per call: the process-wide and the pool's monotonic ULIDs increase
// and Record IDs increase with one machine id (ids compare as big-endian
// bytes).
bool OrdersHoldAcrossCalls() {
  Id global[2], pool[2], record[2];
  if (!generate_ulid_monotonic_global(global[0].data(), 1).ok() ||
      new_ulid_monotonic(pool[0].data()) != Error::kOk ||
      !generate(IdKind::kRecordId, record[0].data(), 1).ok()) {
    return false;
  }
  for (int i = 0; i < 500; ++i) {
    if (!generate_ulid_monotonic_global(global[1].data(), 1).ok() ||
        new_ulid_monotonic(pool[1].data()) != Error::kOk ||
        !generate(IdKind::kRecordId, record[1].data(), 1).ok() || global[1] <= global[0] ||
        pool[1] <= pool[0] || record[1] <= record[0] ||
        unpack_record(record[1].data()).machine_id != unpack_record(record[0].data()).machine_id) {
      return false;
    }
    global[0] = global[1];
    pool[0] = pool[1];
    record[0] = record[1];
  }
  return true;
}

// The container init's body: hides /proc first when asked, draws (so the
// recorded pid is 1), spawns its own PID 1 child, which draws while other
// threads of it generate, then draws again. Returns its exit code.
int ContainerInit(Spawn spawn, bool hide_proc, int fd) {
  if (hide_proc && (unshare(CLONE_NEWNS) != 0 ||
                    mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0 ||
                    mount("none", "/proc", "tmpfs", 0, nullptr) != 0)) {
    return 20;
  }
  Generator owned;
  Draw warm;
  if (!MakeDraw(&owned, &warm)) return 21;
  if (hide_proc) {  // the orders hold on each of several threads at once
    std::atomic<bool> held{true};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
      threads.emplace_back([&held] {
        if (!OrdersHoldAcrossCalls()) held = false;
      });
    }
    for (std::thread& thread : threads) thread.join();
    if (!held) return 27;
  }
  NamespaceReport report{};
  report.pid = getpid();
  int fds[2];
  if (pipe(fds) != 0) return 22;
  const pid_t pid = SpawnInNewPidNamespace(spawn);
  if (pid < 0) return 23;
  if (pid == 0) {
    close(fds[0]);
    // Other threads race this one to the child's first generating calls.
    int racing = 3;
#if defined(__SANITIZE_THREAD__)
    // ThreadSanitizer keeps its own record of the state's mutexes, which the
    // atfork handler locked before fork(): it does not see the kernel zero
    // them (MADV_WIPEONFORK) and reports the child's locking as double locks
    // and races.
    if (spawn == Spawn::kFork && internal::g_wipe_on_fork.load()) racing = 0;
#endif
    std::vector<std::thread> racers;
    for (int t = 0; t < racing; ++t) {
      racers.emplace_back([] {
        Id ids[8];
        (void)generate(IdKind::kUlid, ids[0].data(), 8);
        (void)generate_ulid_monotonic_global(ids[0].data(), 8);
        (void)generate(IdKind::kRecordId, ids[0].data(), 8);
      });
    }
    NamespaceChild child{getpid(), {}};
    const bool drawn = MakeDraw(&owned, &child.draw);
    for (std::thread& racer : racers) racer.join();
    _exit(drawn && test::WriteAll(fds[1], &child, sizeof(child)) ? 0 : 1);
  }
  close(fds[1]);
  const ChildResult child = test::Collect(pid, fds[0], 10000);
  if (!child.finished || child.exit_code != 0 || child.out.size() != sizeof(NamespaceChild)) {
    return 24;
  }
  std::memcpy(&report.child, child.out.data(), sizeof(NamespaceChild));
  if (!MakeDraw(&owned, &report.parent)) return 25;
  return test::WriteAll(fd, &report, sizeof(report)) ? 0 : 26;
}

// Runs ContainerInit as PID 1 of a new PID namespace (a raw clone: root may
// make one; otherwise in a new user namespace too, where it may). Sets *why
// when neither is allowed.
ChildResult RunContainerInit(Spawn spawn, bool hide_proc, std::string* why) {
  std::string refusals;
  const ChildResult init = test::RunSpawned(
      [&refusals] {
        for (const int flags : {CLONE_NEWPID, CLONE_NEWUSER | CLONE_NEWPID}) {
          const auto pid =
              static_cast<pid_t>(syscall(SYS_clone, flags | SIGCHLD, nullptr, nullptr, nullptr, 0));
          if (pid >= 0) {
            refusals.clear();  // a refusal that a later way got past is no reason
            return pid;
          }
          refusals += std::string(flags & CLONE_NEWUSER ? "; clone(CLONE_NEWUSER | CLONE_NEWPID): "
                                                        : "clone(CLONE_NEWPID): ") +
                      std::strerror(errno);
        }
        return pid_t{-1};
      },
      [&](int fd) { return ContainerInit(spawn, hide_proc, fd); });
  *why = refusals;
  return init;
}

class GeneratorPidNamespaceTest : public ::testing::TestWithParam<Spawn> {
 protected:
  // Runs the container init (hide_proc: with /proc hidden) and reads its
  // report, in which both processes are PID 1. Returns whether the report
  // came: false once the test is skipped (under emulation, or where no PID
  // namespace, or for hide_proc no mount namespace, may be made) or failed.
  bool RunInit(bool hide_proc, NamespaceReport* report) {
    ReadInitReport(hide_proc, report);
    return !IsSkipped() && !HasFatalFailure();
  }

 private:
  void ReadInitReport(bool hide_proc, NamespaceReport* report) {
    std::string why;
    const ChildResult init = RunContainerInit(GetParam(), hide_proc, &why);
    if (!why.empty()) GTEST_SKIP() << "no new PID namespace may be made here: " << why;
    ASSERT_TRUE(init.finished) << test::SpawnName(GetParam()) << ": the init or its child hung";
    if (init.exit_code == 20) GTEST_SKIP() << "no mount namespace over /proc may be made here";
    ASSERT_EQ(init.exit_code, 0);
    ASSERT_EQ(init.out.size(), sizeof(NamespaceReport));
    std::memcpy(report, init.out.data(), sizeof(*report));
    ASSERT_EQ(report->pid, 1);
    ASSERT_EQ(report->child.pid, 1);
  }
};

// A PID 1 child of a PID 1 parent has the parent's pid: without
// MADV_WIPEONFORK the pid alone would let it continue the parent's streams.
TEST_P(GeneratorPidNamespaceTest, PidOneChildOfPidOneDrawsAFreshStream) {
  NamespaceReport report;
  if (RunInit(false, &report)) ExpectDistinct(report.child.draw, report.parent);
}

// The same with /proc hidden, so neither process can read its PID
// namespace: the child's random bits (pool and owned generator) are still
// fresh; the process-wide orders are kept (docs/generation.md).
TEST_P(GeneratorPidNamespaceTest, WithoutProcTheChildsRandomBitsAreFresh) {
  NamespaceReport report;
  if (RunInit(true, &report)) ExpectRandomBitsDistinct(report.child.draw, report.parent);
}

INSTANTIATE_TEST_SUITE_P(Spawns, GeneratorPidNamespaceTest, EverySpawn(), SpawnParamName);

TEST(GeneratorVfork, ExecedChildDrawsAFreshStream) {
  Generator owned;
  Draw warm;
  ASSERT_TRUE(MakeDraw(&owned, &warm));
  const ChildResult child = test::RunHelper("ids");
  ASSERT_TRUE(child.finished);
  ExpectChildDrawDistinct(child, &owned);
}

// An unknown SORTID_TARGET makes every generating call report kUnsupported,
// like every other bulk call.
TEST(GeneratorTarget, UnknownTargetIsReported) {
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
