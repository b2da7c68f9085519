// Throughput of AVX2 instruction mixes: which vector ops share execution
// pipes on this CPU (docs/performance.md, "What bounds the AVX2 kernels").
// Each mix runs 8 independent register chains, so latency does not bound it;
// ops per cycle are scaled so that vpxor, which issues on all four vector ALUs
// of AMD Zen 3, reads 4 (on another core, read the ratios).
// Build and run: gcc -O2 -o /tmp/pipe_probe bench/pipe_probe.c && /tmp/pipe_probe
// Not part of the build: it needs an AVX2 CPU and measures, not tests.
#include <stdio.h>
#include <time.h>

#define R8(op) op(0) op(1) op(2) op(3) op(4) op(5) op(6) op(7)
#define SHUF(n) "vpshufb %%ymm15, %%ymm" #n ", %%ymm" #n "\n\t"
#define ADD(n) "vpaddd %%ymm15, %%ymm" #n ", %%ymm" #n "\n\t"
#define XOR(n) "vpxor %%ymm15, %%ymm" #n ", %%ymm" #n "\n\t"
#define MULW(n) "vpmullw %%ymm15, %%ymm" #n ", %%ymm" #n "\n\t"
#define SHIFT(n) "vpslld $3, %%ymm" #n ", %%ymm" #n "\n\t"
#define BLENDV(n) "vpblendvb %%ymm14, %%ymm15, %%ymm" #n ", %%ymm" #n "\n\t"
#define PERMD(n) "vpermd %%ymm" #n ", %%ymm15, %%ymm" #n "\n\t"

static double Now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

// Ops per second of one run of 2 x 10^6 loop iterations.
#define RATE(body, ops_per_iteration, result)                                                    \
  do {                                                                                           \
    const double start = Now();                                                                  \
    for (long i = 0; i < 2000000; ++i) {                                                         \
      __asm__ volatile(body ::: "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7"); \
    }                                                                                            \
    result = (ops_per_iteration)*2e6 / (Now() - start);                                          \
  } while (0)

// Each mix alternates with the vpxor loop 31 times; the best rate of each
// gives the ratio, so that a noisy neighbour slows both sides alike.
#define SHOW(name, body, ops)                            \
  do {                                                   \
    double best_xor = 0, best = 0, rate;                 \
    for (int round = 0; round < 31; ++round) {           \
      RATE(R8(XOR) R8(XOR), 16, rate);                   \
      if (rate > best_xor) best_xor = rate;              \
      RATE(body, ops, rate);                             \
      if (rate > best) best = rate;                      \
    }                                                    \
    printf("%-28s %.2f\n", name, 4.0 * best / best_xor); \
  } while (0)

int main(void) {
  printf("mix (8 chains each)          ops/cycle (vpxor = 4)\n");
  SHOW("vpaddd", R8(ADD) R8(ADD), 16);
  SHOW("vpshufb", R8(SHUF) R8(SHUF), 16);
  SHOW("vpslld", R8(SHIFT) R8(SHIFT), 16);
  SHOW("vpmullw", R8(MULW) R8(MULW), 16);
  SHOW("vpblendvb", R8(BLENDV) R8(BLENDV), 16);
  SHOW("vpermd", R8(PERMD) R8(PERMD), 16);
  SHOW("vpshufb + vpslld", R8(SHUF) R8(SHIFT), 16);
  SHOW("vpshufb + vpmullw", R8(SHUF) R8(MULW), 16);
  SHOW("vpblendvb + vpmullw", R8(BLENDV) R8(MULW), 16);
  SHOW("vpblendvb + vpshufb", R8(BLENDV) R8(SHUF), 16);
  SHOW("vpermd + vpaddd", R8(PERMD) R8(ADD), 16);
  SHOW("vpshufb + 2 vpaddd", R8(SHUF) R8(ADD) R8(ADD), 24);
  // ChaCha20's quarter round: 6 of its 16 ops are shifts or byte shuffles.
  SHOW("ChaCha20 mix (6 of 16)",
       R8(SHIFT) R8(SHIFT) R8(SHUF) R8(ADD) R8(ADD) R8(ADD) R8(XOR) R8(XOR), 64);
  return 0;
}
