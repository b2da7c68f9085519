// sortid bench: a quick table of IDs/s per CPU target for the main kernels
// (for the full benchmark with memcpy and peers, see bench/ and the README).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "cli/commands/commands.h"
#include "cli/common.h"
#include "sortid/generator.hpp"

namespace sortid::cli {
namespace {

constexpr size_t kItems = 16384;  // in L2: measures the kernels, not memory

// Median IDs/s of 5 samples of about seconds/5 each.
template <typename Op>
double Measure(double seconds, Op op) {
  std::vector<double> rates;
  for (int sample = 0; sample < 5; ++sample) {
    const auto start = std::chrono::steady_clock::now();
    uint64_t items = 0;
    double elapsed = 0;
    do {
      op();
      items += kItems;
      elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    } while (elapsed < seconds / 5);
    rates.push_back(static_cast<double>(items) / elapsed);
  }
  std::sort(rates.begin(), rates.end());
  return rates[2];
}

int RunBench(double seconds) {
  std::vector<uint8_t> ids(kItems * 16), back(kItems * 16), validity(kItems / 8);
  if (!sortid::generate(sortid::IdKind::kUlid, ids.data(), kItems).ok()) {
    throw CliError(kExitBadData, "could not generate sample IDs");
  }
  std::vector<char> ulid(kItems * 26), uuid(kItems * 36);
  std::printf("sortid %s quick bench: %zu IDs per call, median of 5, M IDs/s\n",
              SORTID_VERSION_STRING, kItems);
  std::printf("%-9s %12s %12s %12s %12s %12s\n", "target", "ulid enc", "ulid dec", "uuid enc",
              "uuid dec", "gen ulid");
  std::string forced;
  if (const char* env = std::getenv("SORTID_TARGET")) forced = env;
  for (const char* target : sortid::targets(sortid::TargetSet::kSupported)) {
    if (sortid::set_target(target) != sortid::Error::kOk) continue;
    std::vector<double> rates;  // the columns' order: encode, decode per format, then gen
    for (const sortid::Format format : {sortid::Format::kUlid, sortid::Format::kUuid}) {
      char* text = (format == sortid::Format::kUlid ? ulid : uuid).data();
      const size_t width = sortid::text_length(format);
      rates.push_back(
          Measure(seconds, [&] { (void)sortid::encode(format, ids.data(), kItems, text, width); }));
      rates.push_back(Measure(seconds, [&] {
        (void)sortid::decode(format, text, kItems, width, back.data(), validity.data());
      }));
    }
    rates.push_back(Measure(seconds, [&] {
      (void)sortid::generate_text(sortid::IdKind::kUlid, sortid::Format::kUlid, ulid.data(), kItems,
                                  26);
    }));
    std::printf("%-9s", target);
    for (double r : rates) std::printf(" %12.1f", r / 1e6);
    std::printf("\n");
  }
  (void)sortid::set_target(forced.empty() ? nullptr : forced.c_str());
  return kExitOk;
}

}  // namespace

Command AddBenchCommand(CLI::App& parent) {
  auto seconds = std::make_shared<double>(0.5);
  CLI::App* app = parent.add_subcommand("bench", "Quick table of IDs/s per CPU target");
  app->add_option("--seconds", *seconds, "time per measurement")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 60.0));
  return {app, [seconds] {
            // NaN passes the range check (every comparison with it is false).
            if (!(*seconds >= 0.01 && *seconds <= 60.0)) {
              throw CliError(kExitUsage, "--seconds: expected a number from 0.01 to 60");
            }
            return RunBench(*seconds);
          }};
}

}  // namespace sortid::cli
