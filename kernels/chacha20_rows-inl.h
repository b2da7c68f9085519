// Multi-block ChaCha20 keystream (RFC 8439 §2.3) in the row layout: each
// 128-bit block of a vector holds one row (4 state words) of one ChaCha block,
// so rows a, b, c, d of Lanes/4 blocks are 4 vectors (2 blocks per AVX2 ymm).
// The column round works on whole rows; the diagonal round rotates rows b, c,
// d by 1, 2, 3 words inside each 128-bit block (pshufd) and back afterwards.
// kGroups such row quadruples run interleaved for instruction-level
// parallelism while all of them stay in registers (16 ymm on AVX2, where the
// word-sliced layout of kernels/chacha20-inl.h spills). References: M. Goll
// and S. Gueron, "Vectorization of ChaCha Stream Cipher", ITNG 2014 (§3, the
// AVX2 two-blocks-per-register layout); Linux arch/x86/crypto/
// chacha-avx2-x86_64.S (chacha_4block_xor_avx2, the same layout).
//
// Toggle include guard: included once per target through kernels/chacha20-inl.h.
#if defined(SORTID_KERNELS_CHACHA20_ROWS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_CHACHA20_ROWS_INL_H_
#undef SORTID_KERNELS_CHACHA20_ROWS_INL_H_
#else
#define SORTID_KERNELS_CHACHA20_ROWS_INL_H_
#endif

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "hwy/highway.h"
#include "kernels/simd_common-inl.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if HWY_TARGET != HWY_SCALAR

// Rotation of every 32-bit lane left by 16 or 8 bits: one in-block byte
// shuffle (AVX-512 has a rotate instruction). Shared with the word-sliced
// kernel.
template <int kBits, class D32>
HWY_INLINE hn::Vec<D32> RotateLeftBytes(D32 d, hn::Vec<D32> v) {
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX3
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

#endif  // HWY_TARGET != HWY_SCALAR

// x86 only: its vectors are plain classes (arrays of them are fine) and its
// 32-bit Shuffle0321/1032/2103 act within each 128-bit block.
#if HWY_ARCH_X86 && HWY_TARGET != HWY_SCALAR

// Rows a, b, c, d of Lanes/4 blocks.
template <class V>
struct RowGroup {
  V a, b, c, d;
};

// One ChaCha round on every group, each step across all groups (fold
// expressions over constant indices, so that the groups live in registers).
template <class D32, class V, size_t... kG>
HWY_INLINE void RowRound(D32 d, RowGroup<V>* g, std::index_sequence<kG...>) {
  ((g[kG].a = hn::Add(g[kG].a, g[kG].b)), ...);
  ((g[kG].d = RotateLeftBytes<16>(d, hn::Xor(g[kG].d, g[kG].a))), ...);
  ((g[kG].c = hn::Add(g[kG].c, g[kG].d)), ...);
  ((g[kG].b = hn::RotateRight<20>(hn::Xor(g[kG].b, g[kG].c))), ...);
  ((g[kG].a = hn::Add(g[kG].a, g[kG].b)), ...);
  ((g[kG].d = RotateLeftBytes<8>(d, hn::Xor(g[kG].d, g[kG].a))), ...);
  ((g[kG].c = hn::Add(g[kG].c, g[kG].d)), ...);
  ((g[kG].b = hn::RotateRight<25>(hn::Xor(g[kG].b, g[kG].c))), ...);
}

// Diagonals into columns (kInverse false: row b rotated by one word, c by two,
// d by three, within each 128-bit block) and back (kInverse true).
template <bool kInverse, class V>
HWY_INLINE void Diagonalize(RowGroup<V>& g) {
  g.b = kInverse ? hn::Shuffle2103(g.b) : hn::Shuffle0321(g.b);
  g.c = hn::Shuffle1032(g.c);
  g.d = kInverse ? hn::Shuffle0321(g.d) : hn::Shuffle2103(g.d);
}

// Row d of the Lanes/4 blocks from block counter `counter` on: word 0 of
// 128-bit block j is counter + j (wrapping like the RFC's 32-bit counter),
// words 1-3 the nonce (state words 13-15).
template <class D32>
HWY_INLINE hn::Vec<D32> CounterRow(D32 d, const uint32_t* state, uint32_t counter) {
  static constexpr std::array<uint32_t, 16> kBlockIndex = {0, 0, 0, 0, 1, 0, 0, 0,
                                                           2, 0, 0, 0, 3, 0, 0, 0};
  static constexpr std::array<uint32_t, 16> kWordZero = {~0u, 0, 0, 0, ~0u, 0, 0, 0,
                                                         ~0u, 0, 0, 0, ~0u, 0, 0, 0};
  const auto word_zero = hn::LoadU(d, kWordZero.data());
  const auto counters = hn::Add(hn::Set(d, counter), hn::LoadU(d, kBlockIndex.data()));
  return hn::Or(hn::And(word_zero, counters), hn::AndNot(word_zero, hn::LoadDup128(d, state + 12)));
}

// The 4 rows of Lanes/4 finished blocks to out + 64 j (block j).
template <class D32, class V = hn::Vec<D32>>
HWY_INLINE void StoreRows(D32 d, V a, V b, V c, V dd, uint8_t* out) {
  const hn::Repartition<uint8_t, D32> d8;
  if constexpr (hn::MaxLanes(D32()) == 8) {  // AVX2: 2 blocks, 4 full stores
    hn::StoreU(hn::BitCast(d8, hn::ConcatLowerLower(d, b, a)), d8, out);
    hn::StoreU(hn::BitCast(d8, hn::ConcatLowerLower(d, dd, c)), d8, out + 32);
    hn::StoreU(hn::BitCast(d8, hn::ConcatUpperUpper(d, b, a)), d8, out + 64);
    hn::StoreU(hn::BitCast(d8, hn::ConcatUpperUpper(d, dd, c)), d8, out + 96);
  } else {
    StoreBlocks(d8, hn::BitCast(d8, a), out, 64);
    StoreBlocks(d8, hn::BitCast(d8, b), out + 16, 64);
    StoreBlocks(d8, hn::BitCast(d8, c), out + 32, 64);
    StoreBlocks(d8, hn::BitCast(d8, dd), out + 48, 64);
  }
}

// sizeof...(kG) * Lanes/4 blocks from block counter `counter` on (other words
// as in `state`) to out.
template <size_t... kG>
HWY_INLINE void ChaChaRowBlocks(const uint32_t* state, uint32_t counter, uint8_t* out,
                                std::index_sequence<kG...> groups) {
  const hn::Repartition<uint32_t, BulkTag> d;
  using V = hn::Vec<decltype(d)>;
  constexpr uint32_t kPerVector = hn::MaxLanes(d) / 4;
  const V row_a = hn::LoadDup128(d, state), row_b = hn::LoadDup128(d, state + 4),
          row_c = hn::LoadDup128(d, state + 8);
  RowGroup<V> g[] = {
      {row_a, row_b, row_c, CounterRow(d, state, counter + uint32_t{kG} * kPerVector)}...};
  for (int round = 0; round < 10; ++round) {
    RowRound(d, g, groups);
    (Diagonalize<false>(g[kG]), ...);
    RowRound(d, g, groups);
    (Diagonalize<true>(g[kG]), ...);
  }
  (StoreRows(d, hn::Add(g[kG].a, row_a), hn::Add(g[kG].b, row_b), hn::Add(g[kG].c, row_c),
             hn::Add(g[kG].d, CounterRow(d, state, counter + uint32_t{kG} * kPerVector)),
             out + 64 * kPerVector * kG),
   ...);
}

#endif  // HWY_ARCH_X86 && HWY_TARGET != HWY_SCALAR

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_CHACHA20_ROWS_INL_H_
