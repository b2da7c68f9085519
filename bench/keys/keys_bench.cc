// Key-scheme insert benchmark driver (the common claim that random UUIDv4
// primary keys slow inserts once the index outgrows the cache while
// time-ordered ULID / UUIDv7 keys append at the B-tree's right edge).
//
// One run = one engine, one table layout, one key scheme:
//   sortid_keys_bench --engine postgres|sqlite|duckdb|mariadb --variant V --scheme S
//                     --rows N [--batches B] [--dir D] [--cache-mib M]
// Keys come from sortid's generators (sortid/generator.hpp) with a simulated
// clock: the N rows are spread evenly over the 24 hours before the run
// started (64 IDs per clock reading), so a one-hour window holds about N/24
// rows and the expected count is known exactly. Key generation is timed
// apart from the insert of each batch.
//
// Output, tab-separated records on stdout (bench/keys/report.py reads them):
//   settings engine variant scheme text
//   batch    engine variant scheme rows_before batch_rows insert_s generate_s
//   size     engine variant scheme rows table_bytes index_bytes note
//   query    engine variant scheme newest|range median_ms rows expected_rows sql
//   note     engine variant scheme name value     (engine-specific, e.g. InnoDB sizes)
// Exit status 1 (message on stderr) on any engine error or when a query
// returns a row count other than the expected one.
#include "keys_bench.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <exception>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "sortid/generator.hpp"
#include "sortid/sortid.hpp"

namespace keys {
namespace {

constexpr Scheme kSchemes[] = {
    {"bigint", KeyStorage::kInt64, false, "bigint"},
    {"uuidv4", KeyStorage::kBytes16, false, "uuid"},
    {"uuidv7", KeyStorage::kBytes16, true, "uuid"},
    {"ulid", KeyStorage::kBytes16, true, "ulid"},
    {"ulid_monotonic", KeyStorage::kBytes16, true, "ulid"},
    {"ulid_text", KeyStorage::kText, true, "text COLLATE \"C\""},
    {"record_id_text", KeyStorage::kText, true, "text COLLATE \"C\""},
    {"order_ulid_text", KeyStorage::kText, true, "text COLLATE \"C\""},
};
constexpr int64_t kSpanMs = 24LL * 3600 * 1000;
constexpr int64_t kIdsPerClockReading = 64;
constexpr char kOrderPrefix[] = "ORDER#";

struct Clock {
  int64_t now_ms = 0;
};
int64_t ReadClock(void* context) { return static_cast<Clock*>(context)->now_ms; }

[[noreturn]] void Fail(const std::string& message) {
  std::fprintf(stderr, "sortid_keys_bench: %s\n", message.c_str());
  std::exit(1);
}

// Fills one batch of keys for rows first_row .. first_row + count - 1 of
// total rows, the clock at start_ms + (row - 1) * span / total per chunk.
class KeySource {
 public:
  KeySource(const Scheme& scheme, int64_t rows, int64_t start_ms)
      : scheme_(scheme), rows_(rows), start_ms_(start_ms), generator_(Options(&clock_)) {
    if (std::strcmp(scheme.name, "record_id_text") == 0) {
      format_ = sortid::Format::kRecordId;
      kind_ = sortid::IdKind::kRecordId;
    } else if (std::strcmp(scheme.name, "order_ulid_text") == 0) {
      text_options_.prefix = kOrderPrefix;
    } else if (std::strcmp(scheme.name, "uuidv7") == 0) {
      kind_ = sortid::IdKind::kUuidV7;
    } else if (std::strcmp(scheme.name, "ulid_monotonic") == 0) {
      kind_ = sortid::IdKind::kUlidMonotonic;
    }
    text_length_ = sortid::item_length(format_, text_options_);
  }

  int64_t MsOfRow(int64_t row) const { return start_ms_ + (row - 1) * kSpanMs / rows_; }

  void Fill(Batch& batch, int64_t first_row, size_t count) {
    batch.storage = scheme_.storage;
    batch.count = count;
    batch.first_row = first_row;
    batch.text_length = text_length_;
    if (scheme_.storage == KeyStorage::kInt64) {
      batch.ints.resize(count);
      for (size_t i = 0; i < count; ++i) batch.ints[i] = first_row + static_cast<int64_t>(i);
      return;
    }
    if (std::strcmp(scheme_.name, "uuidv4") == 0) {  // RFC 9562 §5.4
      batch.bytes.resize(count * 16);
      if (generator_.fill_random(batch.bytes.data(), batch.bytes.size()) != sortid::Error::kOk) {
        Fail("random bytes failed for uuidv4");
      }
      for (size_t i = 0; i < count; ++i) {
        uint8_t* id = &batch.bytes[i * 16];
        id[6] = static_cast<uint8_t>((id[6] & 0x0f) | 0x40);
        id[8] = static_cast<uint8_t>((id[8] & 0x3f) | 0x80);
      }
      return;
    }
    if (scheme_.storage == KeyStorage::kBytes16) {
      batch.bytes.resize(count * 16);
    } else {
      batch.text.resize(count * text_length_);
    }
    for (size_t done = 0; done < count;) {
      // Chunks aligned to rows 1, 65, 129, ... whatever the batch size.
      const int64_t row = first_row + static_cast<int64_t>(done);
      const auto aligned =
          static_cast<size_t>(kIdsPerClockReading - (row - 1) % kIdsPerClockReading);
      const size_t chunk = std::min(aligned, count - done);
      clock_.now_ms = MsOfRow(row - (row - 1) % kIdsPerClockReading);
      sortid::Result result;
      if (scheme_.storage == KeyStorage::kBytes16) {
        result = generator_.generate(kind_, &batch.bytes[done * 16], chunk);
      } else {
        result = generator_.generate_text(kind_, format_, &batch.text[done * text_length_], chunk,
                                          text_length_, text_options_);
      }
      if (!result.ok()) Fail(std::string("key generation failed for ") + scheme_.name);
      done += chunk;
    }
  }

  // Rows whose clock reading falls in [from_ms, to_ms].
  int64_t RowsInWindow(int64_t from_ms, int64_t to_ms) const {
    int64_t count = 0;
    for (int64_t row = 1; row <= rows_; row += kIdsPerClockReading) {
      const int64_t ms = MsOfRow(row);
      if (ms >= from_ms && ms <= to_ms) {
        count += std::min<int64_t>(kIdsPerClockReading, rows_ - row + 1);
      }
    }
    return count;
  }

  // Inclusive key bounds of [from_ms, to_ms] in the scheme's stored form.
  TimeRange Range(int64_t from_ms, int64_t to_ms) const {
    TimeRange range;
    range.from_ms = from_ms;
    range.to_ms = to_ms;
    uint8_t low[16] = {}, high[16] = {};
    if (format_ == sortid::Format::kRecordId) {  // docs/spec.md §1.2: ts40 | machine40 | counter20
      using U128 = unsigned __int128;
      const U128 lo = static_cast<U128>(from_ms - sortid::kRecordInceptionMs) << 60;
      const U128 hi = (static_cast<U128>(to_ms - sortid::kRecordInceptionMs) << 60) |
                      ((static_cast<U128>(1) << 60) - 1);
      for (int i = 0; i < 16; ++i) {
        low[15 - i] = static_cast<uint8_t>(lo >> (8 * i));
        high[15 - i] = static_cast<uint8_t>(hi >> (8 * i));
      }
    } else {  // ULID / UUIDv7: 48-bit ms first
      std::memset(high, 0xff, sizeof high);
      for (int i = 0; i < 6; ++i) {
        low[5 - i] = static_cast<uint8_t>(from_ms >> (8 * i));
        high[5 - i] = static_cast<uint8_t>(to_ms >> (8 * i));
      }
    }
    if (scheme_.storage == KeyStorage::kBytes16) {
      range.low.assign(reinterpret_cast<const char*>(low), 16);
      range.high.assign(reinterpret_cast<const char*>(high), 16);
      return range;
    }
    range.low.resize(text_length_);
    range.high.resize(text_length_);
    if (!sortid::encode(format_, low, 1, range.low.data(), text_length_, nullptr, text_options_)
             .ok() ||
        !sortid::encode(format_, high, 1, range.high.data(), text_length_, nullptr, text_options_)
             .ok()) {
      Fail("cannot encode the range bounds");
    }
    return range;
  }

 private:
  static sortid::GeneratorOptions Options(Clock* clock) {
    sortid::GeneratorOptions options;
    options.clock = ReadClock;
    options.clock_context = clock;
    return options;
  }

  const Scheme& scheme_;
  int64_t rows_;
  int64_t start_ms_;
  Clock clock_;
  sortid::Generator generator_;
  sortid::IdKind kind_ = sortid::IdKind::kUlid;
  sortid::Format format_ = sortid::Format::kUlid;
  sortid::TextOptions text_options_;
  size_t text_length_ = 0;
};

double Seconds(std::chrono::steady_clock::time_point from) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - from).count();
}

struct Arguments {
  std::string engine, variant, scheme, dir = "/tmp";
  int64_t rows = 0;
  int64_t batches = 25;
  int cache_mib = 8;
};

Arguments Parse(int argc, char** argv) {
  Arguments args;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) Fail("missing value after " + flag);
    const std::string value = argv[++i];
    if (flag == "--engine") {
      args.engine = value;
    } else if (flag == "--variant") {
      args.variant = value;
    } else if (flag == "--scheme") {
      args.scheme = value;
    } else if (flag == "--rows") {
      args.rows = std::atoll(value.c_str());
    } else if (flag == "--batches") {
      args.batches = std::atoll(value.c_str());
    } else if (flag == "--dir") {
      args.dir = value;
    } else if (flag == "--cache-mib") {
      args.cache_mib = std::atoi(value.c_str());
    } else {
      Fail("unknown option " + flag);
    }
  }
  if (args.rows < 1 || args.batches < 1 || args.cache_mib < 1) {
    Fail("--rows, --batches and --cache-mib must be positive");
  }
  return args;
}

void Run(const Arguments& args) {
  const Scheme* scheme = nullptr;
  for (const Scheme& candidate : kSchemes) {
    if (args.scheme == candidate.name) scheme = &candidate;
  }
  if (scheme == nullptr) Fail("unknown scheme '" + args.scheme + "'");
  std::unique_ptr<Target> target;
  if (args.engine == "postgres") {
    target = OpenPostgres(*scheme, args.variant);
  } else if (args.engine == "sqlite") {
    target = OpenSqlite(*scheme, args.variant, args.dir, args.cache_mib);
  } else if (args.engine == "duckdb") {
    target = OpenDuckdb(*scheme, args.variant, args.dir, args.cache_mib);
  } else if (args.engine == "mariadb") {
    target = OpenMariadb(*scheme, args.variant);
  } else {
    Fail("unknown engine '" + args.engine + "'");
  }
  const std::string prefix = args.engine + "\t" + args.variant + "\t" + scheme->name + "\t";
  std::printf("settings\t%s%s\n", prefix.c_str(), target->Settings().c_str());

  const int64_t start_ms = static_cast<int64_t>(std::time(nullptr)) * 1000 - kSpanMs;
  KeySource source(*scheme, args.rows, start_ms);
  Batch batch;
  const int64_t batch_rows = std::max<int64_t>(1, (args.rows + args.batches - 1) / args.batches);
  for (int64_t first = 1; first <= args.rows; first += batch_rows) {
    const size_t count = static_cast<size_t>(std::min(batch_rows, args.rows - first + 1));
    auto t0 = std::chrono::steady_clock::now();
    source.Fill(batch, first, count);
    const double generate_s = Seconds(t0);
    t0 = std::chrono::steady_clock::now();
    target->Insert(batch);
    const double insert_s = Seconds(t0);
    std::printf("batch\t%s%lld\t%zu\t%.6f\t%.6f\n", prefix.c_str(),
                static_cast<long long>(first - 1), count, insert_s, generate_s);
    std::fflush(stdout);
  }

  const Sizes sizes = target->MeasureSizes();
  std::printf("size\t%s%lld\t%lld\t%lld\t%s\n", prefix.c_str(), static_cast<long long>(args.rows),
              static_cast<long long>(sizes.table_bytes), static_cast<long long>(sizes.index_bytes),
              sizes.note.c_str());
  const QueryTiming newest = target->Newest100();
  const int64_t newest_expected = std::min<int64_t>(100, args.rows);
  std::printf("query\t%snewest\t%.3f\t%lld\t%lld\t%s\n", prefix.c_str(), newest.median_ms,
              static_cast<long long>(newest.rows), static_cast<long long>(newest_expected),
              newest.how.c_str());
  bool ok = newest.rows == newest_expected;
  if (scheme->time_ordered) {
    // The hour starting half way through the simulated day.
    const int64_t from_ms = start_ms + kSpanMs / 2;
    const int64_t to_ms = from_ms + 3600 * 1000 - 1;
    const int64_t expected = source.RowsInWindow(from_ms, to_ms);
    const QueryTiming range = target->CountRange(source.Range(from_ms, to_ms));
    std::printf("query\t%srange\t%.3f\t%lld\t%lld\t%s\n", prefix.c_str(), range.median_ms,
                static_cast<long long>(range.rows), static_cast<long long>(expected),
                range.how.c_str());
    ok = ok && range.rows == expected;
  }
  std::fflush(stdout);
  for (const auto& [name, value] : target->Notes()) {
    std::printf("note\t%s%s\t%s\n", prefix.c_str(), name.c_str(), value.c_str());
  }
  std::fflush(stdout);
  if (!ok) Fail(prefix + ": a query returned an unexpected row count");
}

}  // namespace

#ifndef SORTID_KEYS_POSTGRES
std::unique_ptr<Target> OpenPostgres(const Scheme&, const std::string&) {
  throw std::runtime_error("built without libpq (install libpq-dev and rebuild)");
}
#endif
#ifndef SORTID_KEYS_MARIADB
std::unique_ptr<Target> OpenMariadb(const Scheme&, const std::string&) {
  throw std::runtime_error("built without MariaDB Connector/C (install libmariadb-dev, rebuild)");
}
#endif

std::string SettingsLine(const std::vector<std::pair<std::string, std::string>>& settings,
                         const std::string& how) {
  std::string line;
  for (const auto& [name, value] : settings) line += name + "=" + value + "; ";
  return line + how;
}

QueryTiming TimeRuns(const std::string& how, const std::function<int64_t()>& run) {
  QueryTiming timing;
  timing.how = how;
  std::vector<double> ms;
  for (int i = 0; i < 5; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    timing.rows = run();
    ms.push_back(Seconds(t0) * 1000);
  }
  std::sort(ms.begin(), ms.end());
  timing.median_ms = ms[ms.size() / 2];
  return timing;
}

QueryTiming TimeQuery(const std::string& sql, const std::function<int64_t(const std::string&)>& run,
                      const std::function<std::string(const std::string&)>& plan) {
  QueryTiming timing = TimeRuns(sql, [&] { return run(sql); });
  timing.how += " [" + plan(sql) + "]";
  return timing;
}

const char* Newest100Query(const Scheme& scheme) {
  return scheme.time_ordered || scheme.storage == KeyStorage::kInt64
             ? "SELECT id FROM k ORDER BY id DESC LIMIT 100"
             : "SELECT id FROM k ORDER BY n DESC LIMIT 100";
}

}  // namespace keys

int main(int argc, char** argv) {
  try {
    keys::Run(keys::Parse(argc, argv));
  } catch (const std::exception& error) {
    std::fprintf(stderr, "sortid_keys_bench: %s\n", error.what());
    return 1;
  }
  return 0;
}
