// Fork safety of the generators: the process-wide state lives in a page
// marked MADV_WIPEONFORK (Linux >= 4.14, madvise(2)), which every child made
// without CLONE_VM (fork, _Fork, a raw clone) receives zero-filled, as
// OpenBSD's arc4random does with minherit(MAP_INHERIT_ZERO). A zero
// generation tells every generator to reseed from the OS; the zeroed mutexes
// are unlocked, so a child forked while another thread held one cannot hang.
// pthread_atfork handlers take every lock before fork() and release them
// after, so a forked child's state is never half-updated. Without
// MADV_WIPEONFORK a getpid() comparison on each call detects a child instead.
// The state is created without a lock or a static guard: a child forked (or
// cloned) while another thread was creating it would wait on that guard
// forever; racing creators publish with a compare-and-swap instead.
#include <pthread.h>
#include <sched.h>
#include <sys/mman.h>
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

void Claim(ProcessState* state) {
  state->pid.store(static_cast<int>(getpid()), std::memory_order_relaxed);
  uint64_t expected = 0;
  const uint64_t mine = g_generations.fetch_add(1, std::memory_order_relaxed) + 1;
  state->generation.compare_exchange_strong(expected, mine, std::memory_order_acq_rel);
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

// Maps a page for a new state (or, when mmap fails, takes the one static
// fallback), claimed for this process but not yet published.
ProcessState* Create() {
  const long page = sysconf(_SC_PAGESIZE);
  const size_t size = sizeof(ProcessState) <= static_cast<size_t>(page)
                          ? static_cast<size_t>(page)
                          : (sizeof(ProcessState) + static_cast<size_t>(page) - 1) &
                                ~(static_cast<size_t>(page) - 1);
  void* memory = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED) {  // the pid check alone detects children
    alignas(ProcessState) static unsigned char fallback[sizeof(ProcessState)];
    static std::atomic<bool> fallback_taken{false};
    if (fallback_taken.exchange(true, std::memory_order_acq_rel)) return nullptr;
    memory = fallback;
  } else {
#ifdef MADV_WIPEONFORK
    // Every creator finds the same answer; the winner's is the one read.
    g_wipe_on_fork.store(madvise(memory, size, MADV_WIPEONFORK) == 0, std::memory_order_relaxed);
#endif
  }
  auto* state = new (memory) ProcessState();  // all zero, like a wiped page
  Claim(state);
  return state;
}

void Destroy(ProcessState* state) {
  const long page = sysconf(_SC_PAGESIZE);
  const size_t size =
      (sizeof(ProcessState) + static_cast<size_t>(page) - 1) & ~(static_cast<size_t>(page) - 1);
  state->~ProcessState();
  munmap(state, size);
}

// The published state, created on first use. Threads that race here each
// map a page; the first compare-and-swap wins and the others unmap theirs.
// Only the static fallback (mmap failed) makes a racer wait for the winner.
ProcessState* Published() {
  ProcessState* state = g_process_state.load(std::memory_order_acquire);
  while (state == nullptr) {
    ProcessState* mine = Create();
    if (mine == nullptr) {  // another thread took the fallback and publishes it
      sched_yield();
      state = g_process_state.load(std::memory_order_acquire);
      continue;
    }
    if (g_process_state.compare_exchange_strong(state, mine, std::memory_order_acq_rel,
                                                std::memory_order_acquire)) {
      pthread_atfork(BeforeFork, AfterForkInParent, AfterForkInChild);
      return mine;
    }
    Destroy(mine);  // never the fallback: only one thread takes that
  }
  return state;
}

}  // namespace

uint64_t SlowProcessGeneration() {
  ProcessState* state = Published();
  uint64_t generation = state->generation.load(std::memory_order_acquire);
  if (generation == 0) {  // a child whose page was wiped: claim a new generation
    Claim(state);
  } else if (!g_wipe_on_fork.load(std::memory_order_relaxed) &&
             state->pid.load(std::memory_order_relaxed) != getpid()) {
    // A child made without atfork handlers and without a wiped page.
    int inherited = state->pid.load(std::memory_order_relaxed);
    if (inherited != getpid() &&
        state->pid.compare_exchange_strong(inherited, -1, std::memory_order_acq_rel)) {
      ResetInherited(state);
    }
  }
  return state->generation.load(std::memory_order_acquire);
}

}  // namespace sortid::internal
