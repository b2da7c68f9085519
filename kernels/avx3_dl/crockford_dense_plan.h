// Tables for the AVX3_DL Crockford "dense" path (ULID: 26 characters, Record
// ID: 20) over items of L = prefix + ID (+ terminator) bytes back to back
// (stride == L, L <= 32), four items per 128 bytes (two 64-byte vectors).
// Encode gathers each output qword's input bytes with vpermb and cuts 5-bit
// fields with vpmultishiftqb; decode re-lays each item into 32 slots with
// vpermi2b, translates and packs them (BuildCrockfordDensePlan has the steps).
// Plain data, built once per bulk call by the call's plan (kernels/plan.cc,
// PrepareCrockfordDense below); used by kernels/avx3_dl/crockford_dense-inl.h.
// Invariant: a layout the tables cannot serve leaves the plan unusable.
#ifndef SORTID_KERNELS_AVX3_DL_CROCKFORD_DENSE_PLAN_H_
#define SORTID_KERNELS_AVX3_DL_CROCKFORD_DENSE_PLAN_H_

#include <cstddef>
#include <cstdint>
#include <new>

#include "kernels/avx3_dl/crockford_qword_gather.h"
#include "kernels/kernel_api.h"

namespace sortid::simd_tables {

struct CrockfordDensePlan {
  bool usable = false;
  size_t item_len = 0;
  // Encode: two output vectors.
  alignas(64) uint8_t enc_gather[2][64];    // vpermb indices into the 64 input bytes
  uint64_t enc_gather_keep[2] = {};         // zero mask: lanes that take an input byte
  alignas(64) uint8_t enc_shift[2][64];     // vpmultishiftqb controls
  alignas(64) uint8_t enc_template[2][64];  // prefix / terminator bytes
  uint64_t enc_template_lanes[2] = {};      // lanes taken from the template
  uint64_t enc_store_lanes[2] = {};         // lanes inside the 4 items
  uint64_t enc_item_chars[4][2] = {};       // character lanes of item i
  uint64_t enc_clear[16][2] = {};           // character lanes of the items whose bit is
                                            // set in the index (Record IDs with top bits
                                            // set get NUL characters)
  // Decode: two relayout vectors (items 0-1 and 2-3).
  alignas(64) uint8_t dec_relayout[2][64];  // vpermi2b indices into the 128 text bytes
  uint64_t dec_char_lanes = 0;              // slots that hold characters (not the pads)
  alignas(64) uint8_t dec_error_bits[64];   // per slot, the bits marking an error after
                                            // translation: 0x80 (0x98 for character 0,
                                            // whose value may not exceed 7; 0 for pads)
  // The prefix / terminator bytes of each item are re-laid into its zero
  // slots (there are 32 - chars >= prefix + terminator of them) and compared
  // there with the expected bytes.
  alignas(64) uint8_t dec_fixed_expected[64];
  uint64_t dec_fixed_lanes = 0;
  uint64_t dec_load_lanes[2] = {};  // lanes inside the 4 items
};

// Encode: for every output qword a zero-masked vpermb gathers the <= 8 input
// bytes its characters need, vpmultishiftqb extracts each 5-bit field
// (control = bit offset), vpermb over the alphabet (twice, 64 bytes) maps to
// ASCII, and a blend inserts prefix / terminator bytes. Decode: vpermi2b
// re-lays each item into 32 slots (zero slots, then the characters: 6 + 26
// for a ULID, 12 + 20 for a Record ID, 160 bits either way), vpermi2b
// translates them, vpmaddubsw / vpmaddwd pack 5 -> 10 -> 20 bits, shifts make
// 40-bit groups and a last vpermi2b emits 4 x 16 bytes. Prefix / terminator
// bytes are compared in place. The plans for the common layouts (no prefix,
// no terminator or '\n') are constants built at compile time, others are
// built into the caller's KernelPlan storage.
// Fills plan's encode (or decode) half for items prefix + `chars` characters
// (+ terminator), chars 26 (ULID) or 20 (Record ID); usable stays false when
// the layout does not fit (item over 32 bytes or a qword needing more than 8
// input bytes).
constexpr void BuildCrockfordDensePlan(size_t chars, const char* prefix, size_t prefix_len,
                                       int terminator, bool encode, CrockfordDensePlan* plan) {
  *plan = CrockfordDensePlan{};
  const size_t len = prefix_len + chars + (terminator >= 0 ? 1 : 0);
  // Character k is the 5-bit group at value bit top - 5k.
  const int top = 5 * static_cast<int>(chars) - 5;
  const int pads = 32 - static_cast<int>(chars);
  if (len > 32) return;
  plan->item_len = len;
  const size_t total = 4 * len;
  auto template_byte = [&](size_t off) -> uint8_t {
    return off < prefix_len ? static_cast<uint8_t>(prefix[off]) : static_cast<uint8_t>(terminator);
  };
  auto is_char = [&](size_t off) { return off >= prefix_len && off < prefix_len + chars; };

  // ---- encode
  for (int v = 0; v < 2 && encode; ++v) {
    for (int q = 0; q < 8; ++q) {
      int items[8] = {}, bits[8] = {};
      for (int j = 0; j < 8; ++j) {
        const size_t g = static_cast<size_t>(64 * v + 8 * q + j);
        items[j] = -1;
        if (g >= total) continue;
        const size_t off = g % len;
        plan->enc_store_lanes[v] |= uint64_t{1} << (8 * q + j);
        if (!is_char(off)) {
          plan->enc_template[v][8 * q + j] = template_byte(off);
          plan->enc_template_lanes[v] |= uint64_t{1} << (8 * q + j);
          continue;
        }
        items[j] = static_cast<int>(g / len);
        bits[j] = top - 5 * static_cast<int>(off - prefix_len);  // lowest bit of the char
        plan->enc_item_chars[items[j]][v] |= uint64_t{1} << (8 * q + j);
      }
      const CrockfordQwordGather gather = PlanCrockfordQword(items, bits);
      if (!gather.fits) return;  // does not fit: no fast path for this layout
      for (int p = 0; p < 8; ++p) {
        if (gather.item[p] < 0 || gather.value_byte[p] > 15) continue;  // reads 0
        plan->enc_gather[v][8 * q + p] =
            static_cast<uint8_t>(16 * gather.item[p] + 15 - gather.value_byte[p]);
        plan->enc_gather_keep[v] |= uint64_t{1} << (8 * q + p);
      }
      for (int j = 0; j < 8; ++j) plan->enc_shift[v][8 * q + j] = gather.shift[j];
    }
  }

  for (size_t errors = 0; errors < 16 && encode; ++errors) {
    for (size_t item = 0; item < 4; ++item) {
      if ((errors >> item) & 1) {
        plan->enc_clear[errors][0] |= plan->enc_item_chars[item][0];
        plan->enc_clear[errors][1] |= plan->enc_item_chars[item][1];
      }
    }
  }

  if (encode) {
    plan->usable = true;
    return;
  }
  // ---- decode
  const size_t fixed_bytes = len - chars;  // prefix + terminator
  auto fixed_offset = [&](size_t k) { return k < prefix_len ? k : prefix_len + chars; };
  for (int v = 0; v < 2; ++v) {
    for (int h = 0; h < 2; ++h) {
      const size_t item = static_cast<size_t>(2 * v + h);
      for (int slot = 0; slot < 32; ++slot) {
        const auto pad = static_cast<size_t>(slot);
        size_t offset = 0;  // zero slots not holding a fixed byte read byte 0 (ignored)
        if (slot >= pads) {
          offset = prefix_len + static_cast<size_t>(slot - pads);
        } else if (pad < fixed_bytes) {
          offset = fixed_offset(pad);
        }
        plan->dec_relayout[v][32 * h + slot] = static_cast<uint8_t>(item * len + offset);
      }
    }
    for (int j = 0; j < 64; ++j) {
      if (static_cast<size_t>(64 * v + j) < total) plan->dec_load_lanes[v] |= uint64_t{1} << j;
    }
  }
  for (int h = 0; h < 2; ++h) {
    for (int slot = 0; slot < 32; ++slot) {
      if (slot >= pads) plan->dec_char_lanes |= uint64_t{1} << (32 * h + slot);
      if (slot < pads && static_cast<size_t>(slot) < fixed_bytes) {
        plan->dec_fixed_lanes |= uint64_t{1} << (32 * h + slot);
        plan->dec_fixed_expected[32 * h + slot] =
            template_byte(fixed_offset(static_cast<size_t>(slot)));
      }
      // A ULID's first character may not exceed 7 (bits 3-4 of its value).
      const bool first_ulid = chars == 26 && slot == pads;
      plan->dec_error_bits[32 * h + slot] = slot < pads ? 0x00 : first_ulid ? 0x98 : 0x80;
    }
  }
  plan->usable = true;
}

// Final vpermi2b of the decoder: 4 IDs x 16 bytes from the packed 40-bit
// groups (each 32-slot item = four u64 lanes, big-endian byte n of the 160-bit
// value at lane byte 8 (n / 5) + 4 - n % 5, bytes 0..3 being the zero pad).
inline constexpr auto kCrockfordDenseFinal = [] {
  struct {
    alignas(64) uint8_t bytes[64];
  } t{};
  for (int i = 0; i < 4; ++i) {
    for (int o = 0; o < 16; ++o) {
      const int n = o + 4;
      t.bytes[16 * i + o] =
          static_cast<uint8_t>((i >= 2 ? 64 : 0) + 32 * (i % 2) + 8 * (n / 5) + (4 - n % 5));
    }
  }
  return t;
}();

constexpr CrockfordDensePlan MakeCrockfordDensePlan(size_t chars, int terminator, bool encode) {
  CrockfordDensePlan plan{};
  BuildCrockfordDensePlan(chars, "", 0, terminator, encode, &plan);
  return plan;
}

// [format is ULID][terminator is '\n'][encode]: the layouts without a prefix.
inline constexpr CrockfordDensePlan kCommonCrockfordPlans[2][2][2] = {
    {{MakeCrockfordDensePlan(20, -1, false), MakeCrockfordDensePlan(20, -1, true)},
     {MakeCrockfordDensePlan(20, '\n', false), MakeCrockfordDensePlan(20, '\n', true)}},
    {{MakeCrockfordDensePlan(26, -1, false), MakeCrockfordDensePlan(26, -1, true)},
     {MakeCrockfordDensePlan(26, '\n', false), MakeCrockfordDensePlan(26, '\n', true)}}};

// The plan for a ULID / Record ID bulk call, or nullptr when the dense path
// does not apply (fewer than 8 items, stride != item length, item over 32
// bytes). Builds into plan->storage when no constant fits.
inline const CrockfordDensePlan* PrepareCrockfordDense(const kernels::PlanRequest& request,
                                                       kernels::KernelPlan* plan) {
  static_assert(sizeof(CrockfordDensePlan) <= kernels::KernelPlan::kStorageBytes &&
                alignof(CrockfordDensePlan) <= 64);
  const size_t chars = request.format == Format::kUlid ? 26 : 20;
  const size_t len = request.prefix_len + chars + (request.terminator >= 0 ? 1 : 0);
  if (request.count < 8 || len > 32 || request.stride != len) return nullptr;
  if (request.prefix_len == 0 && (request.terminator == -1 || request.terminator == '\n')) {
    return &kCommonCrockfordPlans[chars == 26][request.terminator >= 0][request.encode];
  }
  auto* built = new (plan->storage) CrockfordDensePlan;
  BuildCrockfordDensePlan(chars, request.prefix, request.prefix_len, request.terminator,
                          request.encode, built);
  return built->usable ? built : nullptr;
}

}  // namespace sortid::simd_tables

#endif  // SORTID_KERNELS_AVX3_DL_CROCKFORD_DENSE_PLAN_H_
