// The per-item codec in use: the active kernel table's (kernels/item_codec.h),
// so SORTID_TARGET and set_target() choose it with the bulk kernels. A call
// reads one pointer and calls through it: no per-call CPU check.
#ifndef SORTID_LIB_SINGLE_CODEC_H_
#define SORTID_LIB_SINGLE_CODEC_H_

#include <cstdint>

#include "kernels/item_codec.h"
#include "kernels/scalar/item_swar.h"
#include "lib/targets.h"

namespace sortid::single {

inline bool DecodeUlidActive(Alphabet alphabet, const uint8_t* text, uint8_t* out) {
  return internal::ActiveItemCodec().decode_ulid[static_cast<int>(alphabet)](text, out);
}
inline bool DecodeRecordIdActive(Alphabet alphabet, const uint8_t* text, uint8_t* out) {
  return internal::ActiveItemCodec().decode_record[static_cast<int>(alphabet)](text, out);
}
inline void EncodeUlidActive(const uint8_t* id, bool lower, char* out) {
  internal::ActiveItemCodec().encode_ulid(id, lower, out);
}
inline void EncodeRecordIdActive(const uint8_t* id, bool lower, char* out) {
  internal::ActiveItemCodec().encode_record(id, lower, out);
}
inline bool DecodeUuidActive(const uint8_t* text, uint8_t* out) {
  return internal::ActiveItemCodec().decode_uuid(text, out);
}
inline bool DecodeUuidHexActive(const uint8_t* text, uint8_t* out) {
  return internal::ActiveItemCodec().decode_uuid_hex(text, out);
}
inline void EncodeUuidActive(const uint8_t* id, bool lower, char* out) {
  internal::ActiveItemCodec().encode_uuid(id, lower, out);
}
inline void EncodeUuidHexActive(const uint8_t* id, bool lower, char* out) {
  internal::ActiveItemCodec().encode_uuid_hex(id, lower, out);
}

}  // namespace sortid::single

#endif  // SORTID_LIB_SINGLE_CODEC_H_
