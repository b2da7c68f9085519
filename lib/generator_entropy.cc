// The generators' entropy: a ChaCha20 CSPRNG per generator (RFC 8439
// keystream from the dispatched SIMD kernel), keyed from getrandom(2),
// with fast key erasure (D. J. Bernstein, "Fast-key-erasure random-number
// generators", 2017: the first 32 bytes of every refill become the next key
// and are wiped), handed-out bytes zeroed in the buffer and stack copies of
// keys wiped (as OpenBSD's arc4random, lib/libc/crypt/arc4random.c), fresh OS
// entropy mixed in before more than 1 MiB of output comes from one seed, and
// a new key in every child process (lib/generator_fork.cc). A failing
// getrandom is an error (Error::kNoEntropy), never a stream from an unset key;
// the next call retries.
#include <sys/random.h>
#include <time.h>

#include <cerrno>
#include <cstring>

#include "kernels/format_facts.h"
#include "kernels/kernel_api.h"
#include "kernels/scalar/chacha20.h"
#include "kernels/unsupported.h"
#include "lib/generator_state.h"

namespace sortid {
namespace {

using internal::kBufferBytes;
using internal::kRefillBytes;
using internal::kReseedBytes;

// Fills out with OS entropy; false (out wiped) when the source fails.
bool OsRandom(uint8_t* out, size_t n) {
  uint8_t* const start = out;
  const size_t total = n;
  while (n > 0) {
    const ssize_t got = getrandom(out, n, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      explicit_bzero(start, total);
      return false;
    }
    out += got;
    n -= static_cast<size_t>(got);
  }
  return true;
}

// Overwrites the stack below the caller's frame, where the keystream kernel
// kept its copies of the key and state (it runs at the same depth).
[[gnu::noinline]] void WipeStackBelow() {
  uint8_t scratch[2048];
  explicit_bzero(scratch, sizeof(scratch));
}

}  // namespace

namespace internal {

int64_t RealtimeMs(void*) {
  timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

}  // namespace internal

void internal::GeneratorState::Init(const GeneratorOptions& options) {
  static constexpr uint8_t kZeroNonce[12] = {};
  static constexpr uint8_t kNoKey[32] = {};
  reference::ChaChaState initial = reference::ChaChaInit(kNoKey, 0, kZeroNonce);
  std::memcpy(chacha, initial.words, sizeof(chacha));  // constants; key set below
  deterministic = options.seed != nullptr;
  increment_bits = options.monotonic_increment_bits;
  clock = options.clock != nullptr ? options.clock : internal::RealtimeMs;
  clock_context = options.clock != nullptr ? options.clock_context : nullptr;
  if (deterministic) {
    for (int i = 0; i < 8; ++i) chacha[4 + i] = internal::LoadLittleEndian32(options.seed + 4 * i);
    keyed = true;
  } else {
    (void)Ready();  // a failure is reported (and retried) by the first call
  }
}

void internal::GeneratorState::Wipe() {
  explicit_bzero(chacha + 4, 32);
  explicit_bzero(buffer, sizeof(buffer));
  available = 0;
  since_reseed = 0;
}

Error internal::GeneratorState::Ready() {
  // An unknown or unsupported SORTID_TARGET: the stand-in kernel table is
  // active and generation reports kUnsupported like every other call.
  if (internal::ActiveTable() == &kernels::UnsupportedTable()) return Error::kUnsupported;
  if (deterministic) return Error::kOk;
  const uint64_t current = internal::ProcessGeneration();
  if (keyed && generation == current) return Error::kOk;
  if (generation != current) {
    // A new process (or the first call): nothing of the old stream, and
    // fresh monotonic orders, so the child never repeats its parent's IDs.
    // The same process asking for a new key only (the low bits changed)
    // keeps its orders.
    Wipe();
    keyed = false;
    if ((generation >> internal::kProcessShift) != (current >> internal::kProcessShift)) {
      ulid = internal::MonotonicState{};
      uuidv7.has_last = false;
    }
    generation = current;
  }
  uint8_t key[32];
  if (!OsRandom(key, sizeof(key))) return Error::kNoEntropy;  // still unkeyed
  for (int i = 0; i < 8; ++i) chacha[4 + i] = internal::LoadLittleEndian32(key + 4 * i);
  explicit_bzero(key, sizeof(key));
  keyed = true;
  return Error::kOk;
}

Error internal::GeneratorState::Refill() {
  const kernels::KernelTable* table = internal::ActiveTable();
  if (!deterministic && since_reseed + kRefillBytes > kReseedBytes) {
    uint8_t fresh[32];
    if (!OsRandom(fresh, sizeof(fresh))) return Error::kNoEntropy;  // retried next time
    for (int i = 0; i < 8; ++i) chacha[4 + i] ^= internal::LoadLittleEndian32(fresh + 4 * i);
    explicit_bzero(fresh, sizeof(fresh));
    since_reseed = 0;
  }
  chacha[12] = 0;
  const Error keystream = table->chacha20(chacha, buffer, kBufferBytes / 64);
  WipeStackBelow();
  if (keystream != Error::kOk) return keystream;  // the stand-in table: kUnsupported
  for (int i = 0; i < 8; ++i)
    chacha[4 + i] = internal::LoadLittleEndian32(buffer + 4 * i);  // the next key
  explicit_bzero(buffer, 32);
  available = kRefillBytes;
  since_reseed += kRefillBytes;
  return Error::kOk;
}

Error internal::GeneratorState::Take(uint8_t* out, size_t n) {
  uint8_t* const start = out;
  const size_t total = n;
  while (n > 0) {
    if (available == 0) {
      const Error error = Refill();
      if (error != Error::kOk) {
        std::memset(start, 0, total);
        return error;
      }
    }
    const size_t step = n < available ? n : available;
    uint8_t* from = buffer + kBufferBytes - available;
    std::memcpy(out, from, step);
    std::memset(from, 0, step);  // handed out: no longer in the state
    available -= step;
    out += step;
    n -= step;
  }
  return Error::kOk;
}

}  // namespace sortid
