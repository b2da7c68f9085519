// sortid_duckdb against the real engine: DuckDB 1.4.4 in process, on an
// in-memory database. Every function, NULLs, invalid rows (strict errors,
// try_ NULLs), and 1 M-row tables whose results equal the sortid command's
// conversion of the same data.
#include <duckdb.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "sortid/sortid_duckdb.h"
#include "tests/engines/engine_test_util.h"

namespace {

class DuckDbTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(duckdb_open(nullptr, &db_), DuckDBSuccess);
    ASSERT_EQ(duckdb_connect(db_, &con_), DuckDBSuccess);
    ASSERT_EQ(sortid_duckdb_register(con_), DuckDBSuccess);
  }
  void TearDown() override {
    duckdb_disconnect(&con_);
    duckdb_close(&db_);
  }

  // Runs a query; returns every value as text ("NULL" for NULL), rows joined
  // by '\n' and columns by '|', or "ERROR: <message>".
  std::string Query(const std::string& statement) {
    // SELECTs are read back as text: every column cast to VARCHAR in SQL.
    const std::string sql = statement.rfind("SELECT", 0) == 0
                                ? "SELECT COLUMNS(*)::VARCHAR FROM (" + statement + ")"
                                : statement;
    duckdb_result result;
    if (duckdb_query(con_, sql.c_str(), &result) != DuckDBSuccess) {
      std::string error = std::string("ERROR: ") + duckdb_result_error(&result);
      duckdb_destroy_result(&result);
      return error;
    }
    std::string out;
    const idx_t rows = duckdb_row_count(&result), cols = duckdb_column_count(&result);
    for (idx_t r = 0; r < rows; ++r) {
      if (r) out += '\n';
      for (idx_t c = 0; c < cols; ++c) {
        if (c) out += '|';
        if (duckdb_value_is_null(&result, c, r)) {
          out += "NULL";
          continue;
        }
        char* v = duckdb_value_varchar(&result, c, r);
        out += v != nullptr ? v : "<no text form>";
        duckdb_free(v);
      }
    }
    duckdb_destroy_result(&result);
    return out;
  }

  duckdb_database db_ = nullptr;
  duckdb_connection con_ = nullptr;
};

// A statement's result is not an error (DDL and COPY return row counts).
bool Ok(const std::string& result) { return result.rfind("ERROR", 0) != 0; }

constexpr const char* kUlid = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
constexpr const char* kUuid = "01563e3a-b5d3-d676-4c61-efb99302bd5b";

TEST_F(DuckDbTest, ConversionsOfOneKnownId) {
  EXPECT_EQ(Query(std::string("SELECT ulid_to_uuid('") + kUlid + "')::VARCHAR"), kUuid);
  EXPECT_EQ(Query("SELECT ulid_to_uuid('01arz3ndektsv4rrffq69g5fav')::VARCHAR"), kUuid);
  EXPECT_EQ(Query(std::string("SELECT uuid_to_ulid('") + kUuid + "'::UUID)"), kUlid);
  EXPECT_EQ(Query(std::string("SELECT hex(ulid_to_blob('") + kUlid + "'))"),
            "01563E3AB5D3D6764C61EFB99302BD5B");
  EXPECT_EQ(Query("SELECT ulid_from_blob(unhex('01563E3AB5D3D6764C61EFB99302BD5B'))"), kUlid);
  EXPECT_EQ(Query(std::string("SELECT epoch_ms(ulid_time('") + kUlid + "'))"), "1469922850259");
  EXPECT_EQ(Query(std::string("SELECT ulid_time('") + kUlid + "')::VARCHAR"),
            "2016-07-30 23:54:10.259");
  EXPECT_EQ(Query(std::string("SELECT ulid_valid('") + kUlid + "'), ulid_valid('nope')"),
            "true|false");
  EXPECT_EQ(Query("SELECT ulid_min(TIMESTAMP '2024-01-01 00:00:00'), "
                  "ulid_max(TIMESTAMP '2024-01-31 23:59:59.999')"),
            "01HK153X000000000000000000|01HNGZE5ZZZZZZZZZZZZZZZZZZ");
  EXPECT_EQ(Query("SELECT epoch_ms(record_id_time('0D9RRDT0B50TBK9FWFD6'))"), "1781512200000");
  // UUID order is byte order: the conversion keeps ULID order.
  EXPECT_EQ(Query("SELECT ulid_to_uuid('01ARZ3NDEKTSV4RRFFQ69G5FAV') < "
                  "ulid_to_uuid('7ZZZZZZZZZZZZZZZZZZZZZZZZZ')"),
            "true");
}

TEST_F(DuckDbTest, NullInNullOut) {
  EXPECT_EQ(Query("SELECT ulid_to_uuid(NULL), uuid_to_ulid(NULL), ulid_to_blob(NULL), "
                  "ulid_from_blob(NULL), ulid_time(NULL), ulid_valid(NULL), ulid_min(NULL), "
                  "ulid_max(NULL), record_id_time(NULL), try_ulid_to_uuid(NULL)"),
            "NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL");
  Query(
      "CREATE TABLE t AS SELECT * FROM (VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV'), (NULL), "
      "('01BX5ZZKBKACTAV9WEVGEMMVRZ')) v(id)");
  EXPECT_EQ(Query("SELECT uuid_to_ulid(ulid_to_uuid(id)) FROM t"),
            "01ARZ3NDEKTSV4RRFFQ69G5FAV\nNULL\n01BX5ZZKBKACTAV9WEVGEMMVRZ");
}

TEST_F(DuckDbTest, InvalidTextIsAnErrorOrNull) {
  Query(
      "CREATE TABLE bad AS SELECT * FROM (VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV'), "
      "('01ARZ3NDEKTSV4RRFFQ69G5FAU'), ('short'), ('81ARZ3NDEKTSV4RRFFQ69G5FAV')) v(id)");
  const std::string strict = Query("SELECT ulid_to_uuid(id) FROM bad");
  EXPECT_NE(strict.find("ulid_to_uuid: '01ARZ3NDEKTSV4RRFFQ69G5FAU' is not a valid ULID: "
                        "invalid character at position 26"),
            std::string::npos)
      << strict;
  EXPECT_EQ(Query("SELECT try_ulid_to_uuid(id)::VARCHAR FROM bad"),
            std::string(kUuid) + "\nNULL\nNULL\nNULL");
  EXPECT_EQ(Query("SELECT ulid_valid(id) FROM bad"), "true\nfalse\nfalse\nfalse");
  EXPECT_EQ(Query("SELECT epoch_ms(try_ulid_time(id)) FROM bad"),
            "1469922850259\nNULL\nNULL\nNULL");
  EXPECT_NE(Query("SELECT ulid_time('short')").find("wrong length"), std::string::npos);
  EXPECT_NE(Query("SELECT ulid_to_blob('81ARZ3NDEKTSV4RRFFQ69G5FAV')").find("overflows"),
            std::string::npos);
  EXPECT_NE(Query("SELECT ulid_from_blob('\\x01\\x02'::BLOB)").find("16 bytes"), std::string::npos);
  EXPECT_NE(Query("SELECT ulid_min(TIMESTAMP '1960-01-01')").find("outside the ULID range"),
            std::string::npos);
  EXPECT_NE(Query("SELECT record_id_time('01ARZ3NDEKTSV4RRFFQ69G5FAV')").find("Record ID"),
            std::string::npos);
}

// A second connection of the same database already sees the functions (they
// live in the database's catalog); registering on it succeeds too.
TEST_F(DuckDbTest, RegisterOnASecondConnection) {
  duckdb_connection second;
  ASSERT_EQ(duckdb_connect(db_, &second), DuckDBSuccess);
  EXPECT_EQ(sortid_duckdb_register(second), DuckDBSuccess);
  EXPECT_EQ(sortid_duckdb_register(con_), DuckDBSuccess);
  duckdb_result result;
  EXPECT_EQ(duckdb_query(second, "SELECT ulid_to_uuid('01ARZ3NDEKTSV4RRFFQ69G5FAV')", &result),
            DuckDBSuccess);
  duckdb_destroy_result(&result);
  duckdb_disconnect(&second);
}

// ulid_min / ulid_max take TIMESTAMP, TIMESTAMPTZ (now()), DATE and text; a
// text or DATE upper bound is the last millisecond of the period named.
TEST_F(DuckDbTest, BoundsForEveryTimeType) {
  EXPECT_EQ(Query("SELECT epoch_ms(ulid_time(ulid_min(now()))) = epoch_ms(now()), "
                  "ulid_min(now()) < ulid_max(now())"),
            "true|true");
  EXPECT_EQ(Query("SELECT ulid_min(DATE '2024-01-01'), ulid_max(DATE '2024-01-31'), "
                  "ulid_min(TIMESTAMPTZ '2024-01-01 00:00:00+00'), ulid_max('2024-01-31')"),
            "01HK153X000000000000000000|01HNGZE5ZZZZZZZZZZZZZZZZZZ|"
            "01HK153X000000000000000000|01HNGZE5ZZZZZZZZZZZZZZZZZZ");
  // Text names a period (as the sortid command's --to reads it): a whole
  // second, or the fraction's last digit (".5" is 100 ms).
  EXPECT_EQ(Query("SELECT ulid_max('2024-01-31 23:59:59'), ulid_min('2024-01-31T23:59:59Z'), "
                  "ulid_max('2024-01-31 23:59:59.5') = "
                  "ulid_max(TIMESTAMP '2024-01-31 23:59:59.599'), "
                  "ulid_max('2024-01-31 23:59:59.000') < ulid_max('2024-01-31 23:59:59')"),
            "01HNGZE5ZZZZZZZZZZZZZZZZZZ|01HNGZE50R0000000000000000|true|true");
}

// Time text means what it means to the sortid command and the other
// engines: Unix ms may carry the unit, eight bare digits are ambiguous.
TEST_F(DuckDbTest, TimeTextFollowsTheCommandsRule) {
  EXPECT_EQ(Query("SELECT ulid_min('1704067200000ms') = ulid_min('2024-01-01'), "
                  "ulid_min('1704067200000') = ulid_min(DATE '2024-01-01'), "
                  "ulid_max('1704067200000ms') = ulid_max(TIMESTAMP '2024-01-01 00:00:00')"),
            "true|true|true");
  EXPECT_NE(Query("SELECT ulid_min('20240101')")
                .find("ulid_min: '20240101' is ambiguous: write 2024-01-01 for a date or "
                      "20240101ms for Unix milliseconds"),
            std::string::npos);
  EXPECT_NE(Query("SELECT ulid_max('2024-01-01ms')")
                .find("ulid_max: '2024-01-01ms' is not a time: expected YYYY-MM-DD"),
            std::string::npos);
}

// duckdb_ulid's casts and names: the ID as one unsigned 128-bit number (its
// order is ULID order), its time as TIMESTAMP and as Unix ms.
TEST_F(DuckDbTest, DuckdbUlidNames) {
  // 01AN4Z07BY79KA1307SR9X4MV3 = 0x015549F01D7E3A66A08C07CE13D25363 (duckdb_ulid's answer).
  EXPECT_EQ(Query("SELECT '01AN4Z07BY79KA1307SR9X4MV3'::ULID::UHUGEINT = "
                  "'1772072868548111945193852199469470563'::UHUGEINT, "
                  "('1772072868548111945193852199469470563'::UHUGEINT)::ULID::VARCHAR, "
                  "'7ZZZZZZZZZZZZZZZZZZZZZZZZZ'::ULID::UHUGEINT = "
                  "'340282366920938463463374607431768211455'::UHUGEINT, "
                  "(0::UHUGEINT)::ULID::VARCHAR"),
            "true|01AN4Z07BY79KA1307SR9X4MV3|true|00000000000000000000000000");
  EXPECT_EQ(Query("SELECT ulid_timestamp('01ARZ3NDEKTSV4RRFFQ69G5FAV'::ULID), "
                  "'01ARZ3NDEKTSV4RRFFQ69G5FAV'::ULID::TIMESTAMP = "
                  "ulid_timestamp('01ARZ3NDEKTSV4RRFFQ69G5FAV'::ULID), "
                  "ulid_epoch_ms('01ARZ3NDEKTSV4RRFFQ69G5FAV'::ULID) = "
                  "epoch_ms(ulid_time('01ARZ3NDEKTSV4RRFFQ69G5FAV')), "
                  "typeof(ulid_timestamp(gen_ulid())), ulid_epoch_ms(NULL::ULID) IS NULL"),
            "2016-07-30 23:54:10.259|true|true|TIMESTAMP|true");
  // UHUGEINT order is ULID order.
  EXPECT_EQ(Query("SELECT count(*) FILTER (WHERE (a < b) <> (a::UHUGEINT < b::UHUGEINT)) FROM "
                  "(SELECT gen_ulid() AS a, gen_ulid() AS b FROM range(10000))"),
            "0");
}

// Messages quote the value escaped as the sortid command does: a NUL does not
// cut the message, escape sequences come out as \xNN, and a value cut after
// 64 bytes ends in "…".
TEST_F(DuckDbTest, HostileInputIsEscapedInMessages) {
  const auto message = [&](const std::string& sql) {
    const std::string result = Query(sql);
    const size_t line = result.find('\n');
    return line == std::string::npos ? result : result.substr(0, line);
  };
  EXPECT_EQ(message("SELECT ulid_time('01ARZ3NDEKTSV4RRFFQ69G5FA' || chr(0))"),
            "ERROR: Invalid Input Error: ulid_time: '01ARZ3NDEKTSV4RRFFQ69G5FA\\x00' is not a "
            "valid ULID: invalid character at position 26 (use try_ulid_time for NULL instead)");
  EXPECT_EQ(message("SELECT ulid_to_uuid(chr(27) || '[2J' || chr(9) || 'it''s\\')"),
            "ERROR: Invalid Input Error: ulid_to_uuid: '\\x1b[2J\\tit\\'s\\\\' is not a valid "
            "ULID: wrong length (use try_ulid_to_uuid for NULL instead)");
  EXPECT_EQ(message("SELECT ulid_time(repeat('A', 100))"),
            "ERROR: Invalid Input Error: ulid_time: '" + std::string(64, 'A') +
                "'\u2026 is not a valid ULID: wrong length (use try_ulid_time for NULL instead)");
  EXPECT_EQ(message("SELECT CAST('\u00e9' AS ULID)"),
            "ERROR: Conversion Error: CAST to ULID: '\\xc3\\xa9' is not a valid ULID: wrong "
            "length");
}

// The ULID type in the embedded library too: casts and ULID order.
TEST_F(DuckDbTest, UlidTypeCasts) {
  EXPECT_EQ(Query(std::string("SELECT '") + kUlid + "'::ULID, '" + kUlid + "'::ULID::UUID, " +
                  "typeof(gen_ulid()), TRY_CAST('x' AS ULID)"),
            std::string(kUlid) + "|" + kUuid + "|ULID|NULL");
  // ::JSON is the ULID as a JSON string (DuckDB's own UUID cast writes bare,
  // invalid JSON); NULL stays NULL.
  EXPECT_EQ(
      Query(std::string("SELECT '") + kUlid +
            "'::ULID::JSON, NULL::ULID::JSON, json_object('id', '" + kUlid + "'::ULID::JSON)"),
      std::string("\"") + kUlid + "\"|NULL|{\"id\":\"" + kUlid + "\"}");
  EXPECT_EQ(Query("SELECT count(*) FROM (SELECT row_number() OVER (ORDER BY u::ULID) a, "
                  "row_number() OVER (ORDER BY u) b FROM (SELECT ulid() u FROM range(10000))) "
                  "WHERE a <> b"),
            "0");
}

TEST_F(DuckDbTest, GeneratorsAreFreshSortableAndCurrent) {
  Query(
      "CREATE TABLE g AS SELECT ulid() AS u, ulid_monotonic() AS m, record_id() AS r, "
      "range AS i FROM range(100000)");
  EXPECT_EQ(Query("SELECT count(DISTINCT u), count(DISTINCT m), count(DISTINCT r) FROM g"),
            "100000|100000|100000");
  EXPECT_EQ(Query("SELECT bool_and(ulid_valid(u)), bool_and(ulid_valid(m)) FROM g"), "true|true");
  // Timestamps are now (within a minute).
  EXPECT_EQ(Query("SELECT bool_and(abs(epoch_ms(ulid_time(u)) - epoch_ms(now())) < 60000) FROM g"),
            "true");
  EXPECT_EQ(Query("SELECT bool_and(abs(epoch_ms(record_id_time(r)) - epoch_ms(now())) < 60000) "
                  "FROM g"),
            "true");
  // ulid_monotonic on one thread follows the rows' order (strictly increasing
  // with i); across threads it is still one process-wide sequence.
  Query("SET threads = 1");
  Query("CREATE TABLE mono AS SELECT range AS i, ulid_monotonic() AS m FROM range(100000)");
  EXPECT_EQ(Query("SELECT count(*) FROM (SELECT m, lag(m) OVER (ORDER BY i) AS p FROM mono) "
                  "WHERE p >= m"),
            "0");
}

// The engine's results for 1 M rows equal the sortid command's conversion of
// the same rows (exported with COPY, converted with `sortid convert`).
TEST_F(DuckDbTest, MillionRowsMatchTheCommand) {
  sortid::test::TempFiles files("duckdb");
  const std::string ids = files.Path("ids.txt"), db_uuid = files.Path("uuid.txt"),
                    db_ms = files.Path("ms.txt");
  // 1% invalid rows (a 'U' in the last position), NULL in the strict-free try_ path.
  ASSERT_TRUE(
      Ok(Query("CREATE TABLE big AS SELECT i, CASE WHEN i % 100 = 7 THEN "
               "substr(u, 1, 25) || 'U' ELSE u END AS id FROM (SELECT range AS i, ulid() AS u "
               "FROM range(1000000))")));
  ASSERT_TRUE(Ok(Query("COPY (SELECT id FROM big ORDER BY i) TO '" + ids + "' (HEADER false)")));
  ASSERT_TRUE(Ok(Query("COPY (SELECT try_ulid_to_uuid(id) FROM big ORDER BY i) TO '" + db_uuid +
                       "' (HEADER false)")));
  ASSERT_TRUE(Ok(Query("COPY (SELECT epoch_ms(try_ulid_time(id)) FROM big ORDER BY i) TO '" +
                       db_ms + "' (HEADER false)")));
  EXPECT_EQ(sortid::test::Slurp(db_uuid).size(), 990000u * 37 + 10000u);  // NULL: empty lines
  EXPECT_TRUE(sortid::test::SameAsCommand("--to uuid", ids, db_uuid, files.Path("cli_uuid.txt")))
      << "ulid_to_uuid";
  EXPECT_TRUE(sortid::test::SameAsCommand("--to ms", ids, db_ms, files.Path("cli_ms.txt")))
      << "ulid_time";
  EXPECT_EQ(Query("SELECT count(*) FROM big WHERE uuid_to_ulid(try_ulid_to_uuid(id)) <> id"), "0");
  EXPECT_EQ(Query("SELECT count(*) FROM big WHERE ulid_from_blob(try_ulid_to_blob(id)) <> id"),
            "0");
}

// Run with SORTID_TARGET=NO_SUCH_TARGET (ctest duckdb_unsupported_target): every
// library call fails with SORTID_ERROR_UNSUPPORTED, and every function says
// so instead of returning NUL bytes, false or NULL.
class DuckDbUnsupportedTarget : public DuckDbTest {};

TEST_F(DuckDbUnsupportedTarget, LibraryErrorsAreReported) {
  if (std::getenv("SORTID_TARGET") == nullptr) GTEST_SKIP() << "needs SORTID_TARGET set";
  const std::string uuid = std::string("'") + kUuid + "'::UUID";
  const std::string ulid = std::string("'") + kUlid + "'";
  const std::vector<std::string> queries = {
      "SELECT ulid_to_uuid(" + ulid + ")",
      "SELECT try_ulid_to_uuid(" + ulid + ")",
      "SELECT ulid_valid(" + ulid + ")",
      "SELECT ulid_time(" + ulid + ")",
      "SELECT try_record_id_time('0D9RRDT0B50TBK9FWFD6')",
      "SELECT ulid_to_blob(" + ulid + ")",
      "SELECT uuid_to_ulid(" + uuid + ")",
      "SELECT ulid_from_blob(unhex('01563E3AB5D3D6764C61EFB99302BD5B'))",
      "SELECT ulid_min(TIMESTAMP '2024-01-01 00:00:00')",
      "SELECT ulid_max('2024-01-01')",
      "SELECT " + ulid + "::ULID",
      "SELECT TRY_CAST(" + ulid + " AS ULID)",
      "SELECT CAST(" + uuid + " AS ULID)",
  };
  for (const std::string& query : queries) {
    const std::string result = Query(query);
    EXPECT_EQ(result.rfind("ERROR", 0), 0u) << query << " gave " << result;
    EXPECT_NE(result.find("SORTID_TARGET"), std::string::npos) << query << ": " << result;
    EXPECT_EQ(result.find('\0'), std::string::npos) << query;
  }
}

}  // namespace
