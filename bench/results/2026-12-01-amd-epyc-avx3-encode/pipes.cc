// Which AVX-512 ops of the AVX3 ULID encoder share issue pipes on this CPU?
// Each loop runs 12 independent chains of one op kind, or 6 + 6 of two kinds;
// the best of 15 runs (this VM is shared), cycles at 3.4 GHz. Extends
// bench/results/2026-12-01-amd-epyc-kernels-r4/pipes.cc with the ops of the
// AVX3 stream encoder (cross-lane vpermd / vpermw / vpermq / vshufi32x4,
// vpsllvw, vptestmb). g++ -O2 pipes.cc && ./a.out
#include <immintrin.h>
#include <chrono>
#include <cstdio>
#include <algorithm>
#include <vector>
#define ATTR __attribute__((target("avx512f,avx512bw,avx512vbmi"), noinline))
constexpr long kIters = 2000000;
#define DECL __m512i a0 = _mm512_set1_epi8(1), a1 = _mm512_set1_epi8(2), a2 = _mm512_set1_epi8(3), a3 = _mm512_set1_epi8(4), a4 = _mm512_set1_epi8(5), a5 = _mm512_set1_epi8(6), a6 = _mm512_set1_epi8(7), a7 = _mm512_set1_epi8(8), a8 = _mm512_set1_epi8(9), a9 = _mm512_set1_epi8(10), a10 = _mm512_set1_epi8(11), a11 = _mm512_set1_epi8(12); __m512i k = _mm512_set1_epi8(3); __m512i c = _mm512_set1_epi16(3); asm volatile("" : "+v"(k), "+v"(c)); __mmask64 m = 0x5555555555555555ull; asm volatile("" : "+k"(m));
#define SINK __m512i s = _mm512_xor_si512(_mm512_xor_si512(_mm512_xor_si512(a0, a1), _mm512_xor_si512(a2, a3)), _mm512_xor_si512(_mm512_xor_si512(a4, a5), _mm512_xor_si512(a6, a7))); s = _mm512_xor_si512(s, _mm512_xor_si512(_mm512_xor_si512(a8, a9), _mm512_xor_si512(a10, a11))); return _mm512_reduce_add_epi64(s);
#define PERMW(x) x = _mm512_permutexvar_epi16(k, x);
#define PERMQ(x) x = _mm512_permutexvar_epi64(k, x);
#define SHUFI(x) x = _mm512_shuffle_i32x4(x, x, 0x4E);
#define SLLV2(x) x = _mm512_sllv_epi16(x, c);
#define SHUF(x) x = _mm512_shuffle_epi8(k, x);
#define PERMD(x) x = _mm512_permutexvar_epi32(k, x);
#define MULH(x) x = _mm512_mulhi_epu16(x, k);
#define MULL(x) x = _mm512_mullo_epi16(x, k);
#define SRLV(x) x = _mm512_srlv_epi16(x, c);
#define SLLV(x) x = _mm512_sllv_epi16(x, c);
#define SRLW(x) x = _mm512_srli_epi16(x, 3);
#define SRLVD(x) x = _mm512_srlv_epi32(x, c);
#define TESTB(x) x = _mm512_mask_add_epi8(x, _mm512_test_epi8_mask(x, k), x, k);
#define BLEND(x) x = _mm512_mask_blend_epi8(m, x, k);
#define MSHUF(x) x = _mm512_mask_shuffle_epi8(x, m, k, x);
#define ADD(x) x = _mm512_add_epi8(x, k);
#define TERN(x) x = _mm512_ternarylogic_epi64(x, k, k, 0x96);
#define BAR asm volatile("" : "+v"(a0), "+v"(a1), "+v"(a2), "+v"(a3), "+v"(a4), "+v"(a5), "+v"(a6), "+v"(a7), "+v"(a8), "+v"(a9), "+v"(a10), "+v"(a11));
#define F12(name, A) ATTR long name() { DECL for (long i = 0; i < kIters; ++i) { A(a0) A(a1) A(a2) A(a3) A(a4) A(a5) A(a6) A(a7) A(a8) A(a9) A(a10) A(a11) BAR } (void)m; SINK }
#define F66(name, A, B) ATTR long name() { DECL for (long i = 0; i < kIters; ++i) { A(a0) B(a1) A(a2) B(a3) A(a4) B(a5) A(a6) B(a7) A(a8) B(a9) A(a10) B(a11) BAR } (void)m; SINK }
F12(Shuf12, SHUF) F12(Permd12, PERMD) F12(Mulh12, MULH) F12(Mull12, MULL) F12(Srlv12, SRLV) F12(Sllv12, SLLV) F12(Srlw12, SRLW) F12(Srlvd12, SRLVD)
F12(Test12, TESTB) F12(Blend12, BLEND) F12(MShuf12, MSHUF) F12(Add12, ADD) F12(Tern12, TERN)
F12(Test12b, TESTB) F66(ShufMulh2, SHUF, MULH) F66(ShufSllv2, SHUF, SLLV2) F66(MulhSllv2, MULH, SLLV2) F66(PermdMulh2, PERMD, MULH) F66(PermdSllv2, PERMD, SLLV2) F66(TestShuf2, TESTB, SHUF) F12(Permw12, PERMW) F12(Permq12, PERMQ) F12(Shufi12, SHUFI) F66(PermwTern, PERMW, TERN) F66(PermqTern, PERMQ, TERN) F66(ShufiTern, SHUFI, TERN) F66(PermdTern, PERMD, TERN) F66(MulhTern, MULH, TERN) F66(TestTern, TESTB, TERN) F66(TestMulh, TESTB, MULH) F66(TestSrlv, TESTB, SRLV) F66(PermdMulh, PERMD, MULH) F66(PermdSrlv, PERMD, SRLV) F66(ShufSrlv, SHUF, SRLV) F66(ShufSllv, SHUF, SLLV) F66(ShufMulh, SHUF, MULH) F66(ShufSrlw, SHUF, SRLW) F66(MulhSrlv, MULH, SRLV) F66(ShufBlend, SHUF, BLEND) F66(ShufTest, SHUF, TESTB) F66(ShufAdd, SHUF, ADD) F66(ShufTern, SHUF, TERN) F66(SrlvTern, SRLV, TERN) F66(ShufPermd, SHUF, PERMD) F66(MulhMull, MULH, MULL) F66(SrlvSllv, SRLV, SLLV)
template <class F> double NsPerIter(F f) {
  std::vector<double> t;
  for (int r = 0; r < 15; ++r) {
    auto a = std::chrono::steady_clock::now();
    volatile long sink = f(); (void)sink;
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count() * 1e9 / kIters);
  }
  std::sort(t.begin(), t.end());
  return t[0];
}
int main() {
  struct { const char* name; long (*f)(); } cases[] = {
    {"12 vpshufb", Shuf12}, {"12 vpermd", Permd12}, {"12 vpermw", Permw12}, {"12 vpermq", Permq12}, {"12 vshufi32x4", Shufi12}, {"12 vpmulhuw", Mulh12}, {"12 vpsllvw", Sllv12},
    {"12 (vptestmb + masked vpaddb)", Test12b}, {"12 vpternlogq", Tern12},
    {"6 vpermd + 6 vpternlogq", PermdTern}, {"6 vpermw + 6 vpternlogq", PermwTern}, {"6 vpermq + 6 vpternlogq", PermqTern}, {"6 vshufi32x4 + 6 vpternlogq", ShufiTern}, {"6 vpshufb + 6 vpternlogq", ShufTern},
    {"6 vpshufb + 6 vpmulhuw", ShufMulh2}, {"6 vpshufb + 6 vpsllvw", ShufSllv2}, {"6 vpmulhuw + 6 vpsllvw", MulhSllv2}, {"6 vpermd + 6 vpmulhuw", PermdMulh2}, {"6 vpermd + 6 vpsllvw", PermdSllv2},
    {"6 (vptestmb + masked vpaddb) + 6 vpshufb", TestShuf2}};
  const double base = NsPerIter(Tern12);
  for (auto& c : cases) {
    const double ns = NsPerIter(c.f);
    printf("%-30s %.2f ns/iter  %.2f cycles at 3.4 GHz (%.2fx 12 vpternlogq)\n", c.name, ns, ns * 3.4, ns / base);
  }
}
