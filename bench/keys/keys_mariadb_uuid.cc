// Probe of MariaDB's UUID type for the key-scheme report: which UUIDs it
// stores with the five groups in reverse order (llllllll-mmmm-Vhhh-vsss-nnnn…
// kept as nnnn…-vsss-Vhhh-mmmm-llllllll, so the index sorts by the last group
// first), and which it refuses. The rule under test, from MariaDB 10.11's
// plugin/type_uuid/sql_type_uuid.h: byte 6 (signed) in 1..0x5f with the top
// bit of byte 8 set is stored reversed; byte 6 >= 0x80 with byte 8 in
// 1..0x80 is refused, because read back it would look like a reversed one.
// Both predictions are checked against the server, on fixed UUIDs of
// versions 1, 4, 6, 7 and 8 and on 10,000 ULIDs given as UUID text.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "keys_mariadb.h"
#include "sortid/generator.hpp"
#include "sortid/sortid.hpp"

namespace keys {
namespace {

constexpr int kUlids = 10000;
constexpr int64_t kSpacingMs = 8640;  // 10,000 ULIDs over 24 hours

using Id = std::array<uint8_t, 16>;

bool PredictReversed(const Id& id) {
  const auto v = static_cast<int8_t>(id[6]);
  return v > 0 && v < 0x60 && (id[8] & 0x80) != 0;
}
bool PredictRefused(const Id& id) { return (id[6] & 0x80) != 0 && id[8] >= 1 && id[8] <= 0x80; }

// The bytes as the index compares them.
Id Stored(const Id& id) {
  if (!PredictReversed(id)) return id;
  Id out{};
  std::memcpy(&out[0], &id[10], 6);
  std::memcpy(&out[6], &id[8], 2);
  std::memcpy(&out[8], &id[6], 2);
  std::memcpy(&out[10], &id[4], 2);
  std::memcpy(&out[12], &id[0], 4);
  return out;
}

struct Clock {
  int64_t now_ms = 0;
};
int64_t ReadClock(void* context) { return static_cast<Clock*>(context)->now_ms; }

class Probe {
 public:
  explicit Probe(MYSQL* connection) : connection_(connection) {}

  void Exec(const std::string& sql) {
    if (mysql_real_query(connection_, sql.c_str(), sql.size()) != 0) {
      throw std::runtime_error("mariadb " + sql + ": " + mysql_error(connection_));
    }
  }
  // false when the server refused the value as an incorrect UUID.
  bool InsertUuid(const std::string& table, int tag, const std::string& uuid) {
    const std::string sql =
        "INSERT INTO " + table + " VALUES (" + std::to_string(tag) + ", '" + uuid + "')";
    if (mysql_real_query(connection_, sql.c_str(), sql.size()) == 0) return true;
    if (mysql_errno(connection_) == 1292) return false;  // ER_TRUNCATED_WRONG_VALUE
    throw std::runtime_error("mariadb " + sql + ": " + mysql_error(connection_));
  }
  std::vector<int> Tags(const std::string& sql) {
    Exec(sql);
    MYSQL_RES* result = mysql_store_result(connection_);
    if (result == nullptr) throw std::runtime_error("mariadb " + sql + ": no result");
    std::vector<int> tags;
    while (MYSQL_ROW row = mysql_fetch_row(result)) tags.push_back(std::stoi(row[0]));
    mysql_free_result(result);
    return tags;
  }

 private:
  MYSQL* connection_;
};

std::string Text(const Id& id) {
  char text[36];
  if (sortid::encode_one(sortid::Format::kUuid, id.data(), text) != sizeof text) {
    throw std::runtime_error("mariadb probe: cannot format a UUID");
  }
  return std::string(text, sizeof text);
}

}  // namespace

std::vector<std::pair<std::string, std::string>> ProbeUuidType(MYSQL* connection) {
  Probe probe(connection);
  std::vector<std::pair<std::string, std::string>> notes;
  probe.Exec("DROP TABLE IF EXISTS uuid_probe");
  probe.Exec("CREATE TABLE uuid_probe (tag INT NOT NULL PRIMARY KEY, u UUID NOT NULL, KEY (u))");

  // Two UUIDs per version, one larger in the first group, one in the last:
  // as given, the one with the last group set sorts first; reversed, the other.
  std::string versions;
  for (int version : {1, 4, 6, 7, 8}) {
    Id first{}, last{};
    for (Id* id : {&first, &last}) {
      (*id)[6] = static_cast<uint8_t>(version << 4);
      (*id)[8] = 0x81;  // RFC 9562 variant (0x80 itself is refused for versions >= 8)
    }
    first[3] = 1;
    last[15] = 1;
    probe.Exec("DELETE FROM uuid_probe");
    if (!probe.InsertUuid("uuid_probe", 1, Text(first)) ||
        !probe.InsertUuid("uuid_probe", 2, Text(last))) {
      throw std::runtime_error("mariadb probe: a version " + std::to_string(version) +
                               " UUID was refused");
    }
    const bool reversed = probe.Tags("SELECT tag FROM uuid_probe ORDER BY u LIMIT 1")[0] == 1;
    if (reversed != PredictReversed(first)) {
      throw std::runtime_error("mariadb probe: version " + std::to_string(version) +
                               " stored order differs from the rule");
    }
    versions += (versions.empty() ? "v" : ", v") + std::to_string(version) +
                (reversed ? " groups reversed" : " as given");
  }
  notes.emplace_back("uuid_versions", versions);

  // ULIDs, one per simulated clock reading, so ULID order is time order.
  probe.Exec("DELETE FROM uuid_probe");
  Clock clock;
  sortid::GeneratorOptions options;
  options.clock = ReadClock;
  options.clock_context = &clock;
  sortid::Generator generator(options);
  clock.now_ms = 1767225600000;  // 2026-01-01
  std::vector<Id> ids(kUlids);
  int refused = 0, predicted_refused = 0, reversed = 0;
  std::vector<int> accepted;
  for (int i = 0; i < kUlids; ++i, clock.now_ms += kSpacingMs) {
    Id& id = ids[static_cast<size_t>(i)];
    if (!generator.generate(sortid::IdKind::kUlid, id.data(), 1).ok()) {
      throw std::runtime_error("mariadb probe: ULID generation failed");
    }
    const bool ok = probe.InsertUuid("uuid_probe", i, Text(id));
    refused += ok ? 0 : 1;
    predicted_refused += PredictRefused(id) ? 1 : 0;
    if (ok != !PredictRefused(id)) {
      throw std::runtime_error("mariadb probe: ULID " + Text(id) + (ok ? " accepted" : " refused") +
                               " against the rule");
    }
    if (ok) {
      accepted.push_back(i);
      reversed += PredictReversed(id) ? 1 : 0;
    }
  }
  if (mysql_commit(connection) != 0) throw std::runtime_error("mariadb probe: COMMIT failed");
  const std::vector<int> order = probe.Tags("SELECT tag FROM uuid_probe ORDER BY u");
  std::vector<int> expected = accepted;
  std::stable_sort(expected.begin(), expected.end(), [&](int a, int b) {
    return Stored(ids[static_cast<size_t>(a)]) < Stored(ids[static_cast<size_t>(b)]);
  });
  int out_of_order = 0;
  for (size_t i = 1; i < order.size(); ++i) out_of_order += order[i] < order[i - 1] ? 1 : 0;
  notes.emplace_back("ulid_probe", std::to_string(kUlids));
  notes.emplace_back("ulid_refused", std::to_string(refused));
  notes.emplace_back("ulid_refused_predicted", std::to_string(predicted_refused));
  notes.emplace_back("ulid_reversed", std::to_string(reversed));
  notes.emplace_back("ulid_order_matches_rule", order == expected ? "yes" : "no");
  notes.emplace_back("ulid_order_descents", std::to_string(out_of_order));
  probe.Exec("DROP TABLE uuid_probe");
  return notes;
}

}  // namespace keys
