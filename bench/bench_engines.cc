// sortid inside DuckDB and SQLite against the engines' own built-ins, on the
// same 10 M-row table of ULID text (generated once per engine), one query per
// iteration: `SELECT count(f(id)) FROM t`. Reported as time per row
// (ns_per_row: wall time, in seconds in the JSON); the engine's thread count is its
// default (DuckDB: all cores; SQLite: one).
//
// Rows: SORTID_ENGINE_ROWS (default 10000000).
//
// duckdb/parquet_*: the column conversion of docs/duckdb.md, rows per second
// of `COPY (SELECT * REPLACE (ulid_to_uuid(id) AS id) FROM src) TO 'x.parquet'`
// against the same COPY with DuckDB's built-ins only (the text kept), for a
// source of 1 M and 10 M rows (n BIGINT, id ULID text, payload text) as CSV
// and as Parquet, written once into a temporary directory.
#include <benchmark/benchmark.h>
#include <duckdb.h>
#include <sqlite3.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "sortid/sortid_duckdb.h"

namespace {

int64_t Rows() {
  static const int64_t rows = [] {
    const char* env = std::getenv("SORTID_ENGINE_ROWS");
    return env ? std::atoll(env) : int64_t{10000000};
  }();
  return rows;
}

// ---- DuckDB ----
struct Duck {
  duckdb_database db = nullptr;
  duckdb_connection con = nullptr;
  Duck() {
    if (duckdb_open(nullptr, &db) != DuckDBSuccess || duckdb_connect(db, &con) != DuckDBSuccess ||
        sortid_duckdb_register(con) != DuckDBSuccess) {
      std::fprintf(stderr, "DuckDB setup failed\n");
      std::abort();
    }
    Run("CREATE TABLE t AS SELECT ulid() AS id FROM range(" + std::to_string(Rows()) + ")");
  }
  void Run(const std::string& sql) {
    duckdb_result result;
    if (duckdb_query(con, sql.c_str(), &result) != DuckDBSuccess) {
      std::fprintf(stderr, "DuckDB: %s: %s\n", sql.c_str(), duckdb_result_error(&result));
      std::abort();
    }
    duckdb_destroy_result(&result);
  }
};
Duck& DuckDb() {
  static Duck duck;
  return duck;
}

void DuckQuery(benchmark::State& state, const char* expression, bool from_table) {
  Duck& duck = DuckDb();
  const std::string sql = std::string("SELECT count(") + expression + ") FROM " +
                          (from_table ? std::string("t") : "range(" + std::to_string(Rows()) + ")");
  for (auto _ : state) duck.Run(sql);
  state.counters["ns_per_row"] = benchmark::Counter(
      static_cast<double>(Rows()),
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// Source files for the Parquet conversion benchmarks, made once per size.
std::string ConversionSource(int64_t rows, const char* kind) {
  static const std::string dir = [] {
    const auto path = std::filesystem::temp_directory_path() / "sortid_engine_bench";
    std::filesystem::create_directories(path);
    return path.string();
  }();
  const std::string base = dir + "/logs_" + std::to_string(rows);
  const std::string file = base + "." + kind;
  if (!std::filesystem::exists(file)) {
    DuckDb().Run(
        "COPY (SELECT range AS n, ulid() AS id, 'payload ' || range AS payload FROM "
        "range(" +
        std::to_string(rows) + ")) TO '" + file + "'" +
        (std::string(kind) == "csv" ? " (HEADER true)" : ""));
  }
  return file;
}

// state.range(0): rows of the source; kind: "csv" or "parquet".
void DuckParquetConversion(benchmark::State& state, const char* select, const char* kind) {
  const int64_t rows = state.range(0);
  const std::string source = ConversionSource(rows, kind);
  const std::string target = source + ".out.parquet";
  std::string sql = std::string("COPY (") + select + " FROM '" + source + "') TO '" + target + "'";
  for (auto _ : state) DuckDb().Run(sql);
  std::filesystem::remove(target);
  state.counters["rows_per_s"] =
      benchmark::Counter(static_cast<double>(rows), benchmark::Counter::kIsIterationInvariantRate);
}

#define PARQUET_BENCH(name, select, kind)                      \
  BENCHMARK_CAPTURE(DuckParquetConversion, name, select, kind) \
      ->Name("duckdb/" #name)                                  \
      ->Arg(1000000)                                           \
      ->Arg(10000000)                                          \
      ->Unit(benchmark::kMillisecond)                          \
      ->UseRealTime()                                          \
      ->Iterations(1)                                          \
      ->Repetitions(3)                                         \
      ->ReportAggregatesOnly(true)

PARQUET_BENCH(parquet_from_csv_ulid_to_uuid, "SELECT * REPLACE (ulid_to_uuid(id) AS id)", "csv");
PARQUET_BENCH(parquet_from_csv_builtin_text, "SELECT *", "csv");
PARQUET_BENCH(parquet_from_parquet_ulid_to_uuid, "SELECT * REPLACE (ulid_to_uuid(id) AS id)",
              "parquet");
PARQUET_BENCH(parquet_from_parquet_cast_ulid, "SELECT * REPLACE (id::ULID AS id)", "parquet");
PARQUET_BENCH(parquet_from_parquet_builtin_text, "SELECT *", "parquet");

// ---- SQLite ----
struct Lite {
  sqlite3* db = nullptr;
  Lite() {
    char* error = nullptr;
    if (sqlite3_open(":memory:", &db) != SQLITE_OK || sqlite3_enable_load_extension(db, 1) ||
        sqlite3_load_extension(db, SORTID_SQLITE_EXTENSION, "sqlite3_sortid_init", &error)) {
      std::fprintf(stderr, "SQLite setup failed: %s\n", error ? error : "");
      std::abort();
    }
    Run("CREATE TABLE t AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
        "WHERE i < " +
        std::to_string(Rows()) + ") SELECT ulid() AS id FROM n");
  }
  void Run(const std::string& sql) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
      std::fprintf(stderr, "SQLite: %s: %s\n", sql.c_str(), sqlite3_errmsg(db));
      std::abort();
    }
    while (sqlite3_step(stmt) == SQLITE_ROW) {
    }
    sqlite3_finalize(stmt);
  }
};
Lite& SqLite() {
  static Lite lite;
  return lite;
}

void LiteQuery(benchmark::State& state, const char* expression, bool from_table) {
  Lite& lite = SqLite();
  const std::string sql =
      std::string("SELECT count(") + expression + ") FROM " +
      (from_table ? std::string("t")
                  : "(WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < " +
                        std::to_string(Rows()) + ") SELECT i FROM n)");
  for (auto _ : state) lite.Run(sql);
  state.counters["ns_per_row"] = benchmark::Counter(
      static_cast<double>(Rows()),
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

#define ENGINE_BENCH(engine, fn, name, expression, from_table) \
  BENCHMARK_CAPTURE(fn, name, expression, from_table)          \
      ->Name(std::string(engine "/") + #name)                  \
      ->Unit(benchmark::kMillisecond)                          \
      ->UseRealTime()                                          \
      ->Iterations(1)                                          \
      ->Repetitions(5)                                         \
      ->ReportAggregatesOnly(true)

ENGINE_BENCH("duckdb", DuckQuery, ulid_to_uuid, "ulid_to_uuid(id)", true);
ENGINE_BENCH("duckdb", DuckQuery, builtin_upper, "upper(id)", true);
ENGINE_BENCH("duckdb", DuckQuery, ulid_time, "ulid_time(id)", true);
ENGINE_BENCH("duckdb", DuckQuery, builtin_strlen, "strlen(id)", true);
ENGINE_BENCH("duckdb", DuckQuery, ulid, "ulid()", false);
ENGINE_BENCH("duckdb", DuckQuery, record_id, "record_id()", false);
ENGINE_BENCH("duckdb", DuckQuery, gen_ulid, "gen_ulid()", false);
ENGINE_BENCH("duckdb", DuckQuery, builtin_uuid, "uuid()", false);
ENGINE_BENCH("duckdb", DuckQuery, builtin_uuid_text, "uuid()::VARCHAR", false);
ENGINE_BENCH("duckdb", DuckQuery, builtin_gen_random_uuid, "gen_random_uuid()", false);
ENGINE_BENCH("sqlite", LiteQuery, ulid_to_uuid, "ulid_to_uuid(id)", true);
ENGINE_BENCH("sqlite", LiteQuery, builtin_upper, "upper(id)", true);
ENGINE_BENCH("sqlite", LiteQuery, ulid_time, "ulid_time(id)", true);
ENGINE_BENCH("sqlite", LiteQuery, builtin_hex, "hex(id)", true);
ENGINE_BENCH("sqlite", LiteQuery, ulid, "ulid()", false);
ENGINE_BENCH("sqlite", LiteQuery, builtin_randomblob, "randomblob(16)", false);
ENGINE_BENCH("sqlite", LiteQuery, builtin_hex_randomblob, "hex(randomblob(16))", false);

}  // namespace

BENCHMARK_MAIN();
