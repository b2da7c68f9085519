// sortid demo: encodes, corrupts, decodes and validates a generated sample
// and prints what happened (a first look at the library, not a benchmark).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "cli/commands/commands.h"
#include "cli/common.h"

namespace sortid::cli {
namespace {

double Seconds(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int RunDemo(size_t count) {
  // Sample data: current time in the 48-bit timestamp, 80 pseudo-random bits
  // (std::mt19937_64 — demo data only; the CSPRNG generator is separate).
  const auto now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::system_clock::now().time_since_epoch())
                          .count();
  std::mt19937_64 rng{std::random_device{}()};
  std::vector<uint8_t> ids(count * 16);
  for (size_t i = 0; i < count; ++i) {
    uint8_t* id = &ids[16 * i];
    const auto ms = static_cast<uint64_t>(now_ms) + i / 1024;
    for (int b = 0; b < 6; ++b) id[b] = static_cast<uint8_t>(ms >> (40 - 8 * b));
    const uint64_t r1 = rng(), r2 = rng();
    for (int b = 0; b < 8; ++b) id[6 + b] = static_cast<uint8_t>(r1 >> (8 * b));
    for (int b = 0; b < 2; ++b) id[14 + b] = static_cast<uint8_t>(r2 >> (8 * b));
  }

  // One ULID per line, as a log or column export would hold them.
  sortid::TextOptions lines;
  lines.terminator = '\n';
  const size_t stride = sortid::item_length(sortid::Format::kUlid, lines);
  std::vector<char> text(count * stride);
  auto start = std::chrono::steady_clock::now();
  const sortid::Result encoded =
      sortid::encode(sortid::Format::kUlid, ids.data(), count, text.data(), stride, nullptr, lines);
  const double encode_s = Seconds(start);

  // Corrupt two lines to show per-item validation.
  std::vector<size_t> corrupted;
  if (count >= 8) {
    corrupted = {count / 3, count - 1};
    text[corrupted[0] * stride + 7] = 'U';  // not in the Crockford alphabet
    text[corrupted[1] * stride + 0] = '8';  // overflows 128 bits
  }

  std::vector<uint8_t> decoded(count * 16);
  std::vector<uint8_t> validity((count + 7) / 8);
  start = std::chrono::steady_clock::now();
  const sortid::Result status = sortid::decode(sortid::Format::kUlid, text.data(), count, stride,
                                               decoded.data(), validity.data(), lines);
  const double decode_s = Seconds(start);
  if (!encoded.ok() || !status.ok()) {
    std::fprintf(stderr, "sortid: %s\n", sortid::error_message(status.error));
    return kExitBadData;
  }

  size_t mismatches = 0;
  for (size_t i = 0; i < count; ++i) {
    const bool valid = (validity[i / 8] >> (i % 8)) & 1;
    const bool expect_valid = std::find(corrupted.begin(), corrupted.end(), i) == corrupted.end();
    if (valid != expect_valid || (valid && std::memcmp(&decoded[16 * i], &ids[16 * i], 16) != 0)) {
      ++mismatches;
    }
  }

  std::printf("sortid %s demo on target %s\n", SORTID_VERSION_STRING, sortid::active_target());
  std::printf("  generated %zu IDs (timestamp now, 80 random bits)\n", count);
  std::printf("  encoded to one-per-line ULID text (%zu bytes) in %.3f ms: %.1f M IDs/s\n",
              text.size(), encode_s * 1e3, static_cast<double>(count) / encode_s / 1e6);
  std::printf("  decoded + validated in %.3f ms: %.1f M IDs/s, %zu invalid\n", decode_s * 1e3,
              static_cast<double>(count) / decode_s / 1e6, status.count);
  for (size_t i : corrupted) {
    const std::string_view line(&text[i * stride], stride);
    const sortid::Result why = sortid::explain(sortid::Format::kUlid, line, lines);
    // Messages count positions from 1 (docs/formats.md); explain() gives the offset.
    std::printf("  line %zu: %.*s -> %s at position %zu\n", i + 1, 26, line.data(),
                sortid::error_message(why.error), static_cast<size_t>(why.position) + 1);
  }
  for (size_t i = 0; i < count && i < 3; ++i) {
    sortid::Ulid ulid;
    std::memcpy(ulid.bytes.data(), &decoded[16 * i], 16);
    std::printf("  sample: %s  uuid %s  time %s\n", ulid.to_string().c_str(),
                ulid.to_uuid().c_str(), sortid::format_iso8601(ulid.timestamp_ms()).c_str());
  }
  std::printf("  round trip: %s (%zu mismatches)\n", mismatches == 0 ? "ok" : "FAILED", mismatches);
  return mismatches == 0 ? 0 : kExitBadData;
}

}  // namespace

Command AddDemoCommand(CLI::App& parent) {
  auto count = std::make_shared<size_t>(size_t{1} << 20);
  CLI::App* app = parent.add_subcommand(
      "demo", "Encode, decode and validate a generated sample; print what happened");
  app->add_option("-n,--count", *count, "number of IDs")->check(CLI::Range(1, 1 << 28));
  return {app, [count] { return RunDemo(*count); }};
}

}  // namespace sortid::cli
