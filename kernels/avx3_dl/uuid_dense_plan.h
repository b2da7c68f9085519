// Tables for the AVX-512 VBMI UUID encoder (kernels/avx3_dl/uuid_dense-inl.h)
// and decoder (kernels/avx3_dl/uuid_decode-inl.h, described further down).
// Encode: the 4 IDs' nibbles are spread to 128 hex digits (two vectors) by two
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

#include "kernels/alphabet.h"
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

// ---- Decode (kernels/avx3_dl/uuid_decode-inl.h): text items of L = prefix +
// 36 or 32 characters (+ terminator) bytes at a stride S (L <= S,
// 64 <= S + L <= 128). Items are taken in pairs: the pair's S + L bytes are two overlapping
// 64-byte loads, LO at the pair's first byte and HI ending at its last byte
// (so nothing outside the two items is read). One vpermi2b over (LO, HI)
// gathers the pair's 64 hex digits (item 0's 32 digits, then item 1's) in
// text order; the same indices serve every pair. The fixed bytes (prefix,
// hyphens, terminator) are compared in place, in LO where they lie below 64,
// else in HI, and attributed to their item with per-item lane masks.
struct UuidDecodePlan {
  bool usable = false;
  size_t stride = 0;
  size_t hi_offset = 0;                      // HI loads at pair + hi_offset
  alignas(64) uint8_t gather[64] = {};       // vpermi2b indices into (LO, HI), digit order
  alignas(64) uint8_t expected[2][64] = {};  // fixed bytes in LO / HI
  uint64_t fixed_lanes[2] = {};              // lanes of LO / HI holding a fixed byte
  uint64_t item_lanes[2][2] = {};            // [item of the pair][LO / HI]: its fixed lanes
  // The last vpermi2b over the two pairs' u16 lanes (digit pairs joined by
  // vpmaddubsw): output byte o of ID i is the low byte of lane
  // 16 * (i % 2) + o of pair i / 2.
  alignas(64) uint8_t final_bytes[64] = {};
};

// Fills plan for `chars` (36 or 32) hex characters per item; usable stays
// false when the layout does not fit (see above).
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
    for (size_t o = 0; o < 16; ++o) {
      plan->final_bytes[16 * item + o] = static_cast<uint8_t>(2 * (16 * item + o));
      plan->final_bytes[32 + 16 * item + o] = static_cast<uint8_t>(64 + 2 * (16 * item + o));
    }
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
