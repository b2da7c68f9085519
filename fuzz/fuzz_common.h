// Shared helpers for the differential fuzzers: an input reader, the list of
// targets to run, and a mismatch report that prints every result and aborts.
#ifndef SORTID_FUZZ_FUZZ_COMMON_H_
#define SORTID_FUZZ_FUZZ_COMMON_H_

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sortid/sortid.hpp"

namespace sortid::fuzz {

// Reads the fuzzer's bytes front to back; past the end every byte is 0.
class Input {
 public:
  Input(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  uint8_t Byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  std::string Take(size_t n) {
    std::string out;
    while (n-- > 0 && pos_ < size_) out += static_cast<char>(data_[pos_++]);
    return out;
  }
  std::string Rest() { return Take(size_ - pos_); }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

// Every SIMD target this CPU supports (the reference is compared directly).
inline std::vector<const char*> SimdTargets() {
  std::vector<const char*> out;
  for (const char* name : targets(TargetSet::kSupported)) {
    if (std::string_view(name) != "SCALAR") out.push_back(name);
  }
  return out;
}

inline void Use(const char* target) {
  if (set_target(target) != Error::kOk || std::string_view(active_target()) != target) {
    std::fprintf(stderr, "fuzz: cannot force target %s\n", target);
    std::abort();
  }
}

inline std::string Hex(const void* bytes, size_t n) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  const auto* p = static_cast<const uint8_t*>(bytes);
  for (size_t i = 0; i < n; ++i) {
    out += kDigits[p[i] >> 4];
    out += kDigits[p[i] & 15];
  }
  return out;
}

// One implementation's result, for the report.
struct Result {
  explicit Result(std::string implementation) : name(std::move(implementation)) {}
  std::string name;
  int error = 0;
  size_t invalid = 0;
  std::string output;    // hex
  std::string validity;  // hex

  bool operator==(const Result& o) const {
    return error == o.error && invalid == o.invalid && output == o.output && validity == o.validity;
  }
};

// A result from a call's status (or an error code) and its output buffers.
template <class Output, class Validity>
Result Capture(std::string name, int error, size_t invalid, const Output& output,
               const Validity& validity) {
  Result r(std::move(name));
  r.error = error;
  r.invalid = invalid;
  r.output = Hex(output.data(), output.size());
  r.validity = Hex(validity.data(), validity.size());
  return r;
}

// Prints the input and every result, then aborts (libFuzzer saves the input).
[[noreturn]] inline void ReportMismatch(const char* what, const uint8_t* data, size_t size,
                                        const std::vector<Result>& results) {
  std::fprintf(stderr, "\n=== sortid differential mismatch: %s\ninput (%zu bytes): %s\n", what,
               size, Hex(data, size).c_str());
  for (const Result& r : results) {
    std::fprintf(stderr, "--- %s: error %d, invalid %zu\n  validity %s\n  output   %s\n",
                 r.name.c_str(), r.error, r.invalid, r.validity.c_str(), r.output.c_str());
  }
  std::abort();
}

// Compares every result with the first (the reference).
inline void ExpectAllEqual(const char* what, const uint8_t* data, size_t size,
                           const std::vector<Result>& results) {
  for (size_t i = 1; i < results.size(); ++i) {
    if (!(results[i] == results[0])) ReportMismatch(what, data, size, results);
  }
}

}  // namespace sortid::fuzz

#endif  // SORTID_FUZZ_FUZZ_COMMON_H_
