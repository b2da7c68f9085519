// One ID per call: the one-ID calls next to the floor they
// cannot beat, one clock_gettime(CLOCK_REALTIME), and next to the batch call
// with a count of 1. SORTID_BENCH_BATCH_ONLY builds only the rows that an
// older library (without the one-ID calls) can run, for before/after tables.
#include <benchmark/benchmark.h>
#include <time.h>

#include <cstdint>

#include "sortid/generator.hpp"

namespace {

void BM_ClockGettime(benchmark::State& state) {
  timespec ts;
  for (auto _ : state) {
    clock_gettime(CLOCK_REALTIME, &ts);
    benchmark::DoNotOptimize(ts);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ClockGettime)->Name("generate_one/clock_gettime_realtime");

void BM_BatchOfOne(benchmark::State& state, sortid::IdKind kind) {
  uint8_t id[16];
  for (auto _ : state) {
    if (!sortid::generate(kind, id, 1).ok()) {
      state.SkipWithError("generation failed");
      return;
    }
    benchmark::DoNotOptimize(id);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(BM_BatchOfOne, ulid, sortid::IdKind::kUlid)->Name("generate_one/ulid_batch_call");
BENCHMARK_CAPTURE(BM_BatchOfOne, ulid_monotonic, sortid::IdKind::kUlidMonotonic)
    ->Name("generate_one/ulid_monotonic_batch_call");

#ifndef SORTID_BENCH_BATCH_ONLY
template <typename Out, sortid::Error (*kCall)(Out*)>
void BM_One(benchmark::State& state) {
  Out out[26];
  for (auto _ : state) {
    if (kCall(out) != sortid::Error::kOk) {
      state.SkipWithError("generation failed");
      return;
    }
    benchmark::DoNotOptimize(out);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_One<uint8_t, sortid::new_ulid>)->Name("generate_one/ulid");
BENCHMARK(BM_One<uint8_t, sortid::new_ulid_monotonic>)->Name("generate_one/ulid_monotonic");
BENCHMARK(BM_One<char, sortid::new_ulid_text>)->Name("generate_one/ulid_text");
BENCHMARK(BM_One<uint8_t, sortid::new_record_id>)->Name("generate_one/record");
BENCHMARK(BM_One<uint8_t, sortid::new_uuidv7>)->Name("generate_one/uuidv7");
#endif

}  // namespace
