// Throughput of single AVX-512 op kinds and of pairs of kinds (12
// independent chains per loop iteration, 6 + 6 for a pair) on this CPU:
// which ops share issue pipes with vpermb. Build: g++ -O2 pipes2.cc
#include <immintrin.h>
#include <chrono>
#include <cstdio>
#include <algorithm>
#include <vector>
#define ATTR __attribute__((target("avx512f,avx512bw,avx512vbmi,avx512vbmi2,avx512ifma,avx512vl"), noinline))
constexpr long kIters = 10000000;
#define DECL __m512i a0 = _mm512_set1_epi8(1), a1 = _mm512_set1_epi8(2), a2 = _mm512_set1_epi8(3), a3 = _mm512_set1_epi8(4), a4 = _mm512_set1_epi8(5), a5 = _mm512_set1_epi8(6), a6 = _mm512_set1_epi8(7), a7 = _mm512_set1_epi8(8), a8 = _mm512_set1_epi8(9), a9 = _mm512_set1_epi8(10), a10 = _mm512_set1_epi8(11), a11 = _mm512_set1_epi8(12); const __m512i k = _mm512_set1_epi8(3); const __m512i k2 = _mm512_set1_epi8(5);
#define SINK __m512i s = _mm512_xor_si512(_mm512_xor_si512(_mm512_xor_si512(a0, a1), _mm512_xor_si512(a2, a3)), _mm512_xor_si512(_mm512_xor_si512(a4, a5), _mm512_xor_si512(a6, a7))); s = _mm512_xor_si512(s, _mm512_xor_si512(_mm512_xor_si512(a8, a9), _mm512_xor_si512(a10, a11))); return _mm512_reduce_add_epi64(s);
#define PERM(x) x = _mm512_permutexvar_epi8(k, x);
#define PERM2(x) x = _mm512_permutex2var_epi8(k, x, k2);
#define MUL(x) x = _mm512_maddubs_epi16(x, k);
#define MADDWD(x) x = _mm512_madd_epi16(x, k);
#define SHR(x) x = _mm512_srli_epi64(x, 1);
#define SHRW(x) x = _mm512_srli_epi16(x, 1);
#define TERN(x) x = _mm512_ternarylogic_epi64(x, k, k2, 0x96);
#define IFMA(x) x = _mm512_madd52lo_epu64(x, k, k2);
#define IFMAH(x) x = _mm512_madd52hi_epu64(x, k, k2);
#define MSHIFT(x) x = _mm512_multishift_epi64_epi8(k, x);
#define SHLD(x) x = _mm512_shldi_epi64(x, k, 20);
#define ADDUS(x) x = _mm512_adds_epu8(x, k);
#define BAR asm volatile("" : "+v"(a0), "+v"(a1), "+v"(a2), "+v"(a3), "+v"(a4), "+v"(a5), "+v"(a6), "+v"(a7), "+v"(a8), "+v"(a9), "+v"(a10), "+v"(a11));
#define L12(A) ATTR long A##12() { DECL for (long i = 0; i < kIters; ++i) { A(a0) A(a1) A(a2) A(a3) A(a4) A(a5) A(a6) A(a7) A(a8) A(a9) A(a10) A(a11) BAR } SINK }
#define L66(A,B) ATTR long A##_##B() { DECL for (long i = 0; i < kIters; ++i) { A(a0) B(a1) A(a2) B(a3) A(a4) B(a5) A(a6) B(a7) A(a8) B(a9) A(a10) B(a11) BAR } SINK }
L12(PERM) L12(PERM2) L12(MUL) L12(MADDWD) L12(SHR) L12(SHRW) L12(TERN) L12(IFMA) L12(IFMAH) L12(MSHIFT) L12(SHLD) L12(ADDUS)
L66(PERM,IFMA) L66(MUL,IFMA) L66(SHR,IFMA) L66(PERM,MUL) L66(PERM,SHR) L66(PERM,SHRW) L66(MUL,SHR) L66(PERM2,MUL) L66(PERM,MADDWD) L66(PERM,TERN) L66(PERM,ADDUS) L66(PERM,MSHIFT) L66(MUL,MSHIFT) L66(PERM,SHLD) L66(MUL,SHLD) L66(MUL,MADDWD) L66(IFMA,TERN) L66(MUL,TERN) L66(SHR,TERN)
template <class F> double NsPerIter(F f) {
  std::vector<double> t;
  for (int r = 0; r < 7; ++r) {
    auto a = std::chrono::steady_clock::now();
    volatile long sink = f(); (void)sink;
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count() * 1e9 / kIters);
  }
  std::sort(t.begin(), t.end());
  return t[1];
}
int main() {
  struct { const char* name; long (*f)(); } cases[] = {
#define C(x) {#x, x},
  C(PERM12) C(PERM212) C(MUL12) C(MADDWD12) C(SHR12) C(SHRW12) C(TERN12) C(IFMA12) C(IFMAH12) C(MSHIFT12) C(SHLD12) C(ADDUS12)
  C(PERM_IFMA) C(MUL_IFMA) C(SHR_IFMA) C(PERM_MUL) C(PERM_SHR) C(PERM_SHRW) C(MUL_SHR) C(PERM2_MUL) C(PERM_MADDWD) C(PERM_TERN) C(PERM_ADDUS) C(PERM_MSHIFT) C(MUL_MSHIFT) C(PERM_SHLD) C(MUL_SHLD) C(MUL_MADDWD) C(IFMA_TERN) C(MUL_TERN) C(SHR_TERN)};
  const double base = NsPerIter(TERN12);
  for (auto& c : cases) {
    const double ns = NsPerIter(c.f);
    printf("%-14s %.2f ns/iter  %.2f cycles@3.4 (%.2fx 12 vpternlogq)\n", c.name, ns, ns * 3.4, ns / base);
  }
}
