// Tables for the AVX3_DL Crockford "stream" decoder
// (kernels/avx3_dl/crockford_stream_decode-inl.h): text without a prefix
// (ULID 26 bytes, Record ID 20, or either plus a terminator byte), 8 items per
// step. Each item is re-laid into S slots, pads then characters (S = 32 for a
// ULID, 24 for a Record ID), by one vpermb of one unaligned 64-byte load per
// vector, so 8 items take S / 8 vectors. vpmaddubsw / vpmaddwd then leave each
// item's 40-bit groups in place without a shift, and two vpermi2b + an OR emit
// the big-endian IDs. Invariant: every table is computed by the constexpr
// builder and checked by static_assert; a layout it cannot serve is unusable.
#ifndef SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_DECODE_PLAN_H_
#define SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_DECODE_PLAN_H_

#include <bit>
#include <cstddef>
#include <cstdint>

namespace sortid::simd_tables {

// Pad slots copy the item's first character (their value is zeroed by the
// translation mask, their errors are the item's own); with a terminator, pad
// slot 0 copies it instead (the same lanes in every vector, S = 32). A Record
// ID needs 24 slots where the 4-items-per-2-vectors plan of
// crockford_dense_plan.h spends 32.
struct CrockfordDecodeVector {
  alignas(64) uint8_t relayout[64];  // vpermb indices into the loaded text
  uint64_t value_lanes = 0;          // character slots (pads: value 0)
  uint64_t terminator_lanes = 0;     // slots holding the item's terminator
  uint32_t load_offset = 0;          // text bytes from the first of the 8 items
};

// The last step emits 4 x 16 bytes per output vector from two packed vectors:
// one vpermi2b takes bytes 0, 1, 2, 5, 6 of each group (final_bytes), a second,
// zero-masked to the middle byte of each group (nibble_lanes), takes byte 4
// (nibble_bytes), and an OR joins them. An ID byte above the item's bits (a
// Record ID's first) takes byte 3 of the item's first qword, which is 0 for a
// valid item, so no lane mask is needed unless an item is invalid.
struct CrockfordDecodeOutput {
  alignas(64) uint8_t final_bytes[64];   // vpermi2b indices into packed[first], packed[first + 1]
  alignas(64) uint8_t nibble_bytes[64];  // the same for the high nibble of each group's byte 2
  uint64_t nibble_lanes = 0;             // output lanes that take nibble_bytes too
  uint32_t first = 0;
};

struct CrockfordDecodeStreamPlan {
  bool usable = false;
  bool terminated = false;  // item_len = characters + 1
  size_t chars = 0;         // 26 (ULID) or 20 (Record ID)
  size_t item_len = 0;
  size_t qwords_per_item = 0;  // S / 8
  size_t vectors = 0;          // V = S / 8 (8 items x S slots / 64)
  CrockfordDecodeVector vec[4] = {};
  CrockfordDecodeOutput out[2] = {};
  // The bits that mark an error in a vector of values | raw & 0x80 (or
  // their OR over the vectors): 0x80; 0x98 in a ULID's first-character
  // slots (a value above 7); 0xFF in the terminator slots (raw XOR the
  // terminator). One set for every vector: S = 32 puts first characters and
  // terminators in the same lanes of each (the plan is unusable otherwise).
  alignas(64) uint8_t error_bits[64] = {};
  // The bits of the raw text that mark an error once the vectors' slots are
  // ORed (or, terminated, XORed with the terminator first): 0x80 (a byte
  // >= 0x80), 0xFF in the terminator slots (any difference).
  alignas(64) uint8_t raw_bits[64] = {};
  // Terminated: the terminator slots (the same lanes in every vector).
  uint64_t terminator_lanes = 0;
};

// chars: 26 (ULID) or 20 (Record ID); terminated: a terminator byte follows
// each item (S = 32 only, which puts it in the same lanes of each vector: a
// Record ID then takes 12 pads and 4 vectors per 8 items).
constexpr CrockfordDecodeStreamPlan MakeCrockfordDecodeStreamPlan(size_t chars,
                                                                  bool terminated = false) {
  CrockfordDecodeStreamPlan plan{};
  const size_t slots = terminated ? 32 : (chars + 7) / 8 * 8;  // 24 or 32
  const size_t pads = slots - chars;
  const size_t len = chars + (terminated ? 1 : 0);
  plan.terminated = terminated;
  plan.chars = chars;
  plan.item_len = len;
  plan.qwords_per_item = slots / 8;
  plan.vectors = slots / 8;
  // Within each qword (8 slots) the last four characters come first, so that
  // after vpmaddubsw / vpmaddwd (word weights 1024, 1 in the low dword, 16384,
  // 16 in the high one) the qword holds d1 (bits 0-19) and d0 << 4 (bits
  // 36-55): the 40-bit group d0 << 20 | d1 is bytes 0, 1, 2 | 4 (two nibbles),
  // 5 and 6, with no shift.
  for (size_t w = 0; w < plan.vectors; ++w) {
    CrockfordDecodeVector& vec = plan.vec[w];
    size_t source[64] = {}, lo = 8 * len, hi = 0;
    for (size_t j = 0; j < 64; ++j) {
      const size_t global = 64 * w + j, item = global / slots, qword = global % slots / 8;
      const size_t logical = 8 * qword + (j % 8 < 4 ? j % 8 + 4 : j % 8 - 4);
      const bool is_char = logical >= pads, is_terminator = terminated && logical == 0;
      source[j] = item * len + (is_char ? logical - pads : is_terminator ? chars : 0);
      if (is_terminator) vec.terminator_lanes |= uint64_t{1} << j;
      lo = source[j] < lo ? source[j] : lo;
      hi = source[j] > hi ? source[j] : hi;
      if (is_char) vec.value_lanes |= uint64_t{1} << j;
      const uint8_t error_bits = is_terminator                    ? 0xFF
                                 : chars == 26 && logical == pads ? 0x98
                                                                  : 0x80;
      if (w == 0) {
        plan.error_bits[j] = error_bits;
        plan.raw_bits[j] = is_terminator ? 0xFF : 0x80;
      } else if (error_bits != plan.error_bits[j]) {
        return CrockfordDecodeStreamPlan{};  // not the same lanes in every vector
      }
    }
    const size_t load = lo < 8 * len - 64 ? lo : 8 * len - 64;
    if (hi - load >= 64) return CrockfordDecodeStreamPlan{};
    vec.load_offset = static_cast<uint32_t>(load);
    for (size_t j = 0; j < 64; ++j) vec.relayout[j] = static_cast<uint8_t>(source[j] - load);
  }
  plan.terminator_lanes = plan.vec[0].terminator_lanes;
  for (size_t w = 0; w < plan.vectors; ++w) {  // one terminator mask for all
    if (plan.vec[w].terminator_lanes != plan.terminator_lanes) return CrockfordDecodeStreamPlan{};
  }
  // ID byte o of item i = byte n = o + 5 Q - 16 of the item's 40 Q-bit value
  // (big-endian; n < 0: zero), in item qword n / 5, group byte 4 - n % 5
  // (from the least significant), which is packed byte kPackedByte[...].
  constexpr int kPackedByte[5] = {0, 1, 2, 5, 6};  // group byte 2: | packed byte 4
  const int q_per_item = static_cast<int>(plan.qwords_per_item);
  for (int o = 0; o < 2; ++o) {
    CrockfordDecodeOutput& out = plan.out[o];
    out.first = static_cast<uint32_t>(4 * o * q_per_item / 8);
    for (int k = 0; k < 64; ++k) {
      const int item = 4 * o + k / 16, n = k % 16 + 5 * q_per_item - 16;
      const int qword = item * q_per_item + (n < 0 ? 0 : n / 5);
      const int group_byte = n < 0 ? -1 : 4 - n % 5;
      const int byte = n < 0 ? 3 : kPackedByte[group_byte];  // byte 3 of a packed qword: 0
      const int index = 8 * qword + byte - 64 * static_cast<int>(out.first);
      const int nibble_index = group_byte == 2 ? index + 2 : index;  // packed byte 4
      if (index < 0 || nibble_index >= 128) return CrockfordDecodeStreamPlan{};
      out.final_bytes[k] = static_cast<uint8_t>(index);
      out.nibble_bytes[k] = static_cast<uint8_t>(nibble_index);
      if (group_byte == 2) out.nibble_lanes |= uint64_t{1} << k;
    }
  }
  plan.usable = true;
  return plan;
}

// Output lanes (of 64) of the IDs (of 4) whose validity bit is set.
alignas(64) inline constexpr uint64_t kCrockfordKeepLanes[16] = {
    0x0000000000000000, 0x000000000000FFFF, 0x00000000FFFF0000, 0x00000000FFFFFFFF,
    0x0000FFFF00000000, 0x0000FFFF0000FFFF, 0x0000FFFFFFFF0000, 0x0000FFFFFFFFFFFF,
    0xFFFF000000000000, 0xFFFF00000000FFFF, 0xFFFF0000FFFF0000, 0xFFFF0000FFFFFFFF,
    0xFFFFFFFF00000000, 0xFFFFFFFF0000FFFF, 0xFFFFFFFFFFFF0000, 0xFFFFFFFFFFFFFFFF};

// Writes the validity byte of 8 decoded items (bit i set: item i valid) and
// adds the invalid ones to *bad.
inline void FinishCrockfordBlock(uint32_t errors, uint8_t* validity_byte, size_t* bad) {
  *validity_byte = static_cast<uint8_t>(~errors);
  *bad += static_cast<size_t>(std::popcount(errors & 0xFFu));
}

// One named constant per format (see kUlidStreamPlan for why not an array).
inline constexpr CrockfordDecodeStreamPlan kRecordDecodeStreamPlan =
    MakeCrockfordDecodeStreamPlan(20);
inline constexpr CrockfordDecodeStreamPlan kUlidDecodeStreamPlan =
    MakeCrockfordDecodeStreamPlan(26);
inline constexpr CrockfordDecodeStreamPlan kUlidLinesDecodeStreamPlan =
    MakeCrockfordDecodeStreamPlan(26, true);
inline constexpr CrockfordDecodeStreamPlan kRecordLinesDecodeStreamPlan =
    MakeCrockfordDecodeStreamPlan(20, true);
static_assert(kRecordDecodeStreamPlan.usable && kRecordDecodeStreamPlan.vectors == 3 &&
              kUlidDecodeStreamPlan.usable && kUlidDecodeStreamPlan.vectors == 4 &&
              kUlidLinesDecodeStreamPlan.usable && kUlidLinesDecodeStreamPlan.vectors == 4 &&
              std::popcount(kUlidLinesDecodeStreamPlan.terminator_lanes) == 2 &&
              kRecordLinesDecodeStreamPlan.usable && kRecordLinesDecodeStreamPlan.vectors == 4 &&
              std::popcount(kRecordLinesDecodeStreamPlan.terminator_lanes) == 2);

}  // namespace sortid::simd_tables

#endif  // SORTID_KERNELS_AVX3_DL_CROCKFORD_STREAM_DECODE_PLAN_H_
