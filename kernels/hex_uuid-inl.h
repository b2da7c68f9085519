// UUID text (RFC 9562 §4: 8-4-4-4-12 lower-case hex, or 32 bare hex digits)
// bulk encode / decode, one ID per 128-bit block; where the call's plan names
// them, AVX3_DL paths (kernels/avx3_dl/uuid_dense-inl.h, uuid_decode-inl.h)
// and the AVX2 / AVX3 decoders of two items per step take the bulk and the
// kernels here finish the tail. Encode interleaves nibbles and maps them to
// ASCII with one 16-entry lookup; decode gathers the 32 digits by shuffles,
// translates them by nibble tables (value and error at once) and joins them
// with pmaddubsw / packuswb on x86 (the nibble-pair idea of W. Mula and
// D. Lemire, "Faster Base64 Encoding and Decoding Using AVX2 Instructions",
// ACM TOW 2018). Contract: docs/spec.md §1.3, §2.

// Toggle include guard: included once per target by kernels/dispatch.cc.
#if defined(SORTID_KERNELS_HEX_UUID_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_HEX_UUID_INL_H_
#undef SORTID_KERNELS_HEX_UUID_INL_H_
#else
#define SORTID_KERNELS_HEX_UUID_INL_H_
#endif

#include <cstring>

#include "hwy/highway.h"
#include "kernels/alphabet.h"
#include "kernels/avx2/uuid_decode-inl.h"
#include "kernels/avx2/uuid_encode-inl.h"
#include "kernels/avx2/uuid_encode_stream-inl.h"
#include "kernels/avx3/uuid_decode-inl.h"
#include "kernels/avx3_dl/uuid_decode-inl.h"
#include "kernels/avx3_dl/uuid_dense-inl.h"
#include "kernels/kernel_api.h"
#include "kernels/scalar/reference.h"
#include "kernels/simd_common-inl.h"
#include "kernels/simd_tables.h"
#include "kernels/target_guard.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if HWY_TARGET != HWY_SCALAR

#if HWY_ARCH_X86
// x86 (vpshufb looks at the low 4 bits of an index below 0x80): the value
// is min(u, u - 0x37) with u = c & 0x4F (digits: u = 0-9, u - 0x37 wraps
// above; letters of either case: u = 0x41-0x46, u - 0x37 = 10-15), one
// vector op each. It is right exactly when c is the character the value
// stands for up to the case of a letter: (c ^ kLower[v]) & kCaseMask[v] == 0
// (kCaseMask ignores bit 5 for the letters only; every other byte, the
// non-ASCII ones included, differs there: checked for all 256 bytes by
// tests/kernels/uuid_decode_test.cc). Two table lookups, not three, and no nibble
// extraction.
struct HexTables {
  std::array<uint8_t, 16> lower, case_mask;
};
constexpr HexTables MakeHexTables() {
  HexTables t{};
  for (size_t k = 0; k < 16; ++k) {
    t.lower[k] = static_cast<uint8_t>(alphabet::kHexLower[k]);
    t.case_mask[k] = static_cast<uint8_t>(k < 10 ? 0xFF : 0xDF);
  }
  return t;
}
inline constexpr HexTables kHexTables = MakeHexTables();

// Hex characters -> 0-15; ors a non-zero byte into *error for anything else.
template <class D>
HWY_INLINE hn::Vec<D> TranslateHex(D d, hn::Vec<D> chars, hn::Vec<D>* error) {
  const auto u = hn::And(chars, hn::Set(d, 0x4F));
  const auto value = hn::Min(u, hn::Sub(u, hn::Set(d, 0x37)));
  // value <= 0x18 (u <= 0x4F): vpshufb uses its low 4 bits.
  const auto differs = hn::Xor(chars, hn::TableLookupBytes(Table(d, kHexTables.lower), value));
  *error = hn::OrAnd(*error, differs, hn::TableLookupBytes(Table(d, kHexTables.case_mask), value));
  return value;
}
#else
// Hex translation by the high and low nibble (three in-block table
// lookups): value = low + 9 for the letter rows 4 and 6 (A-F, a-f), low for
// the digit row 3; the error is non-zero when the low nibble's set of
// invalid rows (bit 0: >= 10, invalid in row 3; bit 1: 0 or >= 7, invalid in
// rows 4 and 6; bit 2: every nibble) meets the row's bit (every other row,
// bytes >= 0x80 included, has bit 2).
struct HexTables {
  std::array<uint8_t, 16> bad_for_row, bad_for_low, row_offset;
};
constexpr HexTables MakeHexTables() {
  HexTables t{};
  for (size_t k = 0; k < 16; ++k) {
    const bool letter_row = k == 4 || k == 6;
    t.bad_for_row[k] = static_cast<uint8_t>(k == 3 ? 1 : letter_row ? 2 : 4);
    t.bad_for_low[k] = static_cast<uint8_t>((k >= 10 ? 1 : 0) | (k == 0 || k >= 7 ? 2 : 0) | 4);
    t.row_offset[k] = static_cast<uint8_t>(letter_row ? 9 : 0);
  }
  return t;
}
inline constexpr HexTables kHexTables = MakeHexTables();

// Hex characters -> 0-15; ors a non-zero byte into *error for anything else.
template <class D>
HWY_INLINE hn::Vec<D> TranslateHex(D d, hn::Vec<D> chars, hn::Vec<D>* error) {
  const auto row = hn::ShiftRight<4>(chars);
  const auto low = hn::And(chars, hn::Set(d, 0x0F));
  *error = hn::Or(*error, hn::And(hn::TableLookupBytes(Table(d, kHexTables.bad_for_row), row),
                                  hn::TableLookupBytes(Table(d, kHexTables.bad_for_low), low)));
  return hn::Add(low, hn::TableLookupBytes(Table(d, kHexTables.row_offset), row));
}
#endif  // HWY_ARCH_X86

// Digits 0-15 (n0) and 16-31 (n1) of each block -> its 16 bytes: digit
// pairs joined by pmaddubsw (weights 16, 1), the u16 lanes narrowed by
// packuswb (in-block, so block b of the result is block b's ID).
template <class D>
HWY_INLINE hn::Vec<D> JoinDigits(D d, hn::Vec<D> n0, hn::Vec<D> n1) {
#if SORTID_X86_AT_LEAST(SSE4)
  // u16 lanes of bytes {16, 1}: weights of the high and the low digit.
  const auto k = hn::BitCast(d, hn::Set(hn::Repartition<uint16_t, D>(), 0x0110)).raw;
  hn::Vec<D> joined;
  if constexpr (hn::MaxLanes(D()) == 16) {
    joined.raw = _mm_packus_epi16(_mm_maddubs_epi16(n0.raw, k), _mm_maddubs_epi16(n1.raw, k));
  }
#if SORTID_X86_AT_LEAST(AVX2)
  if constexpr (hn::MaxLanes(D()) == 32) {
    joined.raw =
        _mm256_packus_epi16(_mm256_maddubs_epi16(n0.raw, k), _mm256_maddubs_epi16(n1.raw, k));
  }
#endif
#if SORTID_X86_AT_LEAST(AVX3)
  if constexpr (hn::MaxLanes(D()) == 64) {
    joined.raw =
        _mm512_packus_epi16(_mm512_maddubs_epi16(n0.raw, k), _mm512_maddubs_epi16(n1.raw, k));
  }
#endif
  return joined;
#else
  const hn::Repartition<uint16_t, D> d16;
  auto join = [&](hn::Vec<D> n) {
    const auto w = hn::BitCast(d16, n);
    return hn::BitCast(
        d, hn::Or(hn::ShiftLeft<4>(hn::And(w, hn::Set(d16, 0x00FF))), hn::ShiftRight<8>(w)));
  };
  return hn::Or(hn::TableLookupBytesOr0(join(n0), Table(d, simd_tables::kEvenToLow)),
                hn::TableLookupBytesOr0(join(n1), Table(d, simd_tables::kEvenToHigh)));
#endif  // SORTID_X86_AT_LEAST(SSE4)
}

// Lanes 2, 7, 8 and 13: the hyphens of the blend of windows W0 and W1 in
// DecodeUuidStep (x86).
constexpr std::array<uint8_t, 16> MakeUuidHyphenLanes() {
  std::array<uint8_t, 16> t{};
  for (size_t j = 0; j < 16; ++j) {
    t[j] = static_cast<uint8_t>(simd_tables::kUuidDecode.hyphen_lanes[0][j] |
                                simd_tables::kUuidDecode.hyphen_lanes[1][j]);
  }
  return t;
}
inline constexpr std::array<uint8_t, 16> kUuidHyphenLanes = MakeUuidHyphenLanes();

// Whether every byte of v is zero: one (v)ptest on x86 (AllTrue(Eq(v, 0))
// is a compare, a movemask and a scalar compare).
template <class D>
HWY_INLINE bool AllZero(D d, hn::Vec<D> v) {
#if SORTID_X86_AT_LEAST(SSE4)
  if constexpr (hn::MaxLanes(D()) == 16) return _mm_testz_si128(v.raw, v.raw) != 0;
#if SORTID_X86_AT_LEAST(AVX2)
  if constexpr (hn::MaxLanes(D()) == 32) return _mm256_testz_si256(v.raw, v.raw) != 0;
#endif
#endif
  return hn::AllTrue(d, hn::Eq(v, hn::Zero(d)));
}

// Decodes BlocksOf(d) items at item (stride apart) into out; returns their
// error bits. The 36-character form: windows [0,16), [16,32), [20,36);
// digits gathered first, then translated, hyphens compared in place.
// Hex digits are joined into bytes by pmaddubsw and packuswb on x86.
// kLayoutBytes: the layout has a prefix or a terminator to check.
template <bool kHyphens, bool kLayoutBytes = true, class D>
HWY_INLINE uint32_t DecodeUuidStep(D d, const ItemLayout& layout, const uint8_t* item,
                                   uint8_t* out) {
  namespace t = simd_tables;
  auto error = kLayoutBytes ? LayoutErrors(d, layout, item) : hn::Zero(d);
  const uint8_t* id = item + layout.prefix_len;
  hn::Vec<D> c0, c1;
  if constexpr (kHyphens) {
    const auto w0 = LoadBlocks(d, id, layout.stride);
    const auto w1 = LoadBlocks(d, id + 16, layout.stride);
    const auto w2 = LoadBlocks(d, id + 20, layout.stride);
    const auto dash = hn::Set(d, '-');
#if SORTID_X86_AT_LEAST(SSE4)
    // The hyphens at 8 and 13 (W0) and 18 and 23 (W1 lanes 2 and 7) lie in
    // different 16-bit lanes: one blend of words 1 and 3 of W1 into W0 holds
    // all four, compared at once.
    static_assert(
        t::kUuidDecode.hyphen_lanes[1][2] == 0xFF && t::kUuidDecode.hyphen_lanes[1][7] == 0xFF &&
        t::kUuidDecode.hyphen_lanes[0][8] == 0xFF && t::kUuidDecode.hyphen_lanes[0][13] == 0xFF);
    hn::Vec<D> hyphens;
    if constexpr (hn::MaxLanes(D()) == 16) hyphens.raw = _mm_blend_epi16(w0.raw, w1.raw, 0x0A);
#if SORTID_X86_AT_LEAST(AVX2)
    if constexpr (hn::MaxLanes(D()) == 32) hyphens.raw = _mm256_blend_epi16(w0.raw, w1.raw, 0x0A);
#endif
#if SORTID_X86_AT_LEAST(AVX3)
    if constexpr (hn::MaxLanes(D()) == 64) {
      hyphens.raw = _mm512_mask_blend_epi16(0x0A0A0A0A, w0.raw, w1.raw);
    }
#endif
    error = hn::OrAnd(error, hn::Xor(hyphens, dash), Table(d, kUuidHyphenLanes));
#else
    error =
        hn::Or(error, hn::Or(hn::And(hn::Xor(w0, dash), Table(d, t::kUuidDecode.hyphen_lanes[0])),
                             hn::And(hn::Xor(w1, dash), Table(d, t::kUuidDecode.hyphen_lanes[1]))));
#endif
    c0 = hn::Or(hn::TableLookupBytesOr0(w0, Table(d, t::kUuidDecode.n0_from_l0)),
                hn::TableLookupBytesOr0(w1, Table(d, t::kUuidDecode.n0_from_l1)));
    c1 = hn::Or(hn::TableLookupBytesOr0(w1, Table(d, t::kUuidDecode.n1_from_l1)),
                hn::TableLookupBytesOr0(w2, Table(d, t::kUuidDecode.n1_from_l2)));
  } else {
    c0 = LoadBlocks(d, id, layout.stride);
    c1 = LoadBlocks(d, id + 16, layout.stride);
  }
  const auto n0 = TranslateHex(d, c0, &error);
  const auto n1 = TranslateHex(d, c1, &error);
  const auto bytes = JoinDigits(d, n0, n1);
  if (HWY_LIKELY(AllZero(d, error))) {
    hn::StoreU(bytes, d, out);
    return 0;
  }
  hn::Vec<D> keep;
  const uint32_t errors = BlockErrors(d, error, &keep);
  hn::StoreU(hn::And(bytes, keep), d, out);
  return errors;
}

// Calls step(tag, i) for items [begin, count): whole vectors of
// BlocksOf(BulkTag()) items, then one item per 128-bit vector.
template <class Step>
HWY_INLINE void ForEachStep(size_t begin, size_t count, Step step) {
  size_t i = begin;
  for (; i + BlocksOf(BulkTag()) <= count; i += BlocksOf(BulkTag())) step(BulkTag(), i);
  for (; i < count; ++i) step(OneTag(), i);
}

// The format and the block kernels' text layout for UUID (kHyphens) or UUID
// hex items at `stride`.
template <bool kHyphens>
constexpr Format kUuidFormat = kHyphens ? Format::kUuid : Format::kUuidHex;
template <bool kHyphens, class Args>
ItemLayout UuidLayout(const Args& args, size_t stride) {
  return ItemLayout(args.prefix, args.prefix_len, args.terminator,
                    kernels::kTextLength[static_cast<int>(kUuidFormat<kHyphens>)], stride);
}

#if SORTID_TARGET_UUID_AVX2_PAIRS || SORTID_TARGET_UUID_AVX3_QUADS
// The first count - count % N items by the AVX2 pairs (N = 2,
// kernels/avx2/uuid_decode-inl.h) or the AVX3 quads (N = 4, two items per
// 512-bit vector, kernels/avx3/uuid_decode-inl.h); returns how many.
// kLayoutBytes: the layout has a prefix or a terminator to check.
template <bool kHyphens, bool kLayoutBytes>
HWY_INLINE size_t DecodeUuidWide(const kernels::DecodeArgs& args, const ItemLayout& layout,
                                 ValidityWriter* validity) {
  const auto translate = [](auto d, auto chars, auto* error)
                             HWY_ATTR { return TranslateHex(d, chars, error); };
#if SORTID_TARGET_UUID_AVX3_QUADS
  constexpr size_t kItems = 4;
  const hn::Full512<uint8_t> d;
#else
  constexpr size_t kItems = 2;
  const hn::Full256<uint8_t> d;
#endif
  // Locals: the stores could alias args as far as the compiler knows.
  const auto* text = reinterpret_cast<const uint8_t*>(args.text);
  const size_t count = args.count, stride = args.stride, prefix_len = layout.prefix_len;
  uint8_t* ids = args.ids;
  size_t i = 0;
  for (; i + kItems <= count; i += kItems) {
    const uint8_t* item = text + i * stride;
    const auto layout_errors = kLayoutBytes ? LayoutErrors(d, layout, item) : hn::Zero(d);
#if SORTID_TARGET_UUID_AVX3_QUADS
    validity->Append(DecodeUuidQuadAvx3<kHyphens>(item + prefix_len, stride, layout_errors.raw,
                                                  ids + 16 * i, translate),
                     kItems);
#else
    validity->Append(DecodeUuidPairAvx2<kHyphens>(item + prefix_len, stride, layout_errors.raw,
                                                  ids + 16 * i, translate),
                     kItems);
#endif
  }
  return i;
}
#endif

// Items [begin, count) by the block kernel: whole vectors of
// BlocksOf(BulkTag()) items, then one item per 128-bit vector. Plain loops
// (ForEachStep's generic lambda was not inlined: a call per step, with the
// validity bits going through memory).
template <bool kHyphens, bool kLayoutBytes>
HWY_INLINE void DecodeUuidSteps(const kernels::DecodeArgs& args, const ItemLayout& layout,
                                size_t begin, ValidityWriter* validity) {
  const auto* text = reinterpret_cast<const uint8_t*>(args.text);
  const size_t count = args.count, stride = args.stride;
  uint8_t* ids = args.ids;
  const BulkTag bulk;
  const OneTag one;
  size_t i = begin;
  for (; i + BlocksOf(bulk) <= count; i += BlocksOf(bulk)) {
    validity->Append(
        DecodeUuidStep<kHyphens, kLayoutBytes>(bulk, layout, text + i * stride, ids + 16 * i),
        BlocksOf(bulk));
  }
  for (; i < count; ++i) {
    validity->Append(
        DecodeUuidStep<kHyphens, kLayoutBytes>(one, layout, text + i * stride, ids + 16 * i), 1);
  }
}

template <bool kHyphens>
size_t DecodeUuidBlocks(const kernels::DecodeArgs& args) {
  const ItemLayout layout = UuidLayout<kHyphens>(args, args.stride);
  if (!layout.Supported()) return reference::Decode(kUuidFormat<kHyphens>, args);
  ValidityWriter validity(args.validity);
  const bool layout_bytes = layout.chunks != 0 || layout.terminator >= 0;
  size_t begin = 0;
#if SORTID_TARGET_UUID_AVX2_PAIRS || SORTID_TARGET_UUID_AVX3_QUADS
  begin = layout_bytes ? DecodeUuidWide<kHyphens, true>(args, layout, &validity)
                       : DecodeUuidWide<kHyphens, false>(args, layout, &validity);
#endif
  if (!layout_bytes) {
    DecodeUuidSteps<kHyphens, false>(args, layout, begin, &validity);
  } else {
    DecodeUuidSteps<kHyphens, true>(args, layout, begin, &validity);
  }
  return validity.Finish();
}

// Entry point: the AVX-512 VBMI dense path (kernels/avx3_dl/uuid_decode-inl.h)
// for the first items when the call's plan names it, the block
// kernel for the rest (or everything).
template <bool kHyphens>
size_t DecodeUuid(const kernels::DecodeArgs& args) {
  size_t dense = 0, dense_invalid = 0;
#if SORTID_X86_AT_LEAST(AVX3_DL)
  const auto* plan = kernels::PathOf(args) == kernels::KernelPath::kDense
                         ? kernels::PlanOf<simd_tables::UuidDecodePlan>(args)
                         : nullptr;
  if (plan != nullptr && args.stride == plan->stride)
    dense = DecodeUuidDense(args, *plan, &dense_invalid);
#endif
  return dense_invalid + DecodeUuidBlocks<kHyphens>(kernels::SkipItems(args, dense));
}

// One 16-character output window [w, w + 16) of the 36-character form; a
// lookup into the hex digits of bytes 0..7 (h0) or 8..15 (h1) is made only
// when the window takes a digit from them (window 0 needs no h1, window 20
// no h0).
template <int kWindow, class D>
HWY_INLINE void StoreUuidWindow(D d, hn::Vec<D> h0, hn::Vec<D> h1, uint8_t* text, size_t stride) {
  namespace t = simd_tables;
  constexpr const t::UuidEncodeWindow& win = t::kUuidEncode[kWindow];
  auto chars = Table(d, win.hyphens);
  if constexpr (t::TakesAny(win.from_h0)) {
    chars = hn::Or(chars, hn::TableLookupBytesOr0(h0, Table(d, win.from_h0)));
  }
  if constexpr (t::TakesAny(win.from_h1)) {
    chars = hn::Or(chars, hn::TableLookupBytesOr0(h1, Table(d, win.from_h1)));
  }
  StoreBlocks(d, chars, text + t::kUuidWindows[kWindow], stride);
}

// Encodes BlocksOf(d) IDs: high / low nibbles interleaved, a 16-entry table
// lookup to ASCII, and for the hyphenated form three 16-byte windows (output
// [0,16), [16,32), [20,36)) assembled by shuffles with hyphens ORed in.
// The layout values an encode step reads, held in registers: a character
// store may alias the ItemLayout (its address is taken), so reading its
// fields in the loop would reload them after every store.
struct EncodeSlots {
  size_t stride;
  size_t prefix_len;
  size_t terminator_at;  // from the slot's start
  int terminator;        // < 0: none
  bool prefix;
};
inline EncodeSlots EncodeSlotsOf(const ItemLayout& layout) {
  return {layout.stride, layout.prefix_len, layout.prefix_len + layout.id_len, layout.terminator,
          layout.chunks != 0};
}

// Encodes BlocksOf(d) IDs: high / low nibbles interleaved, a 16-entry table
// lookup to ASCII, and for the hyphenated form three 16-byte windows (output
// [0,16), [16,32), [20,36)) assembled by shuffles with hyphens ORed in.
template <bool kHyphens, class D>
HWY_INLINE void EncodeUuidStep(D d, const ItemLayout& layout, EncodeSlots slots,
                               const uint8_t* hex_digits, const uint8_t* ids, uint8_t* slot) {
  const auto id = hn::LoadU(d, ids);
  const auto digits = hn::LoadDup128(d, hex_digits);
  const auto high = hn::ShiftRight<4>(id);
  const auto low = hn::And(id, hn::Set(d, 0x0F));
  const auto h0 = hn::TableLookupBytes(digits, hn::InterleaveLower(d, high, low));
  const auto h1 = hn::TableLookupBytes(digits, hn::InterleaveUpper(d, high, low));
  if (slots.prefix) StorePrefix(d, layout, slot);
  uint8_t* text = slot + slots.prefix_len;
  if constexpr (kHyphens) {
    StoreUuidWindow<0>(d, h0, h1, text, slots.stride);
    StoreUuidWindow<1>(d, h0, h1, text, slots.stride);
    StoreUuidWindow<2>(d, h0, h1, text, slots.stride);
  } else {
    StoreBlocks(d, h0, text, slots.stride);
    StoreBlocks(d, h1, text + 16, slots.stride);
  }
  if (slots.terminator >= 0) {
    for (size_t b = 0; b < BlocksOf(D()); ++b) {
      slot[b * slots.stride + slots.terminator_at] = static_cast<uint8_t>(slots.terminator);
    }
  }
}

#if SORTID_TARGET_UUID_AVX2_ENCODE_PAIRS
// Items [begin, count - (count - begin) % 2) by the AVX2 pairs
// (kernels/avx2/uuid_encode-inl.h); returns where the rest starts.
template <bool kHyphens, bool kTerminator>
HWY_INLINE size_t EncodeUuidPairs(const ItemLayout& layout, EncodeSlots slots,
                                  const uint8_t* hex_digits, const uint8_t* ids, uint8_t* out,
                                  size_t begin, size_t count) {
  const UuidEncodeConstants k =
      UuidEncodeConstantsOf<kHyphens, kTerminator>(hex_digits, slots.terminator);
  const BulkTag d;
  static_assert(BlocksOf(BulkTag()) == 2);
  size_t i = begin;
  for (; i + 2 <= count; i += 2) {
    uint8_t* slot = out + i * slots.stride;
    if (slots.prefix) StorePrefix(d, layout, slot);
    EncodeUuidPairAvx2<kHyphens, kTerminator>(k, ids + 16 * i, slot + slots.prefix_len,
                                              slots.stride);
  }
  return i;
}
#endif

template <bool kHyphens>
size_t EncodeUuid(const kernels::EncodeArgs& args) {
  const ItemLayout layout = UuidLayout<kHyphens>(args, args.out_stride);
  if (!layout.Supported()) return reference::Encode(kUuidFormat<kHyphens>, args);
  alignas(16) uint8_t hex_digits[16];
  std::memcpy(hex_digits, args.lower ? alphabet::kHexLower : alphabet::kHexUpper, 16);
  auto* out = reinterpret_cast<uint8_t*>(args.out);
  size_t dense = 0;
#if SORTID_X86_AT_LEAST(AVX3_DL)
  const auto* plan = kernels::PathOf(args) == kernels::KernelPath::kDense
                         ? kernels::PlanOf<simd_tables::UuidDensePlan>(args)
                         : nullptr;
  if (plan != nullptr && args.count >= 4) dense = EncodeUuidDense(args, *plan);
#endif
  // Locals, not args.*: the char stores may alias args, so GCC would reload
  // args.ids and args.out_stride from memory for every step.
  const uint8_t* const ids = args.ids;
  const size_t stride = args.out_stride;
  const EncodeSlots slots = EncodeSlotsOf(layout);
  // Items [begin, end) by the AVX2 pairs, then one vector of items at a time.
  const auto encode_items = [&](size_t begin, size_t end) {
#if SORTID_TARGET_UUID_AVX2_ENCODE_PAIRS
    begin = slots.terminator >= 0
                ? EncodeUuidPairs<kHyphens, true>(layout, slots, hex_digits, ids, out, begin, end)
                : EncodeUuidPairs<kHyphens, false>(layout, slots, hex_digits, ids, out, begin, end);
#endif
    ForEachStep(begin, end, [&](auto d, size_t i) {
      EncodeUuidStep<kHyphens>(d, layout, slots, hex_digits, ids + 16 * i, out + i * stride);
    });
  };
  size_t done = dense;
#if SORTID_TARGET_UUID_AVX2_ENCODE_PAIRS
  // Items back to back with no prefix: the stream encoder from the first
  // item whose text starts 32-byte aligned (so that no stream store splits a
  // cache line), when 64 items or more remain (at most 31 before that item,
  // then at least one group).
  const bool terminator = slots.terminator >= 0;
  if (!slots.prefix && stride == layout.id_len + (terminator ? 1 : 0) && (kHyphens || terminator) &&
      args.count - done >= 64) {
    const size_t aligned = done + ItemsBeforeAligned(out + done * stride, stride, 32);
    encode_items(done, aligned);
    done = terminator ? EncodeUuidStreamAvx2<kHyphens, true>(hex_digits, slots.terminator, ids, out,
                                                             aligned, args.count)
                      : EncodeUuidStreamAvx2<kHyphens, false>(hex_digits, slots.terminator, ids,
                                                              out, aligned, args.count);
  }
#endif
  encode_items(done, args.count);
  // Every 16-byte value is a valid UUID.
  std::memset(args.validity, 0xFF, args.count / 8);
  if (args.count % 8)
    args.validity[args.count / 8] = static_cast<uint8_t>((1u << (args.count % 8)) - 1);
  return 0;
}

#endif  // HWY_TARGET != HWY_SCALAR

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_HEX_UUID_INL_H_
