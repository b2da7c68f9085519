// The interface every kernel target implements: one function per format and
// direction, called once per batch by lib/codec.cc after it has resolved the
// user's options (TypeID separator appended to the prefix, letter case), so
// kernels see plain bytes and flags. The reference kernel defines the contract:
// - encode writes prefix + ID text (+ terminator) at out + i * out_stride; an
//   invalid input (a Record ID with any of the top 28 bits set) gets NUL ID
//   characters and validity bit 0. decode reads exactly prefix + ID
//   (+ terminator) at text + i * stride and writes 16 bytes per item (zeros
//   when invalid). validity: (count + 7) / 8 bytes, bits past count = 0.
// - Nothing outside the given buffers is read or written (docs/spec.md §2).
#ifndef SORTID_KERNELS_KERNEL_API_H_
#define SORTID_KERNELS_KERNEL_API_H_

#include <cstddef>
#include <cstdint>

#include "kernels/format_facts.h"
#include "kernels/item_codec.h"
#include "sortid/sortid.hpp"

namespace sortid::kernels {

using internal::kNumFormats;
using internal::kTextLength;

// What the plan is made for: the coming calls. encode: the plan is for
// encode (else decode); stride: the out_stride / stride the calls will pass.
struct PlanRequest {
  Format format;
  bool encode;
  size_t count;  // items in the bulk call (a target may skip plans for few items)
  size_t stride;
  const char* prefix;
  size_t prefix_len;
  int terminator;  // -1: none
};

// The loop an entry runs for the call's layout, decided once per call.
enum class KernelPath : uint8_t {
  kBlocks,  // the target's own loop over any layout (every target has it)
  kStream,  // AVX3_DL stream codec: ULID / Record ID, no prefix, no terminator
  kLines,   // AVX3_DL stream codec: ULID / Record ID, no prefix, a terminator
  kDense,   // AVX3_DL dense plan in `data` (any other layout it fits)
};

// Which plans a table's entries can follow.
enum class PlanFamily : uint8_t {
  kNone,         // kBlocks only
  kVbmi,         // AVX-512 VBMI stream and dense paths (kernels/avx3_dl/)
  kUnsupported,  // the stand-in table: no call can be made
};

// One call's plan: lib/ makes one per bulk call (kernels/plan.h), before
// encode / decode, for the layout those calls will use; it names the path the
// entries take and holds the per-layout tables that path needs. Baseline code
// builds it from the table's constant `plans` field, so no target code runs to
// make it, and no kernel keeps state between calls. data points at the dense
// tables (inside storage, or at a constant kept for common layouts), or is
// nullptr. kStream / kLines encode may also carry dense tables for the items
// after the last whole group. Only the table it was made for reads it, and
// only for the request it was made for.
struct KernelPlan {
  static constexpr size_t kStorageBytes = 2048;
  KernelPath path = KernelPath::kBlocks;
  const void* data = nullptr;
  alignas(64) unsigned char storage[kStorageBytes];
};

struct EncodeArgs {
  const uint8_t* ids;
  size_t count;
  char* out;
  size_t out_stride;
  const char* prefix;
  size_t prefix_len;
  int terminator;  // -1: none
  bool lower;      // letter case of the output
  uint8_t* validity;
  const KernelPlan* plan;  // made for this table and call (kernels/plan.h), or nullptr
};

struct DecodeArgs {
  const char* text;
  size_t count;
  size_t stride;
  const char* prefix;
  size_t prefix_len;
  int terminator;   // -1: none
  bool lenient;     // Crockford aliases (Crockford formats only)
  bool lower_only;  // TypeID: upper-case letters are invalid
  uint8_t* ids;
  uint8_t* validity;
  const KernelPlan* plan;  // made for this table and call (kernels/plan.h), or nullptr
};

using EncodeFn = Result (*)(const EncodeArgs&);
using DecodeFn = Result (*)(const DecodeArgs&);
// ChaCha20 (RFC 8439): `blocks` 64-byte keystream blocks of the 16-word input
// state (constants, key, counter, nonce), the counter advancing per block.
// kOk, or kUnsupported (nothing written) from the stand-in table.
using KeystreamFn = Error (*)(const uint32_t* state, uint8_t* out, size_t blocks);

// Random ULIDs that share one timestamp, straight from their random bytes to
// text (the generator's text path: no 16-byte IDs in between). Item i is
// prefix, the 10 timestamp characters, the 16 characters of random bytes
// [10 i, 10 i + 10) (ULID bytes 6-15), then the terminator; bytes of a slot
// past the item are left alone. The kernel reads random bytes from random - 6
// (so those 6 bytes must be readable) to random + 10 count, never further.
struct RandomUlidTextArgs {
  const uint8_t* random;
  size_t count;
  const char* stamp;  // 10 characters, in the output's letter case
  char* out;
  size_t out_stride;  // >= prefix_len + 26 (+ 1 with a terminator)
  const char* prefix;
  size_t prefix_len;
  int terminator;  // -1: none
  bool lower;      // letter case of the random characters
};
// kOk, or kUnsupported (nothing written) from the stand-in table.
using RandomUlidTextFn = Error (*)(const RandomUlidTextArgs&);

// A table is constant data: nothing in it is called before the registry
// (lib/targets.cc) has seen hwy::SupportedTargets() include its target. Every
// entry returns {kOk, number of invalid items}; the stand-in table of an
// unknown or unsupported target (kernels/unsupported.cc) returns
// {kUnsupported, 0} from every entry and writes nothing.
struct KernelTable {
  const char* name;    // "SCALAR", "AVX3_DL", ...; "" for the stand-in
  int64_t hwy_target;  // Highway target bit; 0 for the reference kernel and the stand-in
  PlanFamily plans;
  EncodeFn encode[kNumFormats];
  DecodeFn decode[kNumFormats];
  KeystreamFn chacha20;
  RandomUlidTextFn random_ulid_text;
  const ItemCodec* item;  // the per-item codec chosen with this table
};

// Adapters from the kernels' own form (returning the invalid count) to the
// table's entries.
template <size_t (*kKernel)(const EncodeArgs&)>
Result EncodeEntry(const EncodeArgs& args) {
  return {.error = Error::kOk, .count = kKernel(args)};
}
template <size_t (*kKernel)(const DecodeArgs&)>
Result DecodeEntry(const DecodeArgs& args) {
  return {.error = Error::kOk, .count = kKernel(args)};
}
template <void (*kKernel)(const uint32_t*, uint8_t*, size_t)>
Error KeystreamEntry(const uint32_t* state, uint8_t* out, size_t blocks) {
  kKernel(state, out, blocks);
  return Error::kOk;
}

// The plan's tables for these arguments, as the target's own type, or nullptr.
template <class Plan, class Args>
const Plan* PlanOf(const Args& args) {
  return args.plan == nullptr ? nullptr : static_cast<const Plan*>(args.plan->data);
}
// The path the plan names (kBlocks without a plan).
template <class Args>
KernelPath PathOf(const Args& args) {
  return args.plan == nullptr ? KernelPath::kBlocks : args.plan->path;
}

// The arguments for the items after the first `done` (a multiple of 8).
inline EncodeArgs SkipItems(EncodeArgs args, size_t done) {
  args.ids += 16 * done;
  args.out += done * args.out_stride;
  args.count -= done;
  args.validity += done / 8;
  return args;
}
inline DecodeArgs SkipItems(DecodeArgs args, size_t done) {
  args.text += done * args.stride;
  args.ids += 16 * done;
  args.count -= done;
  args.validity += done / 8;
  return args;
}

}  // namespace sortid::kernels

#endif  // SORTID_KERNELS_KERNEL_API_H_
