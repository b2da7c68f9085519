// Crockford Base32 bulk decode for ULID and Record ID, and the kernel table's
// entry points for both directions (encode: base32_encode-inl.h and
// base32_encode_stream-inl.h). Decode translates characters to 5-bit values
// (16-entry row tables by low nibble, or a 128-entry vpermi2b on AVX3_DL as in
// Mula & Lemire's AVX-512 VBMI base64), packs 5 -> 10 -> 20 -> 40 bits with
// pmaddubsw / pmaddwd (shifts off x86) and shuffles out big-endian bytes.
// Invariant: every error is a byte with bit 7 set, tested once per step, and
// only a step holding an invalid item works out per-item validity
// (base32_decode-inl.h); results equal the reference kernel's bit for bit.
// Contract: docs/spec.md §1-§2; docs/formats.md.

// Toggle include guard: included once per target by kernels/dispatch.cc.
#if defined(SORTID_KERNELS_BASE32_COMMON_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_BASE32_COMMON_INL_H_
#undef SORTID_KERNELS_BASE32_COMMON_INL_H_
#else
#define SORTID_KERNELS_BASE32_COMMON_INL_H_
#endif

#include <cstring>
#include <type_traits>

#include "hwy/highway.h"
#include "kernels/avx2/crockford_decode-inl.h"
#include "kernels/avx3/crockford_decode-inl.h"
#include "kernels/avx3_dl/crockford_dense-inl.h"
#include "kernels/avx3_dl/crockford_stream-inl.h"
#include "kernels/avx3_dl/crockford_stream_decode-inl.h"
#include "kernels/base32_decode-inl.h"
#include "kernels/base32_encode-inl.h"
#include "kernels/kernel_api.h"
#include "kernels/scalar/reference.h"
#include "kernels/simd_common-inl.h"
#include "kernels/simd_tables.h"
#include "kernels/target_guard.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if HWY_TARGET != HWY_SCALAR

// Translation tables for each (lenient, lower_only) combination, built at
// compile time from the alphabet.
struct CrockfordDecodeTables {
  alignas(64) std::array<uint8_t, 128> ascii;
  alignas(16) std::array<uint8_t, 16> row_digits, row_4, row_5;
  // AVX2 and AVX-512 without VBMI: row_digits XOR row_4 and row_4 XOR row_5
  // (TranslateCrockford XORs three lookups instead of selecting between them).
  alignas(16) std::array<uint8_t, 16> digits_xor_4, row_4_xor_5;
  // NEON: value + 1 (0 = invalid) for bytes 0x30-0x6F and 0x70-0xAF, for one
  // 64-byte vqtbl4q_u8 lookup and one vqtbx4q_u8.
  alignas(16) std::array<uint8_t, 64> from_0x30, from_0x70;
};
constexpr CrockfordDecodeTables MakeCrockfordDecodeTables(bool lenient, bool lower_only) {
  CrockfordDecodeTables t{simd_tables::CrockfordAscii(lenient, lower_only),
                          simd_tables::CrockfordRow(3, lenient),
                          simd_tables::CrockfordRow(4, lenient),
                          simd_tables::CrockfordRow(5, lenient),
                          {},
                          {},
                          {},
                          {}};
  for (size_t i = 0; i < 16; ++i) {
    t.digits_xor_4[i] = static_cast<uint8_t>(t.row_digits[i] ^ t.row_4[i]);
    t.row_4_xor_5[i] = static_cast<uint8_t>(t.row_4[i] ^ t.row_5[i]);
  }
  for (size_t i = 0; i < 64; ++i) {
    const auto plus_one = [&](size_t c) -> uint8_t {
      return c < 128 && t.ascii[c] != simd_tables::kZero ? static_cast<uint8_t>(t.ascii[c] + 1) : 0;
    };
    t.from_0x30[i] = plus_one(0x30 + i);
    t.from_0x70[i] = plus_one(0x70 + i);
  }
  return t;
}
inline constexpr CrockfordDecodeTables kCrockfordDecode[2][2] = {
    {MakeCrockfordDecodeTables(false, false), MakeCrockfordDecodeTables(false, true)},
    {MakeCrockfordDecodeTables(true, false), MakeCrockfordDecodeTables(true, true)}};

// Per-call decode state.
struct Base32DecodeState {
  Base32DecodeState(bool lenient, bool lower_only)
      : tables(kCrockfordDecode[lenient][lower_only]) {}

  const CrockfordDecodeTables& tables;
};

// Whether TranslateCrockford XORs three lookups (and the decoders pass it
// the XOR tables): every x86 width from AVX2 up but AVX3_DL's 512-bit one,
// which has vpermi2b. SSE4 keeps the blends: its two-operand forms add a
// register copy per lookup.
template <class D>
constexpr bool UsesCrockfordXorTables(D) {
  return SORTID_X86_AT_LEAST(AVX2) && !(SORTID_X86_AT_LEAST(AVX3_DL) && hn::MaxLanes(D()) == 64);
}

// Characters -> 5-bit values, or a value with bit 7 set for any byte outside
// the alphabet; on the three-table path (x86 without VBMI, SVE) only for
// bytes in 0x30-0x7F, the rest is OutsideCrockfordRows'. The translator's vectors are made
// once per range (kernel loops must not rebuild constants per iteration).
// Letter rows: 0x4_/0x6_ and 0x5_/0x7_ (bit 5 is the case bit); kLowerOnly
// (TypeID) accepts only the lower-case rows 0x6_ and 0x7_.
template <bool kLowerOnly, class D>
HWY_INLINE hn::Vec<D> TranslateCrockford(D d, hn::Vec<D> chars, const Base32DecodeState& s,
                                         hn::Vec<D> row_digits, hn::Vec<D> row_4,
                                         hn::Vec<D> row_5) {
#if SORTID_X86_AT_LEAST(AVX3_DL)
  if constexpr (hn::MaxLanes(D()) == 64) {
    // One 128-entry vpermi2b; bytes >= 0x80 keep their high bit.
    const __m512i lo = _mm512_load_si512(s.tables.ascii.data());
    const __m512i hi = _mm512_load_si512(s.tables.ascii.data() + 64);
    const hn::Vec<D> values{_mm512_permutex2var_epi8(lo, chars.raw, hi)};
    return hn::Or(values, hn::And(chars, hn::Set(d, 0x80)));
  }
#endif
#if SORTID_ARM_NEON
  if constexpr (hn::MaxLanes(D()) == 16) {
    // Two 64-byte table lookups instead of three 16-byte ones with selects:
    // bytes outside 0x30-0xAF index out of range and stay 0 (= invalid).
    const uint8x16x4_t low = vld1q_u8_x4(s.tables.from_0x30.data());
    const uint8x16x4_t high = vld1q_u8_x4(s.tables.from_0x70.data());
    uint8x16_t plus_one = vqtbl4q_u8(low, vsubq_u8(chars.raw, vdupq_n_u8(0x30)));
    plus_one = vqtbx4q_u8(plus_one, high, vsubq_u8(chars.raw, vdupq_n_u8(0x70)));
    return hn::Vec<D>{vsubq_u8(plus_one, vdupq_n_u8(1))};  // invalid: 0xFF
  }
#endif
  (void)s;
#if SORTID_X86_AT_LEAST(AVX2)
  if constexpr (UsesCrockfordXorTables(D())) {
    // No blends (vpblendvb costs more than a vpshufb plus a vpxor on Intel
    // cores), no mask registers (vptestmb / vpmovb2m issue on one pipe on AMD
    // family 26) and no shift (vpsllw cost more than and / add there): with
    // the case bit cleared the rows are 0x1_ (digits), 0x4_ and 0x5_. row_5's
    // lookup for every byte, XORed with row_4 ^ row_5 in rows 0x1_ and 0x4_
    // (+0x30 sets bit 7 of row 0x5_ only) and digits ^ row_4 in row 0x1_
    // (+0x60 sets bit 7 of rows 0x4_ and 0x5_); an index with bit 7 set makes
    // vpshufb give 0 (row_4 and row_digits hold the XOR tables here, see
    // DecodeBase32Range). Bytes outside 0x30-0x7F: OutsideCrockfordRows.
    const auto folded = hn::And(chars, hn::Set(d, 0xDF));
    const auto from_5 = hn::TableLookupBytesOr0(row_5, folded);
    const auto from_4 = hn::TableLookupBytesOr0(row_4, hn::Add(folded, hn::Set(d, 0x30)));
    const auto from_digits = hn::TableLookupBytesOr0(row_digits, hn::Add(folded, hn::Set(d, 0x60)));
    hn::Vec<D> values = hn::Xor(hn::Xor(from_5, from_4), from_digits);
#if SORTID_X86_AT_LEAST(AVX3)
    if constexpr (hn::MaxLanes(D()) == 64) {  // one vpternlogd
      values.raw = _mm512_ternarylogic_epi32(from_5.raw, from_4.raw, from_digits.raw, 0x96);
    }
#endif
    if constexpr (kLowerOnly) {  // rows 0x4_ and 0x5_ are invalid
      values = hn::Or(
          values, hn::VecFromMask(d, hn::Eq(hn::And(chars, hn::Set(d, 0x60)), hn::Set(d, 0x40))));
    }
    return values;
  }
#endif
  // Bytes outside 0x30-0x7F are not marked here (OutsideCrockfordRows does
  // that once for two vectors). Bit 4 picks row 0x5_/0x7_ over 0x4_/0x6_;
  // bit 6 (bit 7 of chars + chars) letters over digits.
  const hn::RebindToSigned<D> di;
  const auto low = NibbleIndex(d, chars);
  const auto from_5 = hn::TableLookupBytes(row_5, low), from_4 = hn::TableLookupBytes(row_4, low);
  const auto digits = hn::TableLookupBytes(row_digits, low);
#if SORTID_X86_AT_LEAST(AVX3)
  // AVX-512: vptestmb (port 5 on Intel) for bit 4; bit 6 below by vpmovb2m
  // (port 0), so the two selects do not queue on one port.
  const auto letters = hn::IfThenElse(hn::TestBit(chars, hn::Set(d, 0x10)), from_5, from_4);
#else
  const auto letters = SelectByBit<4>(d, chars, from_5, from_4);
#endif
  const auto values =
      hn::BitCast(d, hn::IfNegativeThenElse(hn::BitCast(di, hn::Add(chars, chars)),
                                            hn::BitCast(di, letters), hn::BitCast(di, digits)));
  if constexpr (kLowerOnly) {  // rows 0x4_ and 0x5_ are invalid
    return hn::Or(values,
                  hn::VecFromMask(d, hn::Eq(hn::And(chars, hn::Set(d, 0x60)), hn::Set(d, 0x40))));
  }
  return values;
}

// Bit 7 set in some byte when a byte of c0 or c1 lies outside 0x30-0x7F (the
// rows TranslateCrockford's three-table path reads; its other paths mark
// those bytes themselves, and this is zero): one signed min and one signed
// saturating subtract (bytes >= 0x80 are negative).
template <class D>
HWY_INLINE hn::Vec<D> OutsideCrockfordRows(D d, hn::Vec<D> c0, hn::Vec<D> c1) {
#if SORTID_X86_AT_LEAST(AVX3_DL)
  if constexpr (hn::MaxLanes(D()) == 64) return hn::Zero(d);
#endif
#if SORTID_ARM_NEON
  if constexpr (hn::MaxLanes(D()) == 16) return hn::Zero(d);
#endif
  const hn::RebindToSigned<D> di;
  const auto lowest = hn::Min(hn::BitCast(di, c0), hn::BitCast(di, c1));
  return hn::BitCast(d, hn::SaturatedSub(lowest, hn::Set(di, 0x30)));
}

#if SORTID_X86_AT_LEAST(SSE4)
// pmaddubsw / pmaddwd at each x86 vector width (Highway 1.0.3 has neither).
HWY_INLINE __m128i MulAddPairs(__m128i a, __m128i b) { return _mm_maddubs_epi16(a, b); }
HWY_INLINE __m128i MulAddWords(__m128i a, __m128i b) { return _mm_madd_epi16(a, b); }
#if SORTID_X86_AT_LEAST(AVX2)
HWY_INLINE __m256i MulAddPairs(__m256i a, __m256i b) { return _mm256_maddubs_epi16(a, b); }
HWY_INLINE __m256i MulAddWords(__m256i a, __m256i b) { return _mm256_madd_epi16(a, b); }
#endif
#if SORTID_X86_AT_LEAST(AVX3)
HWY_INLINE __m512i MulAddPairs(__m512i a, __m512i b) { return _mm512_maddubs_epi16(a, b); }
HWY_INLINE __m512i MulAddWords(__m512i a, __m512i b) { return _mm512_madd_epi16(a, b); }
#endif
#endif  // SORTID_X86_AT_LEAST(SSE4)

// Slots of 5-bit values -> one 40-bit group per u64 lane, its little-endian
// byte k at lane byte kPackedGroupBytes[k] (the other lane bytes are
// unspecified).
#if SORTID_X86_AT_LEAST(SSE4)
inline constexpr const std::array<uint8_t, 5>& kPackedGroupBytes = simd_tables::kGroupBytesX86;
#else
inline constexpr const std::array<uint8_t, 5>& kPackedGroupBytes = simd_tables::kGroupBytesInOrder;
#endif
template <class D>
HWY_INLINE hn::Vec<D> Pack40(D d, hn::Vec<D> slots) {
  const hn::Repartition<uint16_t, D> d16;
  const hn::Repartition<uint64_t, D> d64;
#if SORTID_X86_AT_LEAST(SSE4)
  // pmaddubsw (32, 1): 5 -> 10 bits; pmaddwd (16384, 16) in even u32 lanes
  // and (1024, 1) in odd ones: the group's high 20 bits << 4 and its low 20
  // bits; the shift-or merges their shared byte (simd_tables::kGroupBytesX86).
  const hn::Vec<decltype(d64)> x{
      MulAddWords(MulAddPairs(slots.raw, hn::BitCast(d, hn::Set(d16, 0x0120)).raw),
                  hn::BitCast(d16, hn::Set(d64, 0x0001040000104000ull)).raw)};
  return hn::BitCast(d, hn::Or(x, hn::ShiftLeft<48>(x)));
#else
  const hn::Repartition<uint32_t, D> d32;
  auto w = hn::BitCast(d16, slots);
  w = hn::Or(hn::ShiftLeft<5>(hn::And(w, hn::Set(d16, 0x00FF))), hn::ShiftRight<8>(w));
  auto x = hn::BitCast(d32, w);
  x = hn::Or(hn::ShiftLeft<10>(hn::And(x, hn::Set(d32, 0xFFFFu))), hn::ShiftRight<16>(x));
  auto y = hn::BitCast(d64, x);
  y = hn::Or(hn::ShiftLeft<20>(hn::And(y, hn::Set(d64, 0xFFFFFFFFull))), hn::ShiftRight<32>(y));
  return hn::BitCast(d, y);
#endif
}

// Per-format constants. kSecondChunk: offset of the second 16-character load
// (the two loads cover the ID's characters exactly, never past them).
struct UlidFormat {
  static constexpr Format kFormat = Format::kUlid;
  static constexpr size_t kChars = 26;
  static constexpr size_t kSecondChunk = simd_tables::kUlidSecondChunk;
  static constexpr bool kFirstCharLimit = true;  // first character <= '7'
  static constexpr bool kTopBitsMustBeZero = false;
  static constexpr const simd_tables::Base32DecodeTables& kDecode = simd_tables::kUlidDecode;
  static constexpr const simd_tables::Base32EncodeTables& kEncodeLo = simd_tables::kUlidEncodeLo;
  static constexpr const simd_tables::Base32EncodeTables& kEncodeHi = simd_tables::kUlidEncodeHi;
};

struct RecordFormat {
  static constexpr Format kFormat = Format::kRecordId;
  static constexpr size_t kChars = 20;
  static constexpr size_t kSecondChunk = simd_tables::kRecordSecondChunk;
  static constexpr bool kFirstCharLimit = false;
  static constexpr bool kTopBitsMustBeZero = true;  // the 100-bit value's top 28 bits
  static constexpr const simd_tables::Base32DecodeTables& kDecode = simd_tables::kRecordDecode;
  static constexpr const simd_tables::Base32EncodeTables& kEncodeLo = simd_tables::kRecordEncodeLo;
  static constexpr const simd_tables::Base32EncodeTables& kEncodeHi = simd_tables::kRecordEncodeHi;
};

// Decodes items [begin, end) in steps of kUnroll * BlocksOf(d); returns where
// it stopped (end, or the last position a whole step does not fit). kPlain:
// no prefix and no terminator (the layout checks compile away). The stride
// and pointers live in locals: the byte stores may alias anything in memory,
// so fields read through args / layout would be reloaded every step.
// Every error is a byte with bit 7 set (kernels/base32_decode-inl.h): one
// test per step; only a step with an invalid item works out per-item flags,
// zeroes the invalid items' outputs and leaves their neighbours as decoded.
template <class Fmt, bool kPlain, bool kLowerOnly, size_t kUnroll, class D>
HWY_INLINE size_t DecodeBase32Range(D d, const kernels::DecodeArgs& args, const ItemLayout& layout,
                                    const Base32DecodeState& s, size_t begin, size_t end,
                                    ValidityWriter* validity) {
  static_assert(kUnroll == 1 || kUnroll == 2);
  constexpr size_t kBlocks = BlocksOf(D());
  constexpr bool kSlotsB = Fmt::kDecode.slots_b != simd_tables::kIdentity16;
  const auto slots_a = Table(d, Fmt::kDecode.slots_a);
  static constexpr auto kFinalA =
      simd_tables::RemapGroupBytes(Fmt::kDecode.final_a, kPackedGroupBytes);
  // Record IDs: B's slots are lanes 8-15 of the second load (slots_b moves
  // them down by 8); the final shuffle reads them from the upper u64 instead.
  static_assert(!kSlotsB || Fmt::kDecode.slots_b == simd_tables::kUpperHalfDown);
  static constexpr auto kFinalB = simd_tables::RemapGroupBytes(
      kSlotsB ? simd_tables::FromUpperHalf(Fmt::kDecode.final_b) : Fmt::kDecode.final_b,
      kPackedGroupBytes);
  const auto final_a = Table(d, kFinalA);
  const auto final_b = Table(d, kFinalB);
  const auto first_char_bias = Table(d, kFirstCharBias);
  const auto high_bit = hn::Set(d, 0x80);
  constexpr bool kXorTables = UsesCrockfordXorTables(D());
  const auto row_digits = Table(d, kXorTables ? s.tables.digits_xor_4 : s.tables.row_digits);
  const auto row_4 = Table(d, kXorTables ? s.tables.row_4_xor_5 : s.tables.row_4);
  const auto row_5 = Table(d, s.tables.row_5);
  const auto* text = reinterpret_cast<const uint8_t*>(args.text);
  const size_t prefix_len = kPlain ? 0 : layout.prefix_len;
  const size_t stride = args.stride;
  uint8_t* const ids = args.ids;
  // Decodes and stores kBlocks items from item index at; returns their error
  // bytes (bit 7 set in an invalid item's block).
  const auto decode_blocks = [&](size_t at) HWY_ATTR __attribute__((always_inline)) {
    const uint8_t* item = text + at * stride;
    const uint8_t* id = item + prefix_len;
    const auto c0 = LoadItemBlocks(d, id, stride);
    const auto c1 = LoadItemBlocks(d, id + Fmt::kSecondChunk, stride);
    const auto v0 = TranslateCrockford<kLowerOnly>(d, c0, s, row_digits, row_4, row_5);
    const auto v1 = TranslateCrockford<kLowerOnly>(d, c1, s, row_digits, row_4, row_5);
    auto error = hn::Or(Fmt::kFirstCharLimit ? hn::SaturatedAdd(v0, first_char_bias) : v0, v1);
    error = hn::Or(error, OutsideCrockfordRows(d, c0, c1));
    if constexpr (!kPlain) error = hn::Or(error, LayoutHighBitErrors(d, layout, item));
    const auto a = Pack40(d, hn::TableLookupBytesOr0(v0, slots_a));
    const auto b = Pack40(d, v1);
    const auto bytes =
        hn::Or(hn::TableLookupBytesOr0(a, final_a), hn::TableLookupBytesOr0(b, final_b));
    hn::StoreU(bytes, d, ids + 16 * at);
    return error;
  };
  // Zeroes the invalid items among the kBlocks stored from at; returns their
  // flags.
  const auto zero_invalid = [&](size_t at, hn::Vec<D> error) HWY_ATTR
      __attribute__((always_inline)) {
    hn::Vec<D> keep;
    const uint32_t errors = BlockErrors(d, hn::And(error, high_bit), &keep);
    hn::StoreU(hn::And(hn::LoadU(d, ids + 16 * at), keep), d, ids + 16 * at);
    return errors;
  };
  size_t i = begin;
  for (; i + kUnroll * kBlocks <= end; i += kUnroll * kBlocks) {
    const auto e0 = decode_blocks(i);
    const auto e1 = kUnroll == 2 ? decode_blocks(i + kBlocks) : hn::Zero(d);
    uint32_t step_errors = 0;
    if (HWY_UNLIKELY(AnyHighBit(d, hn::Or(e0, e1)))) {
      step_errors = zero_invalid(i, e0);
      if constexpr (kUnroll == 2) step_errors |= zero_invalid(i + kBlocks, e1) << kBlocks;
    }
    validity->Append(step_errors, kUnroll * kBlocks);
  }
  return i;
}

#if SORTID_TARGET_ULID_AVX3_PAIRS || SORTID_TARGET_ULID_AVX2_BORROWED
// Plain ULIDs from item begin (>= 1) with one 32-byte load per item that
// starts 6 bytes before it (kernels/avx3/crockford_decode-inl.h: two items
// per vector; kernels/avx2/crockford_decode-inl.h: one item per vector; both
// in steps of 8), with this file's translation and packing; returns where it
// stopped.
// kStride: 26, or 27 for items each followed by args.terminator (AVX2
// only).
template <bool kLowerOnly, size_t kStride = 26>
HWY_INLINE size_t DecodeUlidBorrowed(const kernels::DecodeArgs& args, const Base32DecodeState& s,
                                     size_t begin, ValidityWriter* validity) {
  const BulkTag d;
  static_assert(UsesCrockfordXorTables(BulkTag()));
  using Raw = decltype(hn::Zero(d).raw);
  const auto row_digits = Table(d, s.tables.digits_xor_4);
  const auto row_4 = Table(d, s.tables.row_4_xor_5);
  const auto row_5 = Table(d, s.tables.row_5);
  static_assert(UlidFormat::kDecode.slots_b == simd_tables::kIdentity16);
  static constexpr auto kFinalA =
      simd_tables::RemapGroupBytes(UlidFormat::kDecode.final_a, kPackedGroupBytes);
  static constexpr auto kFinalB =
      simd_tables::RemapGroupBytes(UlidFormat::kDecode.final_b, kPackedGroupBytes);
  const auto translate = [&](Raw chars) HWY_ATTR __attribute__((always_inline)) {
    return TranslateCrockford<kLowerOnly>(d, hn::Vec<BulkTag>{chars}, s, row_digits, row_4, row_5)
        .raw;
  };
  const auto pack = [&](Raw values) HWY_ATTR __attribute__((always_inline)) {
    return Pack40(d, hn::Vec<BulkTag>{values}).raw;
  };
  const auto* text = reinterpret_cast<const uint8_t*>(args.text);
  // Output bytes 0-5 from A's lanes (even), 6-15 from B's (odd): one item
  // per 256 bits, in both forms.
  alignas(64) static constexpr std::array<uint8_t, 64> kFinalAB = [] {
    std::array<uint8_t, 64> t{};
    for (size_t j = 0; j < 64; ++j) t[j] = (j / 16) % 2 == 0 ? kFinalA[j % 16] : kFinalB[j % 16];
    return t;
  }();
#if SORTID_TARGET_ULID_AVX3_PAIRS
  static_assert(kStride == 26);
  return DecodeUlidPairsAvx3(text, args.ids, begin, args.count, _mm512_load_si512(kFinalAB.data()),
                             translate, pack, validity);
#else
  return DecodeUlidBorrowedAvx2<kStride>(
      text, args.ids, begin, args.count,
      _mm256_load_si256(reinterpret_cast<const __m256i*>(kFinalAB.data())), args.terminator,
      translate, pack, validity);
#endif
}
#endif

// Not inlined: one call per batch, and its loop stays one piece to read and profile.
template <class Fmt, bool kPlain, bool kLowerOnly>
HWY_NOINLINE void DecodeBase32Layout(const kernels::DecodeArgs& args, const ItemLayout& layout,
                                     const Base32DecodeState& state, ValidityWriter* validity) {
  // Local copies: no store to the IDs can alias them, so the loop keeps them
  // in registers.
  const ItemLayout local_layout = layout;
  ValidityWriter local_validity = *validity;
  size_t done = 0;
#if SORTID_TARGET_ULID_AVX3_PAIRS || SORTID_TARGET_ULID_AVX2_BORROWED
  // Plain ULIDs, or (AVX2) lines: no prefix, the terminator right after the
  // ID.
  constexpr bool kLines = !kPlain && SORTID_TARGET_ULID_AVX2_BORROWED;
  if constexpr (Fmt::kChars == 26 && (kPlain || kLines)) {
    constexpr size_t kStep = 2 * BlocksOf(BulkTag());
    constexpr size_t kStride = kPlain ? 26 : 27;
    const bool borrowed = kPlain || (local_layout.chunks == 0 && local_layout.terminator >= 0);
    if (borrowed && args.stride == kStride && args.count >= 2 * kStep) {
      // Item 0 has no bytes before it: the first step goes the generic way.
      done = DecodeBase32Range<Fmt, kPlain, kLowerOnly, 2>(BulkTag(), args, local_layout, state, 0,
                                                           kStep, &local_validity);
      done = DecodeUlidBorrowed<kLowerOnly, kStride>(args, state, done, &local_validity);
    }
  }
#endif
  done = DecodeBase32Range<Fmt, kPlain, kLowerOnly, 2>(BulkTag(), args, local_layout, state, done,
                                                       args.count, &local_validity);
  done = DecodeBase32Range<Fmt, kPlain, kLowerOnly, 1>(BulkTag(), args, local_layout, state, done,
                                                       args.count, &local_validity);
  DecodeBase32Range<Fmt, kPlain, kLowerOnly, 1>(OneTag(), args, local_layout, state, done,
                                                args.count, &local_validity);
  *validity = local_validity;
}

template <class Fmt>
size_t DecodeBase32(const kernels::DecodeArgs& args) {
  const ItemLayout layout(args.prefix, args.prefix_len, args.terminator, Fmt::kChars, args.stride);
  if (!layout.Supported()) return reference::Decode(Fmt::kFormat, args);
  const Base32DecodeState state(args.lenient, args.lower_only);
  ValidityWriter validity(args.validity);
  const bool plain = layout.chunks == 0 && layout.terminator < 0;
  if (args.lower_only) {
    if (plain) DecodeBase32Layout<Fmt, true, true>(args, layout, state, &validity);
    if (!plain) DecodeBase32Layout<Fmt, false, true>(args, layout, state, &validity);
  } else {
    if (plain) DecodeBase32Layout<Fmt, true, false>(args, layout, state, &validity);
    if (!plain) DecodeBase32Layout<Fmt, false, false>(args, layout, state, &validity);
  }
  return validity.Finish();
}

// Entry points for ULID and Record ID: the path the call's plan names
// (kernels/plan.h). VBMI encode: the stream codec
// (kernels/avx3_dl/crockford_stream-inl.h) for whole groups, then the dense one
// (kernels/avx3_dl/crockford_dense-inl.h) for multiples of 8, then the block
// loop; VBMI decode: the stream decoder
// (kernels/avx3_dl/crockford_stream_decode-inl.h) or the dense one, then the
// block loop. Every other target has only the block loop.
template <class Fmt>
size_t EncodeCrockford(const kernels::EncodeArgs& args) {
#if SORTID_X86_AT_LEAST(AVX3_DL)
  const kernels::KernelPath path = kernels::PathOf(args);
  if (path == kernels::KernelPath::kBlocks) return EncodeBase32<Fmt>(args);
  const uint8_t* alphabet = kCrockfordEncode[args.lower].alphabet64.data();
  constexpr bool kUlid = Fmt::kChars == 26;
  constexpr const auto& kPlain =
      kUlid ? simd_tables::kUlidStreamPlan : simd_tables::kRecordStreamPlan;
  constexpr const auto& kLines =
      kUlid ? simd_tables::kUlidLinesStreamPlan : simd_tables::kRecordLinesStreamPlan;
  size_t invalid = 0, done = 0;
  if (path == kernels::KernelPath::kStream && args.count >= kPlain.group_items) {
    done = EncodeCrockfordStream<kPlain, Fmt::kTopBitsMustBeZero>(args, Fmt::kChars, alphabet,
                                                                  &invalid);
  } else if (path == kernels::KernelPath::kLines && args.count >= kLines.group_items) {
    done = EncodeCrockfordStream<kLines, Fmt::kTopBitsMustBeZero>(args, Fmt::kChars, alphabet,
                                                                  &invalid);
  }
  if (done == args.count) return invalid;  // the usual whole-batch case: no tail to set up
  const kernels::EncodeArgs rest = kernels::SkipItems(args, done);
  const auto* plan = kernels::PlanOf<simd_tables::CrockfordDensePlan>(args);
  if (plan != nullptr && rest.out_stride == plan->item_len && rest.count >= 8) {
    size_t dense_invalid = 0;
    const size_t dense_done =
        EncodeCrockfordDense<Fmt::kTopBitsMustBeZero>(rest, *plan, alphabet, &dense_invalid);
    return invalid + dense_invalid + EncodeBase32<Fmt>(kernels::SkipItems(rest, dense_done));
  }
  return invalid + EncodeBase32<Fmt>(rest);
#else
  return EncodeBase32<Fmt>(args);
#endif
}

template <class Fmt>
size_t DecodeCrockford(const kernels::DecodeArgs& args) {
#if SORTID_X86_AT_LEAST(AVX3_DL)
  const kernels::KernelPath path = kernels::PathOf(args);
  if (path == kernels::KernelPath::kBlocks || args.count < 8) return DecodeBase32<Fmt>(args);
  const uint8_t* ascii = kCrockfordDecode[args.lenient][args.lower_only].ascii.data();
  constexpr const auto& kStream =
      Fmt::kChars == 26 ? simd_tables::kUlidDecodeStreamPlan : simd_tables::kRecordDecodeStreamPlan;
  static_assert(kStream.item_len == Fmt::kChars);
  constexpr const auto& kLines = Fmt::kChars == 26 ? simd_tables::kUlidLinesDecodeStreamPlan
                                                   : simd_tables::kRecordLinesDecodeStreamPlan;
  static_assert(kLines.chars == Fmt::kChars);
  size_t invalid = 0, done = 0;
  switch (path) {
    case kernels::KernelPath::kStream:
      done = DecodeCrockfordStream<kStream>(args, ascii, &invalid);
      break;
    case kernels::KernelPath::kLines:
      done = DecodeCrockfordStream<kLines>(args, ascii, &invalid);
      break;
    case kernels::KernelPath::kDense: {
      const auto* plan = kernels::PlanOf<simd_tables::CrockfordDensePlan>(args);
      if (plan != nullptr && args.stride == plan->item_len) {
        done = plan->dec_fixed_lanes != 0
                   ? DecodeCrockfordDense<true>(args, *plan, ascii, &invalid)
                   : DecodeCrockfordDense<false>(args, *plan, ascii, &invalid);
      }
      break;
    }
    case kernels::KernelPath::kBlocks:
      break;
  }
  return invalid + DecodeBase32<Fmt>(kernels::SkipItems(args, done));
#else
  return DecodeBase32<Fmt>(args);
#endif
}

// The kernel table's entries: ULID (26 characters, 128 bits;
// https://github.com/ulid/spec) and Record ID (20 characters, 100 bits);
// docs/formats.md defines both.
size_t EncodeUlid(const kernels::EncodeArgs& args) { return EncodeCrockford<UlidFormat>(args); }
size_t DecodeUlid(const kernels::DecodeArgs& args) { return DecodeCrockford<UlidFormat>(args); }
size_t EncodeRecord(const kernels::EncodeArgs& args) { return EncodeCrockford<RecordFormat>(args); }
size_t DecodeRecord(const kernels::DecodeArgs& args) { return DecodeCrockford<RecordFormat>(args); }

#endif  // HWY_TARGET != HWY_SCALAR

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_BASE32_COMMON_INL_H_
