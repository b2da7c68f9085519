// The stand-in "unsupported" kernel table (see unsupported.h).
#include "kernels/unsupported.h"

namespace sortid::kernels {
namespace {

Error Prepare(const PlanRequest& /*request*/, KernelPlan* plan) {
  plan->data = nullptr;
  return Error::kUnsupported;
}
Status Encode(const EncodeArgs& /*args*/) { return {Error::kUnsupported, 0}; }
Status Decode(const DecodeArgs& /*args*/) { return {Error::kUnsupported, 0}; }
Error Keystream(const uint32_t* /*state*/, uint8_t* /*out*/, size_t /*blocks*/) {
  return Error::kUnsupported;
}

}  // namespace

const KernelTable& UnsupportedTable() {
  static constexpr KernelTable kTable = {
      "", 0, Prepare, {Encode, Encode, Encode, Encode}, {Decode, Decode, Decode, Decode}, Keystream,
  };
  return kTable;
}

}  // namespace sortid::kernels
