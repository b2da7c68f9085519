// Do AVX-512 byte shuffles (vpermb), multiplies (vpmaddubsw), shifts (vpsrlq)
// and ternary logic share issue pipes on this CPU? Each loop runs 12
// independent chains of one op kind, or a mix; time per op from the clock.
#include <immintrin.h>
#include <chrono>
#include <cstdio>
#include <algorithm>
#include <vector>
#define ATTR __attribute__((target("avx512f,avx512bw,avx512vbmi"), noinline))
constexpr long kIters = 20000000;
#define DECL __m512i a0 = _mm512_set1_epi8(1), a1 = _mm512_set1_epi8(2), a2 = _mm512_set1_epi8(3), a3 = _mm512_set1_epi8(4), a4 = _mm512_set1_epi8(5), a5 = _mm512_set1_epi8(6), a6 = _mm512_set1_epi8(7), a7 = _mm512_set1_epi8(8), a8 = _mm512_set1_epi8(9), a9 = _mm512_set1_epi8(10), a10 = _mm512_set1_epi8(11), a11 = _mm512_set1_epi8(12); const __m512i k = _mm512_set1_epi8(3);
#define SINK __m512i s = _mm512_xor_si512(_mm512_xor_si512(_mm512_xor_si512(a0, a1), _mm512_xor_si512(a2, a3)), _mm512_xor_si512(_mm512_xor_si512(a4, a5), _mm512_xor_si512(a6, a7))); s = _mm512_xor_si512(s, _mm512_xor_si512(_mm512_xor_si512(a8, a9), _mm512_xor_si512(a10, a11))); return _mm512_reduce_add_epi64(s);
#define PERM(x) x = _mm512_permutexvar_epi8(k, x);
#define MUL(x) x = _mm512_maddubs_epi16(x, k);
#define SHR(x) x = _mm512_srli_epi64(x, 1);
#define TERN(x) x = _mm512_ternarylogic_epi64(x, k, k, 0x96);
#define BAR asm volatile("" : "+v"(a0), "+v"(a1), "+v"(a2), "+v"(a3), "+v"(a4), "+v"(a5), "+v"(a6), "+v"(a7), "+v"(a8), "+v"(a9), "+v"(a10), "+v"(a11));
ATTR long Perm12() { DECL for (long i = 0; i < kIters; ++i) { PERM(a0) PERM(a1) PERM(a2) PERM(a3) PERM(a4) PERM(a5) PERM(a6) PERM(a7) PERM(a8) PERM(a9) PERM(a10) PERM(a11) BAR } SINK }
ATTR long Mul12() { DECL for (long i = 0; i < kIters; ++i) { MUL(a0) MUL(a1) MUL(a2) MUL(a3) MUL(a4) MUL(a5) MUL(a6) MUL(a7) MUL(a8) MUL(a9) MUL(a10) MUL(a11) BAR } SINK }
ATTR long Shr12() { DECL for (long i = 0; i < kIters; ++i) { SHR(a0) SHR(a1) SHR(a2) SHR(a3) SHR(a4) SHR(a5) SHR(a6) SHR(a7) SHR(a8) SHR(a9) SHR(a10) SHR(a11) BAR } SINK }
ATTR long Tern12() { DECL for (long i = 0; i < kIters; ++i) { TERN(a0) TERN(a1) TERN(a2) TERN(a3) TERN(a4) TERN(a5) TERN(a6) TERN(a7) TERN(a8) TERN(a9) TERN(a10) TERN(a11) BAR } SINK }
ATTR long Perm6Mul6() { DECL for (long i = 0; i < kIters; ++i) { PERM(a0) MUL(a1) PERM(a2) MUL(a3) PERM(a4) MUL(a5) PERM(a6) MUL(a7) PERM(a8) MUL(a9) PERM(a10) MUL(a11) BAR } SINK }
ATTR long Perm6Shr6() { DECL for (long i = 0; i < kIters; ++i) { PERM(a0) SHR(a1) PERM(a2) SHR(a3) PERM(a4) SHR(a5) PERM(a6) SHR(a7) PERM(a8) SHR(a9) PERM(a10) SHR(a11) BAR } SINK }
ATTR long Mul6Shr6() { DECL for (long i = 0; i < kIters; ++i) { MUL(a0) SHR(a1) MUL(a2) SHR(a3) MUL(a4) SHR(a5) MUL(a6) SHR(a7) MUL(a8) SHR(a9) MUL(a10) SHR(a11) BAR } SINK }
ATTR long Perm6Tern6() { DECL for (long i = 0; i < kIters; ++i) { PERM(a0) TERN(a1) PERM(a2) TERN(a3) PERM(a4) TERN(a5) PERM(a6) TERN(a7) PERM(a8) TERN(a9) PERM(a10) TERN(a11) BAR } SINK }
template <class F> double NsPerIter(F f) {
  std::vector<double> t;
  for (int r = 0; r < 5; ++r) {
    auto a = std::chrono::steady_clock::now();
    volatile long sink = f(); (void)sink;
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count() * 1e9 / kIters);
  }
  std::sort(t.begin(), t.end());
  return t[2];
}
int main() {
  struct { const char* name; long (*f)(); } cases[] = {
      {"12 vpermb", Perm12}, {"12 vpmaddubsw", Mul12}, {"12 vpsrlq", Shr12}, {"12 vpternlogq", Tern12},
      {"6 vpermb + 6 vpmaddubsw", Perm6Mul6}, {"6 vpermb + 6 vpsrlq", Perm6Shr6},
      {"6 vpmaddubsw + 6 vpsrlq", Mul6Shr6}, {"6 vpermb + 6 vpternlogq", Perm6Tern6}};
  const double base = NsPerIter(Tern12);
  for (auto& c : cases) {
    const double ns = NsPerIter(c.f);
    printf("%-26s %.2f ns per iteration (%.2fx the 12-vpternlogq loop)\n", c.name, ns, ns / base);
  }
}
