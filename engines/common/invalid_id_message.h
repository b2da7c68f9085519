// The error both engine integrations raise for text that is not a valid ID:
// "<function>: '<text>' is not a valid ULID: <reason> at position <n>".
#ifndef SORTID_ENGINES_COMMON_INVALID_ID_MESSAGE_H_
#define SORTID_ENGINES_COMMON_INVALID_ID_MESSAGE_H_

#include <algorithm>
#include <string>

#include "sortid/sortid.h"

namespace sortid::engines {

// text: length bytes (the first 64 are quoted); format: ULID or Record ID.
inline std::string InvalidIdMessage(const char* function, sortid_format format, const char* text,
                                    size_t length) {
  size_t position = 0;
  const sortid_error why = sortid_explain(format, text, length, nullptr, &position);
  std::string message = std::string(function) + ": '" +
                        std::string(text, std::min<size_t>(length, 64)) + "' is not a valid " +
                        (format == SORTID_FORMAT_RECORD_ID ? "Record ID" : "ULID") + ": " +
                        sortid_error_message(why);
  if (why != SORTID_ERROR_LENGTH) message += " at position " + std::to_string(position + 1);
  return message;
}

}  // namespace sortid::engines

#endif  // SORTID_ENGINES_COMMON_INVALID_ID_MESSAGE_H_
