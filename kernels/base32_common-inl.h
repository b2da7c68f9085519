// Crockford Base32 bulk encode / decode shared by ULID and Record ID.
//
// One ID per 128-bit block. Encode: a byte shuffle gathers, for each pair of
// output characters, the 16-bit window holding its 10 bits; MulHigh / Mul
// with per-lane powers of two align the two 5-bit fields (the AVX2 idea of
// W. Mula & D. Lemire, "Faster Base64 Encoding and Decoding Using AVX2
// Instructions", ACM TOW 2018, adapted to 5-bit groups); two 16-entry table
// lookups map 0-31 to the alphabet (one 64-byte vpermb on AVX3_DL).
// Decode: three 16-entry tables indexed by the low nibble, selected by the
// high nibble, translate characters (0x80 = not in the alphabet; a 128-entry
// vpermi2b on AVX3_DL, Mula & Lemire's AVX-512 VBMI base64 approach); digits
// are placed into 5-bit slots and packed 2 -> 10 -> 20 -> 40 bits with shifts;
// a final shuffle emits big-endian bytes. Errors are per-lane bytes reduced
// per block into validity bits; invalid IDs' outputs are zeroed branchlessly.
// Spec: ../shared/SPEC.md §1.1–1.2; Crockford Base32.
//
// Toggle include guard: included once per target by kernels/dispatch.cc.
#if defined(SORTID_KERNELS_BASE32_COMMON_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_BASE32_COMMON_INL_H_
#undef SORTID_KERNELS_BASE32_COMMON_INL_H_
#else
#define SORTID_KERNELS_BASE32_COMMON_INL_H_
#endif

#include <cstring>

#include "hwy/highway.h"
#include "kernels/kernel_api.h"
#include "kernels/scalar/reference.h"
#include "kernels/simd_common-inl.h"
#include "kernels/simd_tables.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if HWY_TARGET != HWY_SCALAR

// Translation tables for each (lenient, lower_only) combination, built at
// compile time from the alphabet.
struct CrockfordDecodeTables {
  alignas(64) std::array<uint8_t, 128> ascii;
  alignas(16) std::array<uint8_t, 16> row_digits, row_4, row_5;
};
constexpr CrockfordDecodeTables MakeCrockfordDecodeTables(bool lenient, bool lower_only) {
  return {simd_tables::CrockfordAscii(lenient, lower_only), simd_tables::CrockfordRow(3, lenient),
          simd_tables::CrockfordRow(4, lenient), simd_tables::CrockfordRow(5, lenient)};
}
inline constexpr CrockfordDecodeTables kCrockfordDecode[2][2] = {
    {MakeCrockfordDecodeTables(false, false), MakeCrockfordDecodeTables(false, true)},
    {MakeCrockfordDecodeTables(true, false), MakeCrockfordDecodeTables(true, true)}};

// Per-call decode state.
struct Base32DecodeState {
  Base32DecodeState(bool lenient, bool lower_only)
      : tables(kCrockfordDecode[lenient][lower_only]),
        // Letter rows: 0x4_/0x6_ and 0x5_/0x7_ (bit 1 of the high nibble is the
        // case bit); TypeID accepts only the lower-case rows 6 and 7.
        row_key_mask(lower_only ? 0x0F : 0x0D),
        row_4_key(lower_only ? 6 : 4),
        row_5_key(lower_only ? 7 : 5) {}

  const CrockfordDecodeTables& tables;
  uint8_t row_key_mask, row_4_key, row_5_key;
};

// Characters -> 5-bit values, or a value with bit 7 set for any byte outside
// the alphabet (including bytes >= 0x80).
template <class D>
HWY_INLINE hn::Vec<D> TranslateCrockford(D d, const Base32DecodeState& s, hn::Vec<D> chars) {
#if HWY_TARGET == HWY_AVX3_DL
  if constexpr (hn::MaxLanes(D()) == 64) {
    const __m512i lo = _mm512_load_si512(s.tables.ascii.data());
    const __m512i hi = _mm512_load_si512(s.tables.ascii.data() + 64);
    const hn::Vec<D> values{_mm512_permutex2var_epi8(lo, chars.raw, hi)};
    return hn::Or(values, hn::And(chars, hn::Set(d, 0x80)));  // bytes >= 0x80
  }
#endif
  const auto low = hn::And(chars, hn::Set(d, 0x0F));
  const auto key = hn::And(hn::ShiftRight<4>(chars), hn::Set(d, s.row_key_mask));
  const auto digits = hn::TableLookupBytes(hn::LoadDup128(d, s.tables.row_digits.data()), low);
  const auto row4 = hn::TableLookupBytes(hn::LoadDup128(d, s.tables.row_4.data()), low);
  const auto row5 = hn::TableLookupBytes(hn::LoadDup128(d, s.tables.row_5.data()), low);
  const auto is_digit_row = hn::Eq(hn::ShiftRight<4>(chars), hn::Set(d, 3));
  auto values = hn::IfThenElse(is_digit_row, digits, hn::Set(d, simd_tables::kZero));
  values = hn::IfThenElse(hn::Eq(key, hn::Set(d, s.row_4_key)), row4, values);
  values = hn::IfThenElse(hn::Eq(key, hn::Set(d, s.row_5_key)), row5, values);
  return values;
}

// Slots of 5-bit values -> one 40-bit group per u64 lane (little-endian).
// Bits 40..63 of each lane are unspecified (only bytes 0..4 are used).
template <class D>
HWY_INLINE hn::Vec<D> Pack40(D d, hn::Vec<D> slots) {
#if HWY_ARCH_X86
  // pmaddubsw (32, 1) then pmaddwd (1024, 1): 5 -> 10 -> 20 bits in two ops.
  if constexpr (hn::MaxLanes(D()) == 16) {
    __m128i x = _mm_madd_epi16(_mm_maddubs_epi16(slots.raw, _mm_set1_epi16(0x0120)),
                               _mm_set1_epi32(0x00010400));
    return hn::Vec<D>{_mm_or_si128(_mm_slli_epi64(x, 20), _mm_srli_epi64(x, 32))};
  }
#if HWY_TARGET <= HWY_AVX2
  if constexpr (hn::MaxLanes(D()) == 32) {
    __m256i x = _mm256_madd_epi16(_mm256_maddubs_epi16(slots.raw, _mm256_set1_epi16(0x0120)),
                                  _mm256_set1_epi32(0x00010400));
    return hn::Vec<D>{_mm256_or_si256(_mm256_slli_epi64(x, 20), _mm256_srli_epi64(x, 32))};
  }
#endif
#if HWY_TARGET <= HWY_AVX3
  if constexpr (hn::MaxLanes(D()) == 64) {
    __m512i x = _mm512_madd_epi16(_mm512_maddubs_epi16(slots.raw, _mm512_set1_epi16(0x0120)),
                                  _mm512_set1_epi32(0x00010400));
    return hn::Vec<D>{_mm512_or_si512(_mm512_slli_epi64(x, 20), _mm512_srli_epi64(x, 32))};
  }
#endif
#endif  // HWY_ARCH_X86
  const hn::Repartition<uint16_t, D> d16;
  const hn::Repartition<uint32_t, D> d32;
  const hn::Repartition<uint64_t, D> d64;
  auto w = hn::BitCast(d16, slots);
  w = hn::Or(hn::ShiftLeft<5>(hn::And(w, hn::Set(d16, 0x00FF))), hn::ShiftRight<8>(w));
  auto x = hn::BitCast(d32, w);
  x = hn::Or(hn::ShiftLeft<10>(hn::And(x, hn::Set(d32, 0xFFFFu))), hn::ShiftRight<16>(x));
  auto y = hn::BitCast(d64, x);
  y = hn::Or(hn::ShiftLeft<20>(hn::And(y, hn::Set(d64, 0xFFFFFFFFull))), hn::ShiftRight<32>(y));
  return hn::BitCast(d, y);
}

// Per-format constants. kSecondChunk: offset of the second 16-character load
// (the two loads cover the ID's characters exactly, never past them).
struct UlidFormat {
  static constexpr Format kFormat = Format::kUlid;
  static constexpr size_t kChars = 26;
  static constexpr size_t kSecondChunk = simd_tables::kUlidSecondChunk;
  static constexpr bool kFirstCharLimit = true;   // first character <= '7'
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
  static constexpr const simd_tables::Base32EncodeTables& kEncodeLo =
      simd_tables::kRecordEncodeLo;
  static constexpr const simd_tables::Base32EncodeTables& kEncodeHi =
      simd_tables::kRecordEncodeHi;
};

// Decodes BlocksOf(d) items starting at `item`; returns their error bits.
template <class Fmt, class D>
HWY_INLINE uint32_t DecodeBase32Step(D d, const ItemLayout& layout, const Base32DecodeState& s,
                                     const uint8_t* item, uint8_t* out) {
  namespace t = simd_tables;
  auto error = LayoutErrors(d, layout, item);
  const uint8_t* id = item + layout.prefix_len;
  const auto v0 = TranslateCrockford(d, s, LoadBlocks(d, id, layout.stride));
  const auto v1 = TranslateCrockford(d, s, LoadBlocks(d, id + Fmt::kSecondChunk, layout.stride));
  error = hn::Or(error, hn::And(hn::Or(v0, v1), hn::Set(d, 0x80)));
  if constexpr (Fmt::kFirstCharLimit) {
    static constexpr std::array<uint8_t, 16> kFirstLane = {0x18};  // value > 7
    error = hn::Or(error, hn::And(v0, Table(d, kFirstLane)));
  }
  const auto a = Pack40(d, hn::TableLookupBytesOr0(v0, Table(d, Fmt::kDecode.slots_a)));
  const auto b = Pack40(d, hn::TableLookupBytesOr0(v1, Table(d, Fmt::kDecode.slots_b)));
  const auto bytes = hn::Or(hn::TableLookupBytesOr0(a, Table(d, Fmt::kDecode.final_a)),
                            hn::TableLookupBytesOr0(b, Table(d, Fmt::kDecode.final_b)));
  hn::Vec<D> keep;
  const uint32_t errors = BlockErrors(d, error, &keep);
  hn::StoreU(hn::And(bytes, keep), d, out);
  return errors;
}

template <class Fmt>
size_t DecodeBase32(const kernels::DecodeArgs& args) {
  const ItemLayout layout(args.prefix, args.prefix_len, args.terminator, Fmt::kChars,
                          args.stride);
  if (!layout.Supported()) return reference::Decode(Fmt::kFormat, args);
  std::memset(args.validity, 0, (args.count + 7) / 8);
  const Base32DecodeState state(args.lenient, args.lower_only);
  const auto* text = reinterpret_cast<const uint8_t*>(args.text);
  const BulkTag d;
  constexpr size_t kBlocks = BlocksOf(BulkTag());
  size_t invalid = 0;
  size_t i = 0;
  for (; i + kBlocks <= args.count; i += kBlocks) {
    const uint32_t errors =
        DecodeBase32Step<Fmt>(d, layout, state, text + i * args.stride, args.ids + 16 * i);
    invalid += RecordValidity(args.validity, i, kBlocks, errors);
  }
  const OneTag d1;
  for (; i < args.count; ++i) {
    const uint32_t errors =
        DecodeBase32Step<Fmt>(d1, layout, state, text + i * args.stride, args.ids + 16 * i);
    invalid += RecordValidity(args.validity, i, 1, errors);
  }
  return invalid;
}

// 5-bit values -> alphabet characters.
template <class D>
HWY_INLINE hn::Vec<D> CrockfordChars(D d, hn::Vec<D> index, const uint8_t* alphabet_lo,
                                     const uint8_t* alphabet_hi, const uint8_t* alphabet64) {
#if HWY_TARGET == HWY_AVX3_DL
  if constexpr (hn::MaxLanes(D()) == 64) {
    return hn::Vec<D>{_mm512_permutexvar_epi8(index.raw, _mm512_load_si512(alphabet64))};
  }
#endif
  (void)alphabet64;
  const auto low = hn::And(index, hn::Set(d, 0x0F));
  const auto from_lo = hn::TableLookupBytes(hn::LoadDup128(d, alphabet_lo), low);
  const auto from_hi = hn::TableLookupBytes(hn::LoadDup128(d, alphabet_hi), low);
  return hn::IfThenElse(hn::TestBit(index, hn::Set(d, 0x10)), from_hi, from_lo);
}

// Alphabet tables for encoding, upper and lower case.
struct CrockfordEncodeTables {
  alignas(16) std::array<uint8_t, 16> alphabet_lo, alphabet_hi;
  alignas(64) std::array<uint8_t, 64> alphabet64;  // the 32 digits twice
};
constexpr CrockfordEncodeTables MakeCrockfordEncodeTables(bool lower) {
  CrockfordEncodeTables t{simd_tables::AlphabetHalf(lower, 0), simd_tables::AlphabetHalf(lower, 1),
                          {}};
  for (size_t i = 0; i < 64; ++i) t.alphabet64[i] = (i % 32 < 16 ? t.alphabet_lo : t.alphabet_hi)[i % 16];
  return t;
}
inline constexpr CrockfordEncodeTables kCrockfordEncode[2] = {MakeCrockfordEncodeTables(false),
                                                              MakeCrockfordEncodeTables(true)};
using Base32EncodeState = CrockfordEncodeTables;

// Sixteen characters (eight pairs) of each ID in `ids`.
template <class D>
HWY_INLINE hn::Vec<D> EncodeChunk(D d, const Base32EncodeState& s, hn::Vec<D> ids,
                                  const simd_tables::Base32EncodeTables& t) {
  const hn::Repartition<uint16_t, D> d16;
  const auto window = hn::BitCast(d16, hn::TableLookupBytesOr0(ids, Table(d, t.shuffle)));
  const auto first = hn::MulHigh(hn::And(window, Table16(d, t.mask_hi)), Table16(d, t.mul_hi));
  const auto second = hn::Mul(hn::And(window, Table16(d, t.mask_lo)), Table16(d, t.mul_lo));
  const auto index = hn::BitCast(d, hn::Or(first, second));
  return CrockfordChars(d, index, s.alphabet_lo.data(), s.alphabet_hi.data(),
                        s.alphabet64.data());
}

template <class Fmt, class D>
HWY_INLINE uint32_t EncodeBase32Step(D d, const ItemLayout& layout, const Base32EncodeState& s,
                                     const uint8_t* ids, uint8_t* slot) {
  const auto id = hn::LoadU(d, ids);
  auto keep = hn::Set(d, 0xFF);
  uint32_t errors = 0;
  if constexpr (Fmt::kTopBitsMustBeZero) {
    static constexpr std::array<uint8_t, 16> kTopBits = {0xFF, 0xFF, 0xFF, 0xF0};
    errors = BlockErrors(d, hn::And(id, Table(d, kTopBits)), &keep);
  }
  const auto lo = hn::And(EncodeChunk(d, s, id, Fmt::kEncodeLo), keep);
  const auto hi = hn::And(EncodeChunk(d, s, id, Fmt::kEncodeHi), keep);
  StorePrefix(d, layout, slot);
  StoreBlocks(d, lo, slot + layout.prefix_len, layout.stride);
  StoreBlocks(d, hi, slot + layout.prefix_len + Fmt::kSecondChunk, layout.stride);
  StoreTerminators(layout, slot, BlocksOf(D()));
  return errors;
}

template <class Fmt>
size_t EncodeBase32(const kernels::EncodeArgs& args) {
  const ItemLayout layout(args.prefix, args.prefix_len, args.terminator, Fmt::kChars,
                          args.out_stride);
  if (!layout.Supported()) return reference::Encode(Fmt::kFormat, args);
  std::memset(args.validity, 0, (args.count + 7) / 8);
  const Base32EncodeState& state = kCrockfordEncode[args.lower];
  auto* out = reinterpret_cast<uint8_t*>(args.out);
  const BulkTag d;
  constexpr size_t kBlocks = BlocksOf(BulkTag());
  size_t invalid = 0;
  size_t i = 0;
  for (; i + kBlocks <= args.count; i += kBlocks) {
    const uint32_t errors =
        EncodeBase32Step<Fmt>(d, layout, state, args.ids + 16 * i, out + i * args.out_stride);
    invalid += RecordValidity(args.validity, i, kBlocks, errors);
  }
  const OneTag d1;
  for (; i < args.count; ++i) {
    const uint32_t errors =
        EncodeBase32Step<Fmt>(d1, layout, state, args.ids + 16 * i, out + i * args.out_stride);
    invalid += RecordValidity(args.validity, i, 1, errors);
  }
  return invalid;
}

#endif  // HWY_TARGET != HWY_SCALAR

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_BASE32_COMMON_INL_H_
