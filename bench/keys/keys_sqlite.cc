// SQLite back end of the key-scheme benchmark: one database file per run,
// prepared INSERT in one transaction per batch, in one of two layouts
// (https://www.sqlite.org/withoutrowid.html):
//   without_rowid  CREATE TABLE k (id PRIMARY KEY, n) WITHOUT ROWID — the table
//                  is a B-tree clustered on the key, like InnoDB
//   rowid_index    CREATE TABLE k (id, n) + CREATE UNIQUE INDEX k_id ON k (id):
//                  rowid-ordered table plus a separate key index
// (bigint: id INTEGER PRIMARY KEY in both, the rowid itself in rowid_index.)
// Page cache limited by PRAGMA cache_size; sizes from the dbstat table.
#include <sqlite3.h>

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include "keys_bench.h"

namespace keys {
namespace {

struct Finalize {
  void operator()(sqlite3_stmt* stmt) const { sqlite3_finalize(stmt); }
};
using Statement = std::unique_ptr<sqlite3_stmt, Finalize>;

class Sqlite final : public Target {
 public:
  Sqlite(const Scheme& scheme, const std::string& variant, const std::string& dir, int cache_mib)
      : scheme_(scheme), variant_(variant), cache_mib_(cache_mib) {
    if (variant != "without_rowid" && variant != "rowid_index") {
      throw std::runtime_error("sqlite variant must be without_rowid or rowid_index");
    }
    path_ = dir + "/" + scheme.name + "." + variant + ".sqlite";
    std::remove(path_.c_str());
    if (sqlite3_open(path_.c_str(), &db_) != SQLITE_OK) Throw("open " + path_);
    Exec("PRAGMA page_size = 4096");
    Exec("PRAGMA cache_size = -" + std::to_string(cache_mib * 1024));
    Exec("PRAGMA journal_mode = WAL");
    Exec("PRAGMA synchronous = OFF");
    const std::string type = scheme.storage == KeyStorage::kInt64     ? "INTEGER"
                             : scheme.storage == KeyStorage::kBytes16 ? "BLOB"
                                                                      : "TEXT";
    if (variant == "without_rowid") {
      Exec("CREATE TABLE k (id " + type +
           " PRIMARY KEY NOT NULL, n INTEGER NOT NULL) WITHOUT ROWID");
    } else if (scheme.storage == KeyStorage::kInt64) {
      Exec("CREATE TABLE k (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)");
    } else {
      Exec("CREATE TABLE k (id " + type + " NOT NULL, n INTEGER NOT NULL)");
      Exec("CREATE UNIQUE INDEX k_id ON k (id)");
    }
    if (sqlite3_prepare_v2(db_, "INSERT INTO k (id, n) VALUES (?1, ?2)", -1, &insert_, nullptr) !=
        SQLITE_OK) {
      Throw("prepare INSERT");
    }
  }
  ~Sqlite() override {
    sqlite3_finalize(insert_);
    sqlite3_close(db_);
    std::remove(path_.c_str());
    std::remove((path_ + "-wal").c_str());
    std::remove((path_ + "-shm").c_str());
  }

  void Insert(const Batch& batch) override {
    Exec("BEGIN");
    for (size_t i = 0; i < batch.count; ++i) {
      int rc = SQLITE_OK;
      switch (batch.storage) {
        case KeyStorage::kInt64:
          rc = sqlite3_bind_int64(insert_, 1, batch.ints[i]);
          break;
        case KeyStorage::kBytes16:
          rc = sqlite3_bind_blob(insert_, 1, &batch.bytes[i * 16], 16, SQLITE_STATIC);
          break;
        case KeyStorage::kText:
          rc = sqlite3_bind_text(insert_, 1, &batch.text[i * batch.text_length],
                                 static_cast<int>(batch.text_length), SQLITE_STATIC);
          break;
      }
      if (rc != SQLITE_OK ||
          sqlite3_bind_int64(insert_, 2, batch.first_row + static_cast<int64_t>(i)) != SQLITE_OK ||
          sqlite3_step(insert_) != SQLITE_DONE) {
        Throw("INSERT row " + std::to_string(batch.first_row + static_cast<int64_t>(i)));
      }
      sqlite3_reset(insert_);
    }
    Exec("COMMIT");
  }

  Sizes MeasureSizes() override {
    Exec("PRAGMA wal_checkpoint(TRUNCATE)");
    Sizes sizes;
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db_, "SELECT name, SUM(pgsize) FROM dbstat GROUP BY name", -1, &stmt,
                           nullptr) != SQLITE_OK) {
      Throw("dbstat (SQLITE_ENABLE_DBSTAT_VTAB)");
    }
    while (sqlite3_step(stmt) == SQLITE_ROW) {
      const std::string name = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
      if (name == "k") sizes.table_bytes = sqlite3_column_int64(stmt, 1);
      if (name == "k_id") sizes.index_bytes = sqlite3_column_int64(stmt, 1);
    }
    sqlite3_finalize(stmt);
    if (variant_ == "without_rowid") {
      sizes.note = "clustered: the table is the key's B-tree";
      sizes.index_bytes = sizes.table_bytes;
    } else if (scheme_.storage == KeyStorage::kInt64) {
      sizes.note = "the key is the rowid: no separate index";
      sizes.index_bytes = 0;
    } else {
      sizes.note = "rowid table + unique index (dbstat)";
    }
    return sizes;
  }

  QueryTiming Newest100() override {
    const std::string sql = Newest100Query(scheme_);
    const Statement stmt = Prepare(sql);
    return TimeRuns(sql, [&] {
      int64_t rows = 0;
      while (sqlite3_step(stmt.get()) == SQLITE_ROW) ++rows;
      sqlite3_reset(stmt.get());
      return rows;
    });
  }

  QueryTiming CountRange(const TimeRange& range) override {
    static const char kSql[] = "SELECT count(*) FROM k WHERE id BETWEEN ?1 AND ?2";
    const Statement stmt = Prepare(kSql);
    if (scheme_.storage == KeyStorage::kBytes16) {
      sqlite3_bind_blob(stmt.get(), 1, range.low.data(), 16, SQLITE_STATIC);
      sqlite3_bind_blob(stmt.get(), 2, range.high.data(), 16, SQLITE_STATIC);
    } else {
      sqlite3_bind_text(stmt.get(), 1, range.low.data(), static_cast<int>(range.low.size()),
                        SQLITE_STATIC);
      sqlite3_bind_text(stmt.get(), 2, range.high.data(), static_cast<int>(range.high.size()),
                        SQLITE_STATIC);
    }
    return TimeRuns(kSql, [&] {
      if (sqlite3_step(stmt.get()) != SQLITE_ROW) Throw("count");
      const int64_t count = sqlite3_column_int64(stmt.get(), 0);
      sqlite3_reset(stmt.get());
      return count;
    });
  }

  std::string Settings() const override {
    return std::string("sqlite ") + sqlite3_libversion() + "; " +
           SettingsLine({{"page_size", "4096"},
                         {"cache_size", std::to_string(cache_mib_) + " MiB"},
                         {"journal_mode", "WAL"},
                         {"synchronous", "OFF"}},
                        "prepared INSERT, one transaction per batch");
  }

 private:
  [[noreturn]] void Throw(const std::string& what) {
    throw std::runtime_error("sqlite " + what + ": " + sqlite3_errmsg(db_));
  }
  void Exec(const std::string& sql) {
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) Throw(sql);
  }
  Statement Prepare(const std::string& sql) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) Throw(sql);
    return Statement(stmt);
  }

  const Scheme& scheme_;
  std::string variant_;
  int cache_mib_;
  std::string path_;
  sqlite3* db_ = nullptr;
  sqlite3_stmt* insert_ = nullptr;
};

}  // namespace

std::unique_ptr<Target> OpenSqlite(const Scheme& scheme, const std::string& variant,
                                   const std::string& dir, int cache_mib) {
  return std::make_unique<Sqlite>(scheme, variant, dir, cache_mib);
}

}  // namespace keys
