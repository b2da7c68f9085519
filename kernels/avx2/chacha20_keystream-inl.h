// ChaCha20 keystream (RFC 8439 §2.3) for the AVX2 target in hand-scheduled
// assembly, 8 word-sliced blocks per pass: the rounds, the final addition,
// the transpose and the stores of every 8-block group of a call in one loop.
// AVX2 has 16 ymm registers: the 16 word vectors plus the rotation
// temporaries do not fit, and the compiler's spills put store-to-load
// latency on the critical path. Here 12 words stay in registers and the
// quarter rounds run in pairs, the schedule of OpenSSL's ChaCha20_8x
// (crypto/chacha/asm/chacha-x86_64.pl, A. Polyakov) and of M. Goll and S.
// Gueron, "Vectorization of ChaCha Stream Cipher", ITNG 2014. The input words
// stay in one stack frame across groups and the output leaves the registers
// as 32-byte rows, so nothing but the two spilled words goes through memory
// between rounds (why: docs/performance.md).

// Toggle include guard: included once per target through kernels/chacha20-inl.h.
#if defined(SORTID_KERNELS_AVX2_CHACHA20_KEYSTREAM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_AVX2_CHACHA20_KEYSTREAM_INL_H_
#undef SORTID_KERNELS_AVX2_CHACHA20_KEYSTREAM_INL_H_
#else
#define SORTID_KERNELS_AVX2_CHACHA20_KEYSTREAM_INL_H_
#endif

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "hwy/highway.h"
#include "kernels/simd_common-inl.h"
#include "kernels/target_guard.h"

// x86-64 AVX2 with GCC or clang (extended asm); evaluated per target.
#undef SORTID_CHACHA20_AVX2_ASM
#if HWY_ARCH_X86_64 && SORTID_X86_AT_LEAST(AVX2) && !SORTID_X86_AT_LEAST(AVX3) && \
    (HWY_COMPILER_GCC || HWY_COMPILER_CLANG)
#define SORTID_CHACHA20_AVX2_ASM 1
#else
#define SORTID_CHACHA20_AVX2_ASM 0
#endif

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if SORTID_CHACHA20_AVX2_ASM

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
// Words in ymm12/13 out to bytes `out0`, `out1` of the frame, others in from `in0`, `in1`.
#define SORTID_EXCHANGE_C(out0, out1, in0, in1) \
  "vmovdqa %%ymm12, " #out0                     \
  "(%[frame])\n\t"                              \
  "vmovdqa %%ymm13, " #out1                     \
  "(%[frame])\n\t"                              \
  "vmovdqa " #in0                               \
  "(%[frame]), %%ymm12\n\t"                     \
  "vmovdqa " #in1 "(%[frame]), %%ymm13\n\t"
// 4x4 transpose of the words in ymm a..d (temporaries ymm12..15): afterwards
// register a holds words (a, b, c, d) of block 0 in its low and of block 4
// in its high 128 bits, b of blocks 1 and 5, c 2 and 6, d 3 and 7.
#define SORTID_TRANSPOSE4(a, b, c, d) \
  "vpunpckldq " SORTID_YMM(b) ", " SORTID_YMM(a) ", %%ymm12\n\t"                \
  "vpunpckhdq " SORTID_YMM(b) ", " SORTID_YMM(a) ", %%ymm13\n\t"                \
  "vpunpckldq " SORTID_YMM(d) ", " SORTID_YMM(c) ", %%ymm14\n\t"                \
  "vpunpckhdq " SORTID_YMM(d) ", " SORTID_YMM(c) ", %%ymm15\n\t"                \
  "vpunpcklqdq %%ymm14, %%ymm12, " SORTID_YMM(a) "\n\t"                          \
  "vpunpckhqdq %%ymm14, %%ymm12, " SORTID_YMM(b) "\n\t"                          \
  "vpunpcklqdq %%ymm15, %%ymm13, " SORTID_YMM(c) "\n\t"                          \
  "vpunpckhqdq %%ymm15, %%ymm13, " SORTID_YMM(d) "\n\t"
// Blocks k and k + 4 of a transposed pair: the four words in ymm lo, the
// next four in ymm hi, as 32-byte rows at `offset` and `offset` + 256 of out.
#define SORTID_STORE_ROWS(lo, hi, offset) \
  "vperm2i128 $0x20, " SORTID_YMM(hi) ", " SORTID_YMM(lo) ", %%ymm12\n\t"       \
  "vperm2i128 $0x31, " SORTID_YMM(hi) ", " SORTID_YMM(lo) ", %%ymm13\n\t"       \
  "vmovdqu %%ymm12, " #offset "(%[out])\n\t"                                     \
  "vmovdqu %%ymm13, 256+" #offset "(%[out])\n\t"
// Words a..d and e..h (ymm registers) of the 8 blocks, transposed, as the
// 32-byte rows at `offset` + 64 k of out: bytes 0-31 (words 0-7, offset 0)
// or 32-63 (words 8-15, offset 32) of each block.
#define SORTID_STORE_HALF(a, b, c, d, e, f, g, h, offset) \
  SORTID_TRANSPOSE4(a, b, c, d)                           \
  SORTID_TRANSPOSE4(e, f, g, h)                           \
  SORTID_STORE_ROWS(a, e, offset)                         \
  SORTID_STORE_ROWS(b, f, 64 + offset)                    \
  SORTID_STORE_ROWS(c, g, 128 + offset) SORTID_STORE_ROWS(d, h, 192 + offset)

// Frame of the assembly loop: words[i] = input word i of the 8 blocks (word
// 12 the 8 counters), then 4 rows where words 8..11 wait during the rounds.
struct alignas(32) ChaCha20Frame {
  uint32_t words[16][8];
  uint32_t parked[4][8];
};

// `groups` groups of 8 blocks from the frame's counters onward to out (512
// bytes a group); the counters advance by 8 a group, wrapping like the RFC's.
// Registers in the rounds: ymm0-7 words 0-7, ymm8-11 words 12-15, ymm12/13
// words 8/9 or 10/11 (the other two parked).
HWY_INLINE void ChaCha20GroupsAvx2(ChaCha20Frame* frame, uint8_t* out, size_t groups) {
  // Little-endian words: rotations by 16 and 8 bits as byte shuffles.
  alignas(32) static constexpr std::array<uint8_t, 32> kRot16 = {
      2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
      2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13};
  alignas(32) static constexpr std::array<uint8_t, 32> kRot8 = {
      3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14,
      3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14};
  alignas(32) static constexpr std::array<uint32_t, 8> kEight = {8, 8, 8, 8, 8, 8, 8, 8};
  size_t double_rounds;
  // Frame offsets: word i at 32 i; parked words 8..11 at 512..608.
  asm volatile(
      "1:\n\t"
      "vmovdqa 0(%[frame]), %%ymm0\n\t"
      "vmovdqa 32(%[frame]), %%ymm1\n\t"
      "vmovdqa 64(%[frame]), %%ymm2\n\t"
      "vmovdqa 96(%[frame]), %%ymm3\n\t"
      "vmovdqa 128(%[frame]), %%ymm4\n\t"
      "vmovdqa 160(%[frame]), %%ymm5\n\t"
      "vmovdqa 192(%[frame]), %%ymm6\n\t"
      "vmovdqa 224(%[frame]), %%ymm7\n\t"
      "vmovdqa 320(%[frame]), %%ymm14\n\t"
      "vmovdqa 352(%[frame]), %%ymm15\n\t"
      "vmovdqa 256(%[frame]), %%ymm12\n\t"
      "vmovdqa 288(%[frame]), %%ymm13\n\t"
      "vmovdqa %%ymm14, 576(%[frame])\n\t"
      "vmovdqa %%ymm15, 608(%[frame])\n\t"
      "vmovdqa 384(%[frame]), %%ymm8\n\t"
      "vmovdqa 416(%[frame]), %%ymm9\n\t"
      "vmovdqa 448(%[frame]), %%ymm10\n\t"
      "vmovdqa 480(%[frame]), %%ymm11\n\t"
      "mov $10, %[double_rounds]\n\t"
      "2:\n\t"
      // Columns (0, 4, 8, 12), (1, 5, 9, 13); words 8, 9 out, 10, 11 in.
      SORTID_QUARTER_PAIR(0, 4, 8, 1, 5, 9) SORTID_EXCHANGE_C(512, 544, 576, 608)
      // Columns (2, 6, 10, 14), (3, 7, 11, 15); diagonals (0, 5, 10, 15),
      // (1, 6, 11, 12); words 10, 11 out, 8, 9 in.
      SORTID_QUARTER_PAIR(2, 6, 10, 3, 7, 11) SORTID_QUARTER_PAIR(0, 5, 11, 1, 6, 8)
      SORTID_EXCHANGE_C(576, 608, 512, 544)
      // Diagonals (2, 7, 8, 13), (3, 4, 9, 14).
      SORTID_QUARTER_PAIR(2, 7, 9, 3, 4, 10)
      "dec %[double_rounds]\n\t"
      "jnz 2b\n\t"
      // The input added back; words 8, 9 parked beside 10, 11.
      "vpaddd 0(%[frame]), %%ymm0, %%ymm0\n\t"
      "vpaddd 32(%[frame]), %%ymm1, %%ymm1\n\t"
      "vpaddd 64(%[frame]), %%ymm2, %%ymm2\n\t"
      "vpaddd 96(%[frame]), %%ymm3, %%ymm3\n\t"
      "vpaddd 128(%[frame]), %%ymm4, %%ymm4\n\t"
      "vpaddd 160(%[frame]), %%ymm5, %%ymm5\n\t"
      "vpaddd 192(%[frame]), %%ymm6, %%ymm6\n\t"
      "vpaddd 224(%[frame]), %%ymm7, %%ymm7\n\t"
      "vpaddd 256(%[frame]), %%ymm12, %%ymm12\n\t"
      "vpaddd 288(%[frame]), %%ymm13, %%ymm13\n\t"
      "vpaddd 384(%[frame]), %%ymm8, %%ymm8\n\t"
      "vpaddd 416(%[frame]), %%ymm9, %%ymm9\n\t"
      "vpaddd 448(%[frame]), %%ymm10, %%ymm10\n\t"
      "vpaddd 480(%[frame]), %%ymm11, %%ymm11\n\t"
      "vmovdqa %%ymm12, 512(%[frame])\n\t"
      "vmovdqa %%ymm13, 544(%[frame])\n\t"
      SORTID_STORE_HALF(0, 1, 2, 3, 4, 5, 6, 7, 0)
      // Words 8-11 back from the frame (10 and 11 still without their input).
      "vmovdqa 512(%[frame]), %%ymm0\n\t"
      "vmovdqa 544(%[frame]), %%ymm1\n\t"
      "vmovdqa 576(%[frame]), %%ymm2\n\t"
      "vmovdqa 608(%[frame]), %%ymm3\n\t"
      "vpaddd 320(%[frame]), %%ymm2, %%ymm2\n\t"
      "vpaddd 352(%[frame]), %%ymm3, %%ymm3\n\t"
      SORTID_STORE_HALF(0, 1, 2, 3, 8, 9, 10, 11, 32)
      // The next 8 counters.
      "vmovdqa 384(%[frame]), %%ymm12\n\t"
      "vpaddd %[eight], %%ymm12, %%ymm12\n\t"
      "vmovdqa %%ymm12, 384(%[frame])\n\t"
      "add $512, %[out]\n\t"
      "dec %[groups]\n\t"
      "jnz 1b\n\t"
      : [double_rounds] "=&r"(double_rounds), [out] "+r"(out), [groups] "+r"(groups)
      : [frame] "r"(frame), [rot16] "m"(kRot16), [rot8] "m"(kRot8), [eight] "m"(kEight)
      : "cc", "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8",
        "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
}

#undef SORTID_STORE_HALF
#undef SORTID_STORE_ROWS
#undef SORTID_TRANSPOSE4
#undef SORTID_EXCHANGE_C
#undef SORTID_QUARTER_PAIR
#undef SORTID_QUARTER_PAIR_HALF
#undef SORTID_YMM

// `blocks` keystream blocks for the state's counter onward; the last
// blocks % 8 are made as one whole group in a buffer and copied. The frame
// (key words and parked keystream) is wiped here; the caller clears the
// vector registers.
HWY_INLINE void ChaCha20KeystreamAvx2(const uint32_t* state, uint8_t* out, size_t blocks) {
  const hn::Full256<uint32_t> d;
  ChaCha20Frame frame;
  for (size_t i = 0; i < 16; ++i) {
    const auto word = hn::Set(d, state[i]);
    hn::Store(i == 12 ? hn::Add(word, hn::Iota(d, 0)) : word, d, frame.words[i]);
  }
  const size_t groups = blocks / 8;
  if (groups != 0) ChaCha20GroupsAvx2(&frame, out, groups);
  if (blocks % 8 != 0) {
    alignas(32) uint8_t last[512];
    // The generator wipes 2 KiB of stack below its frame after a refill
    // (lib/generator_entropy.cc): the frame and this buffer must fit well
    // inside it, should either escape the wipes here.
    static_assert(sizeof(frame) + sizeof(last) <= 1536, "keystream buffers outgrow the stack wipe");
    ChaCha20GroupsAvx2(&frame, last, 1);
    std::memcpy(out + 512 * groups, last, 64 * (blocks % 8));
    explicit_bzero(last, sizeof(last));
  }
  explicit_bzero(&frame, sizeof(frame));
}

#endif  // SORTID_CHACHA20_AVX2_ASM

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_AVX2_CHACHA20_KEYSTREAM_INL_H_
