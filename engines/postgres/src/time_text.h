/*
 * sortid PostgreSQL extension: time text for ulid_min(text) / ulid_max(text),
 * read by the rule every sortid engine and the sortid command share
 * (engines/common/time_bounds.h): "YYYY-MM-DD" is that whole day, an ISO 8601
 * time is UTC unless it has an offset, an integer is Unix milliseconds
 * (optionally "…ms"), eight bare digits are refused as ambiguous.
 * Implemented in C++ (time_text.cc) over sortid's C++ API; plain C here.
 */
#ifndef SORTID_ENGINES_POSTGRES_TIME_TEXT_H_
#define SORTID_ENGINES_POSTGRES_TIME_TEXT_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Reads text[0, len) as the first (upper == 0) or last millisecond of the
 * period it names. Returns 1 with *unix_ms set, or 0 with a NUL-terminated
 * message (starting with function, the value quoted and escaped) in
 * message[0, capacity). Never throws. Preconditions: text holds len bytes,
 * capacity > 0.
 */
int sortid_pg_time_text_bound(const char* function, const char* text, size_t len, int upper,
                              int64_t* unix_ms, char* message, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif /* SORTID_ENGINES_POSTGRES_TIME_TEXT_H_ */
