// Per-target building blocks shared by the text kernels: one ID per 128-bit
// block (wider vectors hold 2 or 4 IDs), block loads/stores at a stride, the
// prefix / terminator checks, per-block error reduction into validity bits.
//
// Every load and store touches only bytes of the item it belongs to: a 16-byte
// load at offset o of an item is issued only when o + 16 <= item length.
//
// Toggle include guard: included once per target by kernels/dispatch.cc.
#if defined(SORTID_KERNELS_SIMD_COMMON_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_SIMD_COMMON_INL_H_
#undef SORTID_KERNELS_SIMD_COMMON_INL_H_
#else
#define SORTID_KERNELS_SIMD_COMMON_INL_H_
#endif

#include <cstring>

#include "hwy/highway.h"
#include "kernels/kernel_api.h"
#include "kernels/simd_tables.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Highway's single-lane fallback target gets no kernels (the reference kernel
// stands in for it, see dispatch.cc).
#if HWY_TARGET != HWY_SCALAR

// x86 vectors hold 1, 2 or 4 IDs (SSE4, AVX2, AVX-512); elsewhere one per
// 128-bit vector, which every Highway target supports.
#if HWY_ARCH_X86
using BulkTag = hn::ScalableTag<uint8_t>;
#else
using BulkTag = hn::Full128<uint8_t>;
#endif
using OneTag = hn::Full128<uint8_t>;

template <class D>
constexpr size_t BlocksOf(D d) {
  return hn::MaxLanes(d) / 16;
}

// Vector whose block b holds the 16 bytes at p + b * stride.
template <class D>
HWY_INLINE hn::Vec<D> LoadBlocks(D d, const uint8_t* p, size_t stride) {
  if constexpr (BlocksOf(D()) == 1) {
    return hn::LoadU(d, p);
  } else {
    const hn::Half<D> dh;
    constexpr size_t kHalf = BlocksOf(D()) / 2;
    return hn::Combine(d, LoadBlocks(dh, p + kHalf * stride, stride), LoadBlocks(dh, p, stride));
  }
}

// Stores block b of v to p + b * stride.
template <class D>
HWY_INLINE void StoreBlocks(D d, hn::Vec<D> v, uint8_t* p, size_t stride) {
  if constexpr (BlocksOf(D()) == 1) {
    hn::StoreU(v, d, p);
  } else {
    const hn::Half<D> dh;
    constexpr size_t kHalf = BlocksOf(D()) / 2;
    StoreBlocks(dh, hn::LowerHalf(dh, v), p, stride);
    StoreBlocks(dh, hn::UpperHalf(dh, v), p + kHalf * stride, stride);
  }
}

template <class D, size_t kN>
HWY_INLINE hn::Vec<D> Table(D d, const std::array<uint8_t, kN>& table) {
  static_assert(kN == 16);
  return hn::LoadDup128(d, table.data());
}

template <class D, size_t kN>
HWY_INLINE hn::Vec<hn::Repartition<uint16_t, D>> Table16(D /*d*/,
                                                         const std::array<uint16_t, kN>& t) {
  static_assert(kN == 8);
  return hn::LoadDup128(hn::Repartition<uint16_t, D>(), t.data());
}

// Reduces an error vector (any non-zero byte = error) to one flag per block.
// Returns the flags as bits (bit b = block b) and sets *keep to all-ones in
// valid blocks and zero in invalid ones.
template <class D>
HWY_INLINE uint32_t BlockErrors(D d, hn::Vec<D> error, hn::Vec<D>* keep) {
  const hn::Repartition<uint64_t, D> d64;
  auto e64 = hn::BitCast(d64, error);
  e64 = hn::Or(e64, hn::Shuffle01(e64));
  const auto ok = hn::Eq(e64, hn::Zero(d64));
  *keep = hn::BitCast(d, hn::VecFromMask(d64, ok));
  uint8_t bits[8] = {};
  hn::StoreMaskBits(d64, ok, bits);
  // Both u64 lanes of a block agree: keep the even bits, squeeze them together.
  constexpr uint32_t kLanes = (1u << (2 * BlocksOf(D()))) - 1;
  uint32_t errors = ~static_cast<uint32_t>(bits[0]) & kLanes & 0x55u;
  errors = (errors | (errors >> 1)) & 0x33u;
  return (errors | (errors >> 2)) & 0x0Fu;
}

// Text-side layout shared by encoders and decoders: a fixed prefix before the
// ID and an optional terminator after it. Prepared once per kernel call as
// plain byte arrays (Highway vectors cannot live in structs on every target).
struct ItemLayout {
  static constexpr size_t kMaxChunks = 8;  // prefixes up to 128 bytes

  ItemLayout(const char* prefix_bytes, size_t prefix_length, int terminator_byte, size_t id_length,
             size_t slot_stride)
      : prefix_len(prefix_length),
        terminator(terminator_byte),
        id_len(id_length),
        stride(slot_stride) {
    // Chunk k covers prefix bytes [offset, offset + 16): consecutive 16-byte
    // pieces, the last one overlapping; a prefix under 16 bytes is one chunk
    // whose lanes past the prefix are ignored (decode) or overwritten by the
    // ID characters (encode). All chunks lie inside the item.
    chunks = prefix_len == 0 ? 0 : (prefix_len + 15) / 16;
    if (chunks > kMaxChunks) return;
    for (size_t k = 0; k < chunks; ++k) {
      const size_t at =
          prefix_len < 16 ? 0 : (16 * k + 16 <= prefix_len ? 16 * k : prefix_len - 16);
      const size_t live = prefix_len < 16 ? prefix_len : 16;
      chunk_offset[k] = at;
      std::memset(chunk_bytes[k], 0, 16);
      std::memset(chunk_live[k], 0, 16);
      std::memcpy(chunk_bytes[k], prefix_bytes + at, live);
      std::memset(chunk_live[k], 0xFF, live);
    }
    std::memset(terminator_lane, 0, 16);
    terminator_lane[15] = 0xFF;
  }

  bool Supported() const { return chunks <= kMaxChunks; }
  size_t Length() const { return prefix_len + id_len + (terminator >= 0 ? 1 : 0); }

  size_t prefix_len;
  int terminator;
  size_t id_len;
  size_t stride;
  size_t chunks = 0;
  size_t chunk_offset[kMaxChunks] = {};
  alignas(16) uint8_t chunk_bytes[kMaxChunks][16];
  alignas(16) uint8_t chunk_live[kMaxChunks][16];
  alignas(16) uint8_t terminator_lane[16];
};

// Error bytes (non-zero lanes) for items whose prefix or terminator differs.
template <class D>
HWY_INLINE hn::Vec<D> LayoutErrors(D d, const ItemLayout& layout, const uint8_t* item) {
  auto error = hn::Zero(d);
  for (size_t k = 0; k < layout.chunks; ++k) {
    const auto got = LoadBlocks(d, item + layout.chunk_offset[k], layout.stride);
    const auto diff = hn::Xor(got, hn::LoadDup128(d, layout.chunk_bytes[k]));
    error = hn::Or(error, hn::And(diff, hn::LoadDup128(d, layout.chunk_live[k])));
  }
  if (layout.terminator >= 0) {
    // The terminator is the last byte of the 16 ending at it.
    const size_t at = layout.prefix_len + layout.id_len;
    const auto got = LoadBlocks(d, item + at - 15, layout.stride);
    const auto diff = hn::Xor(got, hn::Set(d, static_cast<uint8_t>(layout.terminator)));
    error = hn::Or(error, hn::And(diff, hn::LoadDup128(d, layout.terminator_lane)));
  }
  return error;
}

// Writes the prefix chunks; the caller then stores the ID characters (which
// overwrite any chunk lanes past a short prefix) and the terminator.
template <class D>
HWY_INLINE void StorePrefix(D d, const ItemLayout& layout, uint8_t* slot) {
  for (size_t k = 0; k < layout.chunks; ++k) {
    StoreBlocks(d, hn::LoadDup128(d, layout.chunk_bytes[k]), slot + layout.chunk_offset[k],
                layout.stride);
  }
}

// Writes the terminator byte of n items.
HWY_INLINE void StoreTerminators(const ItemLayout& layout, uint8_t* slot, size_t n) {
  if (layout.terminator < 0) return;
  const size_t at = layout.prefix_len + layout.id_len;
  for (size_t b = 0; b < n; ++b) {
    slot[b * layout.stride + at] = static_cast<uint8_t>(layout.terminator);
  }
}

// How many items to write another way first so that the item after them
// starts `alignment`-byte aligned (out: item 0's first byte, items `stride`
// apart), when one of the first `alignment` items does; else 0.
HWY_INLINE size_t ItemsBeforeAligned(const void* out, size_t stride, size_t alignment) {
  const auto at = reinterpret_cast<uintptr_t>(out);
  for (size_t n = 0; n < alignment; ++n) {
    if ((at + n * stride) % alignment == 0) return n;
  }
  return 0;
}

// Collects validity bits in a register and writes the bitmap 8 bytes at a
// time (a read-modify-write per item would chain through store forwarding).
// Items are appended in order, in groups of 1 to 32 (a group may cross a
// 64-item word).
class ValidityWriter {
 public:
  explicit ValidityWriter(uint8_t* bitmap) : next_(bitmap) {}

  // n items, bit b of errors set when item b is invalid.
  HWY_INLINE void Append(uint32_t errors, size_t n) {
    const uint64_t valid = ~uint64_t{errors} & ((uint64_t{1} << n) - 1);
    bits_ |= valid << filled_;
    invalid_ += static_cast<size_t>(hwy::PopCount(errors));
    filled_ += n;
    if (filled_ >= 64) {
      for (size_t byte = 0; byte < 8; ++byte)
        next_[byte] = static_cast<uint8_t>(bits_ >> (8 * byte));
      next_ += 8;
      filled_ -= 64;
      // A group that crossed the 64-bit word: its bits past it start the next.
      bits_ = filled_ == 0 ? 0 : valid >> (n - filled_);
    }
  }

  // Writes the pending bits (whole bytes, zero past the last item); returns
  // the number of invalid items appended.
  HWY_INLINE size_t Finish() {
    for (size_t byte = 0; byte * 8 < filled_; ++byte)
      next_[byte] = static_cast<uint8_t>(bits_ >> (8 * byte));
    return invalid_;
  }

 private:
  uint8_t* next_;
  uint64_t bits_ = 0;
  size_t filled_ = 0;
  size_t invalid_ = 0;
};

// The index for a 16-entry TableLookupBytes: x86's vpshufb reads the low
// nibble of any byte below 0x80 as is (bytes >= 0x80 give 0); elsewhere the
// low nibble is isolated.
template <class D>
HWY_INLINE hn::Vec<D> NibbleIndex(D d, hn::Vec<D> v) {
#if HWY_ARCH_X86
  (void)d;
  return v;
#else
  return hn::And(v, hn::Set(d, 0x0F));
#endif
}

// Per byte: yes where bit kBit of selector is set, else no (the bit is
// shifted to bit 7 within its byte: one vpblendvb on AVX2 / SSE4; on AVX3
// vpmovb2m + vpblendmb: vpmovb2m runs on port 0, where vptestmb would take
// port 5, on which the decoder's loop is bound).
template <int kBit, class D>
HWY_INLINE hn::Vec<D> SelectByBit(D d, hn::Vec<D> selector, hn::Vec<D> yes, hn::Vec<D> no) {
  const hn::RebindToSigned<D> di;
  const hn::Repartition<uint16_t, D> d16;
  const auto sign = hn::BitCast(di, hn::ShiftLeft<7 - kBit>(hn::BitCast(d16, selector)));
  return hn::BitCast(d, hn::IfNegativeThenElse(sign, hn::BitCast(di, yes), hn::BitCast(di, no)));
}

#endif  // HWY_TARGET != HWY_SCALAR

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_SIMD_COMMON_INL_H_
