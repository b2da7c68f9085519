// ID generators: per-thread ChaCha20 CSPRNG states (RFC 8439 keystream from
// the dispatched SIMD kernel), fast key erasure (D. J. Bernstein, "Fast-key-
// erasure random-number generators", 2017: the first 32 bytes of every refill
// become the next key and are wiped), reseeding from getrandom(2) every 1 MiB,
// fork detection through pthread_atfork, and the ID layouts of SPEC §3.
#include "sortid/generator.hpp"

#include <pthread.h>
#include <sys/random.h>
#include <time.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <memory>
#include <mutex>

#include "kernels/kernel_api.h"
#include "kernels/scalar/chacha20.h"
#include "lib/bytes.h"
#include "lib/monotonic.h"
#include "lib/targets.h"

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "byte swaps below assume little-endian");

namespace sortid {
namespace {

constexpr size_t kBufferBlocks = 64;  // 4 KiB of keystream per refill
constexpr size_t kReseedBytes = size_t{1} << 20;
constexpr size_t kTextChunk = 256;  // IDs generated, then encoded, per step
constexpr int64_t kMaxUlidMs = (int64_t{1} << 48) - 1;

// Incremented in every forked child: generators compare it on each call.
std::atomic<uint64_t> g_fork_generation{0};

// The process-wide Record ID state: machine id and the 60-bit (timestamp,
// counter) value that only grows. `ready` is cleared in a forked child.
struct RecordProcessState {
  std::mutex init_mutex;
  std::atomic<bool> ready{false};
  uint64_t machine_id = 0;
  std::atomic<uint64_t> value{0};
};
RecordProcessState& RecordState() {
  static RecordProcessState state;
  return state;
}

// The process-wide monotonic ULID order.
struct GlobalMonotonic {
  std::mutex mutex;
  internal::MonotonicState state;
};
GlobalMonotonic& Global() {
  static GlobalMonotonic global;
  return global;
}

void OnForkChild() {
  g_fork_generation.fetch_add(1, std::memory_order_relaxed);
  RecordState().ready.store(false, std::memory_order_relaxed);
  Global().state = internal::MonotonicState{};  // the child's own order starts afresh
}

void RegisterForkHandler() {
  static std::once_flag once;
  std::call_once(once, [] { pthread_atfork(nullptr, nullptr, OnForkChild); });
}

// Fills out with OS entropy.
bool OsRandom(uint8_t* out, size_t n) {
  while (n > 0) {
    const ssize_t got = getrandom(out, n, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    out += got;
    n -= static_cast<size_t>(got);
  }
  return true;
}

int64_t RealtimeMs(void*) {
  timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

uint32_t LoadLe32(const uint8_t* p) {
  return static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 |
         static_cast<uint32_t>(p[2]) << 16 | static_cast<uint32_t>(p[3]) << 24;
}

using internal::LoadBigEndian;
using internal::StoreBigEndian;

}  // namespace

struct alignas(64) Generator::State {
  uint32_t chacha[16];  // constants, key, block counter, nonce (RFC 8439 §2.3)
  alignas(64) uint8_t buffer[kBufferBlocks * 64];
  size_t available = 0;  // unread bytes at the end of buffer
  size_t since_reseed = 0;
  bool deterministic = false;
  bool entropy_failed = false;
  uint64_t fork_generation = 0;
  ClockFn clock = RealtimeMs;
  void* clock_context = nullptr;
  internal::MonotonicState ulid;
  struct {
    bool has_last = false;
    int64_t ms = 0;
    uint64_t rand_a = 0;  // 12 bits
    uint64_t rand_b = 0;  // 62 bits
  } uuidv7;

  void SetKey(const uint8_t key[32]) {
    for (int i = 0; i < 8; ++i) chacha[4 + i] = LoadLe32(key + 4 * i);
  }

  void Init(const GeneratorOptions& options) {
    static constexpr uint8_t kZeroNonce[12] = {};
    uint8_t key[32] = {};
    deterministic = options.seed != nullptr;
    if (deterministic) {
      std::memcpy(key, options.seed, 32);
    } else {
      entropy_failed = !OsRandom(key, sizeof(key));
    }
    const reference::ChaChaState initial = reference::ChaChaInit(key, 0, kZeroNonce);
    std::memcpy(chacha, initial.words, sizeof(chacha));
    explicit_bzero(key, sizeof(key));
    if (options.clock != nullptr) {
      clock = options.clock;
      clock_context = options.clock_context;
    }
    fork_generation = g_fork_generation.load(std::memory_order_relaxed);
  }

  // A forked child must not repeat its parent's stream: new key, no buffered
  // bytes, fresh monotonic states. (A deterministic stream repeats: unsafe.)
  void CheckFork() {
    const uint64_t generation = g_fork_generation.load(std::memory_order_relaxed);
    if (generation == fork_generation || deterministic) return;
    uint8_t key[32];
    entropy_failed = !OsRandom(key, sizeof(key));
    SetKey(key);
    explicit_bzero(key, sizeof(key));
    explicit_bzero(buffer, sizeof(buffer));
    available = 0;
    since_reseed = 0;
    ulid = internal::MonotonicState{};
    uuidv7.has_last = false;
    fork_generation = generation;
  }

  void Refill() {
    if (!deterministic && since_reseed >= kReseedBytes) {  // mix in fresh OS entropy
      uint8_t fresh[32];
      if (OsRandom(fresh, sizeof(fresh))) {
        for (int i = 0; i < 8; ++i) chacha[4 + i] ^= LoadLe32(fresh + 4 * i);
      } else {
        entropy_failed = true;
      }
      explicit_bzero(fresh, sizeof(fresh));
      since_reseed = 0;
    }
    chacha[12] = 0;
    if (internal::ActiveTable()->chacha20(chacha, buffer, kBufferBlocks) != Error::kOk) {
      // The stand-in table of an unavailable SORTID_TARGET (kUnsupported,
      // nothing written): the reference still works.
      reference::ChaChaState state;
      std::memcpy(state.words, chacha, sizeof(chacha));
      reference::ChaCha20Keystream(state, buffer, kBufferBlocks);
    }
    SetKey(buffer);  // fast key erasure: the next key, then wiped
    explicit_bzero(buffer, 32);
    available = sizeof(buffer) - 32;
    since_reseed += available;
  }

  void Take(uint8_t* out, size_t n) {
    while (n > 0) {
      if (available == 0) Refill();
      const size_t step = n < available ? n : available;
      std::memcpy(out, buffer + sizeof(buffer) - available, step);
      available -= step;
      out += step;
      n -= step;
    }
  }
};

namespace {

// Random ULIDs sharing one clock reading: 10 keystream bytes each, copied in
// runs that the buffer holds without a refill.
void FillRandomUlids(Generator::State& s, int64_t now, uint8_t* ids, size_t count) {
  uint8_t stamp[8];
  StoreBigEndian(static_cast<uint64_t>(now) << 16, stamp, 8);  // 6 timestamp bytes, 2 spare
  size_t i = 0;
  while (i < count) {
    if (s.available < 10) {
      s.Take(ids + 16 * i + 6, 10);  // straddles a refill
      std::memcpy(ids + 16 * i, stamp, 6);
      ++i;
      continue;
    }
    const size_t run = std::min(count - i, s.available / 10);
    const uint8_t* random = s.buffer + sizeof(s.buffer) - s.available;
    for (size_t k = 0; k < run; ++k, ++i) {
      uint8_t* id = ids + 16 * i;
      std::memcpy(id + 6, random + 10 * k, 10);
      std::memcpy(id, stamp, 6);
    }
    s.available -= 10 * run;
  }
}

// The first ID of a batch takes the monotonic step (fresh random bits when
// the millisecond advanced, +1 otherwise); every later ID of the batch shares
// that clock reading, so it is the previous ID + 1 in its 80-bit random part,
// done in registers. Overflow stops before writing; the state stays the last
// ID written.
GenerateResult FillMonotonicUlids(Generator::State& s, int64_t now, uint8_t* ids, size_t count) {
  uint8_t random80[10] = {};
  if (!s.ulid.has_last || static_cast<uint64_t>(now) > LoadBigEndian(s.ulid.last, 6)) {
    s.Take(random80, sizeof(random80));
  }
  const Error error = internal::MonotonicNext(&s.ulid, now, random80, ids);
  if (error != Error::kOk) return {error, 0};
  const size_t i = 1 + internal::MonotonicContinue(&s.ulid, ids + 16, count - 1);
  return {i == count ? Error::kOk : Error::kOverflow, i};
}

GenerateResult FillUuidV7(Generator::State& s, int64_t now, uint8_t* ids, size_t count) {
  auto& st = s.uuidv7;
  for (size_t i = 0; i < count; ++i) {
    int64_t ms = now;
    uint64_t rand_a, rand_b;
    if (!st.has_last || now > st.ms) {
      uint8_t random[10];
      s.Take(random, sizeof(random));
      rand_a = LoadBigEndian(random, 2) & 0x0FFF;
      rand_b = LoadBigEndian(random + 2, 8) & ((uint64_t{1} << 62) - 1);
    } else {  // same or earlier ms: the 74-bit counter goes up by one
      ms = st.ms;
      rand_a = st.rand_a;
      rand_b = st.rand_b + 1;
      if (rand_b >> 62) {
        rand_b = 0;
        if (++rand_a >> 12) return {Error::kOverflow, i};  // state unchanged
      }
    }
    st = {true, ms, rand_a, rand_b};
    uint8_t* id = ids + 16 * i;
    StoreBigEndian(static_cast<uint64_t>(ms), id, 6);
    id[6] = static_cast<uint8_t>(0x70 | (rand_a >> 8));  // version 7
    id[7] = static_cast<uint8_t>(rand_a);
    id[8] = static_cast<uint8_t>(0x80 | ((rand_b >> 56) & 0x3F));  // variant 10
    StoreBigEndian(rand_b, id + 9, 7);
  }
  return {Error::kOk, count};
}

GenerateResult FillRecordIds(Generator::State& s, int64_t now, uint8_t* ids, size_t count) {
  RecordProcessState& process = RecordState();
  if (!process.ready.load(std::memory_order_acquire)) {
    std::lock_guard<std::mutex> lock(process.init_mutex);
    if (!process.ready.load(std::memory_order_relaxed)) {
      uint8_t random[8];
      s.Take(random, sizeof(random));
      process.machine_id = LoadBigEndian(random, 5);                // 40 bits
      process.value.store(LoadBigEndian(random + 5, 3) & 0xFFFFF);  // counter, timestamp 0
      process.ready.store(true, std::memory_order_release);
    }
  }
  const int64_t offset = now - kRecordInceptionMs;
  if (offset < 0 || offset >= (int64_t{1} << 40)) return {Error::kRange, 0};
  // Reserve count consecutive (timestamp, counter) values: a later ms starts
  // at that ms with the next counter; the same or an earlier ms continues +1.
  uint64_t old = process.value.load(std::memory_order_relaxed), first, last;
  do {
    const auto ms = static_cast<uint64_t>(offset);
    first = ms > (old >> 20) ? (ms << 20) | ((old + 1) & 0xFFFFF) : old + 1;
    last = first + count - 1;
    if (last >> 60) return {Error::kRange, 0};  // past late 2060
  } while (!process.value.compare_exchange_weak(old, last, std::memory_order_relaxed));
  const uint64_t machine = process.machine_id;
  for (size_t i = 0; i < count; ++i) {
    const uint64_t v = first + i;  // timestamp << 20 | counter
    // Big-endian halves of the slot: the timestamp's top 36 bits, then its
    // low 4 bits, the machine id and the counter.
    const uint64_t halves[2] = {__builtin_bswap64(v >> 24),
                                __builtin_bswap64((v >> 20) << 60 | machine << 20 | (v & 0xFFFFF))};
    std::memcpy(ids + 16 * i, halves, 16);
  }
  return {Error::kOk, count};
}

}  // namespace

Generator::Generator(const GeneratorOptions& options) : state_(new State()) {
  RegisterForkHandler();
  state_->Init(options);
}

Generator::~Generator() {
  explicit_bzero(state_, sizeof(State));
  delete state_;
}

void Generator::fill_random(uint8_t* out, size_t n) {
  state_->CheckFork();
  state_->Take(out, n);
}

GenerateResult Generator::generate(IdKind kind, uint8_t* ids, size_t count) {
  if (count == 0) return {};
  if (ids == nullptr) return {Error::kArgument, 0};
  State& s = *state_;
  s.CheckFork();
  if (s.entropy_failed) return {Error::kUnsupported, 0};  // no OS entropy: refuse
  const int64_t now = s.clock(s.clock_context);
  switch (kind) {
    case IdKind::kUlid:
      if (now < 0 || now > kMaxUlidMs) return {Error::kRange, 0};
      FillRandomUlids(s, now, ids, count);
      return {Error::kOk, count};
    case IdKind::kUlidMonotonic:
      return FillMonotonicUlids(s, now, ids, count);
    case IdKind::kRecordId:
      return FillRecordIds(s, now, ids, count);
    case IdKind::kUuidV7:
      if (now < 0 || now > kMaxUlidMs) return {Error::kRange, 0};
      return FillUuidV7(s, now, ids, count);
  }
  return {Error::kArgument, 0};
}

GenerateResult Generator::generate_text(IdKind kind, Format format, char* out, size_t count,
                                        size_t out_stride, const TextOptions& options) {
  if (count == 0) return {};
  if (out == nullptr || out_stride < item_length(format, options)) return {Error::kArgument, 0};
  uint8_t chunk[kTextChunk * 16];
  size_t done = 0;
  while (done < count) {
    const size_t n = count - done < kTextChunk ? count - done : kTextChunk;
    const GenerateResult made = generate(kind, chunk, n);
    const Status encoded = encode(format, chunk, made.generated, out + done * out_stride,
                                  out_stride, nullptr, options);
    if (!encoded.ok()) return {encoded.error, done};
    done += made.generated;
    if (!made.ok()) return {made.error, done};
  }
  return {Error::kOk, done};
}

namespace {
Generator& ThreadGenerator() {
  thread_local std::unique_ptr<Generator> generator;
  if (!generator) generator = std::make_unique<Generator>();
  return *generator;
}
}  // namespace

GenerateResult generate(IdKind kind, uint8_t* ids, size_t count) {
  return ThreadGenerator().generate(kind, ids, count);
}

GenerateResult generate_text(IdKind kind, Format format, char* out, size_t count, size_t out_stride,
                             const TextOptions& options) {
  return ThreadGenerator().generate_text(kind, format, out, count, out_stride, options);
}

GenerateResult generate_ulid_monotonic_global(uint8_t* ids, size_t count) {
  if (count == 0) return {};
  if (ids == nullptr) return {Error::kArgument, 0};
  Generator& local = ThreadGenerator();
  const int64_t now = RealtimeMs(nullptr);
  uint8_t random[kTextChunk * 10];
  size_t done = 0;
  while (done < count) {
    const size_t n = count - done < kTextChunk ? count - done : kTextChunk;
    local.fill_random(random, n * 10);  // drawn outside the lock
    std::lock_guard<std::mutex> lock(Global().mutex);
    for (size_t i = 0; i < n; ++i) {
      const Error error =
          internal::MonotonicNext(&Global().state, now, random + 10 * i, ids + 16 * (done + i));
      if (error != Error::kOk) return {error, done + i};
    }
    done += n;
  }
  return {Error::kOk, done};
}

}  // namespace sortid
