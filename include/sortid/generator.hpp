// sortid — ID generation (C++ API).
//
// A Generator holds one ChaCha20 CSPRNG state (RFC 8439 keystream on the best
// SIMD target, buffered; fast key erasure after every refill; reseeded from
// getrandom() at least every 1 MiB of output) and fills caller arrays with
// IDs, in binary or directly as text. A Generator is not thread-safe: use one
// per thread, or the process-wide functions below, which give every thread
// its own generator from a pool (cache-line aligned, no false sharing).
//
// Fork safety: a forked child never repeats its parent's stream: every
// generator notices the fork on its next call and reseeds from the OS; Record
// IDs get a fresh machine id in the child.
//
// Semantics (../shared/SPEC.md §3):
// - kUlid: the clock's ms and 80 fresh random bits per ID.
// - kUlidMonotonic (per generator): same or earlier ms (clock stepped back)
//   keeps the last timestamp and adds 1 to the random part; overflow stops
//   with Error::kOverflow, state unchanged, no smaller ID ever emitted.
// - kRecordId: 40-bit ms since 2026-01-01, the process's 40-bit machine id, a
//   20-bit counter; (timestamp, counter) only grows across the whole process
//   (a counter wrap within one ms advances the timestamp field).
// - kUuidV7: RFC 9562 §5.7 with the 74 bits of rand_a/rand_b as a monotonic
//   counter within a millisecond (§6.2 method 2), fresh random bits otherwise.
// Timestamps outside a format's range give Error::kRange.
#ifndef SORTID_GENERATOR_HPP_
#define SORTID_GENERATOR_HPP_

#include <cstddef>
#include <cstdint>

#include "sortid/sortid.hpp"

namespace sortid {

enum class IdKind : uint8_t {
  kUlid = SORTID_KIND_ULID,
  kUlidMonotonic = SORTID_KIND_ULID_MONOTONIC,
  kRecordId = SORTID_KIND_RECORD_ID,
  kUuidV7 = SORTID_KIND_UUIDV7,
};

// Returns the current Unix time in milliseconds.
using ClockFn = int64_t (*)(void* context);

struct GeneratorOptions {
  // 32 bytes: a deterministic stream for reproducible test data. UNSAFE for
  // production (predictable, never reseeded from the OS). nullptr: OS entropy.
  const uint8_t* seed = nullptr;
  ClockFn clock = nullptr;  // nullptr: CLOCK_REALTIME
  void* clock_context = nullptr;
};

struct [[nodiscard]] GenerateResult {
  Error error = Error::kOk;  // kOk, kOverflow (monotonic), kRange, kArgument
  size_t generated = 0;      // IDs written (all of them when kOk)
  constexpr bool ok() const { return error == Error::kOk; }
};

class SORTID_API Generator {
 public:
  explicit Generator(const GeneratorOptions& options = {});
  ~Generator();  // wipes the key and buffer
  Generator(const Generator&) = delete;
  Generator& operator=(const Generator&) = delete;

  // count 16-byte binary IDs into ids (count * 16 bytes).
  GenerateResult generate(IdKind kind, uint8_t* ids, size_t count);
  // Generates and encodes in chunks: text layout as sortid::encode()
  // (out: count * out_stride bytes); e.g. kRecordId with Format::kRecordId.
  GenerateResult generate_text(IdKind kind, Format format, char* out, size_t count,
                               size_t out_stride, const TextOptions& options = {});
  // n bytes straight from the CSPRNG.
  Error fill_random(uint8_t* out, size_t n);

  struct State;

 private:
  State* state_;
};

// The same on the calling thread's generator from the process-wide pool.
SORTID_API GenerateResult generate(IdKind kind, uint8_t* ids, size_t count);
SORTID_API GenerateResult generate_text(IdKind kind, Format format, char* out, size_t count,
                                        size_t out_stride, const TextOptions& options = {});
// Monotonic ULIDs in one total order shared by all threads of the process.
SORTID_API GenerateResult generate_ulid_monotonic_global(uint8_t* ids, size_t count);

}  // namespace sortid

#endif  // SORTID_GENERATOR_HPP_
