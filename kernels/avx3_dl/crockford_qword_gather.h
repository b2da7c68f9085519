// One output qword (8 characters) of the AVX3_DL Crockford encoders
// (crockford_dense_plan.h, crockford_stream_plan.h): which input bytes one
// vpermb gathers into the qword and the vpmultishiftqb control that extracts
// each character's 5-bit field from them (W. Mula and D. Lemire, "Base64
// encoding and decoding at almost the speed of a memory copy", SPE 2020).
#ifndef SORTID_KERNELS_AVX3_DL_CROCKFORD_QWORD_GATHER_H_
#define SORTID_KERNELS_AVX3_DL_CROCKFORD_QWORD_GATHER_H_

#include <cstdint>

namespace sortid::simd_tables {

struct CrockfordQwordGather {
  bool fits = false;       // the characters need at most 8 input bytes
  int item[8] = {};        // per byte position: item of the gathered byte (-1: none)
  int value_byte[8] = {};  // per byte position: value byte, 0 = least significant
  uint8_t shift[8] = {};   // per lane: vpmultishiftqb control (0 for other lanes)
};

// Lane j holds the character whose lowest value bit is bit[j] of item[j]
// (item[j] < 0: not a character). Per item, in the order the lanes first
// name it, the value bytes bit / 8 .. (bit + 4) / 8 its characters need are
// gathered into consecutive byte positions of the qword.
constexpr CrockfordQwordGather PlanCrockfordQword(const int (&item)[8], const int (&bit)[8]) {
  CrockfordQwordGather out{};
  int order[8] = {}, lo[8] = {}, hi[8] = {}, n = 0;
  auto slot_of = [&](int it) {
    int k = 0;
    while (k < n && order[k] != it) ++k;
    return k;
  };
  for (int j = 0; j < 8; ++j) {
    if (item[j] < 0) continue;
    const int k = slot_of(item[j]);
    if (k == n) order[n++] = item[j], lo[k] = 99, hi[k] = -1;
    lo[k] = bit[j] / 8 < lo[k] ? bit[j] / 8 : lo[k];
    hi[k] = (bit[j] + 4) / 8 > hi[k] ? (bit[j] + 4) / 8 : hi[k];
  }
  int base_pos[8] = {}, pos = 0;
  for (int p = 0; p < 8; ++p) out.item[p] = -1;
  for (int k = 0; k < n; ++k) {
    base_pos[k] = pos;
    for (int b = lo[k]; b <= hi[k]; ++b, ++pos) {
      if (pos >= 8) return CrockfordQwordGather{};
      out.item[pos] = order[k];
      out.value_byte[pos] = b;
    }
  }
  for (int j = 0; j < 8; ++j) {
    if (item[j] < 0) continue;
    const int k = slot_of(item[j]);
    out.shift[j] = static_cast<uint8_t>(8 * base_pos[k] + bit[j] - 8 * lo[k]);
  }
  out.fits = true;
  return out;
}

}  // namespace sortid::simd_tables

#endif  // SORTID_KERNELS_AVX3_DL_CROCKFORD_QWORD_GATHER_H_
