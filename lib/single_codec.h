// The per-item codec in use: the active kernel table's (kernels/item_codec.h),
// so SORTID_TARGET and set_target() choose it with the bulk kernels. A call
// reads one pointer and calls through it: no per-call CPU check.
#ifndef SORTID_LIB_SINGLE_CODEC_H_
#define SORTID_LIB_SINGLE_CODEC_H_

#include <atomic>
#include <cstdint>

#include "kernels/item_codec.h"
#include "kernels/scalar/item_swar.h"
#include "lib/targets.h"

namespace sortid::single {

// Each call loads one entry of internal::g_item_entries (lib/targets.h).
constexpr auto kRelaxed = std::memory_order_relaxed;

inline bool DecodeUlidActive(Alphabet alphabet, const uint8_t* text, uint8_t* out) {
  return internal::g_item_entries.decode_ulid[static_cast<int>(alphabet)].load(kRelaxed)(text, out);
}
inline bool DecodeRecordIdActive(Alphabet alphabet, const uint8_t* text, uint8_t* out) {
  return internal::g_item_entries.decode_record[static_cast<int>(alphabet)].load(kRelaxed)(text,
                                                                                           out);
}
inline void EncodeUlidActive(const uint8_t* id, bool lower, char* out) {
  internal::g_item_entries.encode_ulid.load(kRelaxed)(id, lower, out);
}
inline void EncodeRecordIdActive(const uint8_t* id, bool lower, char* out) {
  internal::g_item_entries.encode_record.load(kRelaxed)(id, lower, out);
}
inline bool DecodeUuidActive(const uint8_t* text, uint8_t* out) {
  return internal::g_item_entries.decode_uuid.load(kRelaxed)(text, out);
}
inline bool DecodeUuidHexActive(const uint8_t* text, uint8_t* out) {
  return internal::g_item_entries.decode_uuid_hex.load(kRelaxed)(text, out);
}
inline void EncodeUuidActive(const uint8_t* id, bool lower, char* out) {
  internal::g_item_entries.encode_uuid.load(kRelaxed)(id, lower, out);
}
inline void EncodeUuidHexActive(const uint8_t* id, bool lower, char* out) {
  internal::g_item_entries.encode_uuid_hex.load(kRelaxed)(id, lower, out);
}

}  // namespace sortid::single

#endif  // SORTID_LIB_SINGLE_CODEC_H_
