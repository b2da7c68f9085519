// Tables for the AVX-512 VBMI UUID encoder (kernels/avx3_dl/uuid_dense-inl.h):
// The 4 IDs' nibbles are spread to 128 hex digits (two vectors) by two
// vpermt2b and translated by vpshufb; each of the three 64-byte output
// chunks is one more vpermt2b from those digits, blended with a template
// (prefix, hyphens, terminator) and stored with a mask that skips padding.
//
// Plain data, built by the kernel table's prepare step once per bulk call:
// the common layouts (no prefix, no terminator or '\n', stride = item length)
// are constants built at compile time, others are built into the caller's
// KernelPlan storage.
#ifndef SORTID_KERNELS_AVX3_DL_UUID_DENSE_PLAN_H_
#define SORTID_KERNELS_AVX3_DL_UUID_DENSE_PLAN_H_

#include <cstddef>
#include <cstdint>
#include <new>

#include "kernels/avx3_dl/uuid_decode_plan.h"
#include "kernels/kernel_api.h"
#include "lib/limits.h"

namespace sortid::simd_tables {

struct UuidDensePlan {
  alignas(64) uint8_t spread[2][64] = {};  // nibble sources of digit vectors A and B
  alignas(64) uint8_t gather[3][64] = {};  // digit index (0-127) per output byte
  alignas(64) uint8_t fixed[3][64] = {};   // template bytes
  uint64_t fixed_lanes[3] = {};
  uint64_t store_lanes[3] = {};
};

// False when 4 slots exceed 192 bytes.
constexpr bool BuildUuidDensePlan(bool hyphens, const char* prefix, size_t prefix_len,
                                  int terminator, size_t stride, UuidDensePlan* plan) {
  const size_t text_len = hyphens ? 36 : 32;
  const size_t item_len = prefix_len + text_len + (terminator >= 0 ? 1 : 0);
  if (stride > 48 || item_len > stride) return false;
  // Vector v holds IDs 2v and 2v+1: digit j (0-63) of v is nibble (j % 2 ? low : high)
  // of byte 16 * (2v + j / 32) + (j % 32) / 2 of the 64 loaded ID bytes. The
  // high nibbles are vpermt2b source 1 (indices 0-63), the low ones source 2.
  for (size_t v = 0; v < 2; ++v) {
    for (size_t j = 0; j < 64; ++j) {
      const size_t byte = 16 * (2 * v + j / 32) + (j % 32) / 2;
      plan->spread[v][j] = static_cast<uint8_t>(byte + (j % 2 ? 64 : 0));
    }
  }
  for (size_t c = 0; c < 3; ++c) {
    plan->fixed_lanes[c] = plan->store_lanes[c] = 0;
    for (size_t j = 0; j < 64; ++j) {
      const size_t p = 64 * c + j;
      plan->gather[c][j] = 0;
      plan->fixed[c][j] = 0;
      const size_t item = p / stride, off = p % stride;
      if (item >= 4 || off >= item_len) continue;
      plan->store_lanes[c] |= uint64_t{1} << j;
      uint8_t fixed_byte = 0;
      bool is_fixed = true;
      if (off < prefix_len) {
        fixed_byte = static_cast<uint8_t>(prefix[off]);
      } else if (off - prefix_len < text_len) {
        size_t ch = off - prefix_len;
        if (hyphens && internal::IsUuidHyphen(ch)) {
          fixed_byte = '-';
        } else {
          if (hyphens) ch = internal::UuidDigitOfChar(ch);
          plan->gather[c][j] = static_cast<uint8_t>(32 * item + ch);
          is_fixed = false;
        }
      } else {
        fixed_byte = static_cast<uint8_t>(terminator);
      }
      if (is_fixed) {
        plan->fixed[c][j] = fixed_byte;
        plan->fixed_lanes[c] |= uint64_t{1} << j;
      }
    }
  }
  return true;
}

constexpr UuidDensePlan MakeUuidDensePlan(bool hyphens, int terminator) {
  UuidDensePlan plan{};
  const size_t stride = (hyphens ? 36 : 32) + (terminator >= 0 ? 1 : 0);
  BuildUuidDensePlan(hyphens, "", 0, terminator, stride, &plan);
  return plan;
}

// [hyphens][terminator is '\n']: the layouts without a prefix, stride = item length.
inline constexpr UuidDensePlan kCommonUuidPlans[2][2] = {
    {MakeUuidDensePlan(false, -1), MakeUuidDensePlan(false, '\n')},
    {MakeUuidDensePlan(true, -1), MakeUuidDensePlan(true, '\n')}};

// The plan for a UUID / UUID hex call (a UuidDensePlan for encode, a
// UuidDecodePlan for decode), or nullptr when the dense path does not apply
// (encode: fewer than 4 items, slots over 48 bytes; decode: see
// PrepareUuidDecode).
inline const void* PrepareUuidDense(const kernels::PlanRequest& request,
                                    kernels::KernelPlan* plan) {
  if (!request.encode) return PrepareUuidDecode(request, plan);
  static_assert(sizeof(UuidDensePlan) <= kernels::KernelPlan::kStorageBytes &&
                alignof(UuidDensePlan) <= 64);
  const bool hyphens = request.format == Format::kUuid;
  const size_t len = request.prefix_len + (hyphens ? 36 : 32) + (request.terminator >= 0 ? 1 : 0);
  if (request.count < 4 || request.stride > 48) return nullptr;
  if (request.prefix_len == 0 && request.stride == len &&
      (request.terminator == -1 || request.terminator == '\n')) {
    return &kCommonUuidPlans[hyphens][request.terminator >= 0];
  }
  auto* built = new (plan->storage) UuidDensePlan;
  if (!BuildUuidDensePlan(hyphens, request.prefix, request.prefix_len, request.terminator,
                          request.stride, built)) {
    return nullptr;
  }
  return built;
}

}  // namespace sortid::simd_tables

#endif  // SORTID_KERNELS_AVX3_DL_UUID_DENSE_PLAN_H_
