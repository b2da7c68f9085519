// Tables for the AVX-512 VBMI UUID decoder (kernels/avx3_dl/uuid_decode-inl.h)
// over text items of L = prefix + 36 or 32 characters (+ terminator) bytes at
// a stride S (L <= S, 64 <= S + L <= 128).
//
// Items are taken in pairs: the pair's S + L bytes are two overlapping
// 64-byte loads, LO at the pair's first byte and HI ending at its last byte
// (so nothing outside the two items is read). One vpermi2b over (LO, HI)
// gathers the pair's 64 hex digits (item 0's 32 digits, then item 1's) in
// text order; the same indices serve every pair. The fixed bytes (prefix,
// hyphens, terminator) are compared in place, in LO where they lie below 64,
// else in HI, and attributed to their item with per-item lane masks.
//
// Plain data, built by the kernel table's prepare step once per bulk call:
// the common layouts (no prefix, no terminator or '\n', stride = item length)
// are constants built at compile time, others are built into the caller's
// KernelPlan storage.
#ifndef SORTID_KERNELS_AVX3_DL_UUID_DECODE_PLAN_H_
#define SORTID_KERNELS_AVX3_DL_UUID_DECODE_PLAN_H_

#include <cstddef>
#include <cstdint>
#include <new>

#include "kernels/alphabet.h"
#include "kernels/kernel_api.h"
#include "lib/limits.h"

namespace sortid::simd_tables {

struct UuidDecodePlan {
  bool usable = false;
  size_t stride = 0;
  size_t hi_offset = 0;                      // HI loads at pair + hi_offset
  alignas(64) uint8_t gather[64] = {};       // vpermi2b indices into (LO, HI), digit order
  alignas(64) uint8_t expected[2][64] = {};  // fixed bytes in LO / HI
  uint64_t fixed_lanes[2] = {};              // lanes of LO / HI holding a fixed byte
  uint64_t item_lanes[2][2] = {};            // [item of the pair][LO / HI]: its fixed lanes
};

// Fills plan for `chars` (36 or 32) hex characters per item; usable stays
// false when the layout does not fit (see the top of the file).
constexpr void BuildUuidDecodePlan(size_t chars, const char* prefix, size_t prefix_len,
                                   int terminator, size_t stride, UuidDecodePlan* plan) {
  *plan = UuidDecodePlan{};
  const bool hyphens = chars == 36;
  const size_t len = prefix_len + chars + (terminator >= 0 ? 1 : 0);
  const size_t span = stride + len;
  if (len > stride || span < 64 || span > 128) return;
  plan->stride = stride;
  plan->hi_offset = span - 64;
  // Where byte `pos` of the pair is read: LO lane pos, else HI lane pos - hi_offset.
  auto source = [&](size_t pos, size_t* vec, size_t* lane) {
    *vec = pos < 64 ? 0 : 1;
    *lane = pos < 64 ? pos : pos - plan->hi_offset;
  };
  for (size_t item = 0; item < 2; ++item) {
    for (size_t off = 0; off < len; ++off) {
      const size_t pos = item * stride + off;
      size_t vec = 0, lane = 0;
      source(pos, &vec, &lane);
      const size_t ch = off - prefix_len;  // wraps for prefix bytes (then unused)
      if (off >= prefix_len && ch < chars && !(hyphens && internal::IsUuidHyphen(ch))) {
        const size_t digit = hyphens ? internal::UuidDigitOfChar(ch) : ch;
        plan->gather[32 * item + digit] = static_cast<uint8_t>(64 * vec + lane);
        continue;
      }
      uint8_t byte = '-';
      if (off < prefix_len) byte = static_cast<uint8_t>(prefix[off]);
      if (off >= prefix_len && ch >= chars) byte = static_cast<uint8_t>(terminator);
      plan->expected[vec][lane] = byte;
      plan->fixed_lanes[vec] |= uint64_t{1} << lane;
      plan->item_lanes[item][vec] |= uint64_t{1} << lane;
    }
  }
  plan->usable = true;
}

// Value (0-15) of each ASCII byte as a hex digit of either case, else 0x80:
// the decoder's 128-entry vpermi2b translation (bytes >= 0x80 are caught by
// their own high bit).
inline constexpr auto kUuidHexAscii = [] {
  struct {
    alignas(64) uint8_t bytes[128];
  } t{};
  for (size_t c = 0; c < 128; ++c) {
    t.bytes[c] = static_cast<uint8_t>(alphabet::kHex[c] < 0 ? 0x80 : alphabet::kHex[c]);
  }
  return t;
}();

// The decoder's last vpermi2b over the two pairs' u16 lanes (digit pairs
// joined by vpmaddubsw): output byte o of ID i is the low byte of lane
// 16 * (i % 2) + o of pair i / 2.
inline constexpr auto kUuidDecodeFinal = [] {
  struct {
    alignas(64) uint8_t bytes[64];
  } t{};
  for (int i = 0; i < 4; ++i) {
    for (int o = 0; o < 16; ++o) {
      t.bytes[16 * i + o] = static_cast<uint8_t>(64 * (i / 2) + 2 * (16 * (i % 2) + o));
    }
  }
  return t;
}();

constexpr UuidDecodePlan MakeUuidDecodePlan(size_t chars, int terminator) {
  UuidDecodePlan plan{};
  BuildUuidDecodePlan(chars, "", 0, terminator, chars + (terminator >= 0 ? 1 : 0), &plan);
  return plan;
}

// [hyphens][terminator is '\n']: the layouts without a prefix, stride = item length.
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

}  // namespace sortid::simd_tables

#endif  // SORTID_KERNELS_AVX3_DL_UUID_DECODE_PLAN_H_
