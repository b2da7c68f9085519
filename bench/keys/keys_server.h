// Shared by the server back ends of the key-scheme benchmark
// (keys_postgres.cc, keys_mariadb.cc): their queries are SQL text sent to the
// server, timed with TimeQuery and described by the server's plan, so the two
// timed queries are the same for every server once it can run a query.
#ifndef SORTID_BENCH_KEYS_KEYS_SERVER_H_
#define SORTID_BENCH_KEYS_KEYS_SERVER_H_

#include <cstdint>
#include <string>

#include "keys_bench.h"

namespace keys {

class ServerTarget : public Target {
 public:
  explicit ServerTarget(const Scheme& scheme) : scheme_(scheme) {}

  QueryTiming Newest100() final {
    return TimeQuery(
        Newest100Query(scheme_), [&](const std::string& sql) { return Rows(sql); },
        [&](const std::string& sql) { return Plan(sql); });
  }

 protected:
  const Scheme& scheme() const { return scheme_; }

  // Times the count of keys from low to high (inclusive), both SQL
  // expressions of the key column's type.
  QueryTiming TimeCountBetween(const std::string& low, const std::string& high) const {
    return TimeQuery(
        "SELECT count(*) FROM k WHERE id BETWEEN " + low + " AND " + high,
        [&](const std::string& sql) { return std::stoll(Value(sql)); },
        [&](const std::string& sql) { return Plan(sql); });
  }

  // Runs sql; the number of rows it returned.
  virtual int64_t Rows(const std::string& sql) const = 0;
  // Runs sql; its first row's first column (throws when there is none).
  virtual std::string Value(const std::string& sql) const = 0;
  // The server's plan of sql, shortened to the access path.
  virtual std::string Plan(const std::string& sql) const = 0;

 private:
  const Scheme& scheme_;
};

}  // namespace keys

#endif  // SORTID_BENCH_KEYS_KEYS_SERVER_H_
