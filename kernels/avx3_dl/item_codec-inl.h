// The per-item codec for AVX-512 VBMI / VBMI2 targets (AVX3_DL and newer).
// Encode: vpermb gathers the 16 ID bytes so that each 64-bit lane holds the 40
// bits of 8 characters, vpmultishiftqb moves each character's 5 bits into its
// byte and vpermb maps them through the alphabet. Decode: a masked load puts
// the characters right-aligned in 32 lanes, vpermi2b looks every byte up in a
// 128-entry table, one compare against per-lane limits finds bad characters
// and the ULID overflow, vpmaddubsw / vpmaddwd / a shift merge the digits.
// UUID: the same with hex tables; hyphens by a compare (decode) or a masked
// move (encode). Reference: W. Mula, D. Lemire, "Base64 encoding and decoding
// at almost the speed of a memory copy" (2019), section 4.

// Toggle include guard: included once per target by kernels/dispatch.cc.
#if defined(SORTID_KERNELS_AVX3_DL_ITEM_CODEC_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_AVX3_DL_ITEM_CODEC_INL_H_
#undef SORTID_KERNELS_AVX3_DL_ITEM_CODEC_INL_H_
#else
#define SORTID_KERNELS_AVX3_DL_ITEM_CODEC_INL_H_
#endif

#include <cstdint>
#include <cstring>

#include "hwy/highway.h"
#include "kernels/alphabet.h"
#include "kernels/item_codec.h"
#include "kernels/item_tables.h"
#include "kernels/target_guard.h"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {

#if SORTID_X86_AT_LEAST(AVX3_DL)
// GCC 12's unmasked AVX-512 intrinsics start from _mm*_undefined_*(), which
// -Wuninitialized reports at every use (GCC bug 105593); the values are defined.
#if HWY_COMPILER_GCC_ACTUAL
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
namespace item_vbmi {

using single::Alphabet;

// Per output byte: which ID byte lands there (16 = zero) so that 64-bit lane L
// holds the bits of characters 8L..8L+7, and at which bit of the lane each
// character's 5 bits start. top: value bit of character 0's lowest bit.
struct EncodePlan {
  alignas(32) uint8_t gather[32];
  alignas(32) uint8_t shift[32];
};

constexpr EncodePlan MakeEncodePlan(int top, int chars) {
  EncodePlan plan{};
  for (int lane = 0; lane < 4; ++lane) {
    const int first = 8 * lane;
    const int last = first + 7 < chars - 1 ? first + 7 : chars - 1;
    const int base = first < chars ? (top - 5 * last) / 8 * 8 : 0;  // lane's lowest bit
    for (int j = 0; j < 8; ++j) {
      const int value_byte = base / 8 + j;  // 0 = least significant
      plan.gather[8 * lane + j] = static_cast<uint8_t>(value_byte <= 15 ? 15 - value_byte : 16);
      const int k = first + j;
      plan.shift[8 * lane + j] = static_cast<uint8_t>(k < chars ? top - 5 * k - base : 0);
    }
  }
  return plan;
}

constexpr EncodePlan kUlidEncode = MakeEncodePlan(125, 26);
constexpr EncodePlan kRecordEncode = MakeEncodePlan(95, 20);

using item_tables::Alphabet32;
using item_tables::kLower;
using item_tables::kUpper;
// Hex digits twice over: vpermb on 32 lanes reads 5 index bits.
constexpr Alphabet32 MakeHex32(const char* digits) {
  Alphabet32 a{};
  for (int i = 0; i < 32; ++i) a.chars[i] = digits[i % 16];
  return a;
}
constexpr Alphabet32 kHexLower32 = MakeHex32(alphabet::kHexLower);
constexpr Alphabet32 kHexUpper32 = MakeHex32(alphabet::kHexUpper);

inline __m256i EncodeCrockford(const uint8_t* id, bool lower, const EncodePlan& plan) {
  const __m256i bytes =
      _mm256_zextsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(id)));
  const __m256i lanes = _mm256_permutexvar_epi8(
      _mm256_load_si256(reinterpret_cast<const __m256i*>(plan.gather)), bytes);
  const __m256i digits = _mm256_multishift_epi64_epi8(
      _mm256_load_si256(reinterpret_cast<const __m256i*>(plan.shift)), lanes);
  // vpermb on 32 lanes reads the low 5 bits of each index: no mask needed.
  return _mm256_permutexvar_epi8(
      digits,
      _mm256_load_si256(reinterpret_cast<const __m256i*>(lower ? kLower.chars : kUpper.chars)));
}

// Plain stores, not a masked one: a later load of the text can then be
// forwarded from the store buffer (current x86 cores do not forward from a
// masked store: a load right after one waits for it to retire).
void VbmiEncodeUlid(const uint8_t* id, bool lower, char* out) {
  const __m256i ascii = EncodeCrockford(id, lower, kUlidEncode);
  const __m128i tail = _mm256_extracti128_si256(ascii, 1);  // characters 16-31
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm256_castsi256_si128(ascii));
  _mm_storel_epi64(reinterpret_cast<__m128i*>(out + 16), tail);
  const auto last_two = static_cast<uint16_t>(_mm_extract_epi16(tail, 4));
  std::memcpy(out + 24, &last_two, 2);
}
void VbmiEncodeRecordId(const uint8_t* id, bool lower, char* out) {
  const __m256i ascii = EncodeCrockford(id, lower, kRecordEncode);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm256_castsi256_si128(ascii));
  const int chars_16_to_19 = _mm_cvtsi128_si32(_mm256_extracti128_si256(ascii, 1));
  std::memcpy(out + 16, &chars_16_to_19, 4);
}

// 128-entry decode table: the digit, or 0x80 for a byte outside the alphabet.
struct DecodeTable {
  alignas(64) uint8_t digit[128];
};
constexpr DecodeTable MakeDecodeTable(Alphabet which) {
  const auto& source =
      which == Alphabet::kLenient ? alphabet::kCrockfordLenient : alphabet::kCrockfordStrict;
  DecodeTable t{};
  for (size_t c = 0; c < 128; ++c) {
    const bool upper = c >= 'A' && c <= 'Z';
    const bool ok = source[c] >= 0 && !(which == Alphabet::kLowerOnly && upper);
    t.digit[c] = ok ? static_cast<uint8_t>(source[c]) : 0x80;
  }
  return t;
}
constexpr DecodeTable kDecodeTables[3] = {MakeDecodeTable(Alphabet::kStrict),
                                          MakeDecodeTable(Alphabet::kLenient),
                                          MakeDecodeTable(Alphabet::kLowerOnly)};

// Characters right-aligned in 32 lanes: a ULID's first is in lane 6.
using item_tables::Limits;
constexpr Limits kUlidLimits = item_tables::MakeLimits(32 - 26);
constexpr Limits kRecordLimits = item_tables::MakeLimits(-1);

constexpr const item_tables::PackIndex& kPack = item_tables::kFortyBitPack;

template <Alphabet kAlphabet, int kChars>
bool VbmiDecode(const uint8_t* text, uint8_t* out) {
  constexpr __mmask32 kLanes = ~((1u << (32 - kChars)) - 1);  // the ID's lanes
  // A masked load never touches (or faults on) the bytes of masked-off lanes,
  // so the address before the text is not read.
  const __m256i c = _mm256_maskz_loadu_epi8(
      kLanes, reinterpret_cast<const void*>(reinterpret_cast<uintptr_t>(text) - (32 - kChars)));
  const DecodeTable& table = kDecodeTables[static_cast<int>(kAlphabet)];
  const __m512i lo = _mm512_load_si512(table.digit);
  const __m512i hi = _mm512_load_si512(table.digit + 64);
  const __m256i digits = _mm512_castsi512_si256(
      _mm512_maskz_permutex2var_epi8(kLanes, lo, _mm512_castsi256_si512(c), hi));
  // Bytes >= 0x80 index the table modulo 128: keep their top bit (A | B & C).
  const __m256i checked = _mm256_ternarylogic_epi32(digits, c, _mm256_set1_epi8(-128), 0xF8);
  const Limits& limits = kChars == 26 ? kUlidLimits : kRecordLimits;
  const __mmask32 bad = _mm256_mask_cmpgt_epu8_mask(
      kLanes, checked, _mm256_load_si256(reinterpret_cast<const __m256i*>(limits.max)));
  if (bad != 0) return false;
  // 5-bit digits -> 10 bits per 16-bit lane -> 20 per 32 -> 40 per 64.
  const __m256i ten = _mm256_maddubs_epi16(digits, _mm256_set1_epi16(0x0120));   // d0 * 32 + d1
  const __m256i twenty = _mm256_madd_epi16(ten, _mm256_set1_epi32(0x00010400));  // w0 * 1024 + w1
  const __m256i forty =
      _mm256_ternarylogic_epi64(_mm256_srli_epi64(twenty, 32), _mm256_slli_epi64(twenty, 20),
                                _mm256_set1_epi64x((int64_t{1} << 40) - 1), 0xF8);
  const __m256i id = _mm256_permutexvar_epi8(
      _mm256_load_si256(reinterpret_cast<const __m256i*>(kPack.index)), forty);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm256_castsi256_si128(id));
  return true;
}

// ---- UUID text: 32 hex digits, optionally with hyphens at 8, 13, 18, 23. ----

// 128-entry hex table: the digit, or 0x80.
constexpr DecodeTable MakeHexTable() {
  DecodeTable t{};
  for (size_t c = 0; c < 128; ++c) {
    t.digit[c] = alphabet::kHex[c] >= 0 ? static_cast<uint8_t>(alphabet::kHex[c]) : 0x80;
  }
  return t;
}
constexpr DecodeTable kHexTable = MakeHexTable();

// Lane of each hex digit in the 36-character form (and, for encoding, the
// reverse: the digit each of the 36 characters takes; hyphen lanes masked).
struct UuidLanes {
  alignas(64) uint8_t digit_lane[64];   // 32 digits <- 36 characters
  alignas(64) uint8_t char_source[64];  // 36 characters <- 32 digits
};
constexpr UuidLanes MakeUuidLanes() {
  UuidLanes l{};
  int digit = 0;
  for (int k = 0; k < 36; ++k) {
    const bool hyphen = k == 8 || k == 13 || k == 18 || k == 23;
    if (!hyphen) {
      l.digit_lane[digit] = static_cast<uint8_t>(k);
      l.char_source[k] = static_cast<uint8_t>(digit++);
    }
  }
  return l;
}
constexpr UuidLanes kUuidLanes = MakeUuidLanes();
constexpr __mmask64 kHyphenLanes = (1ull << 8) | (1ull << 13) | (1ull << 18) | (1ull << 23);

// 32 hex characters in the low 32 lanes -> the 16 bytes; false if any is not hex.
inline bool HexToBytes(__m512i chars, uint8_t* out) {
  const __m512i digits = _mm512_permutex2var_epi8(_mm512_load_si512(kHexTable.digit), chars,
                                                  _mm512_load_si512(kHexTable.digit + 64));
  const __m512i checked = _mm512_ternarylogic_epi32(digits, chars, _mm512_set1_epi8(-128), 0xF8);
  if (_mm512_mask_cmpgt_epu8_mask(0xFFFFFFFFull, checked, _mm512_set1_epi8(15)) != 0) return false;
  const __m256i pairs = _mm256_maddubs_epi16(_mm512_castsi512_si256(digits),
                                             _mm256_set1_epi16(0x0110));  // d0 * 16 + d1
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm256_cvtepi16_epi8(pairs));
  return true;
}

bool VbmiDecodeUuidHex(const uint8_t* text, uint8_t* out) {
  return HexToBytes(
      _mm512_castsi256_si512(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(text))), out);
}

bool VbmiDecodeUuid(const uint8_t* text, uint8_t* out) {
  const __m512i c = _mm512_maskz_loadu_epi8((1ull << 36) - 1, text);
  if (_mm512_mask_cmpneq_epi8_mask(kHyphenLanes, c, _mm512_set1_epi8('-')) != 0) return false;
  return HexToBytes(_mm512_permutexvar_epi8(_mm512_load_si512(kUuidLanes.digit_lane), c), out);
}

// 16 bytes -> 32 hex characters (low 256 bits).
inline __m256i BytesToHex(const uint8_t* id, bool lower) {
  const __m256i words = _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(id)));
  // Each 16-bit lane: high nibble in its first byte, low nibble in its second.
  const __m256i nibbles =
      _mm256_or_si256(_mm256_srli_epi16(words, 4),
                      _mm256_slli_epi16(_mm256_and_si256(words, _mm256_set1_epi16(15)), 8));
  const Alphabet32& digits = lower ? kHexLower32 : kHexUpper32;
  return _mm256_permutexvar_epi8(nibbles,
                                 _mm256_load_si256(reinterpret_cast<const __m256i*>(digits.chars)));
}

void VbmiEncodeUuidHex(const uint8_t* id, bool lower, char* out) {
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), BytesToHex(id, lower));
}

void VbmiEncodeUuid(const uint8_t* id, bool lower, char* out) {
  const __m512i hex = _mm512_castsi256_si512(BytesToHex(id, lower));
  const __m512i spread =
      _mm512_mask_mov_epi8(_mm512_permutexvar_epi8(_mm512_load_si512(kUuidLanes.char_source), hex),
                           kHyphenLanes, _mm512_set1_epi8('-'));
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), _mm512_castsi512_si256(spread));
  const int last_four = _mm_cvtsi128_si32(_mm512_extracti32x4_epi32(spread, 2));  // 32-35
  std::memcpy(out + 32, &last_four, 4);
}

constexpr kernels::ItemCodec kVbmiCodecFunctions = {
    "AVX3_DL",
    {VbmiDecode<Alphabet::kStrict, 26>, VbmiDecode<Alphabet::kLenient, 26>,
     VbmiDecode<Alphabet::kLowerOnly, 26>},
    {VbmiDecode<Alphabet::kStrict, 20>, VbmiDecode<Alphabet::kLenient, 20>,
     VbmiDecode<Alphabet::kLowerOnly, 20>},
    VbmiEncodeUlid,
    VbmiEncodeRecordId,
    VbmiDecodeUuid,
    VbmiDecodeUuidHex,
    VbmiEncodeUuid,
    VbmiEncodeUuidHex,
    {},
    {},
};

}  // namespace item_vbmi
#if HWY_COMPILER_GCC_ACTUAL
#pragma GCC diagnostic pop
#endif
#endif  // SORTID_X86_AT_LEAST(AVX3_DL)

}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_AVX3_DL_ITEM_CODEC_INL_H_
