// ChaCha20's 10 double rounds (RFC 8439 §2.3) on 8 word-sliced blocks for
// the AVX2 target, in hand-scheduled assembly. AVX2 has 16 ymm registers: the
// 16 word vectors of kernels/chacha20-inl.h plus the rotation temporaries do
// not fit, and the compiler's spills put store-to-load latency on the
// critical path. Here 12 words stay in registers and the quarter rounds run
// in pairs, the schedule of OpenSSL's ChaCha20_8x (crypto/chacha/asm/
// chacha-x86_64.pl, A. Polyakov) and of M. Goll and S. Gueron, "Vectorization
// of ChaCha Stream Cipher", ITNG 2014 (why: docs/performance.md).

// Toggle include guard: included once per target through kernels/chacha20-inl.h.
#if defined(SORTID_KERNELS_AVX2_CHACHA20_ROUNDS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_AVX2_CHACHA20_ROUNDS_INL_H_
#undef SORTID_KERNELS_AVX2_CHACHA20_ROUNDS_INL_H_
#else
#define SORTID_KERNELS_AVX2_CHACHA20_ROUNDS_INL_H_
#endif

#include <array>
#include <cstdint>

#include "hwy/highway.h"
#include "kernels/target_guard.h"

// x86-64 AVX2 with GCC or clang (extended asm); evaluated per target.
#undef SORTID_CHACHA20_AVX2_ROUNDS
#if HWY_ARCH_X86_64 && SORTID_X86_AT_LEAST(AVX2) && !SORTID_X86_AT_LEAST(AVX3) && \
    (HWY_COMPILER_GCC || HWY_COMPILER_CLANG)
#define SORTID_CHACHA20_AVX2_ROUNDS 1
#else
#define SORTID_CHACHA20_AVX2_ROUNDS 0
#endif

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if SORTID_CHACHA20_AVX2_ROUNDS

// Two quarter rounds (RFC 8439 §2.1) side by side: words a, b, d in ymm
// registers a0, b0, d0 and a1, b1, d1; c in ymm12 / ymm13; ymm14 / ymm15
// temporaries; rotations by 16 and 8 are byte shuffles with the tables
// %[rot16] / %[rot8], by 12 and 7 two shifts and an or.
#define SORTID_YMM(n) "%%ymm" #n
#define SORTID_QUARTER_PAIR_HALF(a0, b0, d0, a1, b1, d1, table, left, right) \
  "vpaddd " SORTID_YMM(b0) ", " SORTID_YMM(a0) ", " SORTID_YMM(a0) "\n\t"     \
  "vpaddd " SORTID_YMM(b1) ", " SORTID_YMM(a1) ", " SORTID_YMM(a1) "\n\t"     \
  "vpxor " SORTID_YMM(a0) ", " SORTID_YMM(d0) ", " SORTID_YMM(d0) "\n\t"      \
  "vpxor " SORTID_YMM(a1) ", " SORTID_YMM(d1) ", " SORTID_YMM(d1) "\n\t"      \
  "vpshufb " table ", " SORTID_YMM(d0) ", " SORTID_YMM(d0) "\n\t"             \
  "vpshufb " table ", " SORTID_YMM(d1) ", " SORTID_YMM(d1) "\n\t"             \
  "vpaddd " SORTID_YMM(d0) ", %%ymm12, %%ymm12\n\t"                            \
  "vpaddd " SORTID_YMM(d1) ", %%ymm13, %%ymm13\n\t"                            \
  "vpxor %%ymm12, " SORTID_YMM(b0) ", " SORTID_YMM(b0) "\n\t"                  \
  "vpxor %%ymm13, " SORTID_YMM(b1) ", " SORTID_YMM(b1) "\n\t"                  \
  "vpslld $" #left ", " SORTID_YMM(b0) ", %%ymm14\n\t"                         \
  "vpslld $" #left ", " SORTID_YMM(b1) ", %%ymm15\n\t"                         \
  "vpsrld $" #right ", " SORTID_YMM(b0) ", " SORTID_YMM(b0) "\n\t"             \
  "vpsrld $" #right ", " SORTID_YMM(b1) ", " SORTID_YMM(b1) "\n\t"             \
  "vpor %%ymm14, " SORTID_YMM(b0) ", " SORTID_YMM(b0) "\n\t"                   \
  "vpor %%ymm15, " SORTID_YMM(b1) ", " SORTID_YMM(b1) "\n\t"
#define SORTID_QUARTER_PAIR(a0, b0, d0, a1, b1, d1)                    \
  SORTID_QUARTER_PAIR_HALF(a0, b0, d0, a1, b1, d1, "%[rot16]", 12, 20) \
  SORTID_QUARTER_PAIR_HALF(a0, b0, d0, a1, b1, d1, "%[rot8]", 7, 25)
// Words in ymm12/13 out to bytes `out0`, `out1` of words[], others in from `in0`, `in1`.
#define SORTID_EXCHANGE_C(out0, out1, in0, in1) \
  "vmovdqa %%ymm12, " #out0                     \
  "(%[w])\n\t"                                  \
  "vmovdqa %%ymm13, " #out1                     \
  "(%[w])\n\t"                                  \
  "vmovdqa " #in0                               \
  "(%[w]), %%ymm12\n\t"                         \
  "vmovdqa " #in1 "(%[w]), %%ymm13\n\t"

// 12 words stay in registers (x0-x7, x12-x15); two of x8-x11 are in
// registers at a time and the other two in memory.
// The 20 rounds, in place, on words[i] = word i of 8 blocks (one per 32-bit
// lane; 32-byte aligned). Registers: ymm0-7 words 0-7, ymm8-11 words 12-15,
// ymm12/13 words 8/9 or 10/11 (the other two at words[8..11]).
HWY_INLINE void ChaCha20RoundsAvx2(uint32_t (*words)[8]) {
  // Little-endian words: rotations by 16 and 8 bits as byte shuffles.
  alignas(32) static constexpr std::array<uint8_t, 32> kRot16 = {
      2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
      2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13};
  alignas(32) static constexpr std::array<uint8_t, 32> kRot8 = {
      3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14,
      3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14};
  int double_rounds = 10;
  asm volatile(
      "vmovdqa 0(%[w]), %%ymm0\n\t"
      "vmovdqa 32(%[w]), %%ymm1\n\t"
      "vmovdqa 64(%[w]), %%ymm2\n\t"
      "vmovdqa 96(%[w]), %%ymm3\n\t"
      "vmovdqa 128(%[w]), %%ymm4\n\t"
      "vmovdqa 160(%[w]), %%ymm5\n\t"
      "vmovdqa 192(%[w]), %%ymm6\n\t"
      "vmovdqa 224(%[w]), %%ymm7\n\t"
      "vmovdqa 256(%[w]), %%ymm12\n\t"
      "vmovdqa 288(%[w]), %%ymm13\n\t"
      "vmovdqa 384(%[w]), %%ymm8\n\t"
      "vmovdqa 416(%[w]), %%ymm9\n\t"
      "vmovdqa 448(%[w]), %%ymm10\n\t"
      "vmovdqa 480(%[w]), %%ymm11\n\t"
      "1:\n\t"
      // Columns (0, 4, 8, 12), (1, 5, 9, 13); words 8, 9 out, 10, 11 in.
      SORTID_QUARTER_PAIR(0, 4, 8, 1, 5, 9) SORTID_EXCHANGE_C(256, 288, 320, 352)
      // Columns (2, 6, 10, 14), (3, 7, 11, 15); diagonals (0, 5, 10, 15),
      // (1, 6, 11, 12); words 10, 11 out, 8, 9 in.
      SORTID_QUARTER_PAIR(2, 6, 10, 3, 7, 11) SORTID_QUARTER_PAIR(0, 5, 11, 1, 6, 8)
      SORTID_EXCHANGE_C(320, 352, 256, 288)
      // Diagonals (2, 7, 8, 13), (3, 4, 9, 14).
      SORTID_QUARTER_PAIR(2, 7, 9, 3, 4, 10)
      "dec %[double_rounds]\n\t"
      "jnz 1b\n\t"
      "vmovdqa %%ymm0, 0(%[w])\n\t"
      "vmovdqa %%ymm1, 32(%[w])\n\t"
      "vmovdqa %%ymm2, 64(%[w])\n\t"
      "vmovdqa %%ymm3, 96(%[w])\n\t"
      "vmovdqa %%ymm4, 128(%[w])\n\t"
      "vmovdqa %%ymm5, 160(%[w])\n\t"
      "vmovdqa %%ymm6, 192(%[w])\n\t"
      "vmovdqa %%ymm7, 224(%[w])\n\t"
      "vmovdqa %%ymm12, 256(%[w])\n\t"
      "vmovdqa %%ymm13, 288(%[w])\n\t"
      "vmovdqa %%ymm8, 384(%[w])\n\t"
      "vmovdqa %%ymm9, 416(%[w])\n\t"
      "vmovdqa %%ymm10, 448(%[w])\n\t"
      "vmovdqa %%ymm11, 480(%[w])\n\t"
      : [double_rounds] "+r"(double_rounds), "+m"(*reinterpret_cast<uint32_t(*)[16][8]>(words))
      : [w] "r"(words), [rot16] "m"(kRot16), [rot8] "m"(kRot8)
      : "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9",
        "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
}

#undef SORTID_EXCHANGE_C
#undef SORTID_QUARTER_PAIR
#undef SORTID_QUARTER_PAIR_HALF
#undef SORTID_YMM

#endif  // SORTID_CHACHA20_AVX2_ROUNDS

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_AVX2_CHACHA20_ROUNDS_INL_H_
