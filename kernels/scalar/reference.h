// The scalar reference kernel: the oracle every SIMD target is tested and
// fuzzed against. Written straight from docs/formats.md, one item at a
// time, for clarity rather than speed. Never built with Highway and never the
// code under test of a differential test.
#ifndef SORTID_KERNELS_SCALAR_REFERENCE_H_
#define SORTID_KERNELS_SCALAR_REFERENCE_H_

#include <cstddef>
#include <cstdint>

#include "kernels/kernel_api.h"
#include "sortid/sortid.hpp"

namespace sortid::reference {

// One item's decoding rules, already resolved by the library (TypeID
// separator included in prefix).
struct ItemSpec {
  Format format = Format::kUlid;
  const char* prefix = nullptr;
  size_t prefix_len = 0;
  int terminator = -1;
  bool lenient = false;
  bool lower_only = false;
};

// Decodes one item of len bytes. The item must be exactly prefix + ID (+
// terminator); for Format::kUuid the ID may be 36 or 32 characters. The length
// is checked first, then bytes left to right; the first error found is
// returned with its byte position. out receives the 16-byte ID, or zeros on
// error.
Result DecodeItem(const ItemSpec& spec, const uint8_t* item, size_t len, uint8_t out[16]);

// Writes the kTextLength[format] characters of one ID. Returns false (writing
// NUL characters) for a Record ID with any of the top 28 bits set.
bool EncodeId(Format format, const uint8_t id[16], bool lower, char* out);

// Bulk entry points with the kernels::KernelTable contract.
size_t Encode(Format format, const kernels::EncodeArgs& args);
size_t Decode(Format format, const kernels::DecodeArgs& args);
Error RandomUlidText(const kernels::RandomUlidTextArgs& args);

// The reference as a dispatch table, named "SCALAR".
const kernels::KernelTable& Table();
// The same table as a constant (its address is usable in constant expressions).
extern const kernels::KernelTable kReferenceTable;

}  // namespace sortid::reference

#endif  // SORTID_KERNELS_SCALAR_REFERENCE_H_
