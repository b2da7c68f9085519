// AVX3 (AVX-512 without VBMI) ULID stream encoder: loop-body variants of
// kernels/base32_encode_stream-inl.h against memcpy, in one process, on
// 4096 ULIDs (the bench size). Best of 200 x 10 calls per row (this VM is
// shared); "% of memcpy" and cycles per ID at 3.4 GHz. Every variant not
// named "drop ..." / "... L1" is checked against a scalar encoder first;
// "drop X" leaves op X out (wrong output, timing only); "L1" writes every
// group to the same 832 bytes (no store traffic past L1). "lib" is
// sortid::encode with the AVX3 table forced, i.e. the library as built.
// Build (from the repository root, after building build/release):
//   g++ -O2 -std=c++20 -mavx512f -mavx512bw -mavx512vl -mavx512dq -I. -Iinclude \
//     bench/results/2026-12-01-amd-epyc-avx3-encode/enc.cc build/release/libsortid.a \
//     -lhwy -lpthread -o /tmp/enc && /tmp/enc 3
// Template arguments: kShift 0 = vpmulhuw + vpmullw (main before), 1 =
// vpsrlvw + vpsllvw, 2 = vpmulhuw + vpsllvw (main now), 3 = vpsrlvw +
// vpmullw; kAlpha 0 = vptestmb + vpshufb + masked vpshufb, 1 = two vpshufb
// + two vpaddb (the AVX2 form), 2 = vpcmpgtb mask, 3 = vpmovb2m mask;
// kLoad 0 = one load + vpermd (main), 1 = xmm load + 3 vinserti32x4, 2 =
// masked vbroadcasti32x4, 3 / 4 = two loads 16 bytes apart + two in-lane
// vpshufb (OR / masked merge), 5 = the group's 8 lines loaded once + vpermt2d.
#include <immintrin.h>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <algorithm>
#include <vector>
#include "kernels/base32_encode_stream.h"
#include "kernels/alphabet.h"
#include "sortid/sortid.hpp"
using namespace sortid::simd_tables;
constexpr auto& T = kUlidStreamEncode;
constexpr auto& P = kUlidStreamPermute4;
constexpr size_t kN = 4096, kChars = 26;
alignas(64) uint8_t g_idsbuf[16 * kN + 128];
uint8_t* const g_ids = g_idsbuf + 64;
alignas(64) uint8_t g_out[kChars * kN + 64];
alignas(64) uint8_t g_ref[kChars * kN + 64];
struct Shifts { alignas(64) uint16_t srl[8 * T.kChunks]; alignas(64) uint16_t sll[8 * T.kChunks]; };
static Shifts MakeShifts() {
  Shifts s{};
  for (size_t i = 0; i < 8 * T.kChunks; ++i) {
    s.srl[i] = 16 - __builtin_ctz(T.mul_hi[i]);
    s.sll[i] = __builtin_ctz(T.mul_lo[i]);
  }
  return s;
}
static const Shifts S = MakeShifts();
struct Two { int base[13]; alignas(64) uint8_t idx1[13][64]; alignas(64) uint8_t idx2[13][64]; uint64_t m2[13]; };
static Two MakeTwo() {
  Two t{};
  for (int v = 0; v < 13; ++v) {
    int lo = -1000, hi = 1000;
    for (int b = 0; b < 4; ++b) { int c = 4 * v + b; lo = std::max(lo, (int)T.last[c] - 16 * b - 31); hi = std::min(hi, (int)T.first[c] - 16 * b); }
    if (lo > hi) { printf("infeasible %d\n", v); exit(3); }
    t.base[v] = hi;
    for (int b = 0; b < 4; ++b) { int c = 4 * v + b;
      for (int j = 0; j < 16; ++j) { uint8_t at = T.shuffle[16 * c + j]; t.idx1[v][16*b+j] = 0x80; t.idx2[v][16*b+j] = 0x80;
        if (at == kZero) continue; int p = T.offset[c] + at - (hi + 16 * b);
        if (p < 16) t.idx1[v][16*b+j] = p; else { t.idx2[v][16*b+j] = p - 16; t.m2[v] |= 1ull << (16*b+j); } } }
  }
  return t;
}
static const Two W = MakeTwo();
struct Lines { int k[13]; alignas(64) uint32_t perm[13][16]; alignas(64) uint8_t shuf[13][64]; };
constexpr Lines MakeLines() {
  Lines t{};
  for (int v = 0; v < 13; ++v) {
    int k = (int)T.first[4 * v] / 64 < 6 ? (int)T.first[4 * v] / 64 : 6; t.k[v] = k;
    for (int b = 0; b < 4; ++b) { int c = 4 * v + b; int win = T.first[c] / 4 * 4; if (win + 16 > 512) win = 512 - 16;
      if (win < 64 * k || win + 16 > 64 * k + 128 || T.last[c] >= win + 16) throw 1;
      for (int j = 0; j < 4; ++j) t.perm[v][4 * b + j] = (win - 64 * k) / 4 + j;
      for (int j = 0; j < 16; ++j) { uint8_t at = T.shuffle[16 * c + j]; t.shuf[v][16 * b + j] = at == kZero ? kZero : T.offset[c] + at - win; } }
  }
  return t;
}
static constexpr Lines LN = MakeLines();
alignas(16) uint8_t alo[16], ahi[16];

template <int kShift, int kAlpha, int kLoad, bool kL1 = false, int kDrop = 0>
__attribute__((noinline)) void Enc(const uint8_t* ids, uint8_t* out, size_t n) {
  const __m512i lo = _mm512_broadcast_i32x4(_mm_load_si128((const __m128i*)alo));
  const __m512i hi = _mm512_broadcast_i32x4(_mm_load_si128((const __m128i*)ahi));
  const __m512i lmh = _mm512_sub_epi8(lo, hi);
  const __m512i c70 = _mm512_set1_epi8(0x70), c10 = _mm512_set1_epi8(0x10), low5 = _mm512_set1_epi8(0x1F);
  const __mmask64 odd = 0xAAAAAAAAAAAAAAAAull;
  for (size_t i = 0; i + 32 <= n; i += 32) {
    const uint8_t* in = ids + 16 * i;
    __m512i line[8];
    if constexpr (kLoad == 5) for (int k = 0; k < 8; ++k) line[k] = _mm512_loadu_si512(in + 64 * k);
    uint8_t* o = kL1 ? out : out + i * kChars;
#pragma GCC unroll 13
    for (size_t v = 0; v < 13; ++v) {
      const size_t c = 4 * v;
      __m512i win, shuf;
      if constexpr (kLoad == 0) {
        shuf = _mm512_load_si512(&P.shuffle[16 * c]);
        win = (kDrop & 1) ? _mm512_loadu_si512(in + P.base[v]) : _mm512_permutexvar_epi32(_mm512_load_si512(&P.perm[4 * c]), _mm512_loadu_si512(in + P.base[v]));
      } else if constexpr (kLoad == 1) {
        shuf = _mm512_load_si512(&T.shuffle[16 * c]);
        win = _mm512_castsi128_si512(_mm_loadu_si128((const __m128i*)(in + T.offset[c])));
        win = _mm512_inserti32x4(win, _mm_loadu_si128((const __m128i*)(in + T.offset[c + 1])), 1);
        win = _mm512_inserti32x4(win, _mm_loadu_si128((const __m128i*)(in + T.offset[c + 2])), 2);
        win = _mm512_inserti32x4(win, _mm_loadu_si128((const __m128i*)(in + T.offset[c + 3])), 3);
      } else if constexpr (kLoad == 5) {
        shuf = _mm512_load_si512(LN.shuf[v]);
        win = _mm512_permutex2var_epi32(line[LN.k[v]], _mm512_load_si512(LN.perm[v]), line[LN.k[v] + 1]);
      } else if constexpr (kLoad == 3 || kLoad == 4) {
        shuf = _mm512_setzero_si512();
        const __m512i l1 = (kDrop & 16) ? _mm512_load_si512(in + (W.base[v] & ~63)) : _mm512_loadu_si512(in + W.base[v]);
        const __m512i l2 = (kDrop & 32) ? _mm512_alignr_epi8(l1, l1, 3) : (kDrop & 16) ? _mm512_load_si512(in + (W.base[v] & ~63) + 64) : _mm512_loadu_si512(in + W.base[v] + 16);
        if constexpr (kLoad == 3) win = _mm512_or_si512(_mm512_shuffle_epi8(l1, _mm512_load_si512(W.idx1[v])), _mm512_shuffle_epi8(l2, _mm512_load_si512(W.idx2[v])));
        else win = _mm512_mask_shuffle_epi8(_mm512_shuffle_epi8(l1, _mm512_load_si512(W.idx1[v])), W.m2[v], l2, _mm512_load_si512(W.idx2[v]));
      } else {
        shuf = _mm512_load_si512(&T.shuffle[16 * c]);
        win = _mm512_castsi128_si512(_mm_loadu_si128((const __m128i*)(in + T.offset[c])));
        win = _mm512_mask_broadcast_i32x4(win, 0x00F0, _mm_loadu_si128((const __m128i*)(in + T.offset[c + 1])));
        win = _mm512_mask_broadcast_i32x4(win, 0x0F00, _mm_loadu_si128((const __m128i*)(in + T.offset[c + 2])));
        win = _mm512_mask_broadcast_i32x4(win, 0xF000, _mm_loadu_si128((const __m128i*)(in + T.offset[c + 3])));
      }
      const __m512i w = (kLoad == 3 || kLoad == 4) ? win : (kDrop & 2) ? _mm512_xor_si512(win, shuf) : _mm512_shuffle_epi8(win, shuf);
      __m512i first, second;
      if constexpr (kShift == 1) {
        first = _mm512_srlv_epi16(w, _mm512_load_si512(&S.srl[8 * c]));
        second = _mm512_sllv_epi16(w, _mm512_load_si512(&S.sll[8 * c]));
      } else if constexpr (kShift == 2) {
        first = _mm512_mulhi_epu16(w, _mm512_load_si512(&T.mul_hi[8 * c]));
        second = _mm512_sllv_epi16(w, _mm512_load_si512(&S.sll[8 * c]));
      } else if constexpr (kShift == 3) {
        first = _mm512_srlv_epi16(w, _mm512_load_si512(&S.srl[8 * c]));
        second = _mm512_mullo_epi16(w, _mm512_load_si512(&T.mul_lo[8 * c]));
      } else {
        first = _mm512_mulhi_epu16(w, _mm512_load_si512(&T.mul_hi[8 * c]));
        second = _mm512_mullo_epi16(w, _mm512_load_si512(&T.mul_lo[8 * c]));
      }
      const __m512i idx = _mm512_and_si512(_mm512_mask_blend_epi8(odd, first, second), low5);
      __m512i ch;
      if constexpr (kAlpha == 0) {
        ch = _mm512_mask_shuffle_epi8(_mm512_shuffle_epi8(lo, idx), _mm512_test_epi8_mask(idx, c10), hi, idx);
      } else if constexpr (kAlpha == 2) {
        ch = _mm512_mask_shuffle_epi8(_mm512_shuffle_epi8(lo, idx), _mm512_cmpgt_epi8_mask(idx, _mm512_set1_epi8(15)), hi, idx);
      } else if constexpr (kAlpha == 3) {
        ch = _mm512_mask_shuffle_epi8(_mm512_shuffle_epi8(lo, idx), _mm512_movepi8_mask(_mm512_add_epi8(idx, c70)), hi, idx);
      } else {
        ch = _mm512_add_epi8(_mm512_shuffle_epi8(hi, idx), _mm512_shuffle_epi8(lmh, _mm512_add_epi8(idx, c70)));
      }
      if (kDrop & 4) ch = idx;
      if (kDrop & 8) ch = _mm512_add_epi8(first, second);
      _mm512_storeu_si512(o + 64 * v, ch);
    }
  }
}
__attribute__((noinline)) void Copy(const uint8_t* src, uint8_t* dst, size_t bytes) { memcpy(dst, src, bytes); }
__attribute__((noinline)) void VecCopy(const uint8_t* src, uint8_t* dst, size_t bytes) {
  for (size_t i = 0; i < bytes; i += 64) _mm512_storeu_si512(dst + i, _mm512_add_epi8(_mm512_loadu_si512(src + i), _mm512_set1_epi8(1)));
}
void Ref(const uint8_t* ids, uint8_t* out, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    unsigned __int128 v = 0;
    for (int b = 0; b < 16; ++b) v = v << 8 | ids[16 * i + b];
    for (int k = 0; k < 26; ++k) out[26 * i + k] = sortid::alphabet::kCrockfordUpper[(v >> (125 - 5 * k)) & 31];
  }
}
static std::vector<uint8_t> g_src(kChars * kN);
template <class F> double Ns(F f) {
  double best = 1e30;
  for (int r = 0; r < 200; ++r) {
    auto a = std::chrono::steady_clock::now();
    for (int k = 0; k < 10; ++k) { f(); asm volatile("" ::: "memory"); }
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count() * 1e9 / 10);
  }
  return best;
}
int main(int argc, char** argv) {
  for (int i = 0; i < 16; ++i) { alo[i] = sortid::alphabet::kCrockfordUpper[i]; ahi[i] = sortid::alphabet::kCrockfordUpper[16 + i]; }
  srand(1);
  for (auto& b : g_idsbuf) b = rand();
  for (auto& b : g_src) b = rand();
  Ref(g_ids, g_ref, kN);
  struct V { const char* name; void (*f)(const uint8_t*, uint8_t*, size_t); } vs[] = {
    {"mul+test (main before)", Enc<0, 0, 0>}, {"mulhi+sllv (main now)", Enc<2, 0, 0>}, {"srlv+sllv", Enc<1, 0, 0>}, {"srlv+mullo", Enc<3, 0, 0>},
    {"mul, add alphabet", Enc<0, 1, 0>}, {"mul, cmpgt", Enc<0, 2, 0>}, {"mul, movb2m", Enc<0, 3, 0>},
    {"mul, 3 inserts", Enc<0, 0, 1>}, {"mul, masked bcast", Enc<0, 0, 2>}, {"mul, two loads or", Enc<0, 0, 3>}, {"mul, two loads merge", Enc<0, 0, 4>}, {"mul, lines vpermt2d", Enc<0, 0, 5>},
    {"main L1", Enc<0, 0, 0, true>}, {"drop vpermd", Enc<0, 0, 0, false, 1>}, {"drop gather vpshufb", Enc<0, 0, 0, false, 2>}, {"drop alphabet", Enc<0, 0, 0, false, 4>},
    {"drop alphabet+blend+and", Enc<0, 0, 0, false, 8>}, {"drop vpermd+vpshufb", Enc<0, 0, 0, false, 3>}};
  for (auto& v : vs) { if (strstr(v.name, "L1") || strstr(v.name, "drop")) continue; memset(g_out, 0, sizeof g_out); v.f(g_ids, g_out, kN); if (memcmp(g_out, g_ref, 26 * kN)) { printf("%s WRONG\n", v.name); return 1; } }
  if (sortid::set_target(argc > 2 ? argv[2] : "AVX3") != sortid::Error::kOk) return 2; printf("target %s\n", sortid::active_target());
  int rounds = argc > 1 ? atoi(argv[1]) : 3;
  for (int r = 0; r < rounds; ++r) {
    double mc = Ns([] { Copy(g_src.data(), g_out, kChars * kN); });
    double vc = Ns([] { VecCopy(g_src.data(), g_out, kChars * kN); });
    printf("round %d: memcpy %.0f ns (%.3f cyc/ID)  veccopy %.0f%%", r, mc, mc * 3.4 / kN, 100 * mc / vc);
    { double t = Ns([] { (void)sortid::encode(sortid::Format::kUlid, g_ids, kN, (char*)g_out, 26); }); printf(" | lib %.0f%% (%.2f)", 100 * mc / t, t * 3.4 / kN); }
    for (auto& v : vs) { double t = Ns([&] { v.f(g_ids, g_out, kN); }); printf(" | %s %.0f%% (%.2f)", v.name, 100 * mc / t, t * 3.4 / kN); }
    printf("\n");
  }
}
