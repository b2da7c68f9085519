// PostgreSQL back end of the key-scheme benchmark: binary COPY through libpq
// (https://www.postgresql.org/docs/15/sql-copy.html, "Binary Format") into
// CREATE TABLE k (id <type> PRIMARY KEY, n bigint NOT NULL): a heap plus a
// B-tree primary key. The server comes from bench/keys/run.sh (PGHOST etc.);
// the 16-byte schemes use `uuid` and the sortid extension's `ulid`, whose
// binary forms are both the 16 raw bytes.
#include <libpq-fe.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "keys_bench.h"
#include "keys_server.h"

namespace keys {
namespace {

class Postgres final : public ServerTarget {
 public:
  Postgres(const Scheme& scheme, const std::string& variant) : ServerTarget(scheme) {
    if (variant != "btree") throw std::runtime_error("postgres variant must be btree");
    connection_ = PQconnectdb("");  // PGHOST, PGPORT, PGUSER, PGDATABASE
    if (PQstatus(connection_) != CONNECTION_OK) {
      throw std::runtime_error(std::string("postgres: ") + PQerrorMessage(connection_));
    }
    Exec("SET client_min_messages = warning");
    if (std::strcmp(scheme.pg_type, "ulid") == 0) Exec("CREATE EXTENSION IF NOT EXISTS sortid");
    Exec("DROP TABLE IF EXISTS k");
    Exec(std::string("CREATE TABLE k (id ") + scheme.pg_type + " PRIMARY KEY, n bigint NOT NULL)");
  }
  ~Postgres() override { PQfinish(connection_); }

  void Insert(const Batch& batch) override {
    buffer_.clear();
    static const char kHeader[] = "PGCOPY\n\377\r\n";  // 11 bytes incl. the NUL
    buffer_.append(kHeader, 11);
    Put32(0);  // flags
    Put32(0);  // header extension length
    for (size_t i = 0; i < batch.count; ++i) {
      Put16(2);
      switch (batch.storage) {
        case KeyStorage::kInt64:
          Put32(8);
          Put64(batch.ints[i]);
          break;
        case KeyStorage::kBytes16:
          Put32(16);
          buffer_.append(reinterpret_cast<const char*>(&batch.bytes[i * 16]), 16);
          break;
        case KeyStorage::kText: {
          const char* text = &batch.text[i * batch.text_length];
          Put32(static_cast<uint32_t>(batch.text_length));
          buffer_.append(text, batch.text_length);
          break;
        }
      }
      Put32(8);
      Put64(batch.first_row + static_cast<int64_t>(i));
    }
    Put16(0xffff);  // trailer
    PGresult* result = PQexec(connection_, "COPY k (id, n) FROM STDIN (FORMAT binary)");
    if (PQresultStatus(result) != PGRES_COPY_IN) Throw(result, "COPY");
    PQclear(result);
    if (PQputCopyData(connection_, buffer_.data(), static_cast<int>(buffer_.size())) != 1 ||
        PQputCopyEnd(connection_, nullptr) != 1) {
      throw std::runtime_error(std::string("postgres COPY: ") + PQerrorMessage(connection_));
    }
    result = PQgetResult(connection_);
    if (PQresultStatus(result) != PGRES_COMMAND_OK) Throw(result, "COPY");
    PQclear(result);
    while ((result = PQgetResult(connection_)) != nullptr) PQclear(result);
  }

  Sizes MeasureSizes() override {
    Exec("VACUUM (ANALYZE) k");
    Sizes sizes;
    sizes.table_bytes = std::stoll(Value("SELECT pg_relation_size('k')"));
    sizes.index_bytes = std::stoll(Value("SELECT pg_relation_size('k_pkey')"));
    sizes.note = "heap + btree (pg_relation_size, after VACUUM)";
    return sizes;
  }

  QueryTiming CountRange(const TimeRange& range) override {
    const std::string low_time = "to_timestamp(" + std::to_string(range.from_ms) + " / 1000.0)";
    const std::string high_time = "to_timestamp(" + std::to_string(range.to_ms) + " / 1000.0)";
    std::string low = "ulid_min(" + low_time + ")", high = "ulid_max(" + high_time + ")";
    const std::string name = scheme().name;
    if (name == "uuidv7") {
      low += "::uuid";
      high += "::uuid";
    } else if (name == "ulid_text") {
      low += "::text";
      high += "::text";
    } else if (name == "order_ulid_text") {
      low = "'ORDER#' || " + low + "::text";
      high = "'ORDER#' || " + high + "::text";
    } else if (name == "record_id_text") {  // bounds computed by the driver
      low = "'" + range.low + "'";
      high = "'" + range.high + "'";
    }
    if (std::strcmp(scheme().pg_type, "ulid") != 0) Exec("CREATE EXTENSION IF NOT EXISTS sortid");
    return TimeCountBetween(low, high);
  }

  std::string Settings() const override {
    std::vector<std::pair<std::string, std::string>> settings;
    for (const char* name :
         {"server_version", "shared_buffers", "work_mem", "fsync", "synchronous_commit",
          "full_page_writes", "max_wal_size", "autovacuum"}) {
      PGresult* result = PQexec(connection_, (std::string("SHOW ") + name).c_str());
      if (PQresultStatus(result) == PGRES_TUPLES_OK) {
        settings.emplace_back(name, PQgetvalue(result, 0, 0));
      }
      PQclear(result);
    }
    return SettingsLine(settings, "binary COPY, one transaction per batch");
  }

 private:
  [[noreturn]] static void Throw(PGresult* result, const char* what) {
    std::string message = std::string("postgres ") + what + ": " + PQresultErrorMessage(result);
    PQclear(result);
    throw std::runtime_error(message);
  }
  void Exec(const std::string& sql) const {
    PGresult* result = PQexec(connection_, sql.c_str());
    const ExecStatusType status = PQresultStatus(result);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) Throw(result, sql.c_str());
    PQclear(result);
  }
  std::string Value(const std::string& sql) const override {
    PGresult* result = PQexec(connection_, sql.c_str());
    if (PQresultStatus(result) != PGRES_TUPLES_OK || PQntuples(result) < 1) {
      Throw(result, sql.c_str());
    }
    std::string value = PQgetvalue(result, 0, 0);
    PQclear(result);
    return value;
  }
  int64_t Rows(const std::string& sql) const override {
    PGresult* result = PQexec(connection_, sql.c_str());
    if (PQresultStatus(result) != PGRES_TUPLES_OK) Throw(result, sql.c_str());
    const int64_t rows = PQntuples(result);
    PQclear(result);
    return rows;
  }
  // The plan's first node, e.g. "Index Only Scan Backward using k_pkey on k".
  std::string Plan(const std::string& sql) const override {
    PGresult* result = PQexec(connection_, ("EXPLAIN (COSTS OFF) " + sql).c_str());
    std::string plan;
    if (PQresultStatus(result) == PGRES_TUPLES_OK) {
      for (int row = 0; row < PQntuples(result); ++row) {
        std::string line = PQgetvalue(result, row, 0);
        if (line.find("Scan") != std::string::npos) {
          plan = line.substr(line.find_first_not_of(" ->"));
          break;
        }
      }
    }
    PQclear(result);
    return plan;
  }
  void Put16(uint16_t v) {
    buffer_.push_back(static_cast<char>(v >> 8));
    buffer_.push_back(static_cast<char>(v));
  }
  void Put32(uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) buffer_.push_back(static_cast<char>(v >> shift));
  }
  void Put64(int64_t value) {
    const auto v = static_cast<uint64_t>(value);
    for (int shift = 56; shift >= 0; shift -= 8) buffer_.push_back(static_cast<char>(v >> shift));
  }

  PGconn* connection_ = nullptr;
  std::string buffer_;
};

}  // namespace

std::unique_ptr<Target> OpenPostgres(const Scheme& scheme, const std::string& variant) {
  return std::make_unique<Postgres>(scheme, variant);
}

}  // namespace keys
