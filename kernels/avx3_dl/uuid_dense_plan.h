// Tables for the AVX-512 VBMI UUID encoder (kernels/avx3_dl/uuid_dense-inl.h)
// and decoder (kernels/avx3_dl/uuid_decode-inl.h, described further down).
// Encode: the 4 IDs' nibbles are spread to 128 hex digits (two vectors) by two
// vpermt2b and translated by vpshufb; each of the three 64-byte output chunks
// is one more vpermt2b from those digits, blended with a template (prefix,
// hyphens, terminator) and stored with a mask that skips padding. Plain data,
// built once per bulk call by the call's plan (kernels/plan.cc): the common
// layouts are compile-time constants (kCommonUuidPlans), others are built
// into the caller's KernelPlan storage.
#ifndef SORTID_KERNELS_AVX3_DL_UUID_DENSE_PLAN_H_
#define SORTID_KERNELS_AVX3_DL_UUID_DENSE_PLAN_H_

#include <cstddef>
#include <cstdint>
#include <new>

#include "kernels/alphabet.h"
#include "kernels/format_facts.h"
#include "kernels/kernel_api.h"

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
  const size_t stride = size_t{hyphens ? 36u : 32u} + size_t{terminator >= 0 ? 1u : 0u};
  BuildUuidDensePlan(hyphens, "", 0, terminator, stride, &plan);
  return plan;
}

// [hyphens][terminator is '\n']: the layouts without a prefix, stride = item length.
inline constexpr UuidDensePlan kCommonUuidPlans[2][2] = {
    {MakeUuidDensePlan(false, -1), MakeUuidDensePlan(false, '\n')},
    {MakeUuidDensePlan(true, -1), MakeUuidDensePlan(true, '\n')}};

// ---- Decode (kernels/avx3_dl/uuid_decode-inl.h): text items of L = prefix +
// 36 or 32 characters (+ terminator) bytes at a stride S (L <= S,
// S + L <= 128), 4 items (a group, 3S + L bytes) per step as two pairs. The
// group is read by 64-byte loads V0-V3 at load_offset[0-3], none before the
// group's first byte or past its last item's last byte:
//  - shared (3S + L <= 192, every common layout): three loads, V0 = [0, 64),
//    V1 = V2 = [64, 128) (one load), V3 ends at the group's last byte;
//  - otherwise four, two per pair: V0 / V2 start at the pair's first byte,
//    V1 / V3 end at its last.
// Pair p's 64 hex digits (item 2p's 32, then item 2p+1's) are gathered in
// digit order by one vpermi2b over (V2p, V2p+1); the same indices serve
// every group. The fixed bytes (prefix, hyphens, terminator) are compared in
// place, each in the first of its pair's vectors that holds it (V2's in V1
// when shared), and attributed to their item with per-item lane masks.
struct UuidDecodePlan {
  bool usable = false;
  bool shared_load = false;  // V1 and V2 are one load
  size_t stride = 0;
  size_t load_offset[4] = {};
  alignas(64) uint8_t gather[2][64] = {};    // per pair: vpermi2b indices, digit order
  alignas(64) uint8_t expected[4][64] = {};  // fixed bytes in V0-V3
  // The bits that mark an error in Vj XOR expected[j]: 0xFF where Vj holds
  // a fixed byte, 0x80 where Vj holds a hex digit the gather takes from it (bytes >= 0x80;
  // bytes between items are never checked).
  alignas(64) uint8_t checked_bits[4][64] = {};
  uint64_t item_lanes[4][4] = {};  // [item][vector]: its fixed lanes
  // The last vpermi2b over the two pairs' u16 lanes (digit pairs joined by
  // vpmaddubsw): output byte o of ID k is the low byte of lane
  // 16 * (k % 2) + o of pair k / 2.
  alignas(64) uint8_t final_bytes[64] = {};
};

// Fills plan for `chars` (36 or 32) hex characters per item; usable stays
// false when the layout does not fit (see above).
constexpr void BuildUuidDecodePlan(size_t chars, const char* prefix, size_t prefix_len,
                                   int terminator, size_t stride, UuidDecodePlan* plan) {
  *plan = UuidDecodePlan{};
  const bool hyphens = chars == 36;
  const size_t len = prefix_len + chars + (terminator >= 0 ? 1 : 0);
  if (len > stride || stride + len > 128) return;  // hence 64 <= S + L, 128 <= 3S + L
  plan->stride = stride;
  plan->shared_load = 3 * stride + len <= 192;
  const size_t last = 3 * stride + len - 64;
  const size_t offsets[4] = {0, plan->shared_load ? 64 : stride + len - 64,
                             plan->shared_load ? 64 : 2 * stride, last};
  for (size_t v = 0; v < 4; ++v) plan->load_offset[v] = offsets[v];
  for (size_t k = 0; k < 4; ++k) {
    const size_t pair = k / 2, first = 2 * pair;
    for (size_t o = 0; o < 16; ++o) {
      plan->final_bytes[16 * k + o] = static_cast<uint8_t>(64 * pair + 2 * (16 * (k % 2) + o));
    }
    for (size_t off = 0; off < len; ++off) {
      const size_t pos = k * stride + off;
      const size_t vec = pos - offsets[first] < 64 ? first : first + 1;
      const size_t lane = pos - offsets[vec];
      const size_t ch = off - prefix_len;  // wraps for prefix bytes (then unused)
      if (off >= prefix_len && ch < chars && !(hyphens && internal::IsUuidHyphen(ch))) {
        const size_t digit = hyphens ? internal::UuidDigitOfChar(ch) : ch;
        plan->gather[pair][32 * (k % 2) + digit] =
            static_cast<uint8_t>((vec == first ? 0 : 64) + lane);
        plan->checked_bits[plan->shared_load && vec == 2 ? 1 : vec][lane] |= 0x80;
        continue;
      }
      uint8_t byte = '-';
      if (off < prefix_len) byte = static_cast<uint8_t>(prefix[off]);
      if (off >= prefix_len && ch >= chars) byte = static_cast<uint8_t>(terminator);
      const size_t checked = plan->shared_load && vec == 2 ? 1 : vec;
      plan->expected[checked][lane] = byte;
      plan->checked_bits[checked][lane] = 0xFF;
      plan->item_lanes[k][checked] |= uint64_t{1} << lane;
    }
  }
  plan->usable = true;
}

// Value (0-15) of each ASCII byte as a hex digit of either case, else 0x80:
// the decoder's 128-entry vpermi2b translation (bytes >= 0x80 are caught by
// their own high bit).
struct alignas(64) UuidHexAscii {
  uint8_t bytes[128];
};
constexpr UuidHexAscii MakeUuidHexAscii() {
  UuidHexAscii t{};
  for (size_t c = 0; c < 128; ++c) {
    t.bytes[c] = static_cast<uint8_t>(alphabet::kHex[c] < 0 ? 0x80 : alphabet::kHex[c]);
  }
  return t;
}
inline constexpr UuidHexAscii kUuidHexAscii = MakeUuidHexAscii();

constexpr UuidDecodePlan MakeUuidDecodePlan(size_t chars, int terminator) {
  UuidDecodePlan plan{};
  BuildUuidDecodePlan(chars, "", 0, terminator, chars + (terminator >= 0 ? 1 : 0), &plan);
  return plan;
}

// Decode plans for the same common layouts.
inline constexpr UuidDecodePlan kCommonUuidDecodePlans[2][2] = {
    {MakeUuidDecodePlan(32, -1), MakeUuidDecodePlan(32, '\n')},
    {MakeUuidDecodePlan(36, -1), MakeUuidDecodePlan(36, '\n')}};

// The plan for a UUID / UUID hex decode call, or nullptr when the dense path
// does not apply (fewer than 8 items, a layout that does not fit).
inline const UuidDecodePlan* PrepareUuidDecode(const kernels::PlanRequest& request,
                                               kernels::KernelPlan* plan) {
  static_assert(sizeof(UuidDecodePlan) <= kernels::KernelPlan::kStorageBytes &&
                alignof(UuidDecodePlan) <= 64);
  const bool hyphens = request.format == Format::kUuid;
  const size_t chars = hyphens ? 36 : 32;
  const size_t len = request.prefix_len + chars + (request.terminator >= 0 ? 1 : 0);
  if (request.encode || request.count < 8) return nullptr;
  if (request.prefix_len == 0 && request.stride == len &&
      (request.terminator == -1 || request.terminator == '\n')) {
    return &kCommonUuidDecodePlans[hyphens][request.terminator >= 0];
  }
  auto* built = new (plan->storage) UuidDecodePlan;
  BuildUuidDecodePlan(chars, request.prefix, request.prefix_len, request.terminator, request.stride,
                      built);
  return built->usable ? built : nullptr;
}

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
