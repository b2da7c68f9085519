// The sortid command. For now: `demo` (encode, decode and validate a generated
// sample, reporting what it did) and `targets`. Exit codes: 0 ok, 1 bad data
// or failed check, 2 usage, 3 I/O.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "sortid/sortid.hpp"

namespace {

constexpr int kExitBadData = 1;
constexpr int kExitUsage = 2;

double Seconds(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Fails with a clear message when SORTID_TARGET named a target that is not
// available: the library never falls back silently.
bool CheckTarget() {
  if (sortid::active_target()[0] != '\0') return true;
  const char* forced = std::getenv("SORTID_TARGET");
  std::fprintf(stderr, "sortid: SORTID_TARGET=%s is not a supported target; run `sortid targets`\n",
               forced ? forced : "");
  return false;
}

int RunDemo(size_t count) {
  if (!CheckTarget()) return kExitUsage;
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
  const sortid::Status encoded =
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
  const sortid::Status status = sortid::decode(sortid::Format::kUlid, text.data(), count, stride,
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
              static_cast<double>(count) / decode_s / 1e6, status.invalid);
  for (size_t i : corrupted) {
    const std::string_view line(&text[i * stride], stride);
    const sortid::Explanation why = sortid::explain(sortid::Format::kUlid, line, lines);
    std::printf("  line %zu: %.*s -> %s at byte %zu\n", i + 1, 26, line.data(),
                sortid::error_message(why.error), why.position);
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

int RunTargets() {
  auto print = [](const char* label, std::span<const char* const> names) {
    std::printf("%-10s", label);
    for (const char* name : names) std::printf(" %s", name);
    std::printf("\n");
  };
  print("compiled:", sortid::targets(sortid::TargetSet::kCompiled));
  print("supported:", sortid::targets(sortid::TargetSet::kSupported));
  const char* active = sortid::active_target();
  std::printf("%-10s %s\n", "active:", active[0] ? active : "(none: SORTID_TARGET is invalid)");
  return CheckTarget() ? 0 : kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"sortid: encode, decode, validate and generate sortable IDs in bulk"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string(SORTID_VERSION_STRING));

  size_t demo_count = 1 << 20;
  CLI::App* demo = app.add_subcommand(
      "demo", "Encode, decode and validate a generated sample; print what happened");
  demo->add_option("-n,--count", demo_count, "number of IDs")->check(CLI::Range(1, 1 << 28));
  CLI::App* targets = app.add_subcommand("targets", "List compiled, supported and active targets");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : kExitUsage;
  }
  if (*demo) return RunDemo(demo_count);
  if (*targets) return RunTargets();
  return kExitUsage;
}
