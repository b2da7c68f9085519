// A downstream C++ program using the installed package.
#include <sortid/sortid.hpp>

#include <cstdio>

int main() {
  const auto ulid = sortid::Ulid::parse("01ARYZ6S41TSV4RRFFQ69G5FAV");
  if (!ulid || ulid->to_uuid() != "01563df3-6481-d676-4c61-efb99302bd5b") return 1;
  uint8_t id[16];
  uint8_t validity = 0;
  const sortid::Result s =
      sortid::decode(sortid::Format::kUlid, "01ARYZ6S41TSV4RRFFQ69G5FAV", 1, 26, id, &validity);
  if (!s.ok() || s.count != 0 || validity != 1) return 1;
  std::printf("C++ consumer ok (target %s)\n", sortid::active_target());
  return 0;
}
