// The per-item codec: one ID's text <-> its 16 bytes, chosen with the kernel
// table (KernelTable::item) so that SORTID_TARGET and set_target govern it as
// they govern the bulk kernels. Entries only say valid / invalid; callers take
// the error kind and position from the reference kernel, so errors are the
// reference's by construction.
#ifndef SORTID_KERNELS_ITEM_CODEC_H_
#define SORTID_KERNELS_ITEM_CODEC_H_

#include <cstddef>
#include <cstdint>

#include "kernels/format_facts.h"
#include "sortid/sortid.hpp"

namespace sortid::single {

// Which Crockford characters decode: both cases (strict), both cases plus the
// aliases I L -> 1 and O -> 0 (lenient), or lower case only (TypeID suffix).
enum class Alphabet : uint8_t { kStrict, kLenient, kLowerOnly };

}  // namespace sortid::single

namespace sortid::kernels {

using ItemDecodeFn = bool (*)(const uint8_t* text, uint8_t* out);
using ItemEncodeFn = void (*)(const uint8_t* id, bool lower, char* out);
// Without options (kernels/item_entry-inl.h): the whole of decode_one /
// encode_one after the argument checks. Decode takes any length and explains
// a rejection as the reference kernel does; encode writes the canonical case
// and returns the length, or 0 for an ID that is not a Record ID's.
using ItemPlainDecodeFn = Result (*)(const uint8_t* text, size_t length, uint8_t* id);
using ItemPlainEncodeFn = size_t (*)(const uint8_t* id, char* out);

struct ItemCodec {
  const char* name;               // the target it was compiled for, or "SWAR"
  ItemDecodeFn decode_ulid[3];    // by single::Alphabet; text is 26 characters
  ItemDecodeFn decode_record[3];  // by single::Alphabet; text is 20 characters
  ItemEncodeFn encode_ulid;
  ItemEncodeFn encode_record;    // precondition: the ID fits a Record ID
  ItemDecodeFn decode_uuid;      // 36 characters, hyphens at 8, 13, 18, 23
  ItemDecodeFn decode_uuid_hex;  // 32 characters
  ItemEncodeFn encode_uuid;
  ItemEncodeFn encode_uuid_hex;
  ItemPlainDecodeFn decode_plain[internal::kNumFormats];  // by Format
  ItemPlainEncodeFn encode_plain[internal::kNumFormats];  // by Format
};

// The reference kernel's verdict on a text without prefix, TypeID or
// terminator that the codec rejected (zeroes id): out of line, the cold path
// of the plain entries and of lenient decode_one.
Result ExplainPlainItem(Format format, bool lenient, const uint8_t* text, size_t length,
                        uint8_t* id);

// The portable codec (kernels/scalar/item_swar.h), compiled for the baseline:
// the reference table's, and every target's without a codec of its own.
extern const ItemCodec kSwarItemCodec;

}  // namespace sortid::kernels

#endif  // SORTID_KERNELS_ITEM_CODEC_H_
