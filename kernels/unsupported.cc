// The stand-in "unsupported" kernel table (see unsupported.h).
#include "kernels/unsupported.h"

namespace sortid::kernels {
namespace {

Result Encode(const EncodeArgs& /*args*/) { return {.error = Error::kUnsupported}; }
Result Decode(const DecodeArgs& /*args*/) { return {.error = Error::kUnsupported}; }
Error Keystream(const uint32_t* /*state*/, uint8_t* /*out*/, size_t /*blocks*/) {
  return Error::kUnsupported;
}
Error RandomUlidText(const RandomUlidTextArgs& /*args*/) { return Error::kUnsupported; }

}  // namespace

const KernelTable& UnsupportedTable() {
  static constexpr KernelTable kTable = {
      "",
      0,
      PlanFamily::kUnsupported,
      {Encode, Encode, Encode, Encode},
      {Decode, Decode, Decode, Decode},
      Keystream,
      RandomUlidText,
      // The per-item path has no error channel: it keeps the portable codec,
      // which runs on every CPU, while every bulk call reports kUnsupported.
      &kSwarItemCodec,
  };
  return kTable;
}

}  // namespace sortid::kernels
