// Which ops bound the AVX3_DL ULID stream-decode loop on this CPU: copies of
// its hot loop (4096 valid ULIDs, 106 KiB of text, L2) with one part changed
// or dropped, timed interleaved against memcpy of the same bytes.
//   v0: the loop as it was on main (17a2a29): vpmaddubsw + vpmaddwd, shift +
//       bit-select (level 3), 7-op error OR with a saturating add.
//   v1-v3: shifts + bit-selects instead of one or both multiplies (slower:
//       shifts take the same pipes as the shuffles here).
//   v5/v5a/v6: fewer register copies (raw ORed first, vpermi2b in asm, the
//       whole block in asm with no copy): 0-3%, copies are nearly free.
//   v7/v7b: the 4-op error OR (no saturating add) and the bit-select writing
//       into its shifted temporary (commit 9ca4fcd).
//   v8: no level 3: high dword 4 bits up, nibble joined by a second final
//       vpermi2b + OR (commit 4ec4dda).
//   a10-a17 (timing only, wrong or unchecked output): no error test, no
//       level 3, OR instead of the final vpermi2b, no vpmaddwd, level-3
//       variants (shift + OR, bit-select only, 2 x IFMA, vpsrld).
// Build: g++ -O2 -std=c++20 -I<repo> loop-variants.cc && ./a.out 31
// (the plan header is only used for the relayout tables; v0-v7 rebuild the
// final indices of the 40-bit format themselves).
#include <immintrin.h>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <algorithm>
#include <vector>
#include <random>
#include "kernels/avx3_dl/crockford_stream_decode_plan.h"
#define ATTR __attribute__((target("avx512f,avx512bw,avx512vbmi,avx512vl,avx512dq,avx512ifma,bmi2"), noinline))
#define INL __attribute__((target("avx512f,avx512bw,avx512vbmi,avx512vl,avx512dq,avx512ifma,bmi2"), always_inline)) inline
using namespace sortid::simd_tables;
constexpr size_t N = 4096;
alignas(64) uint8_t g_text[N * 26 + 256];
alignas(64) uint8_t g_ids[N * 16 + 64];
alignas(64) uint8_t g_ref[N * 16 + 64];
alignas(64) uint8_t g_valid[N / 8 + 64];
alignas(64) uint8_t g_copy[N * 26 + 256];
alignas(64) uint8_t g_ascii[128];
const char* kAlpha = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

// Layouts: char index (of 8) held by byte j of a qword.
int CharOf(int mode, int j) {
  switch (mode) {
    case 0: return 4 * (1 - j / 4) + j % 4;                       // maddubsw + maddwd
    case 1: return 7 - j;                                         // shifts at all levels
    case 2: return 2 * (3 - j / 2) + j % 2;                       // maddubsw + shift
    default: { int d = j / 4, r = j % 4; return 4 * (1 - d) + 2 * (r / 2) + (1 - r % 2); }  // shift + maddwd
  }
}
struct Tables { alignas(64) uint8_t relayout[4][64]; uint64_t value_lanes[4]; alignas(64) uint8_t bias[64]; alignas(64) uint8_t fin[2][64]; uint32_t off[4]; };
Tables MakeTables(int mode) {
  const auto& p = kUlidDecodeStreamPlan;
  Tables t{};
  for (int w = 0; w < 4; ++w) {
    t.off[w] = p.vec[w].load_offset;
    for (int j = 0; j < 64; ++j) {
      int q = j / 8, c = CharOf(mode, j % 8), old = 8 * q + (c + 4) % 8;
      t.relayout[w][j] = p.vec[w].relayout[old];
      if (p.vec[w].value_lanes >> old & 1) t.value_lanes[w] |= uint64_t{1} << j;
      if (w == 0) t.bias[j] = p.vec[0].error_bits[old] == 0x98 ? 0x78 : 0;
    }
  }
  // The final vpermi2b indices of the 40-bit qword format (d0 << 20 | d1),
  // as the plan made them before the nibble format.
  for (int o = 0; o < 2; ++o) {
    const int q = 4, first = 4 * o * q / 8;
    for (int k = 0; k < 64; ++k) {
      const int item = 4 * o + k / 16, n = k % 16 + 5 * q - 16;
      const int qword = item * q + (n < 0 ? 0 : n / 5), byte = n < 0 ? 5 : 4 - n % 5;
      t.fin[o][k] = (uint8_t)(8 * qword + byte - 64 * first);
    }
  }
  return t;
}
Tables g_t[4];

template <int kMode>
INL __m512i Pack(__m512i v) {
  if constexpr (kMode >= 14 && kMode <= 17) {
    const __m512i p20 = _mm512_madd_epi16(_mm512_maddubs_epi16(v, _mm512_set1_epi16(0x0120)), _mm512_set1_epi32(0x00010400));
    if constexpr (kMode == 14) return _mm512_or_si512(p20, _mm512_srli_epi64(p20, 12));
    if constexpr (kMode == 15) return _mm512_ternarylogic_epi64(p20, p20, _mm512_set1_epi64(0xFFFFF), 0xE4);
    if constexpr (kMode == 16) { const __m512i c = _mm512_set1_epi64(1 << 20); return _mm512_madd52hi_epu64(_mm512_madd52lo_epu64(_mm512_setzero_si512(), p20, c), p20, c); }
    if constexpr (kMode == 17) return _mm512_ternarylogic_epi64(p20, _mm512_srli_epi32(p20, 12), _mm512_set1_epi64(0xFFFFF), 0xE4);
  }
  if constexpr (kMode == 11) return _mm512_madd_epi16(_mm512_maddubs_epi16(v, _mm512_set1_epi16(0x0120)), _mm512_set1_epi32(0x00010400));
  if constexpr (kMode == 13) { const __m512i p20 = _mm512_maddubs_epi16(v, _mm512_set1_epi16(0x0120)); return _mm512_ternarylogic_epi64(p20, _mm512_srli_epi64(p20, 12), _mm512_set1_epi64(0xFFFFF), 0xE4); }
  if constexpr (kMode == 0 || kMode >= 10) {
    const __m512i p20 = _mm512_madd_epi16(_mm512_maddubs_epi16(v, _mm512_set1_epi16(0x0120)), _mm512_set1_epi32(0x00010400));
    return _mm512_ternarylogic_epi64(p20, _mm512_srli_epi64(p20, 12), _mm512_set1_epi64(0xFFFFF), 0xE4);
  } else {
    __m512i w;
    if constexpr (kMode == 2) w = _mm512_maddubs_epi16(v, _mm512_set1_epi16(0x0120));
    else w = _mm512_ternarylogic_epi64(v, _mm512_srli_epi16(v, 3), _mm512_set1_epi16(0x001F), 0xE4);
    __m512i d;
    if constexpr (kMode == 3) d = _mm512_madd_epi16(w, _mm512_set1_epi32(0x00010400));
    else d = _mm512_ternarylogic_epi64(w, _mm512_srli_epi32(w, 6), _mm512_set1_epi32(0x3FF), 0xE4);
    return _mm512_ternarylogic_epi64(d, _mm512_srli_epi64(d, 12), _mm512_set1_epi64(0xFFFFF), 0xE4);
  }
}

template <int kMode>
ATTR size_t Decode(const uint8_t* text, uint8_t* ids, uint8_t* validity, size_t n) {
  const Tables& t = g_t[kMode >= 10 ? 0 : kMode];
  __mmask64 vl[4]; size_t off[4];
  for (int w = 0; w < 4; ++w) { vl[w] = t.value_lanes[w]; off[w] = t.off[w]; }
  const __m512i lo = _mm512_load_si512(g_ascii), hi = _mm512_load_si512(g_ascii + 64);
  __m512i rel[4];
  for (int w = 0; w < 4; ++w) rel[w] = _mm512_load_si512(t.relayout[w]);
  const __m512i bias = _mm512_load_si512(t.bias), f0 = _mm512_load_si512(t.fin[0]), f1 = _mm512_load_si512(t.fin[1]);
  size_t bad = 0;
  for (size_t base = 0; base < n; base += 8) {
    const uint8_t* p = text + base * 26;
    __m512i raw[4], val[4], pk[4];
#pragma GCC unroll 4
    for (int w = 0; w < 4; ++w) {
      raw[w] = _mm512_permutexvar_epi8(rel[w], _mm512_loadu_si512(p + off[w]));
      val[w] = _mm512_maskz_permutex2var_epi8(vl[w], lo, raw[w], hi);
      pk[w] = Pack<kMode>(val[w]);
    }
    __m512i av = _mm512_ternarylogic_epi32(_mm512_or_si512(val[0], val[1]), val[2], val[3], 0xFE);
    av = _mm512_adds_epu8(av, bias);
    __m512i ar = _mm512_ternarylogic_epi32(_mm512_or_si512(raw[0], raw[1]), raw[2], raw[3], 0xFE);
    __m512i any = _mm512_or_si512(av, ar);
    if (kMode != 10 && __builtin_expect(_mm512_test_epi64_mask(any, _mm512_set1_epi8((char)0x80)) != 0, 0)) {
      ++bad;  // not exercised
      validity[base / 8] = 0;
      continue;
    }
    if constexpr (kMode == 12) {
    _mm512_storeu_si512(ids + 16 * base, _mm512_or_si512(pk[0], pk[1]));
    _mm512_storeu_si512(ids + 16 * base + 64, _mm512_or_si512(pk[2], pk[3]));
    } else {
    _mm512_storeu_si512(ids + 16 * base, _mm512_permutex2var_epi8(pk[0], f0, pk[1]));
    _mm512_storeu_si512(ids + 16 * base + 64, _mm512_permutex2var_epi8(pk[2], f1, pk[3]));
    }
    validity[base / 8] = 0xFF;
  }
  return bad;
}


// imm for C ? B : A  (bit index = a<<2 | b<<1 | c)
constexpr int ImmSel() { int r = 0; for (int i = 0; i < 8; ++i) { int a = i >> 2 & 1, b = i >> 1 & 1, c = i & 1; if (c ? b : a) r |= 1 << i; } return r; }
template <int kMode>
ATTR size_t Decode5(const uint8_t* text, uint8_t* ids, uint8_t* validity, size_t n) {
  const Tables& t = g_t[0];
  __mmask64 vl[4]; size_t off[4];
  for (int w = 0; w < 4; ++w) { vl[w] = t.value_lanes[w]; off[w] = t.off[w]; }
  const __m512i lo = _mm512_load_si512(g_ascii), hi = _mm512_load_si512(g_ascii + 64);
  __m512i rel[4];
  for (int w = 0; w < 4; ++w) rel[w] = _mm512_load_si512(t.relayout[w]);
  const __m512i bias = _mm512_load_si512(t.bias), f0 = _mm512_load_si512(t.fin[0]), f1 = _mm512_load_si512(t.fin[1]);
  const __m512i w5 = _mm512_set1_epi16(0x0120), w10 = _mm512_set1_epi32(0x00010400), low20 = _mm512_set1_epi64(0xFFFFF);
  size_t bad = 0;
  for (size_t base = 0; base < n; base += 8) {
    const uint8_t* p = text + base * 26;
    __m512i raw[4], val[4], pk[4];
#pragma GCC unroll 4
    for (int w = 0; w < 4; ++w) raw[w] = _mm512_permutexvar_epi8(rel[w], _mm512_loadu_si512(p + off[w]));
    __m512i ar = _mm512_ternarylogic_epi32(_mm512_or_si512(raw[0], raw[1]), raw[2], raw[3], 0xFE);
#pragma GCC unroll 4
    for (int w = 0; w < 4; ++w) {
      if constexpr (kMode == 1) {
        val[w] = raw[w];
        asm("vpermi2b %[hi], %[lo], %[x]%{%[k]%}%{z%}" : [x] "+v"(val[w]) : [lo] "v"(lo), [hi] "v"(hi), [k] "Yk"(vl[w]));
      } else {
        val[w] = _mm512_maskz_permutex2var_epi8(vl[w], lo, raw[w], hi);
      }
      const __m512i p20 = _mm512_madd_epi16(_mm512_maddubs_epi16(val[w], w5), w10);
      pk[w] = _mm512_ternarylogic_epi64(_mm512_srli_epi64(p20, 12), p20, low20, ImmSel());
    }
    __m512i av = _mm512_ternarylogic_epi32(_mm512_or_si512(val[0], val[1]), val[2], val[3], 0xFE);
    __m512i any = _mm512_or_si512(_mm512_adds_epu8(av, bias), ar);
    if (__builtin_expect(_mm512_test_epi64_mask(any, _mm512_set1_epi8((char)0x80)) != 0, 0)) {
      ++bad;
      validity[base / 8] = 0;
      continue;
    }
    _mm512_storeu_si512(ids + 16 * base, _mm512_permutex2var_epi8(pk[0], f0, pk[1]));
    _mm512_storeu_si512(ids + 16 * base + 64, _mm512_permutex2var_epi8(pk[2], f1, pk[3]));
    validity[base / 8] = 0xFF;
  }
  return bad;
}


template <int kMode>
ATTR size_t Decode6(const uint8_t* text, uint8_t* ids, uint8_t* validity, size_t n) {
  const Tables& t = g_t[0];
  const __mmask64 k0 = t.value_lanes[0], k1 = t.value_lanes[1], k2 = t.value_lanes[2], k3 = t.value_lanes[3];
  const __m512i lo = _mm512_load_si512(g_ascii), hi = _mm512_load_si512(g_ascii + 64);
  const __m512i rel0 = _mm512_load_si512(t.relayout[0]), rel1 = _mm512_load_si512(t.relayout[1]), rel2 = _mm512_load_si512(t.relayout[2]), rel3 = _mm512_load_si512(t.relayout[3]);
  const __m512i bias = _mm512_load_si512(t.bias), f0 = _mm512_load_si512(t.fin[0]), f1 = _mm512_load_si512(t.fin[1]);
  const __m512i w5 = _mm512_set1_epi16(0x0120), w10 = _mm512_set1_epi32(0x00010400), low20 = _mm512_set1_epi64(0xFFFFF);
  const __m512i high = _mm512_set1_epi8((char)0x80);
  size_t bad = 0;
  for (size_t base = 0; base < n; base += 8) {
    const uint8_t* p = text + base * 26;
    __m512i r0, r1, r2, r3, ar, av, t0, t1, t2, t3;
    asm("vpermb (%[p]), %[rel0], %[r0]\n\t"
        "vpermb 52(%[p]), %[rel1], %[r1]\n\t"
        "vpermb 104(%[p]), %[rel2], %[r2]\n\t"
        "vpermb 144(%[p]), %[rel3], %[r3]\n\t"
        "vpord %[r1], %[r0], %[ar]\n\t"
        "vpternlogd $0xFE, %[r3], %[r2], %[ar]\n\t"
        "vpermi2b %[hi], %[lo], %[r0]%{%[k0]%}%{z%}\n\t"
        "vpermi2b %[hi], %[lo], %[r1]%{%[k1]%}%{z%}\n\t"
        "vpermi2b %[hi], %[lo], %[r2]%{%[k2]%}%{z%}\n\t"
        "vpermi2b %[hi], %[lo], %[r3]%{%[k3]%}%{z%}\n\t"
        "vpmaddubsw %[w5], %[r0], %[t0]\n\t"
        "vpmaddubsw %[w5], %[r1], %[t1]\n\t"
        "vpmaddubsw %[w5], %[r2], %[t2]\n\t"
        "vpmaddubsw %[w5], %[r3], %[t3]\n\t"
        "vpord %[r1], %[r0], %[av]\n\t"
        "vpternlogd $0xFE, %[r3], %[r2], %[av]\n\t"
        "vpmaddwd %[w10], %[t0], %[t0]\n\t"
        "vpmaddwd %[w10], %[t1], %[t1]\n\t"
        "vpmaddwd %[w10], %[t2], %[t2]\n\t"
        "vpmaddwd %[w10], %[t3], %[t3]\n\t"
        "vpaddusb %[bias], %[av], %[av]\n\t"
        "vpsrlq $12, %[t0], %[r0]\n\t"
        "vpsrlq $12, %[t1], %[r1]\n\t"
        "vpsrlq $12, %[t2], %[r2]\n\t"
        "vpsrlq $12, %[t3], %[r3]\n\t"
        "vpord %[ar], %[av], %[av]\n\t"
        "vpternlogq $0xD8, %[low20], %[t0], %[r0]\n\t"
        "vpternlogq $0xD8, %[low20], %[t1], %[r1]\n\t"
        "vpternlogq $0xD8, %[low20], %[t2], %[r2]\n\t"
        "vpternlogq $0xD8, %[low20], %[t3], %[r3]\n\t"
        "vpermt2b %[r1], %[f0], %[r0]\n\t"
        "vpermt2b %[r3], %[f1], %[r2]\n\t"
        : [r0] "=&v"(r0), [r1] "=&v"(r1), [r2] "=&v"(r2), [r3] "=&v"(r3), [ar] "=&v"(ar), [av] "=&v"(av), [t0] "=&v"(t0), [t1] "=&v"(t1), [t2] "=&v"(t2), [t3] "=&v"(t3)
        : [p] "r"(p), [rel0] "v"(rel0), [rel1] "v"(rel1), [rel2] "v"(rel2), [rel3] "v"(rel3), [lo] "v"(lo), [hi] "v"(hi),
          [k0] "Yk"(k0), [k1] "Yk"(k1), [k2] "Yk"(k2), [k3] "Yk"(k3), [w5] "v"(w5), [w10] "v"(w10), [bias] "v"(bias), [low20] "v"(low20), [f0] "v"(f0), [f1] "v"(f1)
        : "memory");
    if (__builtin_expect(_mm512_test_epi64_mask(av, high) != 0, 0)) {
      ++bad;
      validity[base / 8] = 0;
      continue;
    }
    _mm512_storeu_si512(ids + 16 * base, r0);
    _mm512_storeu_si512(ids + 16 * base + 64, r2);
    validity[base / 8] = 0xFF;
  }
  return bad;
}


template <int kMode>
ATTR size_t Decode7(const uint8_t* text, uint8_t* ids, uint8_t* validity, size_t n) {
  const Tables& t = g_t[0];
  __mmask64 vl[4]; size_t off[4];
  for (int w = 0; w < 4; ++w) { vl[w] = t.value_lanes[w]; off[w] = t.off[w]; }
  const __m512i lo = _mm512_load_si512(g_ascii), hi = _mm512_load_si512(g_ascii + 64);
  __m512i rel[4];
  for (int w = 0; w < 4; ++w) rel[w] = _mm512_load_si512(t.relayout[w]);
  alignas(64) uint8_t tb[64];
  for (int j = 0; j < 64; ++j) tb[j] = t.bias[j] ? 0x98 : 0x80;
  const __m512i test_bits = _mm512_load_si512(tb), f0 = _mm512_load_si512(t.fin[0]), f1 = _mm512_load_si512(t.fin[1]);
  const __m512i w5 = _mm512_set1_epi16(0x0120), w10 = _mm512_set1_epi32(0x00010400), low20 = _mm512_set1_epi64(0xFFFFF);
  const __m512i k80 = _mm512_set1_epi8((char)0x80);
  size_t bad = 0;
  for (size_t base = 0; base < n; base += 8) {
    const uint8_t* p = text + base * 26;
    __m512i raw[4], val[4], pk[4];
#pragma GCC unroll 4
    for (int w = 0; w < 4; ++w) {
      raw[w] = _mm512_permutexvar_epi8(rel[w], _mm512_loadu_si512(p + off[w]));
      val[w] = _mm512_maskz_permutex2var_epi8(vl[w], lo, raw[w], hi);
      const __m512i p20 = _mm512_madd_epi16(_mm512_maddubs_epi16(val[w], w5), w10);
      if constexpr (kMode == 1) pk[w] = _mm512_ternarylogic_epi64(_mm512_srli_epi64(p20, 12), p20, low20, ImmSel());
      else pk[w] = _mm512_ternarylogic_epi64(p20, _mm512_srli_epi64(p20, 12), low20, 0xE4);
    }
    // a | b | c; (a | b) & c; a | b | c
    const __m512i v012 = _mm512_ternarylogic_epi32(val[0], val[1], val[2], 0xFE);
    const __m512i r012 = _mm512_ternarylogic_epi32(raw[0], raw[1], raw[2], 0xFE);
    const __m512i rhi = _mm512_ternarylogic_epi32(r012, raw[3], k80, 0xA8);  // (a | b) & c
    const __m512i any = _mm512_ternarylogic_epi32(v012, val[3], rhi, 0xFE);
    if (__builtin_expect(_mm512_test_epi64_mask(any, test_bits) != 0, 0)) {
      ++bad;
      validity[base / 8] = 0;
      continue;
    }
    _mm512_storeu_si512(ids + 16 * base, _mm512_permutex2var_epi8(pk[0], f0, pk[1]));
    _mm512_storeu_si512(ids + 16 * base + 64, _mm512_permutex2var_epi8(pk[2], f1, pk[3]));
    validity[base / 8] = 0xFF;
  }
  return bad;
}


// v8: no level 3: high dword pre-shifted by 4 (weights 16384, 16); final = perm | maskz perm (nibble byte 4 into byte 2)
struct Fin8 { alignas(64) uint8_t i1[2][64]; alignas(64) uint8_t i2[2][64]; uint64_t k2[2]; };
Fin8 g_f8;
void MakeFin8() {
  const int q = 4;
  for (int o = 0; o < 2; ++o) { g_f8.k2[o] = 0;
    for (int k = 0; k < 64; ++k) {
      const int item = 4 * o + k / 16, n = k % 16 + 5 * q - 16;
      const int qword = item * q + (n < 0 ? 0 : n / 5);
      static const int map[5] = {0, 1, 2, 5, 6};
      const int b = n < 0 ? -1 : 4 - n % 5;
      const int byte = b < 0 ? 3 : map[b];
      const int first = 4 * o * q / 8;
      g_f8.i1[o][k] = (uint8_t)(8 * qword + byte - 64 * first);
      g_f8.i2[o][k] = (uint8_t)(8 * qword + 4 - 64 * first);
      if (b == 2) g_f8.k2[o] |= uint64_t{1} << k;
    } }
}
template <int kMode>
ATTR size_t Decode8(const uint8_t* text, uint8_t* ids, uint8_t* validity, size_t n) {
  const Tables& t = g_t[0];
  __mmask64 vl[4]; size_t off[4];
  for (int w = 0; w < 4; ++w) { vl[w] = t.value_lanes[w]; off[w] = t.off[w]; }
  const __m512i lo = _mm512_load_si512(g_ascii), hi = _mm512_load_si512(g_ascii + 64);
  __m512i rel[4];
  for (int w = 0; w < 4; ++w) rel[w] = _mm512_load_si512(t.relayout[w]);
  alignas(64) uint8_t tb[64];
  for (int j = 0; j < 64; ++j) tb[j] = t.bias[j] ? 0x98 : 0x80;
  const __m512i test_bits = _mm512_load_si512(tb);
  const __m512i a0 = _mm512_load_si512(g_f8.i1[0]), a1 = _mm512_load_si512(g_f8.i1[1]), b0 = _mm512_load_si512(g_f8.i2[0]), b1 = _mm512_load_si512(g_f8.i2[1]);
  const __mmask64 k0 = g_f8.k2[0], k1 = g_f8.k2[1];
  const __m512i w5 = _mm512_set1_epi16(0x0120), w10 = _mm512_set1_epi64(0x0010400000010400LL);
  const __m512i k80 = _mm512_set1_epi8((char)0x80);
  size_t bad = 0;
  for (size_t base = 0; base < n; base += 8) {
    const uint8_t* p = text + base * 26;
    __m512i raw[4], val[4], pk[4];
#pragma GCC unroll 4
    for (int w = 0; w < 4; ++w) {
      raw[w] = _mm512_permutexvar_epi8(rel[w], _mm512_loadu_si512(p + off[w]));
      val[w] = _mm512_maskz_permutex2var_epi8(vl[w], lo, raw[w], hi);
      pk[w] = _mm512_madd_epi16(_mm512_maddubs_epi16(val[w], w5), w10);
    }
    const __m512i v012 = _mm512_ternarylogic_epi32(val[0], val[1], val[2], 0xFE);
    const __m512i r012 = _mm512_ternarylogic_epi32(raw[0], raw[1], raw[2], 0xFE);
    const __m512i rhi = _mm512_ternarylogic_epi32(r012, raw[3], k80, 0xA8);
    const __m512i any = _mm512_ternarylogic_epi32(v012, val[3], rhi, 0xFE);
    if (__builtin_expect(_mm512_test_epi64_mask(any, test_bits) != 0, 0)) {
      ++bad;
      validity[base / 8] = 0;
      continue;
    }
    _mm512_storeu_si512(ids + 16 * base, _mm512_or_si512(_mm512_permutex2var_epi8(pk[0], a0, pk[1]), _mm512_maskz_permutex2var_epi8(k0, pk[0], b0, pk[1])));
    _mm512_storeu_si512(ids + 16 * base + 64, _mm512_or_si512(_mm512_permutex2var_epi8(pk[2], a1, pk[3]), _mm512_maskz_permutex2var_epi8(k1, pk[2], b1, pk[3])));
    validity[base / 8] = 0xFF;
  }
  return bad;
}

ATTR size_t Copy(const uint8_t* text, uint8_t* ids, uint8_t*, size_t n) {
  memcpy(g_copy, text, n * 26); asm volatile("" ::: "memory"); (void)ids; return 0;
}

using Fn = size_t (*)(const uint8_t*, uint8_t*, uint8_t*, size_t);
double Time(Fn f) {
  const int reps = 300;
  auto a = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r) { f(g_text, g_ids, g_valid, N); asm volatile("" ::: "memory"); }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count() * 1e9 / reps / N;  // ns per ID
}
int main(int argc, char** argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 7;
  memset(g_ascii, 0x80, 128);
  for (int i = 0; i < 32; ++i) { g_ascii[(uint8_t)kAlpha[i]] = i; if (kAlpha[i] >= 'A') g_ascii[kAlpha[i] + 32] = i; }
  for (int m = 0; m < 4; ++m) g_t[m] = MakeTables(m);
  MakeFin8();
  std::mt19937 rng(1);
  for (size_t i = 0; i < N; ++i) for (int c = 0; c < 26; ++c) g_text[i * 26 + c] = kAlpha[c == 0 ? rng() % 8 : rng() % 32];
  struct { const char* name; Fn f; } v[] = {{"memcpy", Copy}, {"v0 maddubsw+maddwd (main)", Decode<0>}, {"v1 shift all levels", Decode<1>}, {"v2 maddubsw+shift", Decode<2>}, {"v3 shift+maddwd", Decode<3>}, {"v5 raw-first", Decode5<0>}, {"v5a raw-first asm vpermi2b", Decode5<1>}, {"v6 asm block", Decode6<0>}, {"v7 4-op error test", Decode7<0>}, {"v7b + tern order", Decode7<1>}, {"v8 nibble merge in final", Decode8<0>}, {"a10 no error check", Decode<10>}, {"a11 no level3", Decode<11>}, {"a12 no final perm", Decode<12>}, {"a13 no maddwd", Decode<13>}, {"a14 lvl3 shift+or", Decode<14>}, {"a15 lvl3 tern only", Decode<15>}, {"a16 lvl3 IFMA x2 (wrong layout)", Decode<16>}, {"a17 lvl3 srld", Decode<17>}};
  const int nv = sizeof v / sizeof v[0];
  Decode<0>(g_text, g_ref, g_valid, N);
  for (int i = 2; i < 11; ++i) { memset(g_ids, 0, sizeof g_ids); v[i].f(g_text, g_ids, g_valid, N); if (memcmp(g_ids, g_ref, N * 16)) printf("MISMATCH %s\n", v[i].name); }
  // sanity vs scalar
  for (size_t i = 0; i < 3; ++i) { unsigned __int128 x = 0; for (int c = 0; c < 26; ++c) x = x << 5 | g_ascii[g_text[i*26+c]]; uint8_t b[16]; for (int k = 0; k < 16; ++k) b[k] = (uint8_t)(x >> (8 * (15 - k))); if (memcmp(b, g_ref + 16 * i, 16)) printf("REF MISMATCH item %zu\n", i); }
  std::vector<std::vector<double>> ts(nv);
  for (int r = 0; r < rounds; ++r) for (int i = 0; i < nv; ++i) ts[i].push_back(Time(v[i].f));
  for (int i = 0; i < nv; ++i) { auto s = ts[i]; std::sort(s.begin(), s.end()); double med = s[s.size() / 2], mc; auto s0 = ts[0]; std::sort(s0.begin(), s0.end()); mc = s0[s0.size()/2];
    printf("%-30s med %.3f ns/ID (%.2f cyc@3.4) %5.1f%% of memcpy | min %.3f ns/ID (%.2f cyc) %5.1f%%\n", v[i].name, med, med * 3.4, 100 * mc / med, s[0], s[0]*3.4, 100*s0[0]/s[0]); }
}
