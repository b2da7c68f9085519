// DuckDB back end of the key-scheme benchmark: one database file per run,
// CREATE TABLE k (id <BIGINT|BLOB|VARCHAR> PRIMARY KEY, n BIGINT) — the
// primary key is an ART index (https://duckdb.org/docs/sql/indexes) — loaded
// through the C API appender, one appender (one commit) per batch. Buffer
// memory is capped by memory_limit; one thread, as the other engines use one
// backend. Sizes: the database file after CHECKPOINT, and the ART's memory
// (duckdb_memory(), tag ART_INDEX).
#include <duckdb.h>
#include <sys/stat.h>

#include <cstdio>
#include <stdexcept>
#include <string>

#include "keys_bench.h"

namespace keys {
namespace {

class Duckdb final : public Target {
 public:
  Duckdb(const Scheme& scheme, const std::string& variant, const std::string& dir, int memory_mib)
      : scheme_(scheme), memory_mib_(memory_mib) {
    if (variant != "art") throw std::runtime_error("duckdb variant must be art");
    path_ = dir + "/" + scheme.name + ".duckdb";
    RemoveFiles();
    duckdb_config config = nullptr;
    if (duckdb_create_config(&config) != DuckDBSuccess) throw std::runtime_error("duckdb config");
    duckdb_set_config(config, "memory_limit", (std::to_string(memory_mib) + "MB").c_str());
    duckdb_set_config(config, "threads", "1");
    char* error = nullptr;
    const duckdb_state state = duckdb_open_ext(path_.c_str(), &db_, config, &error);
    duckdb_destroy_config(&config);
    if (state != DuckDBSuccess) {
      const std::string message = error != nullptr ? error : "unknown error";
      duckdb_free(error);
      throw std::runtime_error("duckdb open " + path_ + ": " + message);
    }
    if (duckdb_connect(db_, &connection_) != DuckDBSuccess) {
      throw std::runtime_error("duckdb connect");
    }
    const char* type = scheme.storage == KeyStorage::kInt64     ? "BIGINT"
                       : scheme.storage == KeyStorage::kBytes16 ? "BLOB"
                                                                : "VARCHAR";
    Exec(std::string("CREATE TABLE k (id ") + type + " PRIMARY KEY, n BIGINT NOT NULL)");
  }
  ~Duckdb() override {
    duckdb_disconnect(&connection_);
    duckdb_close(&db_);
    RemoveFiles();
  }

  void Insert(const Batch& batch) override {
    duckdb_appender appender = nullptr;
    if (duckdb_appender_create(connection_, nullptr, "k", &appender) != DuckDBSuccess) {
      Fail(appender, "appender");
    }
    for (size_t i = 0; i < batch.count; ++i) {
      duckdb_state state = DuckDBSuccess;
      switch (batch.storage) {
        case KeyStorage::kInt64:
          state = duckdb_append_int64(appender, batch.ints[i]);
          break;
        case KeyStorage::kBytes16:
          state = duckdb_append_blob(appender, &batch.bytes[i * 16], 16);
          break;
        case KeyStorage::kText:
          state = duckdb_append_varchar_length(appender, &batch.text[i * batch.text_length],
                                               batch.text_length);
          break;
      }
      if (state != DuckDBSuccess ||
          duckdb_append_int64(appender, batch.first_row + static_cast<int64_t>(i)) !=
              DuckDBSuccess ||
          duckdb_appender_end_row(appender) != DuckDBSuccess) {
        Fail(appender, "append");
      }
    }
    if (duckdb_appender_close(appender) != DuckDBSuccess) Fail(appender, "appender close");
    duckdb_appender_destroy(&appender);
  }

  Sizes MeasureSizes() override {
    Sizes sizes;
    duckdb_result result;
    if (duckdb_query(connection_,
                     "SELECT coalesce(sum(memory_usage_bytes), 0) FROM duckdb_memory() "
                     "WHERE tag = 'ART_INDEX'",
                     &result) == DuckDBSuccess) {
      sizes.index_bytes = duckdb_value_int64(&result, 0, 0);
    }
    duckdb_destroy_result(&result);
    Exec("CHECKPOINT");
    struct stat info {};
    if (stat(path_.c_str(), &info) == 0) sizes.table_bytes = info.st_size;
    sizes.note = "table = database file after CHECKPOINT (table + ART); index = ART in memory";
    return sizes;
  }

  QueryTiming Newest100() override {
    const std::string sql = Newest100Query(scheme_);
    return TimeRuns(sql, [&] {
      duckdb_result result;
      Query(sql, &result);
      const auto rows = static_cast<int64_t>(duckdb_row_count(&result));
      duckdb_destroy_result(&result);
      return rows;
    });
  }

  QueryTiming CountRange(const TimeRange& range) override {
    static const char kSql[] = "SELECT count(*) FROM k WHERE id BETWEEN ? AND ?";
    duckdb_prepared_statement stmt = nullptr;
    if (duckdb_prepare(connection_, kSql, &stmt) != DuckDBSuccess) {
      const std::string message = duckdb_prepare_error(stmt);
      duckdb_destroy_prepare(&stmt);
      throw std::runtime_error("duckdb prepare: " + message);
    }
    if (scheme_.storage == KeyStorage::kBytes16) {
      duckdb_bind_blob(stmt, 1, range.low.data(), 16);
      duckdb_bind_blob(stmt, 2, range.high.data(), 16);
    } else {
      duckdb_bind_varchar_length(stmt, 1, range.low.data(), range.low.size());
      duckdb_bind_varchar_length(stmt, 2, range.high.data(), range.high.size());
    }
    const QueryTiming timing = TimeRuns(kSql, [&] {
      duckdb_result result;
      if (duckdb_execute_prepared(stmt, &result) != DuckDBSuccess) Throw(&result, "count");
      const int64_t count = duckdb_value_int64(&result, 0, 0);
      duckdb_destroy_result(&result);
      return count;
    });
    duckdb_destroy_prepare(&stmt);
    return timing;
  }

  std::string Settings() const override {
    return std::string("duckdb ") + duckdb_library_version() + "; " +
           SettingsLine({{"memory_limit", std::to_string(memory_mib_) + " MB"}, {"threads", "1"}},
                        "appender, one commit per batch; 16-byte keys as BLOB");
  }

 private:
  [[noreturn]] void Fail(duckdb_appender& appender, const char* what) {
    const char* error = appender != nullptr ? duckdb_appender_error(appender) : nullptr;
    const std::string message = std::string("duckdb ") + what + ": " + (error ? error : "failed");
    duckdb_appender_destroy(&appender);
    throw std::runtime_error(message);
  }
  // Destroys a failed query's result and throws its error.
  [[noreturn]] static void Throw(duckdb_result* result, const std::string& what) {
    const std::string message = duckdb_result_error(result);
    duckdb_destroy_result(result);
    throw std::runtime_error("duckdb " + what + ": " + message);
  }
  // Runs sql into *result, which the caller destroys; throws on an error.
  void Query(const std::string& sql, duckdb_result* result) {
    if (duckdb_query(connection_, sql.c_str(), result) != DuckDBSuccess) Throw(result, sql);
  }
  void Exec(const std::string& sql) {
    duckdb_result result;
    Query(sql, &result);
    duckdb_destroy_result(&result);
  }
  void RemoveFiles() {
    std::remove(path_.c_str());
    std::remove((path_ + ".wal").c_str());
  }

  const Scheme& scheme_;
  int memory_mib_;
  std::string path_;
  duckdb_database db_ = nullptr;
  duckdb_connection connection_ = nullptr;
};

}  // namespace

std::unique_ptr<Target> OpenDuckdb(const Scheme& scheme, const std::string& variant,
                                   const std::string& dir, int memory_mib) {
  return std::make_unique<Duckdb>(scheme, variant, dir, memory_mib);
}

}  // namespace keys
