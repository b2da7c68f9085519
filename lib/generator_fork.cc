// Fork safety of the generators: the process-wide state lives in a page
// marked MADV_WIPEONFORK (Linux >= 4.14, madvise(2)), which every child made
// without CLONE_VM (fork, _Fork, a raw clone) receives zero-filled, as
// OpenBSD's arc4random does with minherit(MAP_INHERIT_ZERO). A zero
// generation tells every generator to reseed from the OS; the zeroed mutexes
// are unlocked, so a child forked while another thread held one cannot hang.
// pthread_atfork handlers take every lock before fork() and release them
// after, so a forked child's state is never half-updated. Without
// MADV_WIPEONFORK a getpid() comparison on each call detects a child instead.
// A child in its parent's PID namespace never has the live parent's pid; a
// child that is PID 1 of a new namespace has it when the parent is PID 1 of
// its own (a container init spawning one). So only a recorded pid of 1 also
// compares the PID namespaces, and other processes pay nothing more: by the
// st_dev and st_ino of /proc/self/ns/pid (one stat; the NS_GET ioctls need
// the same file opened). A namespace lives as long as its PID 1, and every
// process that inherited this memory lives in it or in a namespace below it,
// so its identity is not reused while it matters.
// Rejected: a MADV_DONTFORK page (the child can map new memory at its
// address) and a timer or other per-process kernel id (the child can create
// one with the same id) only look absent in a child until it reuses them.
// If the namespace cannot be read (no /proc, kernels before 3.8) the process
// may be a child or not: each call then gives every generator a new key,
// keeping the monotonic orders and the Record ID state, which a reset in a
// process that is not a child would break (its other threads may hold the
// state's locks).
// The state is created without a lock or a static guard: a child forked (or
// cloned) while another thread was creating it would wait on that guard
// forever; racing creators publish with a compare-and-swap instead, and a
// child never waits for a thread it did not inherit.
#include <pthread.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <new>

#include "lib/generator_state.h"

namespace sortid::internal {

std::atomic<ProcessState*> g_process_state{nullptr};
std::atomic<bool> g_wipe_on_fork{false};

namespace {

// Generations handed out; normal memory, so a child continues its parent's
// count and never reuses a generation its inherited generators recorded.
std::atomic<uint64_t> g_generations{0};

// The calling process's PID namespace; false when it cannot be read.
bool ReadPidNamespace(uint64_t* dev, uint64_t* ino) {
  struct stat st;
  if (stat("/proc/self/ns/pid", &st) != 0 || st.st_ino == 0) return false;
  *dev = static_cast<uint64_t>(st.st_dev);
  *ino = static_cast<uint64_t>(st.st_ino);
  return true;
}

enum class Namespace { kSame, kOther, kUnknown };

// The calling process's PID namespace against the one recorded with pid 1.
Namespace ComparePidNamespace(const ProcessState* state) {
  const uint64_t recorded_dev = state->pid_ns_dev.load(std::memory_order_relaxed);
  const uint64_t recorded_ino = state->pid_ns_ino.load(std::memory_order_relaxed);
  uint64_t dev = 0, ino = 0;
  if (recorded_ino == 0 || !ReadPidNamespace(&dev, &ino)) return Namespace::kUnknown;
  return dev == recorded_dev && ino == recorded_ino ? Namespace::kSame : Namespace::kOther;
}

// Gives the state a new generation, then records the pid (release): a
// reader that acquires this pid sees the new generation and the namespace
// (generator_state.h).
void Claim(ProcessState* state) {
  uint64_t expected = 0;
  const uint64_t mine = (g_generations.fetch_add(1, std::memory_order_relaxed) + 1)
                        << kProcessShift;
  state->generation.compare_exchange_strong(expected, mine, std::memory_order_acq_rel);
  const int pid = static_cast<int>(getpid());
  uint64_t dev = 0, ino = 0;
  if (pid == 1) (void)ReadPidNamespace(&dev, &ino);
  state->pid_ns_dev.store(dev, std::memory_order_relaxed);
  state->pid_ns_ino.store(ino, std::memory_order_relaxed);
  state->pid.store(pid, std::memory_order_release);
}

// A new key for every generator of this process, same process generation
// (the low bits wrap within themselves). A generation of 0 is being reset.
void Rekey(ProcessState* state) {
  uint64_t old = state->generation.load(std::memory_order_relaxed);
  const uint64_t process_bits = ~uint64_t{0} << kProcessShift;
  while (old != 0 &&
         !state->generation.compare_exchange_weak(
             old, (old & process_bits) | ((old + 1) & ~process_bits), std::memory_order_acq_rel)) {
  }
}

// Resets a state inherited through a fork that did not wipe it (no
// MADV_WIPEONFORK): the child starts like a new process.
void ResetInherited(ProcessState* state) {
  state->generation.store(0, std::memory_order_relaxed);
  new (&state->record_mutex) std::mutex();
  new (&state->monotonic_mutex) std::mutex();
  state->record_ready.store(false, std::memory_order_relaxed);
  state->record_machine_id = 0;
  state->record_value.store(0, std::memory_order_relaxed);
  state->monotonic = MonotonicState{};
  Claim(state);
}

void BeforeFork() {
  ProcessState* state = g_process_state.load(std::memory_order_acquire);
  if (state == nullptr) return;
  state->record_mutex.lock();
  state->monotonic_mutex.lock();
}

void AfterForkInParent() {
  ProcessState* state = g_process_state.load(std::memory_order_acquire);
  if (state == nullptr) return;
  state->monotonic_mutex.unlock();
  state->record_mutex.unlock();
}

void AfterForkInChild() {
  ProcessState* state = g_process_state.load(std::memory_order_acquire);
  if (state == nullptr) return;
  // A wiped page already holds unlocked mutexes and generation 0; unlocking
  // those would be undefined. Otherwise release what BeforeFork took.
  if (state->generation.load(std::memory_order_relaxed) == 0) return;
  state->monotonic_mutex.unlock();
  state->record_mutex.unlock();
  ResetInherited(state);
}

size_t StateBytes() {
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return (sizeof(ProcessState) + page - 1) & ~(page - 1);
}

// The state's home when mmap fails (the pid check alone then detects
// children), and the pid of the process whose thread holds it (0: free). A
// child inherits its parent's pid there and may take the buffer over: the
// memory is its own copy.
alignas(ProcessState) unsigned char g_fallback[sizeof(ProcessState)];
std::atomic<int> g_fallback_owner{0};

struct Created {
  ProcessState* state;  // nullptr: another thread of this process holds the fallback
  bool wiped;           // the kernel zeroes it in every child (MADV_WIPEONFORK)
};

// A new state, claimed for this process but not yet published.
Created Create() {
  Created created{nullptr, false};
  void* memory =
      mmap(nullptr, StateBytes(), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED) {
    const int me = static_cast<int>(getpid());
    int owner = g_fallback_owner.load(std::memory_order_acquire);
    do {
      if (owner == me) return created;
    } while (!g_fallback_owner.compare_exchange_weak(owner, me, std::memory_order_acq_rel));
    memory = g_fallback;
  } else {
#ifdef MADV_WIPEONFORK
    created.wiped = madvise(memory, StateBytes(), MADV_WIPEONFORK) == 0;
#endif
  }
  created.state = new (memory) ProcessState();  // all zero, like a wiped page
  Claim(created.state);
  return created;
}

// A state that lost the race to be published.
void Discard(ProcessState* state) {
  state->~ProcessState();
  if (static_cast<void*>(state) == g_fallback) {
    g_fallback_owner.store(0, std::memory_order_release);
  } else {
    munmap(state, StateBytes());
  }
}

// The published state, created on first use. Threads that race here each
// make one; the first compare-and-swap wins and the others discard theirs.
// g_wipe_on_fork is stored by the winner after publishing: until then
// readers take the pid check, which is always correct.
ProcessState* Published() {
  ProcessState* state = g_process_state.load(std::memory_order_acquire);
  while (state == nullptr) {
    const Created mine = Create();
    if (mine.state == nullptr) {  // mmap failed and another thread holds the fallback
      sched_yield();
      state = g_process_state.load(std::memory_order_acquire);
      continue;
    }
    if (g_process_state.compare_exchange_strong(state, mine.state, std::memory_order_acq_rel,
                                                std::memory_order_acquire)) {
      g_wipe_on_fork.store(mine.wiped, std::memory_order_relaxed);
      pthread_atfork(BeforeFork, AfterForkInParent, AfterForkInChild);
      return mine.state;
    }
    Discard(mine.state);
  }
  return state;
}

}  // namespace

uint64_t SlowProcessGeneration() {
  ProcessState* state = Published();
  uint64_t generation = state->generation.load(std::memory_order_acquire);
  if (generation == 0) {  // a child whose page was wiped: claim a new generation
    Claim(state);
  } else if (!g_wipe_on_fork.load(std::memory_order_relaxed)) {
    // A child made without atfork handlers and without a wiped page: one
    // thread marks the state with its negated pid and resets it (ending in
    // Claim, which records the pid); others of this process wait for that. A
    // child of a process caught mid-reset sees another pid's mark.
    // A PID 1 whose pid matches compares its namespace: another one is a
    // child, reset like the others; the mark's owner compares again, since
    // a thread that reset the state first leaves pid 1 recorded as well.
    const int me = static_cast<int>(getpid());
    int inherited = state->pid.load(std::memory_order_acquire);
    if (inherited == 1 && me == 1) {
      const Namespace ns = ComparePidNamespace(state);
      if (ns == Namespace::kUnknown) {
        Rekey(state);
      } else if (ns == Namespace::kOther &&
                 state->pid.compare_exchange_strong(inherited, -me, std::memory_order_acq_rel)) {
        if (ComparePidNamespace(state) == Namespace::kOther) {
          ResetInherited(state);
        } else {
          state->pid.store(me, std::memory_order_release);
        }
      }
    } else if (inherited != me && inherited != -me &&
               state->pid.compare_exchange_strong(inherited, -me, std::memory_order_acq_rel)) {
      ResetInherited(state);
    }
    while (state->pid.load(std::memory_order_acquire) == -me) sched_yield();
  }
  return state->generation.load(std::memory_order_acquire);
}

}  // namespace sortid::internal
