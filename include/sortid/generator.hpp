// sortid — ID generation (C++ API).
//
// A Generator holds one ChaCha20 CSPRNG state (RFC 8439 keystream on the best
// SIMD target, buffered; fast key erasure after every refill; reseeded from
// getrandom() at least every 1 MiB of output) and fills caller arrays with
// IDs, in binary or directly as text. A Generator is not thread-safe: use one
// per thread, or the process-wide functions below, which give every thread
// its own generator from a pool (cache-line aligned, no false sharing).
//
// Guarantees (docs/generation.md states them in full):
// - Fork: a child process (fork, _Fork, vfork+exec, clone without CLONE_VM)
//   never repeats its parent's stream: every OS-seeded generator reseeds on
//   its next call in the child, the process-wide monotonic order starts
//   afresh and Record IDs get a new machine id. A child forked while another
//   thread generates does not hang. Seeded generators are deterministic and
//   continue their stream in a child.
// - Entropy: when getrandom() fails, every generating call returns
//   Error::kNoEntropy and generates nothing (never a predictable stream); the
//   next call retries. At most 1 MiB of output comes from one OS seed.
// - Erasure: bytes handed out are zeroed in the generator's buffer; keys are
//   replaced after every 4 KiB refill and their stack copies wiped.
// - Every generating call reports Error::kUnsupported when SORTID_TARGET
//   named a target this machine cannot run.
//
// Semantics (docs/generation.md):
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
  // kUlidMonotonic within one millisecond: 0 adds 1 to the random part (the
  // ULID spec); k in 1..32 adds a random 1..2^k instead (as oklog/ulid's
  // Monotonic), so consecutive IDs do not reveal each other (ulid/spec#105).
  // It divides the IDs one millisecond can hold before Error::kOverflow by
  // about 2^(k-1): from a random start, N IDs in one ms overflow with
  // probability about N * 2^(k-1) / 2^80 (k = 32, N = 10^6: 2^-29).
  // Values above 32: generate(kUlidMonotonic, ...) returns kArgument.
  uint8_t monotonic_increment_bits = 0;
};

// Every generating call returns a Result: error is kOk, kOverflow
// (monotonic), kRange, kArgument, kNoEntropy or kUnsupported; count is the
// number of IDs written (all of them when kOk).

class SORTID_API Generator {
 public:
  explicit Generator(const GeneratorOptions& options = {});
  ~Generator();  // wipes the key and buffer
  Generator(const Generator&) = delete;
  Generator& operator=(const Generator&) = delete;

  // count 16-byte binary IDs into ids (count * 16 bytes).
  Result generate(IdKind kind, uint8_t* ids, size_t count);
  // Generates IDs as text, in chunks that share one clock reading: layout as sortid::encode()
  // (out: count * out_stride bytes); e.g. kRecordId with Format::kRecordId.
  Result generate_text(IdKind kind, Format format, char* out, size_t count, size_t out_stride,
                       const TextOptions& options = {});
  // n bytes straight from the CSPRNG. kOk, or kNoEntropy / kUnsupported
  // with out zeroed (never a predictable stream).
  [[nodiscard]] Error fill_random(uint8_t* out, size_t n);
  // Continues a monotonic sequence after last_id (16 bytes), e.g. the last ID
  // stored before a restart: the next kind IDs are greater than it while the
  // clock is not past its millisecond. kind: kUlidMonotonic (any ULID) or
  // kUuidV7 (version 7, variant 10, else kArgument); other kinds kArgument.
  [[nodiscard]] Error resume_after(IdKind kind, const uint8_t* last_id);

 private:
  struct State;  // defined by the library
  State* state_;
};

// The same on the calling thread's generator from the process-wide pool.
SORTID_API Result generate(IdKind kind, uint8_t* ids, size_t count);
SORTID_API Result generate_text(IdKind kind, Format format, char* out, size_t count,
                                size_t out_stride, const TextOptions& options = {});
// Monotonic ULIDs in one total order shared by all threads of the process.
// Each call reserves its range of the order under a short lock and writes
// the IDs outside it, so threads generate in parallel.
SORTID_API Result generate_ulid_monotonic_global(uint8_t* ids, size_t count);

// One ID at a time, on the calling thread's pool generator (its buffered
// keystream: no batch set-up per call; about one clock_gettime() plus a few
// ns). Each returns kOk, or kNoEntropy / kUnsupported / kRange (clock outside
// the format's range) / kOverflow (monotonic) with nothing written.
// Preconditions: id / out non-null (16 bytes / 26 chars; no terminator).
[[nodiscard]] SORTID_API Error new_ulid(uint8_t* id);  // same as generate(kUlid, id, 1)
// Monotonic per calling thread (generate(kUlidMonotonic, id, 1)); for one
// order across threads use generate_ulid_monotonic_global(id, 1).
[[nodiscard]] SORTID_API Error new_ulid_monotonic(uint8_t* id);
[[nodiscard]] SORTID_API Error new_ulid_text(char* out);  // canonical upper case
[[nodiscard]] SORTID_API Error new_record_id(uint8_t* id);
[[nodiscard]] SORTID_API Error new_uuidv7(uint8_t* id);

// Deprecated: Result under its former name (count was `generated`).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
struct SORTID_DEPRECATED("sortid::Result") GenerateResult {
  Error error = Error::kOk;
  size_t generated = 0;  // Result::count
  constexpr GenerateResult() = default;
  constexpr GenerateResult(const Result& r) : error(r.error), generated(r.count) {}  // NOLINT
  constexpr bool ok() const { return error == Error::kOk; }
};
#pragma GCC diagnostic pop

}  // namespace sortid

#endif  // SORTID_GENERATOR_HPP_
