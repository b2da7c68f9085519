// The per-item codec in use (ULID, Record ID, UUID), chosen once when the
// library is loaded: the portable one (lib/single_item.h) everywhere, or on
// x86-64 CPUs with AVX-512 VBMI/VBMI2 the one in lib/single_vbmi.cc (a table
// lookup and a bit gather per ID instead of arithmetic per character). Calls
// go through one function pointer read from a global set before main(): no
// per-call CPU check.
#ifndef SORTID_LIB_SINGLE_CODEC_H_
#define SORTID_LIB_SINGLE_CODEC_H_

#include <cstdint>

#include "lib/single_item.h"

namespace sortid::single {

using DecodeFn = bool (*)(const uint8_t* text, uint8_t* out);
using EncodeFn = void (*)(const uint8_t* id, bool lower, char* out);

struct ItemCodec {
  const char* name;
  DecodeFn decode_ulid[3];    // by Alphabet; text is 26 characters
  DecodeFn decode_record[3];  // by Alphabet; text is 20 characters
  EncodeFn encode_ulid;
  EncodeFn encode_record;    // precondition: RecordIdEncodable(id)
  DecodeFn decode_uuid;      // 36 characters, hyphens at 8, 13, 18, 23
  DecodeFn decode_uuid_hex;  // 32 characters
  EncodeFn encode_uuid;
  EncodeFn encode_uuid_hex;
};

// The portable codec ("PORTABLE").
const ItemCodec& PortableCodec();
// The AVX-512 VBMI codec ("AVX512_VBMI"), or nullptr when this CPU (or build)
// has none.
const ItemCodec* VbmiCodec();

// The codec chosen at load; read-only after static initialization.
extern ItemCodec g_codec;

inline bool DecodeUlidActive(Alphabet alphabet, const uint8_t* text, uint8_t* out) {
  return g_codec.decode_ulid[static_cast<int>(alphabet)](text, out);
}
inline bool DecodeRecordIdActive(Alphabet alphabet, const uint8_t* text, uint8_t* out) {
  return g_codec.decode_record[static_cast<int>(alphabet)](text, out);
}
inline void EncodeUlidActive(const uint8_t* id, bool lower, char* out) {
  g_codec.encode_ulid(id, lower, out);
}
inline void EncodeRecordIdActive(const uint8_t* id, bool lower, char* out) {
  g_codec.encode_record(id, lower, out);
}
inline bool DecodeUuidActive(const uint8_t* text, uint8_t* out) {
  return g_codec.decode_uuid(text, out);
}
inline bool DecodeUuidHexActive(const uint8_t* text, uint8_t* out) {
  return g_codec.decode_uuid_hex(text, out);
}
inline void EncodeUuidActive(const uint8_t* id, bool lower, char* out) {
  g_codec.encode_uuid(id, lower, out);
}
inline void EncodeUuidHexActive(const uint8_t* id, bool lower, char* out) {
  g_codec.encode_uuid_hex(id, lower, out);
}

}  // namespace sortid::single

#endif  // SORTID_LIB_SINGLE_CODEC_H_
