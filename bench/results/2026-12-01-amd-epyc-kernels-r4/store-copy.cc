// glibc memcpy vs a plain AVX-512 load/store copy loop, same buffers, 106 KiB (4096 ULIDs' text)
#include <immintrin.h>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <algorithm>
#include <vector>
__attribute__((target("avx512f"), noinline)) void VecCopy(char* d, const char* s, size_t n) {
  for (size_t i = 0; i < n; i += 256) {
    __m512i a = _mm512_loadu_si512(s + i), b = _mm512_loadu_si512(s + i + 64),
            c = _mm512_loadu_si512(s + i + 128), e = _mm512_loadu_si512(s + i + 192);
    _mm512_storeu_si512(d + i, a); _mm512_storeu_si512(d + i + 64, b);
    _mm512_storeu_si512(d + i + 128, c); _mm512_storeu_si512(d + i + 192, e);
  }
}
__attribute__((noinline)) void RepMovsb(char* d, const char* s, size_t n) {
  asm volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
}
template <class F> double Rate(F f, char* d, const char* s, size_t n) {
  std::vector<double> t;
  for (int r = 0; r < 9; ++r) {
    auto a = std::chrono::steady_clock::now();
    for (int k = 0; k < 2000; ++k) { f(d, s, n); asm volatile("" ::: "memory"); }
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count());
  }
  std::sort(t.begin(), t.end());
  return 2000.0 * n / t[4] / 1e9;
}
int main() {
  const size_t n = 26 * 4096;
  char* src = static_cast<char*>(aligned_alloc(64, 1 << 20));
  char* dst = static_cast<char*>(aligned_alloc(64, 1 << 20));
  memset(src, 1, 1 << 20); memset(dst, 2, 1 << 20);
  for (int round = 0; round < 3; ++round) {
    double g = Rate([](char* d, const char* s, size_t m) { memcpy(d, s, m); }, dst, src, n);
    double v = Rate(VecCopy, dst, src, n);
    double r = Rate(RepMovsb, dst, src, n);
    printf("glibc memcpy %.1f GB/s  avx512 load/store loop %.1f GB/s (%.0f%%)  rep movsb %.1f GB/s (%.0f%%)\n",
           g, v, 100 * v / g, r, 100 * r / g);
  }
}
