// Random IDs valid for a format. See test_support.h; the Record ID range is
// docs/spec.md §1 (100 bits: the top 28 of the 128 must be zero).
#include <cstring>

#include "tests/support/test_support.h"

namespace sortid::test {

void ClearRecordIdTopBits(uint8_t* id) {
  std::memset(id, 0, 3);
  id[3] &= 0x0F;
}

void MakeValidIds(Format format, uint8_t* ids, size_t count) {
  if (format != Format::kRecordId) return;
  for (size_t i = 0; i < count; ++i) ClearRecordIdTopBits(ids + 16 * i);
}

std::vector<uint8_t> RandomIds(Format format, size_t count, std::mt19937_64& rng) {
  std::vector<uint8_t> ids(count * 16);
  for (auto& b : ids) b = static_cast<uint8_t>(rng());
  MakeValidIds(format, ids.data(), count);
  return ids;
}

std::vector<uint8_t> RandomIds(Format format, size_t count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  return RandomIds(format, count, rng);
}

}  // namespace sortid::test
