// sortid_bench: one ID per call, as a request handler or a per-row SQL
// function sees it. Names: parse_one/<format>, format_one/<format> (plus the
// API variants below); one iteration = one call, so the time column is the
// cost of a call. Each call takes the next of 4096 different random IDs
// (cycled; they stay in L1/L2, as one hot ID would), so the branch predictor
// cannot learn one input; benchmark::DoNotOptimize keeps every result alive
// and the index dependency stops the work being hoisted out of the loop.
// The peers (bench/peers: oklog/ulid ParseStrict / MarshalTextTo / String)
// run the same 4096-ID pool shape and report the same per-call rows.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <cstring>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "sortid/sortid.h"
#include "sortid/sortid.hpp"
#include "tests/support/test_support.h"

namespace {

using sortid::Format;

constexpr size_t kPool = 4096;

struct Pool {
  std::vector<uint8_t> ids;        // kPool * 16
  std::vector<std::string> texts;  // kPool texts of the format
};

const Pool& PoolOf(Format format) {
  static Pool pools[4];
  Pool& pool = pools[static_cast<int>(format)];
  if (!pool.ids.empty()) return pool;
  std::mt19937_64 rng(7 + static_cast<int>(format));
  pool.ids.resize(kPool * 16);
  pool.ids = sortid::test::RandomIds(format, kPool, rng);
  const size_t len = sortid::text_length(format);
  std::string text(kPool * len, '\0');
  if (!sortid::encode(format, pool.ids.data(), kPool, text.data(), len).ok()) std::abort();
  for (size_t i = 0; i < kPool; ++i) pool.texts.push_back(text.substr(i * len, len));
  return pool;
}

enum class Api {
  kUlidParse,     // Ulid::parse (strict, validated)
  kUlidToChars,   // Ulid::to_chars into a caller's buffer
  kUlidToString,  // Ulid::to_string (allocates a std::string)
  kDecodeOne,     // decode_one(format, text, id)
  kEncodeOne,     // encode_one(format, id, out)
  kCDecodeOne,    // sortid_decode_one
  kCEncodeOne,    // sortid_encode_one
  kExplain,       // explain(): the reference kernel, the single-value path before decode_one
};

// target: nullptr for the best one (the default a caller gets), else a
// supported target's name, whose per-item codec is then the one measured.
// The API is a template argument: a switch in the loop would add an
// indirect jump per iteration that no caller of the API pays.
template <Api kApi>
void BM_One(benchmark::State& state, Format format, const char* target) {
  const Pool& pool = PoolOf(format);
  if (sortid::set_target(target) != sortid::Error::kOk ||
      (target != nullptr && std::string_view(sortid::active_target()) != target)) {
    state.SkipWithError("target not available");
    return;
  }
  size_t i = 0;
  uint8_t id[16];
  char out[40];
  size_t failures = 0;
  for (auto _ : state) {
    const std::string& text = pool.texts[i];
    const uint8_t* binary = pool.ids.data() + 16 * i;
    switch (kApi) {
      case Api::kUlidParse: {
        const std::optional<sortid::Ulid> ulid = sortid::Ulid::parse(text);
        failures += !ulid.has_value();
        benchmark::DoNotOptimize(ulid);
        break;
      }
      case Api::kUlidToChars: {
        sortid::Ulid ulid;
        std::memcpy(ulid.bytes.data(), binary, 16);
        ulid.to_chars(out);
        benchmark::DoNotOptimize(out);
        break;
      }
      case Api::kUlidToString: {
        sortid::Ulid ulid;
        std::memcpy(ulid.bytes.data(), binary, 16);
        std::string s = ulid.to_string();
        benchmark::DoNotOptimize(s);
        break;
      }
      case Api::kDecodeOne: {
        const sortid::Result e = sortid::decode_one(format, text, id);
        failures += e.error != sortid::Error::kOk;
        benchmark::DoNotOptimize(id);
        break;
      }
      case Api::kEncodeOne:
        failures += sortid::encode_one(format, binary, out) == 0;
        benchmark::DoNotOptimize(out);
        break;
      case Api::kCDecodeOne:
        failures += sortid_decode_one(static_cast<sortid_format>(format), text.data(), text.size(),
                                      id, nullptr, nullptr) != SORTID_OK;
        benchmark::DoNotOptimize(id);
        break;
      case Api::kCEncodeOne:
        failures +=
            sortid_encode_one(static_cast<sortid_format>(format), binary, out, nullptr) == 0;
        benchmark::DoNotOptimize(out);
        break;
      case Api::kExplain: {
        const sortid::Result e = sortid::explain(format, text);
        failures += e.error != sortid::Error::kOk;
        benchmark::DoNotOptimize(e);
        break;
      }
    }
    i = (i + 1) % kPool;
  }
  if (failures != 0) state.SkipWithError("a call failed on valid input");
  state.SetItemsProcessed(state.iterations());
}

using OneBenchmark = void (*)(benchmark::State&, Format, const char*);

OneBenchmark BenchmarkOf(Api api) {
  switch (api) {
    case Api::kUlidParse:
      return BM_One<Api::kUlidParse>;
    case Api::kUlidToChars:
      return BM_One<Api::kUlidToChars>;
    case Api::kUlidToString:
      return BM_One<Api::kUlidToString>;
    case Api::kDecodeOne:
      return BM_One<Api::kDecodeOne>;
    case Api::kEncodeOne:
      return BM_One<Api::kEncodeOne>;
    case Api::kCDecodeOne:
      return BM_One<Api::kCDecodeOne>;
    case Api::kCEncodeOne:
      return BM_One<Api::kCEncodeOne>;
    case Api::kExplain:
      return BM_One<Api::kExplain>;
  }
  std::abort();
}

}  // namespace

void RegisterSingleBenchmarks() {
  struct Row {
    const char* name;
    Format format;
    Api api;
  };
  static constexpr Row kRows[] = {
      {"parse_one/ulid", Format::kUlid, Api::kUlidParse},
      {"format_one/ulid", Format::kUlid, Api::kUlidToChars},
      {"parse_one/record", Format::kRecordId, Api::kDecodeOne},
      {"format_one/record", Format::kRecordId, Api::kEncodeOne},
      {"parse_one/uuid", Format::kUuid, Api::kDecodeOne},
      {"format_one/uuid", Format::kUuid, Api::kEncodeOne},
      {"parse_one/uuid_hex", Format::kUuidHex, Api::kDecodeOne},
      {"format_one/uuid_hex", Format::kUuidHex, Api::kEncodeOne},
      {"parse_one/ulid_decode_one", Format::kUlid, Api::kDecodeOne},
      {"format_one/ulid_encode_one", Format::kUlid, Api::kEncodeOne},
      {"parse_one/ulid_c", Format::kUlid, Api::kCDecodeOne},
      {"format_one/ulid_c", Format::kUlid, Api::kCEncodeOne},
      {"format_one/ulid_to_string", Format::kUlid, Api::kUlidToString},
      {"parse_one/ulid_explain_reference", Format::kUlid, Api::kExplain},
  };
  for (const Row& row : kRows) {
    benchmark::RegisterBenchmark(row.name, BenchmarkOf(row.api), row.format, nullptr);
  }
  // The codec rows once per supported target: <row>/<TARGET>.
  for (const char* target : sortid::targets(sortid::TargetSet::kSupported)) {
    for (const Row& row : kRows) {
      if (row.api != Api::kUlidParse && row.api != Api::kUlidToChars &&
          !(row.format != Format::kUlid &&
            (row.api == Api::kDecodeOne || row.api == Api::kEncodeOne))) {
        continue;
      }
      benchmark::RegisterBenchmark((std::string(row.name) + "/" + target).c_str(),
                                   BenchmarkOf(row.api), row.format, target);
    }
  }
}
