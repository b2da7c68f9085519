// Crockford Base32 bulk encode, plain layouts (no prefix, no terminator,
// stride = text length) on SSE4, AVX2 and AVX3: the output of a run of IDs is
// a contiguous stream of 16-character chunks, one per 128-bit block
// (tables: kernels/base32_encode_stream.h). A per-chunk byte shuffle gathers
// each character pair's 16-bit window, MulHigh / Mul by per-lane powers of two
// align the two 5-bit fields (W. Mula & D. Lemire, "Faster Base64 Encoding and
// Decoding Using AVX2 Instructions", ACM TOW 2018, adapted to 5-bit groups),
// and whole vectors are stored back to back, with no overlapping stores per
// ID. Other layouts and the last partial group take the per-ID path of
// base32_common-inl.h. Contract: docs/spec.md §1-§2.

// Toggle include guard: included once per target by kernels/dispatch.cc
// (through base32_common-inl.h).
#if defined(SORTID_KERNELS_BASE32_ENCODE_STREAM_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_BASE32_ENCODE_STREAM_INL_H_
#undef SORTID_KERNELS_BASE32_ENCODE_STREAM_INL_H_
#else
#define SORTID_KERNELS_BASE32_ENCODE_STREAM_INL_H_
#endif

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "hwy/highway.h"
#include "kernels/base32_encode_stream.h"
#include "kernels/kernel_api.h"
#include "kernels/simd_common-inl.h"
#include "kernels/target_guard.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

// x86 only: the blocks are filled by unaligned 128-bit loads and inserts.
#if HWY_ARCH_X86 && HWY_TARGET != HWY_SCALAR

// Block b of the result holds the 16 bytes at in + offset[b].
template <class D>
HWY_INLINE hn::Vec<D> LoadChunkWindows(D d, const uint8_t* in, const uint16_t* offset) {
  if constexpr (BlocksOf(D()) == 1) {
    return hn::LoadU(d, in + offset[0]);
  } else {
    const hn::Half<D> dh;
    constexpr size_t kHalf = BlocksOf(D()) / 2;
    return hn::Combine(d, LoadChunkWindows(dh, in, offset + kHalf),
                       LoadChunkWindows(dh, in, offset));
  }
}

// True when any of the kIds IDs at ids has one of the top 28 bits set (a
// Record ID that cannot be encoded). AVX-512: the IDs ORed as whole vectors
// (kIds / 4 loads) and one vptestmq against top_bits (bytes 0-3 of each
// block: FF FF FF F0). AVX2 / SSE4, whose vector ALUs are the bottleneck: a
// fully unrolled scalar OR of each ID's first four bytes (integer ALUs, no
// loop branch).
template <size_t kIds, class D>
HWY_INLINE bool AnyTopBitsSet(D d, const uint8_t* ids, hn::Vec<D> top_bits) {
#if SORTID_X86_AT_LEAST(AVX3)
  constexpr size_t kVectors = kIds / BlocksOf(D());
  static_assert(kVectors >= 1 && kVectors * BlocksOf(D()) == kIds);
  auto any = hn::LoadU(d, ids);
  for (size_t v = 1; v < kVectors; ++v) {
    any = hn::Or(any, hn::LoadU(d, ids + 16 * BlocksOf(D()) * v));
  }
  return _mm512_test_epi64_mask(any.raw, top_bits.raw) != 0;
#else
  (void)d;
  (void)top_bits;
  uint32_t any = 0;
#pragma GCC unroll 32
  for (size_t j = 0; j < kIds; ++j) {
    uint32_t head;
    std::memcpy(&head, ids + 16 * j, 4);
    any |= head;
  }
  uint8_t bytes[4];
  std::memcpy(bytes, &any, 4);
  return (bytes[0] | bytes[1] | bytes[2] | (bytes[3] & 0xF0)) != 0;
#endif
}

// Blocks of vector v (chunks v * kBlocks ...): unaligned 128-bit loads and
// inserts, or (permute tables given, kBlocks == 4) one load and vpermd.
// Returns the windows and the shuffle that gathers each pair's bytes.
template <class Tables, class Permute, class D>
HWY_INLINE hn::Vec<D> StreamWindows(D d, const uint8_t* in, const Tables& t, Permute permute,
                                    size_t v, hn::Vec<D>* shuffle) {
  constexpr size_t kBlocks = BlocksOf(D());
  const size_t c = v * kBlocks;
  if constexpr (!std::is_same_v<Permute, std::nullptr_t>) {
    const hn::Repartition<uint32_t, D> d32;
    *shuffle = hn::LoadU(d, &permute->shuffle[16 * c]);
    const auto raw = hn::BitCast(d32, hn::LoadU(d, in + permute->base[v]));
    const auto lanes = hn::IndicesFromVec(d32, hn::LoadU(d32, &permute->perm[4 * c]));
    return hn::BitCast(d, hn::TableLookupLanes(raw, lanes));
  } else {
    (void)permute;
    *shuffle = hn::LoadU(d, &t.shuffle[16 * c]);
    return LoadChunkWindows(d, in, t.offset.data() + c);
  }
}

// Encodes groups of BlocksOf(d) periods from item begin on, while a whole
// group fits before end; returns where it stopped: end, the start of the last
// partial group, or (kCheckTopBits) the start of a group holding an ID that
// cannot be encoded, for the caller's per-ID path. chars maps a vector of
// 5-bit values (garbage-free, < 32) to alphabet characters.
// Whole vectors are stored back to back: no overlapping 16-byte stores per ID,
// no lane extracts, no cache-line splits beyond those of a contiguous copy.
template <class Tables, bool kCheckTopBits, class Permute, class D, class Chars>
HWY_INLINE size_t EncodeBase32Stream(D d, const Tables& t, Permute permute, size_t chars_per_id,
                                     const kernels::EncodeArgs& args, size_t begin, size_t end,
                                     ValidityWriter* validity, const Chars& chars) {
  constexpr size_t kBlocks = BlocksOf(D());
  constexpr size_t kGroupIds = kBlocks * Tables::kPeriodIds;
  constexpr size_t kVectors = Tables::kPeriodChunks;  // per group: kBlocks chunks each
  static_assert(kBlocks <= Tables::kMaxBlocks && kGroupIds <= 32);  // ValidityWriter's group
  const hn::Repartition<uint16_t, D> d16;
  const auto low5 = hn::Set(d, 0x1F);
  static constexpr std::array<uint8_t, 16> kTopBits = {0xFF, 0xFF, 0xFF, 0xF0};
  const auto top_bits = Table(d, kTopBits);
  const uint8_t* ids = args.ids;
  auto* out = reinterpret_cast<uint8_t*>(args.out);
  // A local copy of the validity writer, stored back on return: the
  // character stores below (uint8_t) may alias *validity, so GCC kept its
  // fields in memory and flushed each 64-bit word byte by byte with a reload
  // of the pointer and the bits around every byte store (a quarter of the
  // AVX3 ULID loop's samples in perf). A local whose address never escapes
  // lives in registers.
  ValidityWriter local_validity = *validity;
  size_t i = begin;
  for (; i + kGroupIds <= end; i += kGroupIds) {
    const uint8_t* in = ids + 16 * i;
    if constexpr (kCheckTopBits) {
      if (AnyTopBitsSet<kGroupIds>(d, in, top_bits)) break;
    }
    uint8_t* group_out = out + i * chars_per_id;
#pragma GCC unroll 13
    for (size_t v = 0; v < kVectors; ++v) {
      const size_t c = v * kBlocks;  // first chunk of this vector
      hn::Vec<D> shuffle;
      const auto window = StreamWindows(d, in, t, permute, v, &shuffle);
      const auto w = hn::BitCast(d16, hn::TableLookupBytesOr0(window, shuffle));
      const auto first = hn::MulHigh(w, hn::LoadU(d16, &t.mul_hi[8 * c]));
#if SORTID_X86_AT_LEAST(AVX3)
      // vpsllvw instead of vpmullw: on Zen 5 it issues on other pipes than
      // vpmulhuw (vpmulhuw + vpmullw share two), and on Skylake-SP it uses
      // port 0 where vpmullw zmm also takes port 5, which the shuffles need
      // (docs/performance.md, "Why the kernels look as they do").
      const auto second = hn::Shl(w, hn::LoadU(d16, &t.shl_lo[8 * c]));
#else
      // AVX2 / SSE4 have no 16-bit variable shift (Highway would emulate it
      // with this multiply).
      const auto second = hn::Mul(w, hn::LoadU(d16, &t.mul_lo[8 * c]));
#endif
      // Low byte of each lane from MulHigh, high byte from the left shift;
      // bits 5-7 of either are neighbouring bits.
      const auto index = hn::And(hn::OddEven(hn::BitCast(d, second), hn::BitCast(d, first)), low5);
      hn::StoreU(chars(index), d, group_out + 16 * c);
    }
    local_validity.Append(0, kGroupIds);
  }
  *validity = local_validity;
  return i;
}

#endif  // HWY_ARCH_X86 && HWY_TARGET != HWY_SCALAR

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_BASE32_ENCODE_STREAM_INL_H_
