// The portable per-item codec as a table (kernels/item_codec.h).
#include "kernels/item_codec.h"

#include "kernels/item_entry-inl.h"
#include "kernels/scalar/item_swar.h"

namespace sortid::kernels {
namespace {

using single::Alphabet;

template <Alphabet kAlphabet>
bool DecodeUlid(const uint8_t* text, uint8_t* out) {
  return single::DecodeUlid<kAlphabet>(text, out);
}
template <Alphabet kAlphabet>
bool DecodeRecordId(const uint8_t* text, uint8_t* out) {
  return single::DecodeRecordId<kAlphabet>(text, out);
}

constexpr ItemCodec kSwarCodecFunctions = {
    "SWAR",
    {DecodeUlid<Alphabet::kStrict>, DecodeUlid<Alphabet::kLenient>,
     DecodeUlid<Alphabet::kLowerOnly>},
    {DecodeRecordId<Alphabet::kStrict>, DecodeRecordId<Alphabet::kLenient>,
     DecodeRecordId<Alphabet::kLowerOnly>},
    single::EncodeUlid,
    single::EncodeRecordId,
    single::DecodeUuid,
    single::DecodeUuidHex,
    single::EncodeUuid,
    single::EncodeUuidHex,
    {},
    {},
};

}  // namespace

constinit const ItemCodec kSwarItemCodec =
    HWY_NAMESPACE::item_entry::WithPlainEntries<kSwarCodecFunctions>();

}  // namespace sortid::kernels
