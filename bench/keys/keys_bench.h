// Key-scheme insert benchmark: shared types of the driver
// (keys_bench.cc) and its engine back ends (keys_postgres.cc, keys_sqlite.cc,
// keys_duckdb.cc, keys_mariadb.cc). One process loads one key scheme into one
// table layout of one engine, batch by batch, and prints CSV records (see
// keys_bench.cc for the columns); bench/keys/report.py turns them into the
// report and charts.
#ifndef SORTID_BENCH_KEYS_KEYS_BENCH_H_
#define SORTID_BENCH_KEYS_KEYS_BENCH_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace keys {

// How a key is stored: a 64-bit integer, 16 bytes, or fixed-length text.
enum class KeyStorage { kInt64, kBytes16, kText };

struct Scheme {
  const char* name;  // e.g. "uuidv4"; also the CSV and chart name
  KeyStorage storage;
  bool time_ordered;    // the key starts with its creation time
  const char* pg_type;  // PostgreSQL column type
};

// One batch of keys: keys[i] belongs to the row numbered first_row + i (the
// payload column `n`, 1-based insertion order).
struct Batch {
  KeyStorage storage = KeyStorage::kInt64;
  size_t count = 0;
  int64_t first_row = 1;
  std::vector<int64_t> ints;   // kInt64
  std::vector<uint8_t> bytes;  // kBytes16: count * 16
  std::vector<char> text;      // kText: count * text_length
  size_t text_length = 0;
};

// The one-hour window of the range query, inclusive bounds in the scheme's
// own key form (16 bytes or text), and the window's Unix ms for engines that
// compute bounds in SQL (PostgreSQL's ulid_min / ulid_max).
struct TimeRange {
  int64_t from_ms = 0;
  int64_t to_ms = 0;  // inclusive (last ms of the hour)
  std::string low;    // bytes or text
  std::string high;
};

struct QueryTiming {
  double median_ms = 0;
  int64_t rows = 0;  // rows returned (newest) or counted (range)
  std::string how;   // the SQL that ran, shortened
};

struct Sizes {
  int64_t table_bytes = -1;  // -1: not measurable separately
  int64_t index_bytes = -1;
  std::string note;
};

// One table of one engine for one scheme. Errors are thrown as
// std::runtime_error with the engine's message (a benchmark driver, not
// library code).
class Target {
 public:
  virtual ~Target() = default;
  virtual void Insert(const Batch& batch) = 0;
  virtual Sizes MeasureSizes() = 0;
  virtual QueryTiming Newest100() = 0;
  // Only called for time-ordered schemes.
  virtual QueryTiming CountRange(const TimeRange& range) = 0;
  // "key=value; ..." describing the configured caches and durability.
  virtual std::string Settings() const = 0;
  // Engine-specific (name, value) results, printed after the queries.
  virtual std::vector<std::pair<std::string, std::string>> Notes() { return {}; }
};

// variant: "btree" (postgres), "without_rowid" / "rowid_index" (sqlite), "art"
// (duckdb), "clustered" / "secondary" / "uuid_type" (mariadb). dir: a scratch directory for
// database files (sqlite, duckdb).
std::unique_ptr<Target> OpenPostgres(const Scheme& scheme, const std::string& variant);
std::unique_ptr<Target> OpenMariadb(const Scheme& scheme, const std::string& variant);
std::unique_ptr<Target> OpenSqlite(const Scheme& scheme, const std::string& variant,
                                   const std::string& dir, int cache_mib);
std::unique_ptr<Target> OpenDuckdb(const Scheme& scheme, const std::string& variant,
                                   const std::string& dir, int memory_mib);

// The settings line of a run: "name=value; " for each setting, then how the
// rows go in. bench/keys/report.py reads the cache sizes back from it.
std::string SettingsLine(const std::vector<std::pair<std::string, std::string>>& settings,
                         const std::string& how);

// Times a query: the median of 5 runs of run(), which executes it and
// returns the rows it returned or counted (the last run's count is kept);
// how is the SQL that ran.
QueryTiming TimeRuns(const std::string& how, const std::function<int64_t()>& run);

// Times sql for a server engine: TimeRuns of run(sql); the engine's
// plan(sql) follows the SQL in `how`, in brackets.
QueryTiming TimeQuery(const std::string& sql, const std::function<int64_t(const std::string&)>& run,
                      const std::function<std::string(const std::string&)>& plan);

// The "newest 100 rows" query every engine times: by the key when it is
// time-ordered (or the integer key, which is the insertion order), otherwise
// by the insertion-order column n, which has no index (a full scan and a
// top-100 sort).
const char* Newest100Query(const Scheme& scheme);

}  // namespace keys

#endif  // SORTID_BENCH_KEYS_KEYS_BENCH_H_
