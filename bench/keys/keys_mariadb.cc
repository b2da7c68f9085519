// MariaDB (InnoDB) back end of the key-scheme benchmark, through MariaDB
// Connector/C (libmariadb-dev) on the private socket of the server that
// bench/keys/run.sh starts (MARIADB_SOCKET, database `sortid_keys`). Layouts:
//   clustered  CREATE TABLE k (id T PRIMARY KEY, n BIGINT): the table is the
//              key's B-tree (InnoDB always clusters on the primary key)
//   secondary  k (pk BIGINT AUTO_INCREMENT PRIMARY KEY, id T UNIQUE, n): rows
//              in insertion order, the key in a secondary index (each of its
//              entries also holds the 8-byte pk)
//   uuid_type  as clustered, id in MariaDB's UUID type (uuidv4, uuidv7 only;
//              keys_mariadb_uuid.cc probes which UUIDs that type refuses and
//              which it stores with the groups reversed)
// T: BIGINT, BINARY(16), CHAR(n) or VARCHAR(64) (ORDER#<ulid>) in ascii_bin,
// so text compares byte by byte as in the other engines. Rows go in through
// multi-row prepared INSERTs, one transaction per batch. Sizes come from
// mysql.innodb_index_stats (pages, after ANALYZE TABLE) and
// information_schema.INNODB_SYS_TABLESPACES, as loaded and again after
// OPTIMIZE TABLE (a rebuild), reported as notes after the queries.
#include "keys_mariadb.h"

#include <mysql.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "keys_bench.h"
#include "keys_server.h"
#include "sortid/sortid.hpp"

namespace keys {
namespace {

// 2 parameters a row; 500 rows keep a statement far below max_allowed_packet.
constexpr size_t kRowsPerStatement = 500;
constexpr int64_t kPageBytes = 16384;
constexpr size_t kUuidTextLength = 36;

class Mariadb final : public ServerTarget {
 public:
  Mariadb(const Scheme& scheme, const std::string& variant)
      : ServerTarget(scheme), variant_(variant) {
    if (variant != "clustered" && variant != "secondary" && variant != "uuid_type") {
      throw std::runtime_error("mariadb variant must be clustered, secondary or uuid_type");
    }
    const std::string name = scheme.name;
    if (variant == "uuid_type" && name != "uuidv4" && name != "uuidv7") {
      throw std::runtime_error(
          "mariadb uuid_type holds uuidv4 and uuidv7 only (ULIDs are not "
          "all valid UUIDs: see the probe notes)");
    }
    connection_ = MariadbConnect();
    key_bytes_ = KeyBytes();
    const std::string type = ColumnType();
    Exec("DROP TABLE IF EXISTS k");
    if (variant == "secondary") {
      Exec("CREATE TABLE k (pk BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, id " + type +
           " NOT NULL, n BIGINT NOT NULL, UNIQUE KEY k_id (id)) ENGINE=InnoDB");
    } else {
      Exec("CREATE TABLE k (id " + type +
           " NOT NULL PRIMARY KEY, n BIGINT NOT NULL) "
           "ENGINE=InnoDB");
    }
    column_type_ = type;
  }
  ~Mariadb() override {
    for (auto& [rows, stmt] : statements_) mysql_stmt_close(stmt);
    mysql_close(connection_);
  }

  void Insert(const Batch& batch) override {
    if (variant_ == "uuid_type") {  // UUID text, as applications send it
      uuid_text_.resize(batch.count * kUuidTextLength);
      if (!sortid::encode(sortid::Format::kUuid, batch.bytes.data(), batch.count, uuid_text_.data(),
                          kUuidTextLength)
               .ok()) {
        throw std::runtime_error("mariadb: cannot format the UUIDs as text");
      }
    }
    for (size_t done = 0; done < batch.count;) {
      const size_t rows = std::min(kRowsPerStatement, batch.count - done);
      MYSQL_STMT* stmt = Statement(rows);
      binds_.assign(rows * 2, MYSQL_BIND{});
      numbers_.resize(rows);
      for (size_t i = 0; i < rows; ++i) {
        const size_t row = done + i;
        MYSQL_BIND& id = binds_[2 * i];  // buffer is void*: input parameters are only read
        if (variant_ == "uuid_type") {
          id.buffer_type = MYSQL_TYPE_STRING;
          id.buffer = &uuid_text_[row * kUuidTextLength];
          id.buffer_length = kUuidTextLength;
        } else if (batch.storage == KeyStorage::kInt64) {
          id.buffer_type = MYSQL_TYPE_LONGLONG;
          id.buffer = const_cast<int64_t*>(&batch.ints[row]);
        } else if (batch.storage == KeyStorage::kBytes16) {
          id.buffer_type = MYSQL_TYPE_BLOB;  // binary: no character set conversion
          id.buffer = const_cast<uint8_t*>(&batch.bytes[row * 16]);
          id.buffer_length = 16;
        } else {
          id.buffer_type = MYSQL_TYPE_STRING;
          id.buffer = const_cast<char*>(&batch.text[row * batch.text_length]);
          id.buffer_length = batch.text_length;
        }
        numbers_[i] = batch.first_row + static_cast<int64_t>(row);
        MYSQL_BIND& n = binds_[2 * i + 1];
        n.buffer_type = MYSQL_TYPE_LONGLONG;
        n.buffer = &numbers_[i];
      }
      if (mysql_stmt_bind_param(stmt, binds_.data()) != 0 || mysql_stmt_execute(stmt) != 0) {
        throw std::runtime_error("mariadb INSERT of rows " + std::to_string(numbers_[0]) + ".." +
                                 std::to_string(numbers_[rows - 1]) + ": " +
                                 mysql_stmt_error(stmt));
      }
      done += rows;
    }
    if (mysql_commit(connection_) != 0) Throw("COMMIT");
  }

  Sizes MeasureSizes() override {
    loaded_ = Measure();
    Sizes sizes;
    sizes.table_bytes = loaded_.clustered_pages * kPageBytes;
    sizes.index_bytes =
        variant_ == "secondary" ? loaded_.secondary_pages * kPageBytes : sizes.table_bytes;
    sizes.note = variant_ == "secondary"
                     ? "table = clustered index on the auto-increment pk; key index = the unique "
                       "secondary index (innodb_index_stats pages after ANALYZE TABLE, as loaded)"
                     : "clustered: the table is the key's B-tree (innodb_index_stats pages after "
                       "ANALYZE TABLE, as loaded)";
    return sizes;
  }

  QueryTiming CountRange(const TimeRange& range) override {
    return TimeCountBetween(Literal(range.low), Literal(range.high));
  }

  std::vector<std::pair<std::string, std::string>> Notes() override {
    std::vector<std::pair<std::string, std::string>> notes;
    const auto add = [&](const char* prefix, const Measured& m) {
      notes.emplace_back(std::string(prefix) + "_clustered_bytes",
                         std::to_string(m.clustered_pages * kPageBytes));
      notes.emplace_back(std::string(prefix) + "_clustered_leaf_bytes",
                         std::to_string(m.clustered_leaf_pages * kPageBytes));
      notes.emplace_back(std::string(prefix) + "_clustered_leaf_fill",
                         Fill(m.rows, m.clustered_leaf_pages, ClusteredRecordBytes()));
      if (variant_ == "secondary") {
        notes.emplace_back(std::string(prefix) + "_secondary_bytes",
                           std::to_string(m.secondary_pages * kPageBytes));
        notes.emplace_back(std::string(prefix) + "_secondary_leaf_bytes",
                           std::to_string(m.secondary_leaf_pages * kPageBytes));
        notes.emplace_back(std::string(prefix) + "_secondary_leaf_fill",
                           Fill(m.rows, m.secondary_leaf_pages, key_bytes_ + 5 + 8));
      }
      notes.emplace_back(std::string(prefix) + "_file_bytes", std::to_string(m.file_bytes));
    };
    add("loaded", loaded_);
    Discard("OPTIMIZE TABLE k");  // InnoDB: recreate + analyze
    add("rebuilt", Measure());
    notes.emplace_back("column", column_type_);
    if (variant_ == "uuid_type" && std::strcmp(scheme().name, "uuidv7") == 0) {
      for (auto& note : ProbeUuidType(connection_)) notes.push_back(std::move(note));
    }
    return notes;
  }

  std::string Settings() const override {
    std::vector<std::pair<std::string, std::string>> settings;
    for (const char* name : {"version", "innodb_buffer_pool_size", "innodb_page_size",
                             "innodb_flush_log_at_trx_commit", "innodb_doublewrite",
                             "innodb_flush_method", "innodb_log_file_size", "innodb_fill_factor"}) {
      std::string value = Value(std::string("SELECT @@") + name);
      if (std::strcmp(name, "innodb_buffer_pool_size") == 0) {
        value = std::to_string(std::stoll(value) / 1048576) + "MB";
      }
      settings.emplace_back(name, std::move(value));
    }
    return SettingsLine(settings, "multi-row prepared INSERT (" +
                                      std::to_string(kRowsPerStatement) +
                                      " rows a statement), one transaction per batch");
  }

 private:
  struct Measured {
    int64_t rows = 0;
    int64_t clustered_pages = 0, clustered_leaf_pages = 0;
    int64_t secondary_pages = 0, secondary_leaf_pages = 0;
    int64_t file_bytes = -1;
  };

  size_t KeyBytes() const {
    switch (scheme().storage) {
      case KeyStorage::kInt64:
        return 8;
      case KeyStorage::kBytes16:
        return 16;
      case KeyStorage::kText:
        break;
    }
    sortid::TextOptions options;
    if (std::strcmp(scheme().name, "order_ulid_text") == 0) options.prefix = "ORDER#";
    return sortid::item_length(std::strcmp(scheme().name, "record_id_text") == 0
                                   ? sortid::Format::kRecordId
                                   : sortid::Format::kUlid,
                               options);
  }
  bool Varchar() const { return std::strcmp(scheme().name, "order_ulid_text") == 0; }
  std::string ColumnType() const {
    if (variant_ == "uuid_type") return "UUID";
    if (scheme().storage == KeyStorage::kInt64) return "BIGINT";
    if (scheme().storage == KeyStorage::kBytes16) return "BINARY(16)";
    return std::string(Varchar() ? "VARCHAR(64)" : "CHAR(" + std::to_string(key_bytes_) + ")") +
           " CHARACTER SET ascii COLLATE ascii_bin";
  }
  // A COMPACT/DYNAMIC record: 5 header bytes, 1 length byte per VARCHAR, the
  // columns, and in the clustered index the 6-byte transaction id and 7-byte
  // roll pointer (the page directory's 2 bytes per 4-8 records left out).
  size_t ClusteredRecordBytes() const {
    const size_t varchar = Varchar() ? 1 : 0;
    return 5 + varchar + key_bytes_ + 6 + 7 + 8 + (variant_ == "secondary" ? 8 : 0);
  }
  static std::string Fill(int64_t rows, int64_t leaf_pages, size_t record_bytes) {
    if (leaf_pages <= 0) return "n/a";
    const double fill = static_cast<double>(rows) * static_cast<double>(record_bytes) /
                        static_cast<double>(leaf_pages * kPageBytes);
    return std::to_string(fill);
  }

  Measured Measure() {
    Discard("ANALYZE TABLE k");
    Measured m;
    m.rows = std::stoll(Value("SELECT count(*) FROM k"));
    MYSQL_RES* result = Query(
        "SELECT index_name, stat_name, stat_value FROM mysql.innodb_index_stats WHERE "
        "database_name = DATABASE() AND table_name = 'k' AND stat_name IN ('size', "
        "'n_leaf_pages')");
    while (MYSQL_ROW row = mysql_fetch_row(result)) {
      const bool primary = std::strcmp(row[0], "PRIMARY") == 0;
      const bool size = std::strcmp(row[1], "size") == 0;
      const int64_t value = std::stoll(row[2]);
      (primary ? (size ? m.clustered_pages : m.clustered_leaf_pages)
               : (size ? m.secondary_pages : m.secondary_leaf_pages)) = value;
    }
    mysql_free_result(result);
    m.file_bytes = std::stoll(
        Value("SELECT IFNULL(MAX(FILE_SIZE), -1) FROM information_schema.INNODB_SYS_TABLESPACES "
              "WHERE NAME = CONCAT(DATABASE(), '/k')"));
    if (m.clustered_pages <= 0) throw std::runtime_error("mariadb: no index statistics for k");
    return m;
  }

  // A bound as an SQL literal: binary as X'..', UUIDs cast from their text.
  std::string Literal(const std::string& bound) const {
    if (variant_ == "uuid_type" || scheme().storage == KeyStorage::kBytes16) {
      static const char kHex[] = "0123456789abcdef";
      std::string hex;
      for (const char ch : bound) {
        const auto c = static_cast<unsigned char>(ch);
        hex += kHex[c >> 4];
        hex += kHex[c & 15];
      }
      if (variant_ != "uuid_type") return "X'" + hex + "'";
      return "CAST('" + hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" +
             hex.substr(16, 4) + "-" + hex.substr(20) + "' AS UUID)";
    }
    return "'" + bound + "'";  // Crockford base32, digits, '#': nothing to escape
  }

  MYSQL_STMT* Statement(size_t rows) {
    auto found = statements_.find(rows);
    if (found != statements_.end()) return found->second;
    std::string sql = "INSERT INTO k (id, n) VALUES ";
    for (size_t i = 0; i < rows; ++i) sql += i ? ",(?,?)" : "(?,?)";
    MYSQL_STMT* stmt = mysql_stmt_init(connection_);
    if (stmt == nullptr) Throw("mysql_stmt_init");
    if (mysql_stmt_prepare(stmt, sql.c_str(), sql.size()) != 0) {
      const std::string message = mysql_stmt_error(stmt);
      mysql_stmt_close(stmt);
      throw std::runtime_error("mariadb prepare INSERT of " + std::to_string(rows) +
                               " rows: " + message);
    }
    statements_[rows] = stmt;
    return stmt;
  }

  [[noreturn]] void Throw(const std::string& what) const {
    throw std::runtime_error("mariadb " + what + ": " + mysql_error(connection_));
  }
  void Exec(const std::string& sql) const {
    if (mysql_real_query(connection_, sql.c_str(), sql.size()) != 0) Throw(sql);
  }
  MYSQL_RES* Query(const std::string& sql) const {
    Exec(sql);
    MYSQL_RES* result = mysql_store_result(connection_);
    if (result == nullptr) Throw(sql + " (no result)");
    return result;
  }
  // Statements that answer with a status table (ANALYZE, OPTIMIZE): an
  // error there arrives as a row, not as a failed query.
  void Discard(const std::string& sql) {
    MYSQL_RES* result = Query(sql);
    std::string error;
    while (MYSQL_ROW row = mysql_fetch_row(result)) {
      if (mysql_num_fields(result) >= 4 && row[2] && std::strcmp(row[2], "error") == 0) {
        error = row[3] ? row[3] : "?";
      }
    }
    mysql_free_result(result);
    if (!error.empty()) throw std::runtime_error("mariadb " + sql + ": " + error);
  }
  std::string Value(const std::string& sql) const override {
    MYSQL_RES* result = Query(sql);
    MYSQL_ROW row = mysql_fetch_row(result);
    std::string value = row && row[0] ? row[0] : "";
    mysql_free_result(result);
    if (value.empty()) throw std::runtime_error("mariadb " + sql + ": no value");
    return value;
  }
  int64_t Rows(const std::string& sql) const override {
    MYSQL_RES* result = Query(sql);
    const auto rows = static_cast<int64_t>(mysql_num_rows(result));
    mysql_free_result(result);
    return rows;
  }
  // EXPLAIN's access type, index and Extra, e.g. "index PRIMARY Using index".
  std::string Plan(const std::string& sql) const override {
    MYSQL_RES* result = Query("EXPLAIN " + sql);
    std::string plan;
    const unsigned fields = mysql_num_fields(result);
    MYSQL_FIELD* field = mysql_fetch_fields(result);
    if (MYSQL_ROW row = mysql_fetch_row(result)) {
      for (unsigned i = 0; i < fields; ++i) {
        const std::string name = field[i].name;
        if ((name == "type" || name == "key" || name == "Extra") && row[i] && *row[i]) {
          plan += (plan.empty() ? "" : " ") + std::string(row[i]);
        }
      }
    }
    mysql_free_result(result);
    return plan;
  }

  std::string variant_;
  std::string column_type_;
  size_t key_bytes_ = 0;
  MYSQL* connection_ = nullptr;
  std::map<size_t, MYSQL_STMT*> statements_;
  std::vector<MYSQL_BIND> binds_;
  std::vector<int64_t> numbers_;
  std::vector<char> uuid_text_;
  Measured loaded_;
};

}  // namespace

MYSQL* MariadbConnect() {
  MYSQL* connection = mysql_init(nullptr);
  if (connection == nullptr) throw std::runtime_error("mariadb: mysql_init failed");
  const char* socket = std::getenv("MARIADB_SOCKET");
  if (socket == nullptr || *socket == '\0') {
    mysql_close(connection);
    throw std::runtime_error("mariadb: MARIADB_SOCKET is not set (bench/keys/run.sh sets it)");
  }
  mysql_optionsv(connection, MYSQL_SET_CHARSET_NAME, "utf8mb4");
  if (mysql_real_connect(connection, nullptr, "root", nullptr, "sortid_keys", 0, socket, 0) ==
          nullptr ||
      mysql_autocommit(connection, 0) != 0) {
    const std::string message = mysql_error(connection);
    mysql_close(connection);
    throw std::runtime_error("mariadb: connect to " + std::string(socket) + ": " + message);
  }
  return connection;
}

std::unique_ptr<Target> OpenMariadb(const Scheme& scheme, const std::string& variant) {
  return std::make_unique<Mariadb>(scheme, variant);
}

}  // namespace keys
