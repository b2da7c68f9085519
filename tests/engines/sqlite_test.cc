// The SQLite extension loaded into SQLite through its C API: every function,
// NULLs, invalid values, and a 1 M-row table whose conversions equal the
// sortid command's.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "include/sortid/sortid.h"
#include "tests/engines/engine_test_util.h"

namespace {

class SqliteTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(sqlite3_open(":memory:", &db_), SQLITE_OK);
    ASSERT_EQ(sqlite3_enable_load_extension(db_, 1), SQLITE_OK);
    char* error = nullptr;
    ASSERT_EQ(sqlite3_load_extension(db_, SORTID_SQLITE_EXTENSION, "sqlite3_sortid_init", &error),
              SQLITE_OK)
        << (error ? error : "");
  }
  void TearDown() override { sqlite3_close(db_); }

  // All values as text ("NULL", blobs as hex via the query), rows joined by
  // '\\n', columns by '|'; or "ERROR: <message>".
  std::string Query(const std::string& sql) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
      return std::string("ERROR: ") + sqlite3_errmsg(db_);
    }
    std::string out;
    int rc;
    bool first = true;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
      if (!first) out += '\n';
      first = false;
      for (int c = 0; c < sqlite3_column_count(stmt); ++c) {
        if (c) out += '|';
        const auto* v = sqlite3_column_text(stmt, c);
        out += v ? reinterpret_cast<const char*>(v) : "NULL";
      }
    }
    if (rc != SQLITE_DONE) out = std::string("ERROR: ") + sqlite3_errmsg(db_);
    sqlite3_finalize(stmt);
    return out;
  }

  sqlite3* db_ = nullptr;
};

TEST_F(SqliteTest, EveryFunction) {
  EXPECT_EQ(Query("SELECT ulid_to_uuid('01ARZ3NDEKTSV4RRFFQ69G5FAV')"),
            "01563e3a-b5d3-d676-4c61-efb99302bd5b");
  EXPECT_EQ(Query("SELECT uuid_to_ulid('01563e3a-b5d3-d676-4c61-efb99302bd5b'), "
                  "uuid_to_ulid('01563E3AB5D3D6764C61EFB99302BD5B'), "
                  "uuid_to_ulid(x'01563E3AB5D3D6764C61EFB99302BD5B')"),
            "01ARZ3NDEKTSV4RRFFQ69G5FAV|01ARZ3NDEKTSV4RRFFQ69G5FAV|01ARZ3NDEKTSV4RRFFQ69G5FAV");
  EXPECT_EQ(Query("SELECT hex(ulid_to_blob('01ARZ3NDEKTSV4RRFFQ69G5FAV'))"),
            "01563E3AB5D3D6764C61EFB99302BD5B");
  EXPECT_EQ(Query("SELECT ulid_from_blob(x'01563E3AB5D3D6764C61EFB99302BD5B')"),
            "01ARZ3NDEKTSV4RRFFQ69G5FAV");
  EXPECT_EQ(Query("SELECT ulid_time('01ARZ3NDEKTSV4RRFFQ69G5FAV')"), "1469922850259");
  EXPECT_EQ(Query("SELECT ulid_valid('01ARZ3NDEKTSV4RRFFQ69G5FAV'), ulid_valid('x')"), "1|0");
  EXPECT_EQ(Query("SELECT ulid_min('2024-01-01'), ulid_max('2024-01-31T23:59:59.999Z'), "
                  "ulid_min(1700000000000)"),
            "01HK153X000000000000000000|01HNGZE5ZZZZZZZZZZZZZZZZZZ|01HF7YAT000000000000000000");
  EXPECT_EQ(Query("SELECT record_id_time('0D9RRDT0B50TBK9FWFD6')"), "1781512200000");
  EXPECT_EQ(Query("SELECT length(ulid()), length(ulid_monotonic()), length(record_id())"),
            "26|26|20");
}

TEST_F(SqliteTest, VersionIsTheLibrarys) {
  EXPECT_EQ(Query("SELECT sortid_version()"), SORTID_VERSION_STRING);
}

TEST_F(SqliteTest, NullsAndInvalidValues) {
  EXPECT_EQ(Query("SELECT ulid_to_uuid(NULL), uuid_to_ulid(NULL), ulid_to_blob(NULL), "
                  "ulid_from_blob(NULL), ulid_time(NULL), ulid_valid(NULL), ulid_min(NULL), "
                  "record_id_time(NULL)"),
            "NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL");
  EXPECT_EQ(Query("SELECT ulid_to_uuid('01ARZ3NDEKTSV4RRFFQ69G5FAU')"),
            "ERROR: ulid_to_uuid: '01ARZ3NDEKTSV4RRFFQ69G5FAU' is not a valid ULID: invalid "
            "character at position 26");
  EXPECT_EQ(Query("SELECT try_ulid_to_uuid('01ARZ3NDEKTSV4RRFFQ69G5FAU'), try_ulid_time('x'), "
                  "try_record_id_time('x'), try_ulid_to_blob('x')"),
            "NULL|NULL|NULL|NULL");
  EXPECT_EQ(Query("SELECT ulid_time('short')"),
            "ERROR: ulid_time: 'short' is not a valid ULID: wrong length");
  EXPECT_EQ(Query("SELECT ulid_from_blob(x'0102')"),
            "ERROR: ulid_from_blob: a binary ULID is a 16-byte BLOB");
  // 16 characters of TEXT are not a binary ID.
  EXPECT_EQ(Query("SELECT ulid_from_blob('abcdefghijklmnop')"),
            "ERROR: ulid_from_blob: a binary ULID is a 16-byte BLOB");
  EXPECT_EQ(Query("SELECT uuid_to_ulid('nope')"),
            "ERROR: uuid_to_ulid: 'nope' is not a UUID (36 or 32 hex characters)");
  EXPECT_EQ(Query("SELECT ulid_min(-1)"),
            "ERROR: ulid_min: expected Unix ms (INTEGER), a Julian day (REAL) or an ISO 8601 "
            "time (TEXT) within the ULID range");
}

// Messages quote the value escaped as the sortid command does: a NUL does not
// cut the message, escape sequences and binary bytes come out as \xNN, and a
// value cut after 64 bytes ends in "…".
TEST_F(SqliteTest, HostileInputIsEscapedInMessages) {
  EXPECT_EQ(Query("SELECT ulid_time('01ARZ3NDEKTSV4RRFFQ69G5FA' || char(0))"),
            "ERROR: ulid_time: '01ARZ3NDEKTSV4RRFFQ69G5FA\\x00' is not a valid ULID: invalid "
            "character at position 26");
  EXPECT_EQ(Query("SELECT ulid_to_uuid(char(27) || '[2J' || char(9) || 'it''s\\')"),
            "ERROR: ulid_to_uuid: '\\x1b[2J\\tit\\'s\\\\' is not a valid ULID: wrong length");
  EXPECT_EQ(Query("SELECT ulid_to_uuid(x'01ff80')"),
            "ERROR: ulid_to_uuid: '\\x01\\xff\\x80' is not a valid ULID: wrong length");
  EXPECT_EQ(
      Query("SELECT ulid_time(printf('%.100c', 'A'))"),
      "ERROR: ulid_time: '" + std::string(64, 'A') + "'\u2026 is not a valid ULID: wrong length");
  EXPECT_EQ(Query("SELECT uuid_to_ulid('nope' || char(0) || char(10))"),
            "ERROR: uuid_to_ulid: 'nope\\x00\\n' is not a UUID (36 or 32 hex characters)");
}

// ulid_min / ulid_max take REAL Julian days (julianday()), and text upper
// bounds are the last millisecond of the day, second or fraction named.
TEST_F(SqliteTest, BoundsTakeJulianDaysAndWholeDays) {
  EXPECT_EQ(Query("SELECT ulid_min(julianday('2024-01-01')), ulid_min(2460310.5), "
                  "ulid_max(julianday('2024-01-31 23:59:59.999'))"),
            "01HK153X000000000000000000|01HK153X000000000000000000|01HNGZE5ZZZZZZZZZZZZZZZZZZ");
  EXPECT_EQ(Query("SELECT ulid_max('2024-01-31'), ulid_min('2024-01-31') < ulid_max('2024-01-31')"),
            "01HNGZE5ZZZZZZZZZZZZZZZZZZ|1");
  // Text names a period (as the sortid command's --to reads it): a whole
  // second, or the fraction's last digit (".5" is 100 ms).
  EXPECT_EQ(Query("SELECT ulid_max('2024-01-31 23:59:59'), ulid_min('2024-01-31T23:59:59Z'), "
                  "ulid_max('2024-01-31 23:59:59.5') = ulid_max('2024-01-31T23:59:59.599Z'), "
                  "ulid_max('2024-01-31 23:59:59.000') < ulid_max('2024-01-31 23:59:59')"),
            "01HNGZE5ZZZZZZZZZZZZZZZZZZ|01HNGZE50R0000000000000000|1|1");
  EXPECT_EQ(Query("SELECT abs(ulid_time(ulid_min(julianday('now'))) - "
                  "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)) <= 1"),
            "1");
}

// Time text means what it means to the sortid command and the other
// engines: Unix ms may carry the unit, eight bare digits are ambiguous.
TEST_F(SqliteTest, TimeTextFollowsTheCommandsRule) {
  EXPECT_EQ(Query("SELECT ulid_min('1704067200000ms') = ulid_min('2024-01-01'), "
                  "ulid_min('1704067200000') = ulid_min('2024-01-01'), "
                  "ulid_max('1704067200000ms') = ulid_max('2024-01-01T00:00:00.000Z')"),
            "1|1|1");
  EXPECT_EQ(Query("SELECT ulid_min('20240101')"),
            "ERROR: ulid_min: '20240101' is ambiguous: write 2024-01-01 for a date or "
            "20240101ms for Unix milliseconds");
  EXPECT_EQ(Query("SELECT ulid_max('2024-01-01ms')")
                .rfind("ERROR: ulid_max: '2024-01-01ms' is "
                       "not a time: expected YYYY-MM-DD",
                       0),
            0u);
}

// sqlite-ulid's names: BLOB IDs, prefixed IDs, IDs at a time, datetime text.
TEST_F(SqliteTest, SqliteUlidNames) {
  EXPECT_EQ(
      Query(
          "SELECT ulid(ulid_to_blob('01GMP2G8ZG6PMKWYVKS62TTA41')), "
          "ulid_bytes('01gmp2g8zg6pmkwyvks62tta41') = ulid_to_blob('01GMP2G8ZG6PMKWYVKS62TTA41'), "
          "length(ulid_bytes()), typeof(ulid_bytes()), ulid_bytes() <> ulid_bytes()"),
      "01GMP2G8ZG6PMKWYVKS62TTA41|1|16|blob|1");
  EXPECT_EQ(Query("SELECT ulid_datetime('01GMP2G8ZG6PMKWYVKS62TTA41'), "
                  "ulid_datetime('u_01gqqt6dz6p00680vw747t8vs5'), "
                  "ulid_datetime(ulid_to_blob('01GMP2G8ZG6PMKWYVKS62TTA41')), "
                  "ulid_datetime(NULL) IS NULL"),
            "2022-12-19 20:51:46.288|2023-01-26 19:52:09.446|2022-12-19 20:51:46.288|1");
  EXPECT_EQ(Query("SELECT ulid_datetime(ulid_with_datetime('2023-01-26 19:50:09.428')), "
                  "ulid_time(ulid_with_datetime(1700000000000)), "
                  "ulid_with_datetime('2024-01-01') <> ulid_with_datetime('2024-01-01')"),
            "2023-01-26 19:50:09.428|1700000000000|1");
  EXPECT_EQ(Query("SELECT substr(p, 1, 8), length(p), ulid_valid(substr(p, 9)), "
                  "abs(ulid_time(substr(p, 9)) - CAST((julianday('now') - 2440587.5) * 86400000 AS "
                  "INTEGER)) < 5000 FROM (SELECT ulid_with_prefix('invoice') AS p)"),
            "invoice_|34|1|1");
  EXPECT_EQ(Query("SELECT ulid_version() GLOB 'v[0-9]*.[0-9]*.[0-9]*', "
                  "instr(ulid_debug(), 'Version: ' || ulid_version()) = 1"),
            "1|1");
  EXPECT_EQ(Query("SELECT length(ulid_debug()) - length(replace(ulid_debug(), char(10), ''))"),
            "2");
  // Strict where sqlite-ulid is not: the message names the function and the value.
  EXPECT_EQ(Query("SELECT ulid(x'0102')"),
            "ERROR: ulid: a binary ULID is a 16-byte BLOB, got 2 bytes");
  EXPECT_EQ(Query("SELECT ulid_with_prefix('a b')"),
            "ERROR: ulid_with_prefix: 'a b' is not a prefix: 1 to 63 printable ASCII characters, "
            "no '_' or space");
  EXPECT_EQ(Query("SELECT ulid_with_datetime('20240101')"),
            "ERROR: ulid_with_datetime: '20240101' is ambiguous: write 2024-01-01 for a date or "
            "20240101ms for Unix milliseconds");
  EXPECT_EQ(Query("SELECT ulid_datetime('x_nope')")
                .rfind("ERROR: ulid_datetime: 'x_nope' is not a "
                       "valid ULID",
                       0),
            0u);
}

TEST_F(SqliteTest, GeneratorsAreUniqueCurrentAndOrdered) {
  ASSERT_EQ(Query("CREATE TABLE g AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 "
                  "FROM n WHERE i < 100000) SELECT i, ulid() AS u, ulid_monotonic() AS m, "
                  "record_id() AS r FROM n"),
            "");
  EXPECT_EQ(Query("SELECT count(DISTINCT u), count(DISTINCT m), count(DISTINCT r) FROM g"),
            "100000|100000|100000");
  EXPECT_EQ(Query("SELECT count(*) FROM g a JOIN g b ON b.i = a.i + 1 WHERE b.m <= a.m "
                  "OR b.r <= a.r"),
            "0");
  EXPECT_EQ(Query("SELECT max(abs(ulid_time(u) - CAST((julianday('now') - 2440587.5) * "
                  "86400000 AS INTEGER))) < 60000 FROM g"),
            "1");
}

// A forked child (Python's multiprocessing, a pre-forking server) never
// repeats an ID its parent hands out, right after the parent generated.
TEST_F(SqliteTest, ForkedChildNeverRepeatsTheParentsIds) {
  constexpr int kTrials = 200;
  const std::string sql = "SELECT ulid(), record_id(), ulid_monotonic()";
  int repeats[3] = {};
  for (int trial = 0; trial < kTrials; ++trial) {
    ASSERT_NE(Query(sql).rfind("ERROR", 0), 0u);
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      const std::string row = Query(sql);
      _exit(write(fds[1], row.data(), row.size()) == static_cast<ssize_t>(row.size()) ? 0 : 1);
    }
    close(fds[1]);
    const std::string parent = Query(sql);
    std::string child;
    char chunk[256];
    for (ssize_t n; (n = read(fds[0], chunk, sizeof(chunk))) > 0;) child.append(chunk, static_cast<size_t>(n));
    close(fds[0]);
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    ASSERT_EQ(parent.size(), 26u + 1 + 20 + 1 + 26) << parent;
    ASSERT_EQ(child.size(), parent.size()) << child;
    // ULIDs: the 80 random bits; Record IDs: the whole ID (same ms, counter
    // and machine id would be a repeat).
    repeats[0] += parent.compare(10, 16, child, 10, 16) == 0;
    repeats[1] += parent.compare(27, 20, child, 27, 20) == 0;
    repeats[2] += parent.compare(58, 16, child, 58, 16) == 0;
  }
  EXPECT_EQ(repeats[0], 0) << "ulid() repeated in parent and child";
  EXPECT_EQ(repeats[1], 0) << "record_id() repeated in parent and child";
  EXPECT_EQ(repeats[2], 0) << "ulid_monotonic() repeated in parent and child";
}

// Innocuous functions: a DEFAULT of a generator works under
// trusted_schema=OFF (schema-defined functions must be innocuous).
TEST_F(SqliteTest, GeneratorDefaultsWorkWithUntrustedSchema) {
  ASSERT_EQ(Query("PRAGMA trusted_schema=OFF"), "");
  ASSERT_EQ(Query("CREATE TABLE t (id TEXT DEFAULT (ulid_monotonic()), r TEXT DEFAULT "
                  "(record_id()), u TEXT DEFAULT (ulid()), v INT)"),
            "");
  EXPECT_EQ(Query("INSERT INTO t (v) VALUES (1), (2)"), "");
  EXPECT_EQ(Query("SELECT count(DISTINCT id), count(DISTINCT r), count(DISTINCT u), "
                  "min(length(id)), min(length(r)) FROM t"),
            "2|2|2|26|20");
  ASSERT_EQ(Query("CREATE VIEW w AS SELECT ulid_to_uuid(id) AS uuid FROM t"), "");
  EXPECT_EQ(Query("SELECT count(*) FROM w WHERE length(uuid) = 36"), "2");
}

TEST_F(SqliteTest, MillionRowsMatchTheCommand) {
  sortid::test::TempFiles files("sqlite");
  const std::string ids = files.Path("ids.txt"), db_uuid = files.Path("uuid.txt");
  ASSERT_EQ(Query("CREATE TABLE big AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 "
                  "FROM n WHERE i < 1000000) SELECT i, CASE WHEN i % 100 = 7 THEN "
                  "substr(u, 1, 25) || 'U' ELSE u END AS id FROM (SELECT i, ulid() AS u FROM n)"),
            "");
  std::ofstream id_file(ids), uuid_file(db_uuid);
  sqlite3_stmt* stmt = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db_, "SELECT id, try_ulid_to_uuid(id) FROM big ORDER BY i", -1,
                               &stmt, nullptr),
            SQLITE_OK);
  while (sqlite3_step(stmt) == SQLITE_ROW) {
    id_file << sqlite3_column_text(stmt, 0) << '\n';
    const auto* u = sqlite3_column_text(stmt, 1);
    uuid_file << (u ? reinterpret_cast<const char*>(u) : "") << '\n';
  }
  sqlite3_finalize(stmt);
  id_file.close();
  uuid_file.close();
  EXPECT_EQ(sortid::test::Slurp(db_uuid).size(), 990000u * 37 + 10000u);  // NULL: empty lines
  EXPECT_TRUE(sortid::test::SameAsCommand("--to uuid", ids, db_uuid, files.Path("cli_uuid.txt")))
      << "ulid_to_uuid";
}

}  // namespace
