// The error every engine integration raises for text that is not a valid ID:
//   "<function>: '<text>' is not a valid ULID: <reason> at position <n>"
// The text is quoted the way the sortid command quotes bytes ('\x00', '\t'):
// nothing from the input reaches a terminal or a log unescaped, a NUL cannot
// cut the message short, and a value cut after kQuotedBytes ends in "…".
#ifndef SORTID_ENGINES_COMMON_INVALID_ID_MESSAGE_H_
#define SORTID_ENGINES_COMMON_INVALID_ID_MESSAGE_H_

#include <cstddef>
#include <string>

#include "sortid/sortid.h"

namespace sortid::engines {

// How many bytes of a value an error message quotes.
inline constexpr size_t kQuotedBytes = 64;

// text[0, length) between single quotes: printable ASCII as is, quote and
// backslash escaped ('\'' , '\\'), \t \r \n by name, every other byte
// (controls, DEL, bytes >= 0x80) as \xNN. Longer values are cut after
// kQuotedBytes bytes and marked with "…". Preconditions: text points at
// length readable bytes (or is nullptr with length 0).
inline std::string QuoteForMessage(const char* text, size_t length) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "'";
  const size_t shown = length < kQuotedBytes ? length : kQuotedBytes;
  for (size_t i = 0; i < shown; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    switch (c) {
      case '\'':
        out += "\\'";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\n':
        out += "\\n";
        break;
      default:
        if (c >= 0x20 && c < 0x7F) {
          out += static_cast<char>(c);
        } else {
          out += "\\x";
          out += kHex[c >> 4];
          out += kHex[c & 15];
        }
    }
  }
  out += '\'';
  if (shown < length) out += "\u2026";
  return out;
}

// The message for an invalid ID. function: the SQL function's name; format:
// ULID or Record ID; text/length: the value (see QuoteForMessage).
inline std::string InvalidIdMessage(const char* function, sortid_format format, const char* text,
                                    size_t length) {
  size_t position = 0;
  const sortid_error why = sortid_explain(format, text, length, nullptr, &position);
  std::string message =
      std::string(function) + ": " + QuoteForMessage(text, length) + " is not a valid " +
      (format == SORTID_FORMAT_RECORD_ID ? "Record ID" : "ULID") + ": " + sortid_error_message(why);
  if (why != SORTID_ERROR_LENGTH) message += " at position " + std::to_string(position + 1);
  return message;
}

}  // namespace sortid::engines

#endif  // SORTID_ENGINES_COMMON_INVALID_ID_MESSAGE_H_
