// The entries decode_one and encode_one call when no options are given
// (ItemCodec::decode_plain / encode_plain): the length check and the codec in
// one function, the reference kernel only to explain a rejection. The public
// call then reaches the codec through one indirect jump, with no second call
// level whose registers it would save and restore.
//
// Toggle include guard: included once per target by kernels/dispatch.cc, and
// for the baseline by the codecs defined outside it (the SWAR codec, the
// resolving codec), so that each instantiation is compiled for the target of
// the codec it inlines.
#if defined(SORTID_KERNELS_ITEM_ENTRY_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SORTID_KERNELS_ITEM_ENTRY_INL_H_
#undef SORTID_KERNELS_ITEM_ENTRY_INL_H_
#else
#define SORTID_KERNELS_ITEM_ENTRY_INL_H_
#endif

#include <cstddef>
#include <cstdint>

#include "hwy/highway.h"
#include "kernels/format_facts.h"
#include "kernels/item_codec.h"
#include "kernels/scalar/item_swar.h"
#include "sortid/sortid.hpp"

HWY_BEFORE_NAMESPACE();
namespace sortid {
namespace HWY_NAMESPACE {
namespace item_entry {

template <kernels::ItemDecodeFn kDecode, Format kFormat>
Result DecodePlain(const uint8_t* text, size_t length, uint8_t* id) {
  if (length == internal::kTextLength[static_cast<int>(kFormat)] && kDecode(text, id)) [[likely]] {
    return {};
  }
  return kernels::ExplainPlainItem(kFormat, false, text, length, id);
}

// Format::kUuid takes both of its text forms.
template <kernels::ItemDecodeFn kDecode36, kernels::ItemDecodeFn kDecode32>
Result DecodeUuidPlain(const uint8_t* text, size_t length, uint8_t* id) {
  if (length == kUuidTextLength) [[likely]] {
    if (kDecode36(text, id)) [[likely]]
      return {};
  } else if (length == kUuidHexTextLength && kDecode32(text, id)) {
    return {};
  }
  return kernels::ExplainPlainItem(Format::kUuid, false, text, length, id);
}

// Canonical case: ULIDs and Record IDs upper, UUIDs lower.
template <kernels::ItemEncodeFn kEncode, Format kFormat>
size_t EncodePlain(const uint8_t* id, char* out) {
  if constexpr (kFormat == Format::kRecordId) {
    if (!single::RecordIdEncodable(id)) [[unlikely]]
      return 0;
  }
  kEncode(id, kFormat == Format::kUuid || kFormat == Format::kUuidHex, out);
  return internal::kTextLength[static_cast<int>(kFormat)];
}

// kCodec with its plain entries filled in from its other entries.
template <const kernels::ItemCodec& kCodec>
constexpr kernels::ItemCodec WithPlainEntries() {
  kernels::ItemCodec codec = kCodec;
  codec.decode_plain[0] = DecodePlain<kCodec.decode_ulid[0], Format::kUlid>;
  codec.decode_plain[1] = DecodePlain<kCodec.decode_record[0], Format::kRecordId>;
  codec.decode_plain[2] = DecodeUuidPlain<kCodec.decode_uuid, kCodec.decode_uuid_hex>;
  codec.decode_plain[3] = DecodePlain<kCodec.decode_uuid_hex, Format::kUuidHex>;
  codec.encode_plain[0] = EncodePlain<kCodec.encode_ulid, Format::kUlid>;
  codec.encode_plain[1] = EncodePlain<kCodec.encode_record, Format::kRecordId>;
  codec.encode_plain[2] = EncodePlain<kCodec.encode_uuid, Format::kUuid>;
  codec.encode_plain[3] = EncodePlain<kCodec.encode_uuid_hex, Format::kUuidHex>;
  return codec;
}

}  // namespace item_entry
}  // namespace HWY_NAMESPACE
}  // namespace sortid
HWY_AFTER_NAMESPACE();

#endif  // SORTID_KERNELS_ITEM_ENTRY_INL_H_
