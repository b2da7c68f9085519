// sortid PostgreSQL extension: the C entry point to the engines' shared time
// text rule (see time_text.h). No PostgreSQL headers here: PostgreSQL's are
// C, and an exception must never unwind through its frames, so every one
// stops in this file.
#include "time_text.h"

#include <cstring>
#include <exception>
#include <optional>
#include <string>
#include <string_view>

#include "common/time_bounds.h"

namespace {

void CopyMessage(const std::string& text, char* message, size_t capacity) {
  const size_t n = text.size() < capacity - 1 ? text.size() : capacity - 1;
  std::memcpy(message, text.data(), n);
  message[n] = '\0';
}

}  // namespace

extern "C" int sortid_pg_time_text_bound(const char* function, const char* text, size_t len,
                                         int upper, int64_t* unix_ms, char* message,
                                         size_t capacity) {
  try {
    const std::string_view view(text, len);
    sortid::engines::TimeTextError why = sortid::engines::TimeTextError::kNone;
    const std::optional<int64_t> ms = sortid::engines::BoundFromText(view, upper != 0, &why);
    if (ms) {
      *unix_ms = *ms;
      return 1;
    }
    CopyMessage(sortid::engines::TimeTextMessage(function, view, why), message, capacity);
  } catch (const std::exception&) {
    CopyMessage(std::string(function) + ": out of memory reading the time", message, capacity);
  }
  return 0;
}
