#include "cli/common.h"

#include <cstdio>

namespace sortid::cli {

namespace {

// The command-line name of every IdFormat.
struct FormatName {
  std::string_view name;  // a string literal: IdFormatName returns its data()
  IdFormat format;
};
constexpr FormatName kFormatNames[] = {{"ulid", IdFormat::kUlid}, {"record", IdFormat::kRecordId},
                                       {"uuid", IdFormat::kUuid}, {"hex", IdFormat::kUuidHex},
                                       {"bin", IdFormat::kBin},   {"typeid", IdFormat::kTypeId},
                                       {"ms", IdFormat::kMs},     {"iso8601", IdFormat::kIso8601}};

}  // namespace

IdFormat ParseIdFormat(std::string_view name, std::string_view option) {
  for (const FormatName& entry : kFormatNames) {
    if (entry.name == name) return entry.format;
  }
  throw CliError(kExitUsage, std::string(option) + ": unknown format '" + std::string(name) + "'");
}

const char* IdFormatName(IdFormat format) {
  for (const FormatName& entry : kFormatNames) {
    if (entry.format == format) return entry.name.data();
  }
  return "?";
}

sortid::Format LibraryFormat(IdFormat format) {
  switch (format) {
    case IdFormat::kRecordId:
      return sortid::Format::kRecordId;
    case IdFormat::kUuid:
      return sortid::Format::kUuid;
    case IdFormat::kUuidHex:
      return sortid::Format::kUuidHex;
    default:
      return sortid::Format::kUlid;
  }
}

std::string Encoded(sortid::Format format, const uint8_t* id) {
  std::string text(sortid::text_length(format), '\0');
  text.resize(sortid::encode_one(format, id, text.data()));
  return text;
}

std::string EscapedControl(unsigned char c) {
  if (c == '\t') return "\\t";
  if (c == '\r') return "\\r";
  if (c == '\n') return "\\n";
  char buf[8];
  std::snprintf(buf, sizeof(buf), "\\x%02x", c);
  return buf;
}

std::string PrintableByte(unsigned char c) {
  if (c == '\'') return "'\\''";
  if (c >= 0x20 && c < 0x7F) return std::string("'") + static_cast<char>(c) + "'";
  if (c < 0x20 || c == 0x7F) return "'" + EscapedControl(c) + "'";
  char buf[16];
  std::snprintf(buf, sizeof(buf), "'\\x%02x'", c);
  return buf;
}

std::string DescribeError(const sortid::Result& why, std::string_view field,
                          size_t expected_length) {
  switch (why.error) {
    case sortid::Error::kLength:
      if (field.empty())
        return "empty field, expected " + std::to_string(expected_length) + " bytes";
      return "wrong length: " + std::to_string(field.size()) +
             (field.size() == 1 ? " byte" : " bytes") + ", expected " +
             std::to_string(expected_length);
    case sortid::Error::kCharacter:
    case sortid::Error::kHyphen:
    case sortid::Error::kPrefix:
    case sortid::Error::kTerminator:
      if (why.position < field.size()) {
        return std::string(sortid::error_message(why.error)) + " " +
               PrintableByte(static_cast<unsigned char>(field[why.position]));
      }
      return sortid::error_message(why.error);
    default:
      return sortid::error_message(why.error);
  }
}

std::string TypeNameProblem(std::string_view name) {
  const std::string with_suffix = std::string(name) + "_";
  const sortid::Result split = sortid::split_typeid(with_suffix);
  if (split.ok() && !name.empty()) return "";
  std::string why = "'" + std::string(name) + "' is not a TypeID type name: ";
  if (name.empty()) {
    why += "it is empty";
  } else if (name.size() > 63 || split.position >= name.size()) {
    why += "longer than 63 characters";
  } else {
    const size_t position = split.position;
    why += PrintableByte(static_cast<unsigned char>(name[position])) + " at position " +
           std::to_string(position + 1);
  }
  return why + " (a type name is lower-case a-z and '_', not at either end, at most 63)";
}

void ParseSeed(std::string_view hex, uint8_t* seed32) {
  if (hex.empty()) throw CliError(kExitUsage, "--seed: empty; expected 64 hex digits (32 bytes)");
  if (hex.size() != 64) {
    throw CliError(kExitUsage, "--seed: expected 64 hex digits (32 bytes), got " +
                                   std::to_string(hex.size()) + " characters");
  }
  for (size_t i = 0; i < 32; ++i) {
    uint8_t byte = 0;
    for (size_t k = 0; k < 2; ++k) {
      const char c = hex[2 * i + k];
      uint8_t nibble;
      if (c >= '0' && c <= '9') {
        nibble = static_cast<uint8_t>(c - '0');
      } else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f') {
        nibble = static_cast<uint8_t>((c | 0x20) - 'a' + 10);
      } else {
        throw CliError(kExitUsage, "--seed: '" + std::string(1, c) + "' is not a hex digit");
      }
      byte = static_cast<uint8_t>(byte << 4 | nibble);
    }
    seed32[i] = byte;
  }
}

}  // namespace sortid::cli
