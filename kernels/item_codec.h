// The per-item codec: one ID's text <-> its 16 bytes, chosen with the kernel
// table (KernelTable::item) so that SORTID_TARGET and set_target govern it as
// they govern the bulk kernels. Entries only say valid / invalid; callers take
// the error kind and position from the reference kernel, so errors are the
// reference's by construction.
#ifndef SORTID_KERNELS_ITEM_CODEC_H_
#define SORTID_KERNELS_ITEM_CODEC_H_

#include <cstdint>

namespace sortid::single {

// Which Crockford characters decode: both cases (strict), both cases plus the
// aliases I L -> 1 and O -> 0 (lenient), or lower case only (TypeID suffix).
enum class Alphabet : uint8_t { kStrict, kLenient, kLowerOnly };

}  // namespace sortid::single

namespace sortid::kernels {

using ItemDecodeFn = bool (*)(const uint8_t* text, uint8_t* out);
using ItemEncodeFn = void (*)(const uint8_t* id, bool lower, char* out);

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
};

// The portable codec (kernels/scalar/item_swar.h), compiled for the baseline:
// the reference table's, and every target's without a codec of its own.
extern const ItemCodec kSwarItemCodec;

}  // namespace sortid::kernels

#endif  // SORTID_KERNELS_ITEM_CODEC_H_
