// One ID per call at a few ns over the clock read: the calling thread's pool
// generator is reached through a plain thread_local pointer, and a ULID's 10
// random bytes come straight from its buffered keystream (zeroed as handed
// out). Anything unusual (first call on a thread, a refill, a new process,
// an entropy failure, the same-ms monotonic overflow) takes the batch path,
// which behaves exactly as generate(kind, id, 1).
#include "lib/bytes.h"
#include "lib/generator_state.h"

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "byte swaps below assume little-endian");

namespace sortid {
namespace {

using internal::kBufferBytes;
using internal::kMaxUlidMs;
using internal::t_thread_state;

// The ready pool state of this thread when the hot path can run, else nullptr.
// Buffered bytes mean a refill ran on an active kernel table, and the active
// table never becomes unset again (set_target only installs supported ones),
// so only the key's process is checked.
inline internal::GeneratorState* HotState() {
  internal::GeneratorState* s = t_thread_state;
  return s != nullptr && s->available >= 10 && s->keyed &&
                 s->generation == internal::ProcessGeneration()
             ? s
             : nullptr;
}

// Timestamp (6 bytes) and the next 10 buffered random bytes.
inline void TakeUlid(internal::GeneratorState& s, int64_t now, uint8_t* id) {
  const uint64_t stamp = __builtin_bswap64(static_cast<uint64_t>(now) << 16);
  uint8_t* random = s.buffer + kBufferBytes - s.available;
  std::memcpy(id, &stamp, 8);
  std::memcpy(id + 6, random, 10);
  std::memset(random, 0, 10);
  s.available -= 10;
}

}  // namespace

Error new_ulid(uint8_t* id) {
  if (id == nullptr) return Error::kArgument;
  if (internal::GeneratorState* s = HotState()) {
    const int64_t now = internal::RealtimeMs();
    if (now >= 0 && now <= kMaxUlidMs) {
      TakeUlid(*s, now, id);
      return Error::kOk;
    }
  }
  return generate(IdKind::kUlid, id, 1).error;
}

Error new_ulid_monotonic(uint8_t* id) {
  if (id == nullptr) return Error::kArgument;
  internal::GeneratorState* s = HotState();
  if (s != nullptr && s->increment_bits == 0) {
    const int64_t now = internal::RealtimeMs();
    internal::MonotonicState& last = s->ulid;
    if (now >= 0 && now <= kMaxUlidMs) {
      uint64_t halves[2];  // the last ID, big-endian halves
      std::memcpy(halves, last.last, 16);
      uint64_t high = __builtin_bswap64(halves[0]), low = __builtin_bswap64(halves[1]);
      if (!last.has_last || static_cast<uint64_t>(now) > high >> 16) {
        TakeUlid(*s, now, last.last);
        last.has_last = true;
        std::memcpy(id, last.last, 16);
        return Error::kOk;
      }
      // Same or earlier ms: + 1 in the 80-bit random part, unless it is full.
      if (++low != 0 || (high & 0xFFFF) != 0xFFFF) {
        high += low == 0 ? 1 : 0;
        halves[0] = __builtin_bswap64(high);
        halves[1] = __builtin_bswap64(low);
        std::memcpy(last.last, halves, 16);
        std::memcpy(id, halves, 16);
        return Error::kOk;
      }
    }
  }
  return generate(IdKind::kUlidMonotonic, id, 1).error;
}

Error new_ulid_text(char* out) {
  if (out == nullptr) return Error::kArgument;
  uint8_t id[16];
  const Error error = new_ulid(id);
  if (error == Error::kOk) (void)encode_one(Format::kUlid, id, out);  // per-item fast path
  return error;
}

Error new_record_id(uint8_t* id) {
  if (id == nullptr) return Error::kArgument;
  return generate(IdKind::kRecordId, id, 1).error;
}

Error new_uuidv7(uint8_t* id) {
  if (id == nullptr) return Error::kArgument;
  return generate(IdKind::kUuidV7, id, 1).error;
}

}  // namespace sortid
