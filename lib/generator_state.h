// Internal: the generator's CSPRNG state (lib/generator_entropy.cc), the
// process-wide state that forked children must not inherit
// (lib/generator_fork.cc), and the calling thread's pool generator
// (lib/generator.cc). See docs/generation.md for the guarantees.
#ifndef SORTID_LIB_GENERATOR_STATE_H_
#define SORTID_LIB_GENERATOR_STATE_H_

#include <unistd.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>

#include "kernels/format_facts.h"
#include "lib/monotonic.h"
#include "lib/targets.h"
#include "sortid/generator.hpp"

namespace sortid {
namespace internal {

constexpr size_t kBufferBytes = 4096;               // keystream per refill (64 blocks)
constexpr size_t kRefillBytes = kBufferBytes - 32;  // the first 32 become the next key
constexpr size_t kReseedBytes = size_t{1} << 20;    // output per OS seed, at most

// A generation's high 32 bits name the process; its low 32 bits change when
// the process only rekeys its generators (lib/generator_fork.cc: a PID 1
// that cannot read its PID namespace), which keeps their monotonic orders.
constexpr int kProcessShift = 32;

// Process-wide state that a child process must not inherit: it lives in a
// page marked MADV_WIPEONFORK, so every child (fork, _Fork, clone without
// CLONE_VM) sees it all zero: generation 0, mutexes unlocked, no Record ID
// machine id, no monotonic order. Where the kernel lacks MADV_WIPEONFORK a
// pid check takes its place (and the atfork child handler resets it).
struct ProcessState {
  std::atomic<uint64_t> generation;  // 0: not yet claimed in this process
  std::atomic<int> pid;
  // When pid is 1: the PID namespace that pid belongs to (the st_dev and
  // st_ino of /proc/self/ns/pid), both 0 when it could not be read. Atomic:
  // a child's thread may compare while another resets the state (and then
  // waits for that reset, whatever it read).
  std::atomic<uint64_t> pid_ns_dev;
  std::atomic<uint64_t> pid_ns_ino;
  std::mutex record_mutex;  // guards the Record ID set-up
  std::atomic<bool> record_ready;
  uint64_t record_machine_id;
  std::atomic<uint64_t> record_value;  // timestamp << 20 | counter, only grows
  std::mutex monotonic_mutex;          // guards monotonic
  MonotonicState monotonic;            // the process-wide monotonic ULID order
};

extern std::atomic<ProcessState*> g_process_state;
extern std::atomic<bool> g_wipe_on_fork;  // true once a wiped state is published

uint64_t SlowProcessGeneration();

// A number that changes in every child process (and is the same for all
// threads of one process); ProcessState() is valid after the first call.
inline uint64_t ProcessGeneration() {
  ProcessState* state = g_process_state.load(std::memory_order_acquire);
  if (state != nullptr) {
    if (g_wipe_on_fork.load(std::memory_order_relaxed)) {
      const uint64_t generation = state->generation.load(std::memory_order_acquire);
      if (generation != 0) return generation;
    } else {
      // The pid first: Claim records it after the generation (release). A
      // pid of 1 is not enough: a child that is PID 1 of a new PID namespace
      // has it too, so the slow path compares the namespaces.
      const int pid = state->pid.load(std::memory_order_acquire);
      const uint64_t generation = state->generation.load(std::memory_order_acquire);
      if (generation != 0 && pid != 1 && pid == static_cast<int>(getpid())) return generation;
    }
  }
  return SlowProcessGeneration();
}

// The calling process's state (ProcessGeneration() first).
inline ProcessState& Process() { return *g_process_state.load(std::memory_order_acquire); }

// One generator's state: a Generator owns one, so does each thread's pool.
struct alignas(64) GeneratorState {
  uint32_t chacha[16];  // constants, key, block counter, nonce (RFC 8439 §2.3)
  alignas(64) uint8_t buffer[internal::kBufferBytes];
  size_t available = 0;     // unread bytes at the end of buffer; the rest is zero
  size_t since_reseed = 0;  // keystream bytes produced since the last OS seed
  bool deterministic = false;
  bool keyed = false;  // false: the key is unset; the next call retries getrandom
  uint8_t increment_bits = 0;
  uint64_t generation = 0;  // ProcessGeneration() the key belongs to
  ClockFn clock = nullptr;
  void* clock_context = nullptr;
  internal::MonotonicState ulid;
  struct {
    bool has_last = false;
    int64_t ms = 0;
    uint64_t rand_a = 0;  // 12 bits
    uint64_t rand_b = 0;  // 62 bits
  } uuidv7;
  struct {  // seeded generators only: their own Record ID machine id and order
    bool ready = false;
    uint64_t machine_id = 0;
    uint64_t value = 0;
  } record;

  void Init(const GeneratorOptions& options);
  // kOk when a key is set for this process (reseeding a forked child or
  // retrying getrandom as needed), else kNoEntropy; kUnsupported when no
  // kernel table is active. Every generating call starts with it.
  Error Ready();
  // The next n keystream bytes into out; handed-out bytes are zeroed in the
  // buffer. kNoEntropy (a reseed was due and getrandom failed) or
  // kUnsupported: out is zeroed.
  Error Take(uint8_t* out, size_t n);
  // Makes the buffer hold keystream again (available > 0) or fails.
  Error Refill();
  void Wipe();
};

// The body of Generator::generate / generate_text, on any state.
Result Generate(GeneratorState& s, IdKind kind, uint8_t* ids, size_t count);
Result GenerateText(GeneratorState& s, IdKind kind, Format format, char* out, size_t count,
                    size_t out_stride, const TextOptions& options);

int64_t RealtimeMs(void* context = nullptr);

// The calling thread's pool generator, created on first use (may throw
// std::bad_alloc); nullptr once it has been destroyed at thread exit.
GeneratorState* ThreadGenerator();
// The same, or nullptr before the thread's first call (a plain TLS read).
extern thread_local GeneratorState* t_thread_state;

}  // namespace internal

// The state behind a Generator's opaque pointer.
struct Generator::State : internal::GeneratorState {};

}  // namespace sortid

#endif  // SORTID_LIB_GENERATOR_STATE_H_
