// The portable Crockford Base32 encoder for ULID and Record ID (AVX-512
// without VBMI, AVX2, SSE4, NEON / SVE; the AVX3_DL remainders too), one ID
// per 128-bit block: a byte shuffle gathers, for each pair of output
// characters, the 16-bit window holding its 10 bits; MulHigh / Mul with
// per-lane powers of two align the two 5-bit fields (the AVX2 idea of W. Mula
// & D. Lemire, "Faster Base64 Encoding and Decoding Using AVX2 Instructions",
// ACM TOW 2018, adapted to 5-bit groups); CrockfordChars maps 0-31 to the
// alphabet. Plain layouts on x86 take the stream encoder
// (kernels/base32_encode_stream-inl.h) for whole groups. Contract:
// docs/spec.md §1-§2; Crockford Base32.

// Toggle include guard: included once per target by kernels/base32_common-inl.h.
#if defined(SORTID_KERNELS_BASE32_ENCODE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_BASE32_ENCODE_INL_H_
#undef SORTID_KERNELS_BASE32_ENCODE_INL_H_
#else
#define SORTID_KERNELS_BASE32_ENCODE_INL_H_
#endif

#include <array>
#include <cstdint>
#include <type_traits>

#include "hwy/highway.h"
#include "kernels/base32_encode_stream-inl.h"
#include "kernels/kernel_api.h"
#include "kernels/scalar/reference.h"
#include "kernels/simd_common-inl.h"
#include "kernels/simd_tables.h"
#include "kernels/target_guard.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if HWY_TARGET != HWY_SCALAR

// Alphabet tables for encoding, upper and lower case.
struct CrockfordEncodeTables {
  alignas(16) std::array<uint8_t, 16> alphabet_lo, alphabet_hi;
  alignas(64) std::array<uint8_t, 64> alphabet64;  // the 32 digits twice
};
constexpr CrockfordEncodeTables MakeCrockfordEncodeTables(bool lower) {
  CrockfordEncodeTables t{
      simd_tables::AlphabetHalf(lower, 0), simd_tables::AlphabetHalf(lower, 1), {}};
  for (size_t i = 0; i < 64; ++i)
    t.alphabet64[i] = (i % 32 < 16 ? t.alphabet_lo : t.alphabet_hi)[i % 16];
  return t;
}
inline constexpr CrockfordEncodeTables kCrockfordEncode[2] = {MakeCrockfordEncodeTables(false),
                                                              MakeCrockfordEncodeTables(true)};
using Base32EncodeState = CrockfordEncodeTables;

// The alphabet as two table vectors for CrockfordChars, loaded once per range
// (the character stores may alias the tables, so a load inside the loop would
// be repeated every step). With VBMI at 64 lanes, lo is the 64-byte table.
template <class D>
HWY_INLINE hn::Vec<D> AlphabetLo(D d, const Base32EncodeState& s) {
#if SORTID_X86_AT_LEAST(AVX3_DL)
  if constexpr (hn::MaxLanes(D()) == 64) return hn::Load(d, s.alphabet64.data());
#endif
  return hn::LoadDup128(d, s.alphabet_lo.data());
}
template <class D>
HWY_INLINE hn::Vec<D> AlphabetHi(D d, const Base32EncodeState& s) {
  return hn::LoadDup128(d, s.alphabet_hi.data());
}

// 5-bit values -> alphabet characters (tables from AlphabetLo / AlphabetHi).
// Two 16-entry table lookups and a blend on bit 4 (one 64-byte vpermb on
// AVX3_DL and newer).
template <class D>
HWY_INLINE hn::Vec<D> CrockfordChars(D d, hn::Vec<D> index, hn::Vec<D> alphabet_lo,
                                     hn::Vec<D> alphabet_hi) {
#if SORTID_X86_AT_LEAST(AVX3_DL)
  if constexpr (hn::MaxLanes(D()) == 64) {
    (void)alphabet_hi;
    return hn::Vec<D>{_mm512_permutexvar_epi8(index.raw, alphabet_lo.raw)};
  }
#endif
  // index < 32: bit 4 picks the upper half.
  const auto low = NibbleIndex(d, index);
  const auto from_hi = hn::TableLookupBytes(alphabet_hi, low);
  const auto from_lo = hn::TableLookupBytes(alphabet_lo, low);
#if SORTID_X86_AT_LEAST(AVX3)
  // AVX-512: vptestmb into a mask register, one vpblendmb (no shift).
  return hn::IfThenElse(hn::TestBit(index, hn::Set(d, 0x10)), from_hi, from_lo);
#else
  return SelectByBit<4>(d, index, from_hi, from_lo);
#endif
}

// The terminator in the second chunk's store (kFoldTerminator): that chunk's
// characters move down one lane and the terminator takes lane 15, so an item
// is two stores, not two and a byte store. Byte stores after overlapping
// vector stores, at a stride that is not a multiple of 4 (lines), are what
// bounded this kernel on AMD Zen 3. Not with AVX-512, whose kernels here
// were not measured with it.
#if SORTID_X86_AT_LEAST(AVX3)
inline constexpr bool kCanFoldTerminator = false;
#else
inline constexpr bool kCanFoldTerminator = true;
#endif
// 0xFF at the terminator's byte of a whole item's high lane, in both lanes
// (before the lanes are paired up).
template <class Fmt>
inline constexpr std::array<uint8_t, 32> kWholeTerminatorLane = [] {
  std::array<uint8_t, 32> t{};
  t[Fmt::kChars - 16] = t[Fmt::kChars] = 0xFF;
  return t;
}();
inline constexpr std::array<uint8_t, 16> kDownOneLane = {1, 2,  3,  4,  5,  6,  7,  8,
                                                         9, 10, 11, 12, 13, 14, 15, 0x80};

#define SORTID_TARGET_BASE32_AVX2_WHOLE_LINES \
  (SORTID_X86_AT_LEAST(AVX2) && !SORTID_X86_AT_LEAST(AVX3))
// Lines on AVX2 (no prefix, stride = characters + 1): each item one 32-byte
// store, its characters [16, kChars) and the terminator moved into the high
// lane from the second chunk. The store runs past the item into the next
// one's first bytes, which that item's store then writes: never the last
// item of a call. Fewer stores again than two per item (kFoldTerminator).
template <class Fmt>
constexpr std::array<uint8_t, 32> WholeItemDown() {
  std::array<uint8_t, 32> t{};
  constexpr size_t kShift = 16 - Fmt::kSecondChunk;  // chunk lane of character 16
  for (size_t j = 0; j < 32; ++j) {
    t[j] = j % 16 + kShift < 16 ? static_cast<uint8_t>(j % 16 + kShift) : uint8_t{0x80};
  }
  return t;
}

// Encodes items [begin, end) in steps of kUnroll * BlocksOf(d); returns where
// it stopped. kPlain and the locals: as for DecodeBase32Range.
// kFoldTerminator: the layout has a terminator (kCanFoldTerminator).
// kWholeItems: lines on AVX2 (WholeItemDown), stopping before the last item.
template <class Fmt, bool kPlain, size_t kUnroll, bool kFoldTerminator = false,
          bool kWholeItems = false, class D>
HWY_INLINE size_t EncodeBase32Range(D d, const kernels::EncodeArgs& args, const ItemLayout& layout,
                                    const Base32EncodeState& s, size_t begin, size_t end,
                                    ValidityWriter* validity) {
  constexpr size_t kBlocks = BlocksOf(D());
  const hn::Repartition<uint16_t, D> d16;
  static constexpr std::array<uint8_t, 16> kTopBits = {0xFF, 0xFF, 0xFF, 0xF0};
  const auto& lo = Fmt::kEncodeLo;
  const auto& hi = Fmt::kEncodeHi;
  const auto shuffle_lo = Table(d, lo.shuffle), shuffle_hi = Table(d, hi.shuffle);
  const auto mask_hi_lo = Table16(d, lo.mask_hi), mul_hi_lo = Table16(d, lo.mul_hi);
  const auto mask_lo_lo = Table16(d, lo.mask_lo), mul_lo_lo = Table16(d, lo.mul_lo);
  const auto mask_hi_hi = Table16(d, hi.mask_hi), mul_hi_hi = Table16(d, hi.mul_hi);
  const auto mask_lo_hi = Table16(d, hi.mask_lo), mul_lo_hi = Table16(d, hi.mul_lo);
  const auto top_bits = Table(d, kTopBits);
  const auto alphabet_lo = AlphabetLo(d, s), alphabet_hi = AlphabetHi(d, s);
  auto* out = reinterpret_cast<uint8_t*>(args.out);
  const uint8_t* const ids = args.ids;
  const size_t stride = args.out_stride;
  const size_t prefix_len = kPlain ? 0 : layout.prefix_len;
  static_assert(!kFoldTerminator || (!kPlain && kCanFoldTerminator));
  const auto down_one_lane = Table(d, kDownOneLane);
  const auto terminator_lane =
      hn::And(hn::LoadDup128(d, layout.terminator_lane),
              hn::Set(d, static_cast<uint8_t>(kFoldTerminator ? layout.terminator : 0)));
  constexpr size_t kSecondStore = Fmt::kSecondChunk + (kFoldTerminator ? 1 : 0);
  static_assert(!kWholeItems || (kFoldTerminator && hn::MaxLanes(D()) == 32));
#if SORTID_TARGET_BASE32_AVX2_WHOLE_LINES
  static constexpr auto kWholeDown = WholeItemDown<Fmt>();
  // The terminator at byte kChars - 16 of the high lane (after the shift).
  const __m256i whole_down =
      _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kWholeDown.data()));
  const __m256i whole_terminator = _mm256_and_si256(
      _mm256_set1_epi8(static_cast<char>(kWholeItems ? layout.terminator : 0)),
      _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kWholeTerminatorLane<Fmt>.data())));
#endif
  const size_t last = kWholeItems ? 1 : 0;  // items left after the last step
  size_t i = begin;
  for (; i + kUnroll * kBlocks + last <= end; i += kUnroll * kBlocks) {
    uint32_t step_errors = 0;
#pragma GCC unroll 4
    for (size_t u = 0; u < kUnroll; ++u) {
      const size_t at = i + u * kBlocks;
      const auto id = hn::LoadU(d, ids + 16 * at);
      auto keep = hn::Set(d, 0xFF);
      if constexpr (Fmt::kTopBitsMustBeZero) {
        step_errors |= BlockErrors(d, hn::And(id, top_bits), &keep) << (u * kBlocks);
      }
      // Sixteen characters (eight pairs) per chunk: 16-bit windows, then the
      // two 5-bit fields aligned by a high and a low multiply.
      const auto w0 = hn::BitCast(d16, hn::TableLookupBytesOr0(id, shuffle_lo));
      const auto w1 = hn::BitCast(d16, hn::TableLookupBytesOr0(id, shuffle_hi));
      const auto index0 = hn::Or(hn::MulHigh(hn::And(w0, mask_hi_lo), mul_hi_lo),
                                 hn::Mul(hn::And(w0, mask_lo_lo), mul_lo_lo));
      const auto index1 = hn::Or(hn::MulHigh(hn::And(w1, mask_hi_hi), mul_hi_hi),
                                 hn::Mul(hn::And(w1, mask_lo_hi), mul_lo_hi));
      auto chars0 = CrockfordChars(d, hn::BitCast(d, index0), alphabet_lo, alphabet_hi);
      auto chars1 = CrockfordChars(d, hn::BitCast(d, index1), alphabet_lo, alphabet_hi);
      if constexpr (Fmt::kTopBitsMustBeZero) {
        chars0 = hn::And(chars0, keep);
        chars1 = hn::And(chars1, keep);
      }
      uint8_t* slot = out + at * stride;
#if SORTID_TARGET_BASE32_AVX2_WHOLE_LINES
      if constexpr (kWholeItems) {
        const __m256i high =
            _mm256_or_si256(_mm256_shuffle_epi8(chars1.raw, whole_down), whole_terminator);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(slot),
                            _mm256_permute2x128_si256(chars0.raw, high, 0x20));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(slot + stride),
                            _mm256_permute2x128_si256(chars0.raw, high, 0x31));
        continue;
      }
#endif
      if constexpr (kFoldTerminator) {
        chars1 = hn::Or(hn::TableLookupBytesOr0(chars1, down_one_lane), terminator_lane);
      }
      if constexpr (!kPlain) StorePrefix(d, layout, slot);
      StoreBlocks(d, chars0, slot + prefix_len, stride);
      StoreBlocks(d, chars1, slot + prefix_len + kSecondStore, stride);
      if constexpr (!kPlain && !kFoldTerminator) StoreTerminators(layout, slot, kBlocks);
    }
    validity->Append(step_errors, kUnroll * kBlocks);
  }
  return i;
}

template <class Fmt, bool kPlain>
void EncodeBase32Layout(const kernels::EncodeArgs& args, const ItemLayout& layout,
                        const Base32EncodeState& state, size_t begin, size_t end,
                        ValidityWriter* validity) {
  // Nothing to do (the stream encoder's aligned start and whole-group end,
  // the usual case): skip the three ranges' table set-up.
  if (begin >= end) return;
  if constexpr (!kPlain && kCanFoldTerminator) {
    if (layout.terminator >= 0) {
      size_t done = begin;
#if SORTID_TARGET_BASE32_AVX2_WHOLE_LINES
      if (layout.prefix_len == 0 && layout.stride == Fmt::kChars + 1) {
        done = EncodeBase32Range<Fmt, kPlain, 2, true, true>(BulkTag(), args, layout, state, done,
                                                             end, validity);
      }
#endif
      done = EncodeBase32Range<Fmt, kPlain, 2, true>(BulkTag(), args, layout, state, done, end,
                                                     validity);
      done = EncodeBase32Range<Fmt, kPlain, 1, true>(BulkTag(), args, layout, state, done, end,
                                                     validity);
      EncodeBase32Range<Fmt, kPlain, 1, true>(OneTag(), args, layout, state, done, end, validity);
      return;
    }
  }
  size_t done =
      EncodeBase32Range<Fmt, kPlain, 2>(BulkTag(), args, layout, state, begin, end, validity);
  done = EncodeBase32Range<Fmt, kPlain, 1>(BulkTag(), args, layout, state, done, end, validity);
  EncodeBase32Range<Fmt, kPlain, 1>(OneTag(), args, layout, state, done, end, validity);
}

#if HWY_ARCH_X86
template <class Fmt>
constexpr const auto& StreamTablesOf() {
  if constexpr (Fmt::kFormat == Format::kUlid) {
    return simd_tables::kUlidStreamEncode;
  } else {
    return simd_tables::kRecordStreamEncode;
  }
}

// The permute tables for kBlocks, or nullptr (see base32_encode_stream.h).
// AVX2 fills its two blocks by a load and a 128-bit insert from memory:
// vpermd costs about two byte shuffles on AMD Zen 3 (docs/performance.md).
template <class Fmt, size_t kBlocks>
constexpr auto StreamPermuteOf() {
  if constexpr (Fmt::kFormat == Format::kUlid && kBlocks == 4) {
    return &simd_tables::kUlidStreamPermute4;
  } else {
    return nullptr;
  }
}

// Plain layout at stride = text length: whole groups through the stream
// encoder (kernels/base32_encode_stream-inl.h); a group holding a Record ID
// that cannot be encoded goes through the per-ID path, which writes its NUL
// characters and validity bits. Returns the items done (whole groups).
template <class Fmt>
size_t EncodeBase32Stream(const kernels::EncodeArgs& args, const ItemLayout& layout,
                          const Base32EncodeState& state, ValidityWriter* validity) {
  const BulkTag d;
  const auto& tables = StreamTablesOf<Fmt>();
  using Tables = std::remove_cv_t<std::remove_reference_t<decltype(tables)>>;
  constexpr size_t kGroupIds = BlocksOf(BulkTag()) * Tables::kPeriodIds;
  constexpr auto permute = StreamPermuteOf<Fmt, BlocksOf(BulkTag())>();
  const auto alphabet_lo = AlphabetLo(d, state), alphabet_hi = AlphabetHi(d, state);
#if SORTID_X86_AT_LEAST(AVX3)
  const auto chars = [alphabet_lo, alphabet_hi](hn::Vec<BulkTag> index) HWY_ATTR {
    return CrockfordChars(BulkTag(), index, alphabet_lo, alphabet_hi);
  };
#else
  // Two lookups and two adds, no shift or blend: every value's high-half
  // character, plus (low - high) for values < 16, whose index + 0x70 keeps
  // bit 7 clear (values >= 16 reach 0x80 and look up 0).
  const auto low_minus_high = hn::Sub(alphabet_lo, alphabet_hi);
  const auto to_high_bit = hn::Set(d, 0x70);
  const auto chars = [alphabet_hi, low_minus_high, to_high_bit](hn::Vec<BulkTag> index) HWY_ATTR {
    return hn::Add(hn::TableLookupBytes(alphabet_hi, index),
                   hn::TableLookupBytesOr0(low_minus_high, hn::Add(index, to_high_bit)));
  };
#endif
  // The first items through the per-ID path until the output is 64-byte
  // aligned (when some item start is): every group then starts aligned (a
  // group's text is a multiple of 64 bytes), and no vector store splits a
  // cache line.
  size_t done = ItemsBeforeAligned(args.out, Fmt::kChars, 64);
  if (done + kGroupIds > args.count) done = 0;
  EncodeBase32Layout<Fmt, true>(args, layout, state, 0, done, validity);
  for (;;) {
    done = EncodeBase32Stream<Tables, Fmt::kTopBitsMustBeZero>(
        d, tables, permute, Fmt::kChars, args, done, args.count, validity, chars);
    if (!Fmt::kTopBitsMustBeZero || done + kGroupIds > args.count) return done;
    done =
        EncodeBase32Range<Fmt, true, 1>(d, args, layout, state, done, done + kGroupIds, validity);
  }
}
#endif

template <class Fmt>
size_t EncodeBase32(const kernels::EncodeArgs& args) {
  const ItemLayout layout(args.prefix, args.prefix_len, args.terminator, Fmt::kChars,
                          args.out_stride);
  if (!layout.Supported()) return reference::Encode(Fmt::kFormat, args);
  const Base32EncodeState& state = kCrockfordEncode[args.lower];
  ValidityWriter validity(args.validity);
  if (layout.chunks == 0 && layout.terminator < 0) {
    size_t done = 0;
#if HWY_ARCH_X86
    if (args.out_stride == Fmt::kChars)
      done = EncodeBase32Stream<Fmt>(args, layout, state, &validity);
#endif
    EncodeBase32Layout<Fmt, true>(args, layout, state, done, args.count, &validity);
  } else {
    EncodeBase32Layout<Fmt, false>(args, layout, state, 0, args.count, &validity);
  }
  return validity.Finish();
}

#endif  // HWY_TARGET != HWY_SCALAR

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_BASE32_ENCODE_INL_H_
