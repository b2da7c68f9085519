// See sqlite_functions.h.
#include "sqlite_functions.h"

#include <string>
#include <string_view>

#include "common/time_bounds.h"

SQLITE_EXTENSION_INIT3

namespace sortid::sqlite_glue {

bool ReadTimeArg(sqlite3_context* ctx, sqlite3_value* arg, const char* function, bool upper,
                 std::optional<int64_t>* ms) {
  switch (sqlite3_value_type(arg)) {
    case SQLITE_NULL:
      sqlite3_result_null(ctx);
      return false;
    case SQLITE_INTEGER:
      *ms = sqlite3_value_int64(arg);
      return true;
    case SQLITE_FLOAT:
      *ms = sortid::engines::MsFromJulianDay(sqlite3_value_double(arg));
      return true;
    default: {
      const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(arg));
      const std::string_view view(text ? text : "", static_cast<size_t>(sqlite3_value_bytes(arg)));
      sortid::engines::TimeTextError why;
      *ms = sortid::engines::BoundFromText(view, upper, &why);
      if (*ms) return true;
      const std::string message = sortid::engines::TimeTextMessage(function, view, why);
      sqlite3_result_error(ctx, message.c_str(), -1);
      return false;
    }
  }
}

int RegisterFunctions(sqlite3* db, std::span<const Function> functions, const char** failed) {
  for (const Function& f : functions) {
    const int rc = sqlite3_create_function_v2(db, f.name, f.args, f.flags, nullptr, f.fn, nullptr,
                                              nullptr, nullptr);
    if (rc != SQLITE_OK) {
      *failed = f.name;
      return rc;
    }
  }
  return SQLITE_OK;
}

}  // namespace sortid::sqlite_glue
