// ID generation: the ID layouts and monotonic rules of docs/spec.md §3 filled from a
// generator's keystream (lib/generator_entropy.cc), the calling thread's pool
// generator, and the process-wide monotonic ULID order, whose callers reserve
// a range under a short lock and fill it outside (lib/generator_fork.cc keeps
// the process-wide state fork-safe).
#include <algorithm>
#include <memory>

#include "kernels/alphabet.h"
#include "kernels/kernel_api.h"
#include "lib/bulk.h"
#include "lib/bytes.h"
#include "lib/generator_state.h"
#include "lib/options.h"
#include "lib/targets.h"

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "byte swaps below assume little-endian");

namespace sortid {
namespace {

using internal::kBufferBytes;
using internal::kMaxUlidMs;
using internal::LoadBigEndian;

// IDs per clock reading and per step of text: for kinds encoded after
// generation, 16 KiB of stack, in L1 with the keystream buffer, and few
// enough encode calls that their set-up is noise.
constexpr size_t kTextChunk = 1024;

// Random ULIDs sharing one clock reading: 10 keystream bytes each, copied in
// runs that the buffer holds without a refill and zeroed as handed out.
Result FillRandomUlids(internal::GeneratorState& s, int64_t now, uint8_t* ids, size_t count) {
  const uint64_t stamp = __builtin_bswap64(static_cast<uint64_t>(now) << 16);
  size_t i = 0;
  while (i < count) {
    if (s.available < 10) {  // straddles a refill
      // Drawn aside: a failed refill zeroes what Take wrote, and slot i is
      // past what this call reports as generated.
      uint8_t random[10];
      const Error error = s.Take(random, sizeof(random));
      if (error != Error::kOk) return {.error = error, .count = i};
      std::memcpy(ids + 16 * i, &stamp, 6);
      std::memcpy(ids + 16 * i + 6, random, sizeof(random));
      explicit_bzero(random, sizeof(random));
      ++i;
      continue;
    }
    const size_t run = std::min(count - i, s.available / 10);
    uint8_t* random = s.buffer + kBufferBytes - s.available;
    // One 16-byte load, mask, or and store per ID: the load starts 6 bytes
    // before the ID's random bytes, inside the buffer (its first 32 bytes,
    // the next key, are never handed out), and those 6 give way to the stamp.
    static_assert(kBufferBytes - internal::kRefillBytes >= 6);
    using Bytes16 = uint8_t __attribute__((vector_size(16)));
    Bytes16 stamp16{};
    std::memcpy(&stamp16, &stamp, 6);
    constexpr Bytes16 kRandomBytes = {0,    0,    0,    0,    0,    0,    0xFF, 0xFF,
                                      0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    for (size_t k = 0; k < run; ++k, ++i) {
      Bytes16 id;
      std::memcpy(&id, random + 10 * k - 6, 16);
      id = (id & kRandomBytes) | stamp16;
      std::memcpy(ids + 16 * i, &id, 16);
    }
    std::memset(random, 0, 10 * run);
    s.available -= 10 * run;
  }
  return {.error = Error::kOk, .count = count};
}

// Random ULIDs as text: each clock reading's 10 timestamp characters once,
// and every ID's 16 characters straight from the keystream (the active
// table's random_ulid_text), with no 16-byte IDs made and read back. The
// same IDs, in the same keystream order, as FillRandomUlids and encode.
Result RandomUlidText(internal::GeneratorState& s, const internal::ResolvedOptions& options,
                      char* out, size_t count, size_t out_stride) {
  const kernels::KernelTable& table = *internal::ActiveTable();
  const char* const alphabet =
      options.lower ? alphabet::kCrockfordLower : alphabet::kCrockfordUpper;
  size_t done = 0;
  while (done < count) {
    const Error ready = s.Ready();
    if (ready != Error::kOk) return {.error = ready, .count = done};
    const int64_t now = s.clock(s.clock_context);
    if (now < 0 || now > kMaxUlidMs) return {.error = Error::kRange, .count = done};
    char stamp[10];  // 48 bits as 10 digits, the first one 3 bits wide
    for (int k = 0; k < 10; ++k) stamp[k] = alphabet[(now >> (45 - 5 * k)) & 31];
    kernels::RandomUlidTextArgs args = {
        .random = nullptr,
        .count = 0,
        .stamp = stamp,
        .out = nullptr,
        .out_stride = out_stride,
        .prefix = options.prefix,
        .prefix_len = options.prefix_len,
        .terminator = options.terminator,
        .lower = options.lower,
    };
    const size_t end = done + std::min(count - done, kTextChunk);
    while (done < end) {
      args.out = out + done * out_stride;
      if (s.available < 10) {    // straddles a refill: drawn aside, as FillRandomUlids
        uint8_t aside[16] = {};  // the kernel reads from 6 bytes before the random ones
        const Error error = s.Take(aside + 6, 10);
        if (error != Error::kOk) return {.error = error, .count = done};
        args.random = aside + 6;
        args.count = 1;
        const Error made = table.random_ulid_text(args);
        explicit_bzero(aside, sizeof(aside));
        if (made != Error::kOk) return {.error = made, .count = done};
        ++done;
        continue;
      }
      // The buffer's first 32 bytes (the next key, zeroed) lie before any
      // handed-out byte: the 6 bytes before the run are readable.
      static_assert(kBufferBytes - internal::kRefillBytes >= 6);
      uint8_t* random = s.buffer + kBufferBytes - s.available;
      args.random = random;
      args.count = std::min(end - done, s.available / 10);
      const Error made = table.random_ulid_text(args);
      std::memset(random, 0, 10 * args.count);  // handed out
      s.available -= 10 * args.count;
      if (made != Error::kOk) return {.error = made, .count = done};
      done += args.count;
    }
  }
  return {.error = Error::kOk, .count = count};
}

// The first ID of a batch takes the monotonic step (fresh random bits when
// the millisecond advanced, + increment otherwise); every later ID shares
// that clock reading. Overflow stops before writing; the state stays the last
// ID written.
Result FillMonotonicUlids(internal::GeneratorState& s, int64_t now, uint8_t* ids, size_t count) {
  if (s.increment_bits > 32) return {.error = Error::kArgument, .count = 0};
  if (now < 0 || now > kMaxUlidMs) return {.error = Error::kRange, .count = 0};
  size_t i = 0;
  if (!s.ulid.has_last || static_cast<uint64_t>(now) > LoadBigEndian(s.ulid.last, 6)) {
    uint8_t random80[10];
    const Error error = s.Take(random80, sizeof(random80));
    if (error != Error::kOk) return {.error = error, .count = 0};
    (void)internal::MonotonicNext(&s.ulid, now, random80, ids);
    explicit_bzero(random80, sizeof(random80));
    i = 1;
  }
  if (s.increment_bits == 0) {
    i += internal::MonotonicContinue(&s.ulid, ids + 16 * i, count - i);
    return {.error = i == count ? Error::kOk : Error::kOverflow, .count = i};
  }
  const uint32_t mask = static_cast<uint32_t>((uint64_t{1} << s.increment_bits) - 1);
  for (; i < count; ++i) {
    uint32_t random;
    const Error error = s.Take(reinterpret_cast<uint8_t*>(&random), sizeof(random));
    if (error != Error::kOk) return {.error = error, .count = i};
    const Error step = internal::MonotonicAdd(&s.ulid, uint64_t{random & mask} + 1, ids + 16 * i);
    if (step != Error::kOk) return {.error = step, .count = i};
  }
  return {.error = Error::kOk, .count = count};
}

Result FillUuidV7(internal::GeneratorState& s, int64_t now, uint8_t* ids, size_t count) {
  if (now < 0 || now > kMaxUlidMs) return {.error = Error::kRange, .count = 0};
  auto& st = s.uuidv7;
  for (size_t i = 0; i < count; ++i) {
    int64_t ms = now;
    uint64_t rand_a, rand_b;
    if (!st.has_last || now > st.ms) {
      uint8_t random[10];
      const Error error = s.Take(random, sizeof(random));
      if (error != Error::kOk) return {.error = error, .count = i};
      rand_a = LoadBigEndian(random, 2) & 0x0FFF;
      rand_b = LoadBigEndian(random + 2, 8) & ((uint64_t{1} << 62) - 1);
      explicit_bzero(random, sizeof(random));
    } else {  // same or earlier ms: the 74-bit counter goes up by one
      ms = st.ms;
      rand_a = st.rand_a;
      rand_b = st.rand_b + 1;
      if (rand_b >> 62) {
        rand_b = 0;
        if (++rand_a >> 12) return {.error = Error::kOverflow, .count = i};  // state unchanged
      }
    }
    st = {true, ms, rand_a, rand_b};
    // ms, version 7, rand_a | variant 10, rand_b: two big-endian halves.
    const uint64_t halves[2] = {
        __builtin_bswap64(static_cast<uint64_t>(ms) << 16 | 0x7000 | rand_a),
        __builtin_bswap64(uint64_t{2} << 62 | rand_b)};
    std::memcpy(ids + 16 * i, halves, 16);
  }
  return {.error = Error::kOk, .count = count};
}

// The next range of count (timestamp, counter) values after old: a later ms
// starts at that ms with the next counter; the same or an earlier ms
// continues +1 (a counter wrap advances the timestamp field). false past 2060.
bool NextRecordRange(uint64_t old, uint64_t ms, size_t count, uint64_t* first, uint64_t* last) {
  *first = ms > (old >> 20) ? (ms << 20) | ((old + 1) & 0xFFFFF) : old + 1;
  *last = *first + count - 1;
  return (*last >> 60) == 0;
}

void WriteRecordIds(uint64_t first, uint64_t machine, uint8_t* ids, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    const uint64_t v = first + i;  // timestamp << 20 | counter
    // Big-endian halves of the slot: the timestamp's top 36 bits, then its
    // low 4 bits, the machine id and the counter.
    const uint64_t halves[2] = {__builtin_bswap64(v >> 24),
                                __builtin_bswap64((v >> 20) << 60 | machine << 20 | (v & 0xFFFFF))};
    std::memcpy(ids + 16 * i, halves, 16);
  }
}

// A machine id (40 bits) and a starting counter (20 bits) from the keystream.
Error DrawRecordStart(internal::GeneratorState& s, uint64_t* machine_id, uint64_t* value) {
  uint8_t random[8];
  const Error error = s.Take(random, sizeof(random));
  if (error != Error::kOk) return error;
  *machine_id = LoadBigEndian(random, 5);
  *value = LoadBigEndian(random + 5, 3) & 0xFFFFF;  // counter, timestamp 0
  explicit_bzero(random, sizeof(random));
  return Error::kOk;
}

Result FillRecordIds(internal::GeneratorState& s, int64_t now, uint8_t* ids, size_t count) {
  // Compared before subtracting: a clock near INT64_MIN must not overflow.
  if (now < kRecordInceptionMs || now - kRecordInceptionMs >= (int64_t{1} << 40)) {
    return {.error = Error::kRange, .count = 0};
  }
  const auto ms = static_cast<uint64_t>(now - kRecordInceptionMs);
  uint64_t first, last;
  if (s.deterministic) {  // self-contained: machine id and order from the seed
    auto& own = s.record;
    if (!own.ready) {
      const Error error = DrawRecordStart(s, &own.machine_id, &own.value);
      if (error != Error::kOk) return {.error = error, .count = 0};
      own.ready = true;
    }
    if (!NextRecordRange(own.value, ms, count, &first, &last))
      return {.error = Error::kRange, .count = 0};
    own.value = last;
    WriteRecordIds(first, own.machine_id, ids, count);
    return {.error = Error::kOk, .count = count};
  }
  internal::ProcessState& process = internal::Process();
  if (!process.record_ready.load(std::memory_order_acquire)) {
    std::lock_guard<std::mutex> lock(process.record_mutex);
    if (!process.record_ready.load(std::memory_order_relaxed)) {
      uint64_t value = 0;
      const Error error = DrawRecordStart(s, &process.record_machine_id, &value);
      if (error != Error::kOk) return {.error = error, .count = 0};
      process.record_value.store(value, std::memory_order_relaxed);
      process.record_ready.store(true, std::memory_order_release);
    }
  }
  // Reserve count consecutive (timestamp, counter) values.
  uint64_t old = process.record_value.load(std::memory_order_relaxed);
  do {
    if (!NextRecordRange(old, ms, count, &first, &last))
      return {.error = Error::kRange, .count = 0};
  } while (!process.record_value.compare_exchange_weak(old, last, std::memory_order_relaxed));
  WriteRecordIds(first, process.record_machine_id, ids, count);
  return {.error = Error::kOk, .count = count};
}

}  // namespace

Generator::Generator(const GeneratorOptions& options) : state_(new State()) {
  state_->Init(options);
}

Generator::~Generator() {
  explicit_bzero(static_cast<void*>(state_), sizeof(State));
  delete state_;
}

Error Generator::fill_random(uint8_t* out, size_t n) {
  if (n == 0) return Error::kOk;
  if (out == nullptr) return Error::kArgument;
  const Error ready = state_->Ready();
  if (ready != Error::kOk) {
    std::memset(out, 0, n);
    return ready;
  }
  return state_->Take(out, n);
}

Result Generator::generate(IdKind kind, uint8_t* ids, size_t count) {
  return internal::Generate(*state_, kind, ids, count);
}

Result internal::Generate(GeneratorState& s, IdKind kind, uint8_t* ids, size_t count) {
  if (count == 0) return {};
  if (ids == nullptr) return {.error = Error::kArgument, .count = 0};
  const Error ready = s.Ready();
  if (ready != Error::kOk) return {.error = ready, .count = 0};
  const int64_t now = s.clock(s.clock_context);
  switch (kind) {
    case IdKind::kUlid:
      if (now < 0 || now > kMaxUlidMs) return {.error = Error::kRange, .count = 0};
      return FillRandomUlids(s, now, ids, count);
    case IdKind::kUlidMonotonic:
      return FillMonotonicUlids(s, now, ids, count);
    case IdKind::kRecordId:
      return FillRecordIds(s, now, ids, count);
    case IdKind::kUuidV7:
      return FillUuidV7(s, now, ids, count);
  }
  return {.error = Error::kArgument, .count = 0};
}

Error Generator::resume_after(IdKind kind, const uint8_t* last_id) {
  if (last_id == nullptr) return Error::kArgument;
  State& s = *state_;
  switch (kind) {
    case IdKind::kUlidMonotonic:
      s.ulid.has_last = true;
      std::memcpy(s.ulid.last, last_id, 16);
      return Error::kOk;
    case IdKind::kUuidV7:
      if ((last_id[6] >> 4) != 7 || (last_id[8] >> 6) != 2) return Error::kArgument;
      s.uuidv7.has_last = true;
      s.uuidv7.ms = static_cast<int64_t>(LoadBigEndian(last_id, 6));
      s.uuidv7.rand_a = LoadBigEndian(last_id + 6, 2) & 0x0FFF;
      s.uuidv7.rand_b = LoadBigEndian(last_id + 8, 8) & ((uint64_t{1} << 62) - 1);
      return Error::kOk;
    case IdKind::kUlid:
    case IdKind::kRecordId:
      break;
  }
  return Error::kArgument;
}

Result Generator::generate_text(IdKind kind, Format format, char* out, size_t count,
                                size_t out_stride, const TextOptions& options) {
  return internal::GenerateText(*state_, kind, format, out, count, out_stride, options);
}

Result internal::GenerateText(GeneratorState& s, IdKind kind, Format format, char* out,
                              size_t count, size_t out_stride, const TextOptions& options) {
  if (count == 0) return {};
  if (out == nullptr || out_stride < item_length(format, options) ||
      internal::MulOverflows(count, out_stride))  // as encode(): out holds count * out_stride
    return {.error = Error::kArgument, .count = 0};
  if (kind == IdKind::kUlid && format == Format::kUlid) {
    const ResolvedOptions resolved(format, options);
    if (resolved.error != Error::kOk) return {.error = resolved.error, .count = 0};
    return RandomUlidText(s, resolved, out, count, out_stride);
  }
  uint8_t chunk[kTextChunk * 16];
  size_t done = 0;
  while (done < count) {
    const size_t n = count - done < kTextChunk ? count - done : kTextChunk;
    const Result made = Generate(s, kind, chunk, n);
    const Result encoded =
        encode(format, chunk, made.count, out + done * out_stride, out_stride, nullptr, options);
    if (!encoded.ok()) return {.error = encoded.error, .count = done};
    done += made.count;
    if (!made.ok()) return {.error = made.error, .count = done};
  }
  return {.error = Error::kOk, .count = done};
}

namespace internal {

thread_local GeneratorState* t_thread_state = nullptr;

namespace {

// Set when this thread's pool generator has been destroyed (thread exit, or
// exit() on the main thread). Trivially destructible, so it stays readable
// for whatever runs after it: pthread_key destructors, atexit handlers,
// static destructors and thread_locals constructed before the pool's.
thread_local bool t_pool_destroyed = false;

// A state seeded from the OS (may throw std::bad_alloc), and its wiping delete.
GeneratorState* NewState() {
  auto* state = new GeneratorState();
  state->Init({});
  return state;
}
void DeleteState(GeneratorState* state) {
  if (state == nullptr) return;
  explicit_bzero(static_cast<void*>(state), sizeof(GeneratorState));
  delete state;
}

// A state of one call's own, deleted at scope exit.
struct OwnedState {
  OwnedState() : state(NewState()) {}
  ~OwnedState() { DeleteState(state); }
  OwnedState(const OwnedState&) = delete;
  OwnedState& operator=(const OwnedState&) = delete;
  GeneratorState* state;
};

}  // namespace

GeneratorState* ThreadGenerator() {
  if (t_pool_destroyed) return nullptr;
  struct Owner {
    GeneratorState* state = nullptr;
    ~Owner() {
      t_thread_state = nullptr;
      t_pool_destroyed = true;
      DeleteState(state);
    }
  };
  thread_local Owner owner;
  if (owner.state == nullptr) {
    owner.state = NewState();
    t_thread_state = owner.state;
  }
  return owner.state;
}

}  // namespace internal

namespace {

// The process-wide monotonic order, with random bits drawn from s.
Result GlobalMonotonic(internal::GeneratorState& s, uint8_t* ids, size_t count) {
  Error error = s.Ready();
  if (error != Error::kOk) return {.error = error, .count = 0};
  uint8_t random80[10];  // drawn outside the lock; used when the ms advanced
  error = s.Take(random80, sizeof(random80));
  if (error != Error::kOk) return {.error = error, .count = 0};
  const int64_t now = internal::RealtimeMs();
  internal::MonotonicState range;  // the reserved range's first ID
  size_t reserved = 0;
  {
    internal::ProcessState& process = internal::Process();
    std::lock_guard<std::mutex> lock(process.monotonic_mutex);
    error = internal::MonotonicNext(&process.monotonic, now, random80, range.last);
    if (error == Error::kOk) {
      range.has_last = true;
      reserved = 1 + internal::MonotonicReserve(&process.monotonic, count - 1);
    }
  }
  explicit_bzero(random80, sizeof(random80));
  if (error != Error::kOk) return {.error = error, .count = 0};
  std::memcpy(ids, range.last, 16);
  internal::MonotonicContinue(&range, ids + 16, reserved - 1);
  return {.error = reserved == count ? Error::kOk : Error::kOverflow, .count = reserved};
}

// Runs body on the calling thread's pool generator, or, once that has been
// destroyed, on a generator of this call only (seeded from the OS, wiped on
// return). An allocation failure is an error, never an exception.
template <typename Body>
Result OnPool(Body body) noexcept {
  try {
    if (internal::GeneratorState* pool = internal::ThreadGenerator()) return body(*pool);
    const internal::OwnedState late;
    return body(*late.state);
  } catch (const std::bad_alloc&) {
    return {.error = Error::kNoMemory, .count = 0};
  }
}

}  // namespace

Result generate(IdKind kind, uint8_t* ids, size_t count) {
  // After the pool generator is gone the process-wide order keeps
  // per-thread monotonic IDs increasing across calls.
  if (kind == IdKind::kUlidMonotonic && internal::t_pool_destroyed) {
    return generate_ulid_monotonic_global(ids, count);
  }
  return OnPool(
      [&](internal::GeneratorState& s) { return internal::Generate(s, kind, ids, count); });
}

Result generate_text(IdKind kind, Format format, char* out, size_t count, size_t out_stride,
                     const TextOptions& options) {
  return OnPool([&](internal::GeneratorState& s) {
    return internal::GenerateText(s, kind, format, out, count, out_stride, options);
  });
}

Result generate_ulid_monotonic_global(uint8_t* ids, size_t count) {
  if (count == 0) return {};
  if (ids == nullptr) return {.error = Error::kArgument, .count = 0};
  return OnPool([&](internal::GeneratorState& s) { return GlobalMonotonic(s, ids, count); });
}

}  // namespace sortid
