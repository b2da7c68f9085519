// Multi-block ChaCha20 keystream (RFC 8439 §2.3), one block per 32-bit lane:
// the 16 state words are 16 vectors ("word-sliced", D. J. Bernstein, "ChaCha,
// a variant of Salsa20", 2008; M. Goll and S. Gueron, "Vectorization of
// ChaCha Stream Cipher", ITNG 2014), so a vector of N lanes makes N blocks
// (4 on SSE4 / NEON, 8 on AVX2, 16 on AVX-512). The output is transposed with
// 4x4 interleaves inside each 128-bit block: 16-byte pieces of 4 blocks. On
// AVX2 the whole keystream is assembly (kernels/avx2/chacha20_keystream-inl.h).
// Invariant: the keystream equals the RFC's block function for every counter,
// and no keystream is left in vector registers (ClearVectorRegisters).

// Toggle include guard: included once per target by kernels/dispatch.cc.
#if defined(SORTID_KERNELS_CHACHA20_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_CHACHA20_INL_H_
#undef SORTID_KERNELS_CHACHA20_INL_H_
#else
#define SORTID_KERNELS_CHACHA20_INL_H_
#endif

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "hwy/highway.h"
#include "kernels/avx2/chacha20_keystream-inl.h"
#include "kernels/simd_common-inl.h"
#include "kernels/target_guard.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if HWY_TARGET != HWY_SCALAR && !SORTID_CHACHA20_AVX2_ASM

// Words a, b, c, d of 4 * BlocksOf blocks, transposed and stored: the 16 bytes
// of words (a, b, c, d) of block k go to out + 64 k (out points at word a).
template <class D32>
HWY_INLINE void StoreWordGroup(D32 d, hn::Vec<D32> a, hn::Vec<D32> b, hn::Vec<D32> c,
                               hn::Vec<D32> dd, uint8_t* out) {
  const hn::Repartition<uint64_t, D32> d64;
  const hn::Repartition<uint8_t, D32> d8;
  const auto ab_lo = hn::BitCast(d64, hn::InterleaveLower(d, a, b));   // a0 b0 a1 b1
  const auto cd_lo = hn::BitCast(d64, hn::InterleaveLower(d, c, dd));  // c0 d0 c1 d1
  const auto ab_hi = hn::BitCast(d64, hn::InterleaveUpper(d, a, b));   // a2 b2 a3 b3
  const auto cd_hi = hn::BitCast(d64, hn::InterleaveUpper(d, c, dd));  // c2 d2 c3 d3
  // Lane l of 128-bit block j belongs to keystream block 4 j + l.
  constexpr size_t kStride = 4 * 64;
  StoreBlocks(d8, hn::BitCast(d8, hn::InterleaveLower(d64, ab_lo, cd_lo)), out, kStride);
  StoreBlocks(d8, hn::BitCast(d8, hn::InterleaveUpper(d64, ab_lo, cd_lo)), out + 64, kStride);
  StoreBlocks(d8, hn::BitCast(d8, hn::InterleaveLower(d64, ab_hi, cd_hi)), out + 128, kStride);
  StoreBlocks(d8, hn::BitCast(d8, hn::InterleaveUpper(d64, ab_hi, cd_hi)), out + 192, kStride);
}

// Rotations left by 16 and 8: AVX-512 has a rotate instruction; elsewhere one
// byte shuffle beats two shifts and an or.
template <int kBits, class D32>
HWY_INLINE hn::Vec<D32> RotateLeftBytes(D32 d, hn::Vec<D32> v) {
#if SORTID_X86_AT_LEAST(AVX3)
  (void)d;
  return hn::RotateRight<32 - kBits>(v);
#else
  static_assert(kBits == 8 || kBits == 16);
  // Little-endian words: byte i of the result is byte (i - kBits / 8) mod 4.
  static constexpr std::array<uint8_t, 16> kShuffle = [] {
    std::array<uint8_t, 16> t{};
    for (size_t i = 0; i < 16; ++i) {
      t[i] = static_cast<uint8_t>(i / 4 * 4 + (i + 4 - kBits / 8) % 4);
    }
    return t;
  }();
  const hn::Repartition<uint8_t, D32> d8;
  return hn::BitCast(d, hn::TableLookupBytes(hn::BitCast(d8, v), Table(d8, kShuffle)));
#endif
}

// State words[0..3] added to four word vectors (the final addition of the
// block function).
template <class D32, class V = hn::Vec<D32>>
HWY_INLINE void AddWords(D32 d, const uint32_t* words, V& w0, V& w1, V& w2, V& w3) {
  w0 = hn::Add(w0, hn::Set(d, words[0]));
  w1 = hn::Add(w1, hn::Set(d, words[1]));
  w2 = hn::Add(w2, hn::Set(d, words[2]));
  w3 = hn::Add(w3, hn::Set(d, words[3]));
}

#define SORTID_CHACHA_QUARTER(a, b, c, d)      \
  a = hn::Add(a, b);                           \
  d = RotateLeftBytes<16>(d32, hn::Xor(d, a)); \
  c = hn::Add(c, d);                           \
  b = hn::RotateRight<20>(hn::Xor(b, c));      \
  a = hn::Add(a, b);                           \
  d = RotateLeftBytes<8>(d32, hn::Xor(d, a));  \
  c = hn::Add(c, d);                           \
  b = hn::RotateRight<25>(hn::Xor(b, c))

// Lanes(d) blocks starting at block counter `counter` (words as in `state`).
// Word-sliced rather than the row layout (4 row vectors of Lanes/4 blocks,
// diagonal rounds by in-block word shuffles, as in Goll and Gueron), which is
// slower on AVX2 and SSE4 (docs/performance.md): it needs 9 shift/shuffle
// operations per block and double round against 6 here.
template <class D32>
HWY_INLINE void ChaChaBlocks(D32 d, const uint32_t* state, uint32_t counter, uint8_t* out) {
  const D32 d32 = d;
  auto x0 = hn::Set(d, state[0]), x1 = hn::Set(d, state[1]), x2 = hn::Set(d, state[2]),
       x3 = hn::Set(d, state[3]), x4 = hn::Set(d, state[4]), x5 = hn::Set(d, state[5]),
       x6 = hn::Set(d, state[6]), x7 = hn::Set(d, state[7]), x8 = hn::Set(d, state[8]),
       x9 = hn::Set(d, state[9]), x10 = hn::Set(d, state[10]), x11 = hn::Set(d, state[11]),
       x13 = hn::Set(d, state[13]), x14 = hn::Set(d, state[14]), x15 = hn::Set(d, state[15]);
  const auto counters = hn::Add(hn::Set(d, counter), hn::Iota(d, 0));  // wraps like the RFC's
  auto x12 = counters;
  for (int round = 0; round < 10; ++round) {
    SORTID_CHACHA_QUARTER(x0, x4, x8, x12);
    SORTID_CHACHA_QUARTER(x1, x5, x9, x13);
    SORTID_CHACHA_QUARTER(x2, x6, x10, x14);
    SORTID_CHACHA_QUARTER(x3, x7, x11, x15);
    SORTID_CHACHA_QUARTER(x0, x5, x10, x15);
    SORTID_CHACHA_QUARTER(x1, x6, x11, x12);
    SORTID_CHACHA_QUARTER(x2, x7, x8, x13);
    SORTID_CHACHA_QUARTER(x3, x4, x9, x14);
  }
  AddWords(d, state, x0, x1, x2, x3);
  AddWords(d, state + 4, x4, x5, x6, x7);
  AddWords(d, state + 8, x8, x9, x10, x11);
  const uint32_t nonce[4] = {0, state[13], state[14], state[15]};  // x12: counters below
  AddWords(d, nonce, x12, x13, x14, x15);
  x12 = hn::Add(x12, counters);
  StoreWordGroup(d, x0, x1, x2, x3, out);
  StoreWordGroup(d, x4, x5, x6, x7, out + 16);
  StoreWordGroup(d, x8, x9, x10, x11, out + 32);
  StoreWordGroup(d, x12, x13, x14, x15, out + 48);
}

#undef SORTID_CHACHA_QUARTER

#endif  // HWY_TARGET != HWY_SCALAR && !SORTID_CHACHA20_AVX2_ASM

#if HWY_TARGET != HWY_SCALAR

// Zeroes every vector register: the keystream (and so the next key) must
// not outlive the kernel in registers, as its stack copies do not (the
// generator wipes the stack below its frame after each refill).
HWY_INLINE void ClearVectorRegisters() {
#if HWY_ARCH_X86_64 && SORTID_X86_AT_LEAST(AVX2)
  asm volatile("vzeroall" ::
                   : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9",
                     "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
#if SORTID_X86_AT_LEAST(AVX3)
  // vzeroall leaves zmm16..31, which AVX-512 code may use.
  asm volatile(
      "vpxord %%zmm16, %%zmm16, %%zmm16\nvpxord %%zmm17, %%zmm17, %%zmm17\nvpxord %%zmm18, "
      "%%zmm18, %%zmm18\nvpxord %%zmm19, %%zmm19, %%zmm19\nvpxord %%zmm20, %%zmm20, "
      "%%zmm20\nvpxord %%zmm21, %%zmm21, %%zmm21\nvpxord %%zmm22, %%zmm22, %%zmm22\nvpxord "
      "%%zmm23, %%zmm23, %%zmm23\nvpxord %%zmm24, %%zmm24, %%zmm24\nvpxord %%zmm25, %%zmm25, "
      "%%zmm25\nvpxord %%zmm26, %%zmm26, %%zmm26\nvpxord %%zmm27, %%zmm27, %%zmm27\nvpxord "
      "%%zmm28, %%zmm28, %%zmm28\nvpxord %%zmm29, %%zmm29, %%zmm29\nvpxord %%zmm30, %%zmm30, "
      "%%zmm30\nvpxord %%zmm31, %%zmm31, %%zmm31" ::
          : "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24",
            "xmm25", "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31");
#endif
#elif HWY_ARCH_X86_64
  asm volatile(
      "pxor %%xmm0, %%xmm0\npxor %%xmm1, %%xmm1\npxor %%xmm2, %%xmm2\npxor %%xmm3, %%xmm3\npxor "
      "%%xmm4, %%xmm4\npxor %%xmm5, %%xmm5\npxor %%xmm6, %%xmm6\npxor %%xmm7, %%xmm7\npxor %%xmm8, "
      "%%xmm8\npxor %%xmm9, %%xmm9\npxor %%xmm10, %%xmm10\npxor %%xmm11, %%xmm11\npxor %%xmm12, "
      "%%xmm12\npxor %%xmm13, %%xmm13\npxor %%xmm14, %%xmm14\npxor %%xmm15, %%xmm15" ::
          : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10",
            "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
#elif HWY_ARCH_ARM_A64
  asm volatile(
      "movi v0.16b, #0\nmovi v1.16b, #0\nmovi v2.16b, #0\nmovi v3.16b, #0\nmovi v4.16b, #0\nmovi "
      "v5.16b, #0\nmovi v6.16b, #0\nmovi v7.16b, #0\nmovi v8.16b, #0\nmovi v9.16b, #0\nmovi "
      "v10.16b, #0\nmovi v11.16b, #0\nmovi v12.16b, #0\nmovi v13.16b, #0\nmovi v14.16b, #0\nmovi "
      "v15.16b, #0\nmovi v16.16b, #0\nmovi v17.16b, #0\nmovi v18.16b, #0\nmovi v19.16b, #0\nmovi "
      "v20.16b, #0\nmovi v21.16b, #0\nmovi v22.16b, #0\nmovi v23.16b, #0\nmovi v24.16b, #0\nmovi "
      "v25.16b, #0\nmovi v26.16b, #0\nmovi v27.16b, #0\nmovi v28.16b, #0\nmovi v29.16b, #0\nmovi "
      "v30.16b, #0\nmovi v31.16b, #0" ::
          : "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13",
            "v14", "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24", "v25",
            "v26", "v27", "v28", "v29", "v30", "v31");
#endif
}

// Writes `blocks` keystream blocks for the state's counter onward; the last
// blocks % Lanes are made as one whole vector of blocks in a buffer and
// copied (no partial vector stores).
void ChaCha20Keystream(const uint32_t* state, uint8_t* out, size_t blocks) {
#if SORTID_CHACHA20_AVX2_ASM
  ChaCha20KeystreamAvx2(state, out, blocks);
#else
  const hn::Repartition<uint32_t, BulkTag> d;
  constexpr size_t kLanes = hn::MaxLanes(hn::Repartition<uint32_t, BulkTag>());
  size_t done = 0;
  for (; done + kLanes <= blocks; done += kLanes) {
    ChaChaBlocks(d, state, state[12] + static_cast<uint32_t>(done), out + 64 * done);
  }
  // The generator wipes 2 KiB of stack below its frame after a refill
  // (lib/generator_entropy.cc): the kernel's buffer of keystream must fit
  // well inside it, should one escape the kernel's own wipe.
  static_assert(64 * kLanes <= 1536, "keystream buffers outgrow the stack wipe");
  if (done < blocks) {
    alignas(64) uint8_t last[64 * kLanes];
    ChaChaBlocks(d, state, state[12] + static_cast<uint32_t>(done), last);
    std::memcpy(out + 64 * done, last, 64 * (blocks - done));
    explicit_bzero(last, sizeof(last));
  }
#endif
  ClearVectorRegisters();
}

#endif  // HWY_TARGET != HWY_SCALAR

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_CHACHA20_INL_H_
