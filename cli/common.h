// Shared pieces of the sortid command: exit codes, the error type every
// subcommand throws, ID format names and error messages.
#ifndef SORTID_CLI_COMMON_H_
#define SORTID_CLI_COMMON_H_

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>

#include "sortid/sortid.hpp"

namespace sortid::cli {

// Exit codes (README "The sortid command").
inline constexpr int kExitOk = 0;
inline constexpr int kExitBadData = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitIo = 3;

// Thrown by subcommands; main() prints "sortid: <message>" and exits with code.
class CliError : public std::runtime_error {
 public:
  CliError(int code, const std::string& message) : std::runtime_error(message), code_(code) {}
  int code() const { return code_; }

 private:
  int code_;
};

// The ID text (or binary) shapes the command reads and writes.
// The library's four formats by the library's names, then the CLI-only shapes:
// 16-byte binary records, TypeID text, and the timestamp outputs.
enum class IdFormat : uint8_t { kUlid, kRecordId, kUuid, kUuidHex, kBin, kTypeId, kMs, kIso8601 };

// memcpy for the short pieces of a row (a field, the text around it), inline:
// two overlapping fixed-size copies instead of a library call per piece. Reads
// and writes exactly n bytes.
[[gnu::always_inline]] inline void CopyShort(char* dst, const char* src, size_t n) {
  if (n > 32 && n <= 64) {
    char head[32], tail[32];
    std::memcpy(head, src, 32);
    std::memcpy(tail, src + n - 32, 32);
    std::memcpy(dst, head, 32);
    std::memcpy(dst + n - 32, tail, 32);
  } else if (n >= 16 && n <= 32) {
    char head[16], tail[16];
    std::memcpy(head, src, 16);
    std::memcpy(tail, src + n - 16, 16);
    std::memcpy(dst, head, 16);
    std::memcpy(dst + n - 16, tail, 16);
  } else if (n >= 8 && n < 16) {
    uint64_t head, tail;
    std::memcpy(&head, src, 8);
    std::memcpy(&tail, src + n - 8, 8);
    std::memcpy(dst, &head, 8);
    std::memcpy(dst + n - 8, &tail, 8);
  } else if (n < 8) {
    for (size_t i = 0; i < n; ++i) dst[i] = src[i];
  } else {
    std::memcpy(dst, src, n);
  }
}

// Parses a --from/--to/--format name; throws CliError(kExitUsage) otherwise.
IdFormat ParseIdFormat(std::string_view name, std::string_view option);
const char* IdFormatName(IdFormat format);
// The library format an ID format maps to (kMs / kIso8601 / kBin: kUlid).
sortid::Format LibraryFormat(IdFormat format);

// One ID's canonical text in format (the per-item fast path); "" when the
// format cannot hold it (a Record ID with its top bits set).
std::string Encoded(sortid::Format format, const uint8_t* id);

// "wrong length: 25 bytes, expected 26", "invalid character 'U'", ...
std::string DescribeError(const sortid::Result& why, std::string_view field,
                          size_t expected_length);

// Printable form of one byte for messages: 'U', '\t', '\n', '\x00'.
std::string PrintableByte(unsigned char c);
// The one escape of a control byte (C0 or DEL) in every message: \t, \r, \n
// by name, the others as \xNN.
std::string EscapedControl(unsigned char c);

// Why name is not a TypeID type name ("'User': invalid character 'U' at
// position 1; a type name is lower-case a-z and '_', at most 63"), or "".
std::string TypeNameProblem(std::string_view name);

// Parses 64 hex digits into 32 bytes; throws CliError(kExitUsage).
void ParseSeed(std::string_view hex, uint8_t* seed32);

}  // namespace sortid::cli

#endif  // SORTID_CLI_COMMON_H_
