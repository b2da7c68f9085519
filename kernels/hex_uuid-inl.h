// UUID text (RFC 9562 §4: 8-4-4-4-12 lower-case hex, or 32 bare hex digits)
// bulk encode / decode, one ID per 128-bit block; on AVX3_DL, encode packs
// 4 IDs into three 64-byte output chunks with byte permutes (below).
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
size_t DecodeUuid(const kernels::DecodeArgs& args) {
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

#if HWY_TARGET == HWY_AVX3_DL
// ---- AVX3_DL fast path: 4 IDs per step, slots of up to 48 bytes ----
// The 4 IDs' nibbles are spread to 128 hex digits (two vectors) by two
// vpermt2b and translated by vpshufb; each of the three 64-byte output
// chunks is one more vpermt2b from those digits, blended with a template
// (prefix, hyphens, terminator) and stored with a mask that skips padding.
struct UuidDensePlan {
  alignas(64) uint8_t spread[2][64];  // nibble sources of digit vectors A and B
  alignas(64) uint8_t gather[3][64];  // digit index (0-127) per output byte
  alignas(64) uint8_t fixed[3][64];   // template bytes
  uint64_t fixed_lanes[3];
  uint64_t store_lanes[3];
};

// False when 4 slots exceed 192 bytes.
inline bool BuildUuidDensePlan(bool hyphens, const char* prefix, size_t prefix_len, int terminator,
                               size_t stride, UuidDensePlan* plan) {
  const size_t text_len = hyphens ? 36 : 32;
  const size_t item_len = prefix_len + text_len + (terminator >= 0 ? 1 : 0);
  if (stride > 48 || item_len > stride) return false;
  // Vector v holds IDs 2v and 2v+1: digit j (0-63) of v is nibble (j % 2 ? low : high)
  // of byte 16 * (2v + j / 32) + (j % 32) / 2 of the 64 loaded ID bytes. The
  // high nibbles are vpermt2b source 1 (indices 0-63), the low ones source 2.
  for (size_t v = 0; v < 2; ++v) {
    for (size_t j = 0; j < 64; ++j) {
      const size_t byte = 16 * (2 * v + j / 32) + (j % 32) / 2;
      plan->spread[v][j] = static_cast<uint8_t>(byte + (j % 2 ? 64 : 0));
    }
  }
  for (size_t c = 0; c < 3; ++c) {
    plan->fixed_lanes[c] = plan->store_lanes[c] = 0;
    for (size_t j = 0; j < 64; ++j) {
      const size_t p = 64 * c + j;
      plan->gather[c][j] = 0;
      plan->fixed[c][j] = 0;
      const size_t item = p / stride, off = p % stride;
      if (item >= 4 || off >= item_len) continue;
      plan->store_lanes[c] |= uint64_t{1} << j;
      uint8_t fixed_byte = 0;
      bool is_fixed = true;
      if (off < prefix_len) {
        fixed_byte = static_cast<uint8_t>(prefix[off]);
      } else if (off - prefix_len < text_len) {
        size_t ch = off - prefix_len;
        if (hyphens && (ch == 8 || ch == 13 || ch == 18 || ch == 23)) {
          fixed_byte = '-';
        } else {
          if (hyphens) ch -= (ch > 8) + (ch > 13) + (ch > 18) + (ch > 23);
          plan->gather[c][j] = static_cast<uint8_t>(32 * item + ch);
          is_fixed = false;
        }
      } else {
        fixed_byte = static_cast<uint8_t>(terminator);
      }
      if (is_fixed) {
        plan->fixed[c][j] = fixed_byte;
        plan->fixed_lanes[c] |= uint64_t{1} << j;
      }
    }
  }
  return true;
}

// Encodes the first count - count % 4 items.
inline size_t EncodeUuidDense(const kernels::EncodeArgs& args, const UuidDensePlan& plan) {
  const __m512i digits = _mm512_broadcast_i32x4(_mm_loadu_si128(
      reinterpret_cast<const __m128i*>(args.lower ? alphabet::kHexLower : alphabet::kHexUpper)));
  const __m512i spread0 = _mm512_load_si512(plan.spread[0]);
  const __m512i spread1 = _mm512_load_si512(plan.spread[1]);
  const __m512i gather0 = _mm512_load_si512(plan.gather[0]);
  const __m512i gather1 = _mm512_load_si512(plan.gather[1]);
  const __m512i gather2 = _mm512_load_si512(plan.gather[2]);
  const __m512i fixed0 = _mm512_load_si512(plan.fixed[0]);
  const __m512i fixed1 = _mm512_load_si512(plan.fixed[1]);
  const __m512i fixed2 = _mm512_load_si512(plan.fixed[2]);
  const __mmask64 lanes0 = plan.fixed_lanes[0], lanes1 = plan.fixed_lanes[1],
                  lanes2 = plan.fixed_lanes[2];
  const __mmask64 store0 = plan.store_lanes[0], store1 = plan.store_lanes[1],
                  store2 = plan.store_lanes[2];
  const __m512i low_nibble = _mm512_set1_epi8(0x0F);
  const size_t stride = args.out_stride;
  const size_t n = args.count - args.count % 4;
  auto* out = reinterpret_cast<uint8_t*>(args.out);
  // Chunks whose every byte belongs to an item are stored whole: a masked
  // store is much slower on its way to memory (beyond the caches).
  const bool whole0 = store0 == ~uint64_t{0}, whole1 = store1 == ~uint64_t{0};
  for (size_t i = 0; i < n; i += 4) {
    const __m512i ids = _mm512_loadu_si512(args.ids + 16 * i);
    const __m512i high =
        _mm512_shuffle_epi8(digits, _mm512_and_si512(_mm512_srli_epi16(ids, 4), low_nibble));
    const __m512i low = _mm512_shuffle_epi8(digits, _mm512_and_si512(ids, low_nibble));
    const __m512i a = _mm512_permutex2var_epi8(high, spread0, low);
    const __m512i b = _mm512_permutex2var_epi8(high, spread1, low);
    uint8_t* o = out + i * stride;
    const __m512i c0 =
        _mm512_mask_blend_epi8(lanes0, _mm512_permutex2var_epi8(a, gather0, b), fixed0);
    const __m512i c1 =
        _mm512_mask_blend_epi8(lanes1, _mm512_permutex2var_epi8(a, gather1, b), fixed1);
    const __m512i c2 =
        _mm512_mask_blend_epi8(lanes2, _mm512_permutex2var_epi8(a, gather2, b), fixed2);
    if (whole0) {
      _mm512_storeu_si512(o, c0);
    } else {
      _mm512_mask_storeu_epi8(o, store0, c0);
    }
    if (whole1) {
      _mm512_storeu_si512(o + 64, c1);
    } else {
      _mm512_mask_storeu_epi8(o + 64, store1, c1);
    }
    _mm512_mask_storeu_epi8(o + 128, store2, c2);
  }
  return n;
}
#endif  // HWY_TARGET == HWY_AVX3_DL

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
#if HWY_TARGET == HWY_AVX3_DL
  if (args.count >= 4) {
    // The plan, cached per thread for the last layout (a short prefix only).
    struct Cache {
      bool built = false, usable = false;
      char prefix[12] = {};
      size_t prefix_len = 0, stride = 0;
      int terminator = -1;
      UuidDensePlan plan;
    };
    thread_local Cache cache;
    if (args.prefix_len <= sizeof(cache.prefix)) {
      if (!cache.built || cache.prefix_len != args.prefix_len || cache.stride != args.out_stride ||
          cache.terminator != args.terminator ||
          (args.prefix_len != 0 && std::memcmp(cache.prefix, args.prefix, args.prefix_len) != 0)) {
        cache.usable = BuildUuidDensePlan(kHyphens, args.prefix, args.prefix_len, args.terminator,
                                          args.out_stride, &cache.plan);
        if (args.prefix_len != 0) std::memcpy(cache.prefix, args.prefix, args.prefix_len);
        cache.prefix_len = args.prefix_len;
        cache.stride = args.out_stride;
        cache.terminator = args.terminator;
        cache.built = true;
      }
      if (cache.usable) {
        const UuidDensePlan plan = cache.plan;  // a local copy: stores may alias thread-locals
        i = EncodeUuidDense(args, plan);
      }
    }
  }
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
