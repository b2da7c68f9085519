// sortid_bench: Google Benchmark over the bulk codec. Names follow docs/spec.md §4:
// <op>/<TARGET>/<items>, e.g. encode_ulid/SCALAR/4096, with items_per_second
// and bytes_per_second (text bytes) counters. Each benchmark forces its target
// and checks that it is the one active; memcpy_<fmt> copies the same text
// bytes as the physical reference.
#include <benchmark/benchmark.h>
#include <sys/random.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <new>
#include <random>
#include <string>
#include <vector>

#include "lib/keystream.h"
#include "sortid/generator.hpp"
#include "sortid/sortid.hpp"
#include "tests/support/test_support.h"

namespace {

struct FormatInfo {
  const char* name;
  sortid::Format format;
};
constexpr FormatInfo kFormats[] = {{"ulid", sortid::Format::kUlid},
                                   {"record", sortid::Format::kRecordId},
                                   {"uuid", sortid::Format::kUuid}};

// Every kernel benchmark buffer starts on a 64-byte boundary. malloc gives 16
// bytes, and where in a cache line a buffer starts depends on the allocations
// made before it (so on which benchmarks the filter selected): a 64-byte
// vector store to an output that is not line-aligned splits every line, and
// figures would move between runs of the same code.
template <class T>
struct LineAligned {
  using value_type = T;
  LineAligned() = default;
  template <class U>
  explicit LineAligned(const LineAligned<U>& /*other*/) {}
  T* allocate(size_t n) {
    return static_cast<T*>(::operator new (n * sizeof(T), std::align_val_t{64}));
  }
  void deallocate(T* p, size_t /*n*/) { ::operator delete (p, std::align_val_t{64}); }
  friend bool operator==(const LineAligned& /*a*/, const LineAligned& /*b*/) { return true; }
};
using Bytes = std::vector<uint8_t, LineAligned<uint8_t>>;
using Chars = std::vector<char, LineAligned<char>>;

// Random IDs for a format, made once per (count, format): Google Benchmark
// calls a benchmark function several times, and 4 Mi IDs take a while to make.
const Bytes& RandomIds(size_t count, sortid::Format format) {
  static std::map<std::pair<size_t, int>, Bytes> cache;
  Bytes& ids = cache[{count, static_cast<int>(format)}];
  if (!ids.empty()) return ids;
  const std::vector<uint8_t> made = sortid::test::RandomIds(format, count, uint64_t{42});
  ids.assign(made.begin(), made.end());
  return ids;
}

bool ForceTarget(benchmark::State& state, const char* target) {
  if (sortid::set_target(target) != sortid::Error::kOk ||
      std::string(sortid::active_target()) != target) {
    state.SkipWithError("target not available");
    return false;
  }
  return true;
}

void SetCounters(benchmark::State& state, size_t count, size_t text_bytes) {
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(count));
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(count * text_bytes));
}

// The layouts the kernel rows are measured in: IDs back to back, and one
// per line.
const sortid::TextOptions kPlain{};
const sortid::TextOptions kLines = [] {
  sortid::TextOptions lines;
  lines.terminator = '\n';
  return lines;
}();

// count (the benchmark's argument) random IDs and a text buffer for them laid
// out as options say: stride = item_length, so with a terminator one ID per
// line, what `sortid gen` and `convert` write and log files hold.
struct TextLayout {
  size_t count, stride;
  const Bytes& ids;
  Chars text;
};
TextLayout LayoutFor(benchmark::State& state, FormatInfo fmt, const sortid::TextOptions& options) {
  const auto count = static_cast<size_t>(state.range(0));
  const size_t stride = sortid::item_length(fmt.format, options);
  return {count, stride, RandomIds(count, fmt.format), Chars(count * stride)};
}

void EncodeText(benchmark::State& state, FormatInfo fmt, const char* target,
                const sortid::TextOptions& options) {
  if (!ForceTarget(state, target)) return;
  TextLayout t = LayoutFor(state, fmt, options);
  for (auto _ : state) {
    const sortid::Result status = sortid::encode(fmt.format, t.ids.data(), t.count, t.text.data(),
                                                 t.stride, nullptr, options);
    benchmark::DoNotOptimize(status);
    benchmark::ClobberMemory();
  }
  SetCounters(state, t.count, t.stride);
}

void DecodeText(benchmark::State& state, FormatInfo fmt, const char* target,
                const sortid::TextOptions& options) {
  if (!ForceTarget(state, target)) return;
  TextLayout t = LayoutFor(state, fmt, options);
  (void)sortid::encode(fmt.format, t.ids.data(), t.count, t.text.data(), t.stride, nullptr,
                       options);
  Bytes out(t.count * 16), validity((t.count + 7) / 8);
  for (auto _ : state) {
    const sortid::Result status = sortid::decode(fmt.format, t.text.data(), t.count, t.stride,
                                                 out.data(), validity.data(), options);
    benchmark::DoNotOptimize(status);
    benchmark::ClobberMemory();
  }
  if (out != t.ids) state.SkipWithError("decode mismatch");
  SetCounters(state, t.count, t.stride);
}

void BM_Memcpy(benchmark::State& state, FormatInfo fmt) {
  const auto count = static_cast<size_t>(state.range(0));
  const size_t len = sortid::text_length(fmt.format);
  Chars src(count * len, 'A'), dst(count * len);
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), src.size());
    benchmark::ClobberMemory();
  }
  SetCounters(state, count, len);
}

// ChaCha20 keystream, `blocks` 64-byte blocks per call (items = blocks).
void BM_ChaCha20(benchmark::State& state, const char* target) {
  if (!ForceTarget(state, target)) return;
  const auto blocks = static_cast<size_t>(state.range(0));
  uint8_t key[32] = {1, 2, 3}, nonce[12] = {4, 5, 6};
  Bytes out(64 * blocks);
  uint32_t counter = 0;
  for (auto _ : state) {
    const sortid::Error error = sortid::chacha20_keystream(key, counter, nonce, out.data(), blocks);
    benchmark::DoNotOptimize(error);
    benchmark::ClobberMemory();
    counter += static_cast<uint32_t>(blocks);
  }
  SetCounters(state, blocks, 64);
}

// Baselines for the generator's entropy: the kernel and glibc's arc4random.
void BM_Getrandom(benchmark::State& state) {
  const auto blocks = static_cast<size_t>(state.range(0));
  std::vector<uint8_t> out(64 * blocks);
  for (auto _ : state) {
    for (size_t done = 0; done < out.size();) {
      const ssize_t n = getrandom(out.data() + done, out.size() - done, 0);
      if (n <= 0) {
        state.SkipWithError("getrandom failed");
        return;
      }
      done += static_cast<size_t>(n);
    }
    benchmark::ClobberMemory();
  }
  SetCounters(state, blocks, 64);
}

void BM_Arc4random(benchmark::State& state) {
  const auto blocks = static_cast<size_t>(state.range(0));
  std::vector<uint8_t> out(64 * blocks);
  for (auto _ : state) {
    arc4random_buf(out.data(), out.size());
    benchmark::ClobberMemory();
  }
  SetCounters(state, blocks, 64);
}

// Generation through the process-wide pool (each benchmark thread uses its
// own generator); binary IDs, or text encoded in the same pass.
void BM_Generate(benchmark::State& state, sortid::IdKind kind, bool text) {
  constexpr size_t kBatch = 4096;
  (void)sortid::set_target(nullptr);  // the best target, whatever ran before
  state.SetLabel(sortid::active_target());
  std::vector<uint8_t> ids(kBatch * 16);
  std::vector<char> out(kBatch * 37);
  sortid::TextOptions lines;
  lines.terminator = '\n';
  const sortid::Format format = kind == sortid::IdKind::kRecordId ? sortid::Format::kRecordId
                                : kind == sortid::IdKind::kUuidV7 ? sortid::Format::kUuid
                                                                  : sortid::Format::kUlid;
  const size_t stride = sortid::item_length(format, lines);
  for (auto _ : state) {
    const sortid::Result r =
        text ? sortid::generate_text(kind, format, out.data(), kBatch, stride, lines)
             : sortid::generate(kind, ids.data(), kBatch);
    if (!r.ok()) {
      state.SkipWithError("generation failed");
      return;
    }
    benchmark::ClobberMemory();
  }
  SetCounters(state, kBatch, text ? stride : 16);
}

void BM_GenerateGlobalMonotonic(benchmark::State& state) {
  constexpr size_t kBatch = 4096;
  (void)sortid::set_target(nullptr);
  std::vector<uint8_t> ids(kBatch * 16);
  for (auto _ : state) {
    if (!sortid::generate_ulid_monotonic_global(ids.data(), kBatch).ok()) {
      state.SkipWithError("generation failed");
      return;
    }
    benchmark::ClobberMemory();
  }
  SetCounters(state, kBatch, 16);
}

void RegisterAll() {
  const std::pair<const char*, sortid::IdKind> kKinds[] = {
      {"ulid", sortid::IdKind::kUlid},
      {"ulid_monotonic", sortid::IdKind::kUlidMonotonic},
      {"record", sortid::IdKind::kRecordId},
      {"uuidv7", sortid::IdKind::kUuidV7}};
  for (const auto& [name, kind] : kKinds) {
    for (bool text : {false, true}) {
      benchmark::RegisterBenchmark(
          (std::string("generate_") + name + (text ? "_text" : "_binary")).c_str(), BM_Generate,
          kind, text)
          ->Threads(1)
          ->Threads(2)
          ->UseRealTime();
    }
  }
  benchmark::RegisterBenchmark("generate_ulid_monotonic_global", BM_GenerateGlobalMonotonic)
      ->Threads(1)
      ->Threads(2)
      ->UseRealTime();
  for (const char* target : sortid::targets(sortid::TargetSet::kSupported)) {
    benchmark::RegisterBenchmark((std::string("chacha20/") + target).c_str(), BM_ChaCha20, target)
        ->Arg(256);
  }
  benchmark::RegisterBenchmark("getrandom", BM_Getrandom)->Arg(256);
  benchmark::RegisterBenchmark("arc4random_buf", BM_Arc4random)->Arg(256);
  const int64_t kSizes[] = {4096, int64_t{4} << 20};
  for (const FormatInfo& fmt : kFormats) {
    for (const char* target : sortid::targets(sortid::TargetSet::kSupported)) {
      for (int64_t n : kSizes) {
        // Google Benchmark appends "/<items>" from Arg(n).
        const std::string suffix = std::string("/") + target;
        // Beyond L3 an iteration takes milliseconds: at least 0.25 s per
        // run, so that a noisy neighbour does not decide the median.
        const double min_time = n > 4096 ? 0.25 : 0.0;
        const std::string name(fmt.name);
        for (auto* b : {benchmark::RegisterBenchmark(("encode_" + name + suffix).c_str(),
                                                     EncodeText, fmt, target, kPlain),
                        benchmark::RegisterBenchmark(("decode_" + name + suffix).c_str(),
                                                     DecodeText, fmt, target, kPlain),
                        benchmark::RegisterBenchmark(("encode_" + name + "_lines" + suffix).c_str(),
                                                     EncodeText, fmt, target, kLines),
                        benchmark::RegisterBenchmark(("decode_" + name + "_lines" + suffix).c_str(),
                                                     DecodeText, fmt, target, kLines)}) {
          b->Arg(n);
          if (min_time > 0) b->MinTime(min_time);
        }
      }
    }
    for (int64_t n : kSizes) {
      auto* b =
          benchmark::RegisterBenchmark(("memcpy_" + std::string(fmt.name)).c_str(), BM_Memcpy, fmt)
              ->Arg(n);
      if (n > 4096) b->MinTime(0.25);
    }
  }
}

// "model name (family F, model M)" of the first processor in /proc/cpuinfo,
// recorded in the JSON's context so that the report names the CPU the run was
// made on; "" where there is no model name (e.g. on Arm).
std::string CpuModel() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line, name, family, model;
  while (std::getline(cpuinfo, line) && !line.empty()) {  // a blank line ends processor 0
    const size_t colon = line.find(':');
    if (colon == std::string::npos || colon == 0) continue;
    const std::string key = line.substr(0, line.find_last_not_of(" \t", colon - 1) + 1);
    const std::string value = colon + 2 <= line.size() ? line.substr(colon + 2) : "";
    if (key == "model name") name = value;
    if (key == "cpu family") family = value;
    if (key == "model") model = value;
  }
  if (name.empty() || family.empty()) return name;
  return name + " (family " + family + ", model " + model + ")";
}

}  // namespace

void RegisterDatasetBenchmarks();  // bench_dataset.cc
void RegisterSingleBenchmarks();   // bench_single.cc

int main(int argc, char** argv) {
  RegisterAll();
  RegisterDatasetBenchmarks();
  RegisterSingleBenchmarks();
  benchmark::AddCustomContext("cpu_model", CpuModel());
  benchmark::AddCustomContext("best_target", sortid::targets(sortid::TargetSet::kSupported)[0]);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
