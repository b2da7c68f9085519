// The per-item codec in use: the active kernel table's (kernels/item_codec.h),
// so SORTID_TARGET and set_target() choose it with the bulk kernels. A call
// picks its entry by index and calls through it: no per-call CPU check and no
// switch on the format.
#ifndef SORTID_LIB_SINGLE_CODEC_H_
#define SORTID_LIB_SINGLE_CODEC_H_

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "kernels/item_codec.h"
#include "kernels/scalar/item_swar.h"
#include "lib/targets.h"
#include "sortid/sortid.hpp"

namespace sortid::single {

// Each call loads one entry of internal::g_item_entries (lib/targets.h).
constexpr auto kRelaxed = std::memory_order_relaxed;

// The entry for a format's text of its own length. The UUID formats' entries
// are the same for every alphabet, so their index does not wait for the options.
template <Format kFormat>
inline bool DecodeFixed(Alphabet alphabet, const uint8_t* text, uint8_t* out) {
  const int a =
      kFormat == Format::kUlid || kFormat == Format::kRecordId ? static_cast<int>(alphabet) : 0;
  return internal::g_item_entries.decode[static_cast<int>(kFormat)][a].load(kRelaxed)(text, out);
}

// Decodes the ID characters alone (text is exactly the ID: length bytes, for
// kUuid 36 or 32); false when the length is not the format's or the text is
// invalid. A switch, not an index computed from format and length: each
// case compares a constant length and reads a constant table slot.
inline bool DecodeActive(Format format, Alphabet alphabet, const uint8_t* text, size_t length,
                         uint8_t* out) {
  switch (format) {
    case Format::kUlid:
      return length == kUlidTextLength && DecodeFixed<Format::kUlid>(alphabet, text, out);
    case Format::kRecordId:
      return length == kRecordIdTextLength && DecodeFixed<Format::kRecordId>(alphabet, text, out);
    case Format::kUuid:
      if (length == kUuidTextLength) return DecodeFixed<Format::kUuid>(alphabet, text, out);
      return length == kUuidHexTextLength && DecodeFixed<Format::kUuidHex>(alphabet, text, out);
    case Format::kUuidHex:
      return length == kUuidHexTextLength && DecodeFixed<Format::kUuidHex>(alphabet, text, out);
  }
  return false;
}

// Writes the format's ID characters. Preconditions: format is a valid Format;
// a Record ID fits (RecordIdEncodable).
inline void EncodeActive(Format format, const uint8_t* id, bool lower, char* out) {
  internal::g_item_entries.encode[static_cast<int>(format)].load(kRelaxed)(id, lower, out);
}

}  // namespace sortid::single

#endif  // SORTID_LIB_SINGLE_CODEC_H_
