// UUID text (RFC 9562 §4: 8-4-4-4-12 lower-case hex, or 32 bare hex digits)
// bulk encode / decode, one ID per 128-bit block; on AVX3_DL and newer,
// encode packs 4 IDs into three 64-byte output chunks with byte permutes
// (kernels/avx3_dl/uuid_dense-inl.h).
// Encode: high/low nibbles interleaved, a 16-entry table lookup to ASCII, and
// for the hyphenated form three 16-byte windows (output [0,16), [16,32),
// [20,36)) assembled by shuffles with hyphens or'ed in.
// Decode: the same windows loaded, each character classified by unsigned
// range checks (digit, letter a-f either case), hyphen lanes compared with
// '-', nibbles gathered by shuffles and packed into bytes.
// Spec: ../shared/SPEC.md §1.3.
//
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
#include "kernels/avx3_dl/target_guard.h"
#include "kernels/avx3_dl/uuid_decode-inl.h"
#include "kernels/avx3_dl/uuid_dense-inl.h"
#include "kernels/kernel_api.h"
#include "kernels/scalar/reference.h"
#include "kernels/simd_common-inl.h"
#include "kernels/simd_tables.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if HWY_TARGET != HWY_SCALAR

// Hex characters -> 0-15, or 0x80 for anything else.
template <class D>
HWY_INLINE hn::Vec<D> TranslateHex(D d, hn::Vec<D> chars) {
  const auto digit = hn::Sub(chars, hn::Set(d, '0'));
  const auto letter = hn::Sub(hn::Or(chars, hn::Set(d, 0x20)), hn::Set(d, 'a'));
  const auto is_digit = hn::Eq(hn::Min(digit, hn::Set(d, 9)), digit);
  const auto is_letter = hn::Eq(hn::Min(letter, hn::Set(d, 5)), letter);
  return hn::IfThenElse(
      is_digit, digit,
      hn::IfThenElse(is_letter, hn::Add(letter, hn::Set(d, 10)), hn::Set(d, simd_tables::kZero)));
}

// Two nibbles per u16 lane -> one byte; bytes of n0 then n1 into one block.
template <class D>
HWY_INLINE hn::Vec<D> PackNibbles(D d, hn::Vec<D> n0, hn::Vec<D> n1) {
  const hn::Repartition<uint16_t, D> d16;
  auto pack = [&](hn::Vec<D> n) {
    const auto w = hn::BitCast(d16, n);
    return hn::BitCast(
        d, hn::Or(hn::ShiftLeft<4>(hn::And(w, hn::Set(d16, 0x00FF))), hn::ShiftRight<8>(w)));
  };
  return hn::Or(hn::TableLookupBytesOr0(pack(n0), Table(d, simd_tables::kEvenToLow)),
                hn::TableLookupBytesOr0(pack(n1), Table(d, simd_tables::kEvenToHigh)));
}

// Errors of one 16-character window of the hyphenated form: a non-hex digit
// where a digit belongs, anything but '-' where a hyphen belongs.
template <class D>
HWY_INLINE hn::Vec<D> HyphenWindowErrors(D d, hn::Vec<D> chars, hn::Vec<D> values,
                                         hn::Vec<D> hyphen_lanes) {
  const auto bad_digit = hn::AndNot(hyphen_lanes, hn::And(values, hn::Set(d, 0x80)));
  const auto bad_hyphen = hn::And(hyphen_lanes, hn::Xor(chars, hn::Set(d, '-')));
  return hn::Or(bad_digit, bad_hyphen);
}

template <bool kHyphens, class D>
HWY_INLINE uint32_t DecodeUuidStep(D d, const ItemLayout& layout, const uint8_t* item,
                                   uint8_t* out) {
  namespace t = simd_tables;
  auto error = LayoutErrors(d, layout, item);
  const uint8_t* id = item + layout.prefix_len;
  hn::Vec<D> n0, n1;
  if constexpr (kHyphens) {
    const auto c0 = LoadBlocks(d, id, layout.stride);
    const auto c1 = LoadBlocks(d, id + 16, layout.stride);
    const auto c2 = LoadBlocks(d, id + 20, layout.stride);
    const auto v0 = TranslateHex(d, c0), v1 = TranslateHex(d, c1), v2 = TranslateHex(d, c2);
    error = hn::Or(error, HyphenWindowErrors(d, c0, v0, Table(d, t::kUuidDecode.hyphen_lanes[0])));
    error = hn::Or(error, HyphenWindowErrors(d, c1, v1, Table(d, t::kUuidDecode.hyphen_lanes[1])));
    error = hn::Or(error, HyphenWindowErrors(d, c2, v2, Table(d, t::kUuidDecode.hyphen_lanes[2])));
    n0 = hn::Or(hn::TableLookupBytesOr0(v0, Table(d, t::kUuidDecode.n0_from_l0)),
                hn::TableLookupBytesOr0(v1, Table(d, t::kUuidDecode.n0_from_l1)));
    n1 = hn::Or(hn::TableLookupBytesOr0(v1, Table(d, t::kUuidDecode.n1_from_l1)),
                hn::TableLookupBytesOr0(v2, Table(d, t::kUuidDecode.n1_from_l2)));
  } else {
    n0 = TranslateHex(d, LoadBlocks(d, id, layout.stride));
    n1 = TranslateHex(d, LoadBlocks(d, id + 16, layout.stride));
    error = hn::Or(error, hn::And(hn::Or(n0, n1), hn::Set(d, 0x80)));
  }
  const auto bytes = PackNibbles(d, n0, n1);
  hn::Vec<D> keep;
  const uint32_t errors = BlockErrors(d, error, &keep);
  hn::StoreU(hn::And(bytes, keep), d, out);
  return errors;
}

template <bool kHyphens>
size_t DecodeUuidBlocks(const kernels::DecodeArgs& args) {
  const Format format = kHyphens ? Format::kUuid : Format::kUuidHex;
  const ItemLayout layout(args.prefix, args.prefix_len, args.terminator,
                          kernels::kTextLength[static_cast<int>(format)], args.stride);
  if (!layout.Supported()) return reference::Decode(format, args);
  const auto* text = reinterpret_cast<const uint8_t*>(args.text);
  const BulkTag d;
  constexpr size_t kBlocks = BlocksOf(BulkTag());
  ValidityWriter validity(args.validity);
  size_t i = 0;
  for (; i + kBlocks <= args.count; i += kBlocks) {
    validity.Append(DecodeUuidStep<kHyphens>(d, layout, text + i * args.stride, args.ids + 16 * i),
                    kBlocks);
  }
  const OneTag d1;
  for (; i < args.count; ++i) {
    validity.Append(DecodeUuidStep<kHyphens>(d1, layout, text + i * args.stride, args.ids + 16 * i),
                    1);
  }
  return validity.Finish();
}

// Entry point: the AVX-512 VBMI dense path (kernels/avx3_dl/uuid_decode-inl.h)
// when prepare made a plan for the layout, then the block kernel for the rest
// (or everything).
template <bool kHyphens>
size_t DecodeUuid(const kernels::DecodeArgs& args) {
#if SORTID_TARGET_HAS_VBMI
  const auto* plan = kernels::PlanOf<simd_tables::UuidDecodePlan>(args);
  if (plan != nullptr && args.stride == plan->stride && args.count >= 8) {
    size_t invalid = 0;
    const size_t done = DecodeUuidDense(args, *plan, &invalid);
    return invalid + DecodeUuidBlocks<kHyphens>(kernels::SkipItems(args, done));
  }
#endif
  return DecodeUuidBlocks<kHyphens>(args);
}

template <bool kHyphens, class D>
HWY_INLINE void EncodeUuidStep(D d, const ItemLayout& layout, const uint8_t* hex_digits,
                               const uint8_t* ids, uint8_t* slot) {
  namespace t = simd_tables;
  const auto id = hn::LoadU(d, ids);
  const auto digits = hn::LoadDup128(d, hex_digits);
  const auto high = hn::ShiftRight<4>(id);
  const auto low = hn::And(id, hn::Set(d, 0x0F));
  const auto h0 = hn::TableLookupBytes(digits, hn::InterleaveLower(d, high, low));
  const auto h1 = hn::TableLookupBytes(digits, hn::InterleaveUpper(d, high, low));
  StorePrefix(d, layout, slot);
  uint8_t* text = slot + layout.prefix_len;
  if constexpr (kHyphens) {
    for (size_t w = 0; w < 3; ++w) {
      const auto& win = t::kUuidEncode[w];
      const auto chars = hn::Or(hn::Or(hn::TableLookupBytesOr0(h0, Table(d, win.from_h0)),
                                       hn::TableLookupBytesOr0(h1, Table(d, win.from_h1))),
                                Table(d, win.hyphens));
      StoreBlocks(d, chars, text + t::kUuidWindows[w], layout.stride);
    }
  } else {
    StoreBlocks(d, h0, text, layout.stride);
    StoreBlocks(d, h1, text + 16, layout.stride);
  }
  StoreTerminators(layout, slot, BlocksOf(D()));
}

template <bool kHyphens>
size_t EncodeUuid(const kernels::EncodeArgs& args) {
  const Format format = kHyphens ? Format::kUuid : Format::kUuidHex;
  const ItemLayout layout(args.prefix, args.prefix_len, args.terminator,
                          kernels::kTextLength[static_cast<int>(format)], args.out_stride);
  if (!layout.Supported()) return reference::Encode(format, args);
  alignas(16) uint8_t hex_digits[16];
  std::memcpy(hex_digits, args.lower ? alphabet::kHexLower : alphabet::kHexUpper, 16);
  auto* out = reinterpret_cast<uint8_t*>(args.out);
  const BulkTag d;
  constexpr size_t kBlocks = BlocksOf(BulkTag());
  size_t i = 0;
#if SORTID_TARGET_HAS_VBMI
  const auto* plan = kernels::PlanOf<simd_tables::UuidDensePlan>(args);
  if (plan != nullptr && args.count >= 4) i = EncodeUuidDense(args, *plan);
#endif
  for (; i + kBlocks <= args.count; i += kBlocks) {
    EncodeUuidStep<kHyphens>(d, layout, hex_digits, args.ids + 16 * i, out + i * args.out_stride);
  }
  const OneTag d1;
  for (; i < args.count; ++i) {
    EncodeUuidStep<kHyphens>(d1, layout, hex_digits, args.ids + 16 * i, out + i * args.out_stride);
  }
  // Every 16-byte value is a valid UUID.
  std::memset(args.validity, 0, (args.count + 7) / 8);
  for (size_t k = 0; k < args.count / 8; ++k) args.validity[k] = 0xFF;
  if (args.count % 8)
    args.validity[args.count / 8] = static_cast<uint8_t>((1u << (args.count % 8)) - 1);
  return 0;
}

#endif  // HWY_TARGET != HWY_SCALAR

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_HEX_UUID_INL_H_
