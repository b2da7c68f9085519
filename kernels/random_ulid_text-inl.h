// Random ULIDs that share one timestamp, from keystream bytes straight to
// text (kernels::RandomUlidTextArgs): the generator's text path makes no
// 16-byte IDs to read back. An item's 10 random bytes are its ULID's bytes
// 6-15, whose 16 characters are the ULID encoder's second chunk, so the
// windows and multiplies are kUlidEncodeHi's (base32_encode-inl.h); the 10
// timestamp characters come in ready-made. A 16-byte load from 6 bytes before
// an item's random bytes puts them where that chunk expects the ULID's bytes.
// Invariant: every target's output equals the reference kernel's byte for
// byte, and nothing is read or written outside the documented bounds.

// Toggle include guard: included once per target by kernels/dispatch.cc.
#if defined(SORTID_KERNELS_RANDOM_ULID_TEXT_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_RANDOM_ULID_TEXT_INL_H_
#undef SORTID_KERNELS_RANDOM_ULID_TEXT_INL_H_
#else
#define SORTID_KERNELS_RANDOM_ULID_TEXT_INL_H_
#endif

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "hwy/highway.h"
#include "kernels/base32_common-inl.h"
#include "kernels/kernel_api.h"
#include "kernels/simd_common-inl.h"
#include "kernels/simd_tables.h"
#include "kernels/target_guard.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if HWY_TARGET != HWY_SCALAR

// kUlidEncodeHi's byte shuffle for every 128-bit block of a D vector loaded
// from one address: block b starts 16 b bytes on, where item b's random bytes
// begin 10 b bytes on, so its indices move down by 6 b. Two blocks at most:
// from the third on an item's bytes start in the block before.
template <size_t kBlocks>
constexpr std::array<uint8_t, 16 * kBlocks> RandomWindowShuffle() {
  static_assert(kBlocks == 1 || kBlocks == 2);
  std::array<uint8_t, 16 * kBlocks> t{};
  for (size_t b = 0; b < kBlocks; ++b) {
    for (size_t j = 0; j < 16; ++j) {
      t[16 * b + j] = static_cast<uint8_t>(simd_tables::kUlidEncodeHi.shuffle[j] - 6 * b);
    }
  }
  return t;
}
static_assert(
    [] {
      for (uint8_t index : simd_tables::kUlidEncodeHi.shuffle) {
        if (index < 6 || index > 15) return false;  // only the random bytes' lanes
      }
      return true;
    }(),
    "kUlidEncodeHi must read ULID bytes 6-15 only");

// The 16 characters of each block's item, from a load at its random bytes - 6.
// The constant vectors come in as arguments, loaded once per loop: SVE
// vectors cannot be members of a struct.
template <class D, class V = hn::Vec<D>, class V16 = hn::Vec<hn::Repartition<uint16_t, D>>>
HWY_INLINE V RandomChars(D d, V loaded, V shuffle, V16 mask_hi, V16 mul_hi, V16 mask_lo, V16 mul_lo,
                         V alphabet_lo, V alphabet_hi) {
  const hn::Repartition<uint16_t, D> d16;
  const auto w = hn::BitCast(d16, hn::TableLookupBytes(loaded, shuffle));
  const auto index =
      hn::Or(hn::MulHigh(hn::And(w, mask_hi), mul_hi), hn::Mul(hn::And(w, mask_lo), mul_lo));
  return CrockfordChars(d, hn::BitCast(d, index), alphabet_lo, alphabet_hi);
}

// RandomChars' constant vectors for D as locals, and `chars(loaded)`.
#define SORTID_RANDOM_CHARS_FOR(d, alphabet)                                                     \
  static constexpr auto kRandomShuffle = RandomWindowShuffle<BlocksOf(decltype(d)())>();         \
  const auto random_shuffle = hn::LoadU(d, kRandomShuffle.data());                               \
  const auto& random_hi = simd_tables::kUlidEncodeHi;                                            \
  const auto random_mask_hi = Table16(d, random_hi.mask_hi);                                     \
  const auto random_mul_hi = Table16(d, random_hi.mul_hi);                                       \
  const auto random_mask_lo = Table16(d, random_hi.mask_lo);                                     \
  const auto random_mul_lo = Table16(d, random_hi.mul_lo);                                       \
  const auto random_alphabet_lo = AlphabetLo(d, alphabet);                                       \
  const auto random_alphabet_hi = AlphabetHi(d, alphabet);                                       \
  const auto chars = [&](hn::Vec<decltype(d)> loaded) HWY_ATTR {                                 \
    return RandomChars(d, loaded, random_shuffle, random_mask_hi, random_mul_hi, random_mask_lo, \
                       random_mul_lo, random_alphabet_lo, random_alphabet_hi);                   \
  }

// Items [begin, count) one at a time, any layout. Per item: the prefix, then
// the timestamp with the first 6 characters over its padding, then all 16
// characters; in lines whose next item follows at once, the last 10 and the
// terminator in one store that runs into that next item (written after it).
template <class D>
HWY_INLINE void RandomUlidItems(D d, const kernels::RandomUlidTextArgs& args,
                                const Base32EncodeState& alphabet, size_t begin) {
  SORTID_RANDOM_CHARS_FOR(d, alphabet);
  alignas(16) uint8_t stamp_bytes[16] = {};
  std::memcpy(stamp_bytes, args.stamp, 10);
  const auto stamp = hn::Load(d, stamp_bytes);
  alignas(16) uint8_t tail_bytes[16] = {};
  tail_bytes[10] = static_cast<uint8_t>(args.terminator);
  const auto terminator_tail = hn::Load(d, tail_bytes);
  const size_t prefix_len = args.prefix_len;
  const bool short_prefix = prefix_len <= 16;
  alignas(16) uint8_t prefix_bytes[16] = {};
  if (short_prefix && prefix_len != 0) std::memcpy(prefix_bytes, args.prefix, prefix_len);
  const auto prefix = hn::Load(d, prefix_bytes);
  const bool folds = args.terminator >= 0 && args.out_stride == prefix_len + 27;
  for (size_t i = begin; i < args.count; ++i) {
    const auto text = chars(hn::LoadU(d, args.random + 10 * i - 6));
    auto* slot = reinterpret_cast<uint8_t*>(args.out + i * args.out_stride);
    // A short prefix as one store: its padding lies under the timestamp's.
    if (short_prefix) {
      if (prefix_len != 0) hn::StoreU(prefix, d, slot);
    } else {
      std::memcpy(slot, args.prefix, prefix_len);
    }
    uint8_t* const id = slot + prefix_len;
    hn::StoreU(hn::Or(stamp, hn::ShiftLeftBytes<10>(d, text)), d, id);
    if (folds && i + 1 < args.count) {
      hn::StoreU(hn::Or(hn::ShiftRightBytes<6>(d, text), terminator_tail), d, id + 16);
    } else {
      hn::StoreU(text, d, id + 10);
      if (args.terminator >= 0) id[26] = static_cast<uint8_t>(args.terminator);
    }
  }
}

#if SORTID_X86_AT_LEAST(AVX2)
// Lines without a prefix (stride 27), two items per 256-bit vector, each
// item one 32-byte store: timestamp and characters 0-5 in its low half,
// characters 6-15 and the terminator in its high half, whose last 5 bytes run
// into the next item (written after it). One 32-byte load covers two items:
// block 1 holds the second item's bytes at lanes 0-9 (RandomWindowShuffle).
// Returns the items done; it leaves the last one or two items (of a call of
// any), so that no load or store passes the ends the contract gives.
HWY_INLINE size_t RandomUlidLinePairs(const kernels::RandomUlidTextArgs& args,
                                      const Base32EncodeState& alphabet) {
  const hn::Full256<uint8_t> d;
  SORTID_RANDOM_CHARS_FOR(d, alphabet);
  alignas(32) uint8_t stamp_bytes[32] = {};
  std::memcpy(stamp_bytes, args.stamp, 10);
  std::memcpy(stamp_bytes + 16, args.stamp, 10);
  const auto stamp = hn::Load(d, stamp_bytes);
  alignas(32) uint8_t tail_bytes[32] = {};
  tail_bytes[10] = tail_bytes[26] = static_cast<uint8_t>(args.terminator);
  const auto terminator_tail = hn::Load(d, tail_bytes);
  const uint8_t* random = args.random;
  auto* out = reinterpret_cast<uint8_t*>(args.out);
  size_t i = 0;
  // Item i + 1's store ends at 27 i + 59 and the load at 10 i + 26: both
  // inside the call's bounds while a third item follows.
  for (; i + 3 <= args.count; i += 2) {
    const auto text = chars(hn::LoadU(d, random + 10 * i - 6));
    const auto low = hn::Or(stamp, hn::ShiftLeftBytes<10>(d, text));
    const auto high = hn::Or(hn::ShiftRightBytes<6>(d, text), terminator_tail);
    hn::StoreU(hn::ConcatLowerLower(d, high, low), d, out + 27 * i);
    hn::StoreU(hn::ConcatUpperUpper(d, high, low), d, out + 27 * i + 27);
  }
  return i;
}
#endif

Error RandomUlidText(const kernels::RandomUlidTextArgs& args) {
  const Base32EncodeState& alphabet = kCrockfordEncode[args.lower];
  size_t done = 0;
#if SORTID_X86_AT_LEAST(AVX2)
  if (args.prefix_len == 0 && args.terminator >= 0 && args.out_stride == 27) {
    done = RandomUlidLinePairs(args, alphabet);
  }
#endif
  RandomUlidItems(OneTag(), args, alphabet, done);
  return Error::kOk;
}

#undef SORTID_RANDOM_CHARS_FOR

#endif  // HWY_TARGET != HWY_SCALAR

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_RANDOM_ULID_TEXT_INL_H_
