// Tables for the AVX3_DL Crockford "stream" encoder
// (kernels/avx3_dl/crockford_stream-inl.h; ULID: 26 characters, Record ID:
// 20): the output text of a group of G items (G * L bytes, L = item length,
// G = 64 / gcd(64, L)) is exactly V = G * L / 64 whole vectors, each spanning
// at most 4 items, whose 64 ID bytes one unaligned load covers. Only the
// layouts without a prefix (terminator none or '\n') get a plan, as
// compile-time constants; others use crockford_dense_plan.h. Reference:
// W. Mula and D. Lemire, "Base64 encoding and decoding at almost the speed of
// a memory copy", SPE 2020 (vpermb + vpmultishiftqb).
#ifndef SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_PLAN_H_
#define SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_PLAN_H_

#include <cstddef>
#include <cstdint>

#include "kernels/avx3_dl/crockford_qword_gather.h"

namespace sortid::simd_tables {

// Per output vector: one vpermb gathers the <= 8 input bytes each output
// qword needs, one vpmultishiftqb extracts the 5-bit fields, one vpermb over
// the alphabet maps them to ASCII, a blend inserts the terminator (when the
// layout has one) and one full store writes it: 5 vectors per 16 Record IDs
// (the 4-items-per-2-vectors plan of crockford_dense_plan.h uses 8, the second
// one a quarter full) and 13 per 32 ULIDs (16).
struct CrockfordStreamVector {
  alignas(64) uint8_t gather[64];  // vpermb indices into the 64 loaded ID bytes
  alignas(64) uint8_t shift[64];   // vpmultishiftqb controls
  alignas(64) uint8_t fixed[64];   // terminator bytes (0 elsewhere)
  uint64_t gather_zero = 0;        // lanes that must read 0 (the others: any byte)
  uint64_t fixed_lanes = 0;        // lanes taken from `fixed`
  uint32_t load_offset = 0;        // ID bytes from the group's first ID
};

struct CrockfordStreamPlan {
  static constexpr size_t kMaxVectors = 32;
  bool usable = false;
  bool has_fixed = false;  // a terminator lane in some vector
  size_t item_len = 0;
  size_t group_items = 0;  // G: a multiple of 16 (two validity bytes per 16)
  size_t vectors = 0;      // V = G * item_len / 64
  CrockfordStreamVector vec[kMaxVectors] = {};
};

// The plan for items of `chars` characters (26 ULID, 20 Record ID), no prefix
// and an optional terminator; usable stays false when the layout does not fit.
constexpr CrockfordStreamPlan MakeCrockfordStreamPlan(size_t chars, int terminator) {
  CrockfordStreamPlan plan{};
  const size_t len = chars + (terminator >= 0 ? 1 : 0);
  size_t gcd = 64, r = len;
  while (r != 0) {
    const size_t t = gcd % r;
    gcd = r;
    r = t;
  }
  const size_t group = 64 / gcd;
  if (len > 32 || group % 16 != 0 || group * len / 64 > CrockfordStreamPlan::kMaxVectors) {
    return plan;
  }
  plan.item_len = len;
  plan.group_items = group;
  plan.vectors = group * len / 64;
  // Character k of an item is the 5-bit group at value bit top - 5k.
  const int top = 5 * static_cast<int>(chars) - 5;
  for (size_t v = 0; v < plan.vectors; ++v) {
    CrockfordStreamVector& out = plan.vec[v];
    const size_t first_item = 64 * v / len;
    // Clamped so that the load stays inside the group's IDs.
    const size_t load = 16 * first_item < 16 * group - 64 ? 16 * first_item : 16 * group - 64;
    out.load_offset = static_cast<uint32_t>(load);
    for (int q = 0; q < 8; ++q) {
      int items[8] = {}, bits[8] = {};
      for (int j = 0; j < 8; ++j) {
        const size_t g = 64 * v + static_cast<size_t>(8 * q + j);
        const size_t off = g % len;
        items[j] = -1;
        if (off >= chars) {  // the terminator
          out.fixed[8 * q + j] = static_cast<uint8_t>(terminator);
          out.fixed_lanes |= uint64_t{1} << (8 * q + j);
          plan.has_fixed = true;
          continue;
        }
        items[j] = static_cast<int>(g / len);
        bits[j] = top - 5 * static_cast<int>(off);  // lowest value bit of the char
      }
      const CrockfordQwordGather gather = PlanCrockfordQword(items, bits);
      if (!gather.fits) return CrockfordStreamPlan{};  // a qword needs over 8 bytes
      for (int p = 0; p < 8; ++p) {
        if (gather.item[p] < 0) continue;  // never read by the shifts
        if (gather.value_byte[p] > 15) {   // above the ID (ULID character 0): reads 0
          out.gather_zero |= uint64_t{1} << (8 * q + p);
          continue;
        }
        const int index = 16 * gather.item[p] - static_cast<int>(load) + 15 - gather.value_byte[p];
        if (index < 0 || index >= 64) return CrockfordStreamPlan{};  // outside the load
        out.gather[8 * q + p] = static_cast<uint8_t>(index);
      }
      for (int j = 0; j < 8; ++j) out.shift[8 * q + j] = gather.shift[j];
    }
  }
  plan.usable = true;
  return plan;
}

// The plans of the layouts without a prefix, one named constant each (clang
// accepts a reference template argument to a whole object, not to an array
// element).
inline constexpr CrockfordStreamPlan kRecordStreamPlan = MakeCrockfordStreamPlan(20, -1);
inline constexpr CrockfordStreamPlan kRecordLinesStreamPlan = MakeCrockfordStreamPlan(20, '\n');
inline constexpr CrockfordStreamPlan kUlidStreamPlan = MakeCrockfordStreamPlan(26, -1);
inline constexpr CrockfordStreamPlan kUlidLinesStreamPlan = MakeCrockfordStreamPlan(26, '\n');

static_assert(kRecordStreamPlan.usable && kRecordLinesStreamPlan.usable && kUlidStreamPlan.usable &&
              kUlidLinesStreamPlan.usable);
static_assert(kRecordStreamPlan.vectors == 5 && kUlidStreamPlan.vectors == 13);

}  // namespace sortid::simd_tables

#endif  // SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_PLAN_H_
