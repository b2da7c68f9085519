// sortid over the shared 1 M-ID data set that the peer benchmarks
// (bench/peers/: Go oklog/ulid, npm ulid) read too: registered when
// SORTID_BENCH_DATA names the folder made by bench/peers/make_dataset.sh
// (ulids.txt: 27-byte lines, uuids.txt: 37-byte lines, ids.bin: 16-byte IDs).
// Names: dataset/<op>/<TARGET>, one iteration = the whole data set.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "sortid/generator.hpp"
#include "sortid/sortid.hpp"

namespace {

struct Dataset {
  std::vector<char> ulids, uuids;
  std::vector<uint8_t> ids;
  size_t count = 0;
};

std::vector<char> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

const Dataset* Data() {
  static const Dataset* data = []() -> const Dataset* {
    const char* dir = std::getenv("SORTID_BENCH_DATA");
    if (dir == nullptr) return nullptr;
    auto* d = new Dataset;
    d->ulids = ReadFile(std::string(dir) + "/ulids.txt");
    d->uuids = ReadFile(std::string(dir) + "/uuids.txt");
    const std::vector<char> bin = ReadFile(std::string(dir) + "/ids.bin");
    d->ids.assign(bin.begin(), bin.end());
    d->count = d->ids.size() / 16;
    if (d->count == 0 || d->ulids.size() != d->count * 27 || d->uuids.size() != d->count * 37) {
      return nullptr;
    }
    return d;
  }();
  return data;
}

enum class Op { kEncodeUlid, kDecodeUlid, kUlidToUuid, kUuidToUlid, kDecodeTime };

void BM_Dataset(benchmark::State& state, Op op, const char* target) {
  const Dataset& d = *Data();
  if (sortid::set_target(target) != sortid::Error::kOk ||
      std::string(sortid::active_target()) != target) {
    state.SkipWithError("target not available");
    return;
  }
  const size_t n = d.count;
  std::vector<uint8_t> ids(n * 16), validity((n + 7) / 8);
  std::vector<char> text(n * 37);
  std::vector<int64_t> ms(n);
  sortid::TextOptions lines;
  lines.terminator = '\n';
  using F = sortid::Format;
  for (auto _ : state) {
    sortid::Result s;
    switch (op) {
      case Op::kEncodeUlid:
        s = sortid::encode(F::kUlid, d.ids.data(), n, text.data(), 26);
        break;
      case Op::kDecodeUlid:
        s = sortid::decode(F::kUlid, d.ulids.data(), n, 27, ids.data(), validity.data(), lines);
        break;
      case Op::kUlidToUuid:
        s = sortid::decode(F::kUlid, d.ulids.data(), n, 27, ids.data(), validity.data(), lines);
        if (s.ok()) s = sortid::encode(F::kUuid, ids.data(), n, text.data(), 36);
        break;
      case Op::kUuidToUlid:
        s = sortid::decode(F::kUuid, d.uuids.data(), n, 37, ids.data(), validity.data(), lines);
        if (s.ok()) s = sortid::encode(F::kUlid, ids.data(), n, text.data(), 26);
        break;
      case Op::kDecodeTime:
        s = sortid::decode(F::kUlid, d.ulids.data(), n, 27, ids.data(), validity.data(), lines);
        if (s.ok()) s = sortid::timestamps_ms(F::kUlid, ids.data(), n, ms.data());
        break;
    }
    if (!s.ok() || s.count != 0) {
      state.SkipWithError("data set did not convert cleanly");
      return;
    }
    benchmark::DoNotOptimize(text.data());
    benchmark::DoNotOptimize(ms.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(n));
}

void BM_DatasetGenerate(benchmark::State& state, sortid::IdKind kind) {
  // The best target (an earlier benchmark may have forced another one).
  if (sortid::set_target(nullptr) != sortid::Error::kOk) {
    state.SkipWithError("no target");
    return;
  }
  state.SetLabel(sortid::active_target());
  const size_t n = Data()->count;
  std::vector<char> text(n * 26);
  for (auto _ : state) {
    if (!sortid::generate_text(kind, sortid::Format::kUlid, text.data(), n, 26).ok()) {
      state.SkipWithError("generation failed");
      return;
    }
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(n));
}

}  // namespace

// Called from main() before benchmark::Initialize.
void RegisterDatasetBenchmarks() {
  if (Data() == nullptr) return;
  const std::pair<const char*, Op> kOps[] = {{"encode_ulid", Op::kEncodeUlid},
                                             {"decode_ulid", Op::kDecodeUlid},
                                             {"ulid_to_uuid", Op::kUlidToUuid},
                                             {"uuid_to_ulid", Op::kUuidToUlid},
                                             {"decode_time", Op::kDecodeTime}};
  for (const auto& [name, op] : kOps) {
    for (const char* target : sortid::targets(sortid::TargetSet::kSupported)) {
      benchmark::RegisterBenchmark((std::string("dataset/") + name + "/" + target).c_str(),
                                   BM_Dataset, op, target)
          ->Unit(benchmark::kMillisecond);
    }
  }
  benchmark::RegisterBenchmark("dataset/generate_ulid/pool", BM_DatasetGenerate,
                               sortid::IdKind::kUlid)
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("dataset/generate_ulid_monotonic/pool", BM_DatasetGenerate,
                               sortid::IdKind::kUlidMonotonic)
      ->Unit(benchmark::kMillisecond);
}
