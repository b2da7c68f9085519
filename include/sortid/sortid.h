/*
 * sortid — C ABI.
 *
 * Bulk encode, decode and validate sortable identifiers: ULID (26 Crockford
 * Base32 characters), the 20-character Record ID, and UUID text (36-character
 * hyphenated or 32-character bare hex) over arrays of 16-byte binary IDs.
 *
 * Conventions for every function in this header:
 * - Binary IDs are 16-byte big-endian slots, packed back to back; no alignment
 *   is required for any pointer.
 * - Text input is either fixed-stride (item i starts at text + i * stride) or an
 *   Arrow-style column (32-bit offsets, count + 1 entries, plus a data buffer).
 * - Validity bitmaps use the Arrow / DuckDB layout: bit i lives in byte i / 8,
 *   least significant bit first, 1 = valid. A bitmap for count items is
 *   (count + 7) / 8 bytes; bits past count in the last byte are written as 0.
 * - Decoding never stops at a bad item: each item gets a validity bit, invalid
 *   items' 16-byte output slots are zeroed, and the number of invalid items is
 *   returned through invalid_count. sortid_explain() tells why one item failed.
 * - Functions return SORTID_OK, or SORTID_ERROR_ARGUMENT when a documented
 *   precondition on the arguments is violated; in that case nothing is written.
 * - No function throws or aborts: an allocation failure (a generator's
 *   state, a thread's pool generator, the one-time target set-up) is
 *   SORTID_ERROR_NO_MEMORY (or NULL / 0 where a function returns a pointer or
 *   count), never an exception crossing the C ABI.
 * - A NULL options pointer means all defaults (no prefix, canonical case,
 *   strict decoding, no terminator).
 * - Thread safety: every function is safe to call concurrently, except
 *   sortid_set_target(), which should be called before other threads use the
 *   library.
 * - Results are bit-identical on every CPU target.
 * - Names put the verb first (sortid_decode_items, sortid_new_ulid,
 *   sortid_pack_record); functions on a handle are sortid_<handle>_<verb>
 *   (sortid_generator_generate). Deprecated names (end of this header) stay
 *   exported until 1.0; define SORTID_ALLOW_DEPRECATED to use them silently.
 */
#ifndef SORTID_SORTID_H_
#define SORTID_SORTID_H_

#include <stddef.h>
#include <stdint.h>

#define SORTID_VERSION_MAJOR 0
#define SORTID_VERSION_MINOR 2
#define SORTID_VERSION_PATCH 0
#define SORTID_VERSION_STRING "0.2.0"

#if defined(__GNUC__)
#define SORTID_API __attribute__((visibility("default")))
#else
#define SORTID_API
#endif
#if defined(__GNUC__) && !defined(SORTID_ALLOW_DEPRECATED)
#define SORTID_DEPRECATED(replacement) __attribute__((deprecated("use " replacement)))
#else
#define SORTID_DEPRECATED(replacement)
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Text formats. The binary side is always a 16-byte slot. */
typedef enum sortid_format {
  SORTID_FORMAT_ULID = 0,      /* 26 Crockford Base32 characters, 128 bits */
  SORTID_FORMAT_RECORD_ID = 1, /* 20 Crockford Base32 characters, 100 bits in the low bits */
  SORTID_FORMAT_UUID = 2,      /* 36 hex characters, hyphens at 8, 13, 18, 23; column
                                  decode also accepts the 32-character bare form */
  SORTID_FORMAT_UUID_HEX = 3   /* 32 hex characters, no hyphens */
} sortid_format;

/* Error kinds. Per-item kinds (LENGTH … RANGE) come from sortid_explain();
 * function results are SORTID_OK, SORTID_ERROR_ARGUMENT or, for target
 * selection, SORTID_ERROR_UNSUPPORTED. */
typedef enum sortid_error {
  SORTID_OK = 0,
  SORTID_ERROR_LENGTH = 1,      /* item text has the wrong length */
  SORTID_ERROR_CHARACTER = 2,   /* byte outside the alphabet (incl. NUL, bytes >= 0x80, I L O U,
                                   upper case in a TypeID suffix) */
  SORTID_ERROR_OVERFLOW = 3,    /* ULID first character above '7': value exceeds 128 bits */
  SORTID_ERROR_PREFIX = 4,      /* the fixed prefix or TypeID separator does not match */
  SORTID_ERROR_HYPHEN = 5,      /* UUID: a hyphen is missing or misplaced */
  SORTID_ERROR_TERMINATOR = 6,  /* fixed-stride input: byte after the ID is not the terminator */
  SORTID_ERROR_RANGE = 7,       /* binary value or timestamp outside the format's range */
  SORTID_ERROR_ARGUMENT = 8,    /* a precondition on the arguments is violated */
  SORTID_ERROR_UNSUPPORTED = 9, /* CPU target unknown, not compiled, or not supported here */
  SORTID_ERROR_NO_ENTROPY = 10, /* the OS entropy source failed; nothing generated; retry */
  SORTID_ERROR_NO_MEMORY = 11   /* an allocation failed; nothing generated or created; retry */
} sortid_error;

/* Option flags (sortid_text_options.flags). */
#define SORTID_FLAG_LOWER 0x1u   /* encode lower case (Crockford formats); canonical is upper */
#define SORTID_FLAG_UPPER 0x2u   /* encode upper case (UUID formats); canonical is lower */
#define SORTID_FLAG_LENIENT 0x4u /* decode: Crockford aliases I/L -> 1, O -> 0 (either case) */
#define SORTID_FLAG_TYPEID                                            \
  0x8u /* TypeID: prefix is the type name, '_' separator implied when \
          non-empty, suffix is lower case only; ULID format only */

typedef struct sortid_text_options {
  uint32_t flags;     /* SORTID_FLAG_* */
  const char* prefix; /* fixed prefix before each ID (e.g. "user_", "ORDER#"); may be NULL
                         when prefix_len is 0. With SORTID_FLAG_TYPEID: the type name. */
  size_t prefix_len;
  int terminator; /* -1: none. 0-255: fixed-stride only; the byte right after the ID
                     (e.g. '\n'), written by encode and checked by decode */
} sortid_text_options;

/* Every ID is SORTID_BINARY_SIZE bytes; its text, without prefix or
 * terminator, is SORTID_TEXT_LENGTH_<FORMAT> characters. */
#define SORTID_BINARY_SIZE 16
#define SORTID_TEXT_LENGTH_ULID 26
#define SORTID_TEXT_LENGTH_RECORD_ID 20
#define SORTID_TEXT_LENGTH_UUID 36
#define SORTID_TEXT_LENGTH_UUID_HEX 32
#define SORTID_TEXT_LENGTH_MAX 36 /* the longest of the four */
/* A Record ID's 40-bit timestamp counts milliseconds from 2026-01-01T00:00:00Z. */
#define SORTID_RECORD_INCEPTION_MS INT64_C(1767225600000)

/* The number of characters one item occupies in a format (the
 * SORTID_TEXT_LENGTH_* value); 0 for an unknown format. Prefix and
 * terminator not included. */
SORTID_API size_t sortid_text_length(sortid_format format);

/* Encodes count binary IDs as text.
 * Preconditions: ids holds count * 16 bytes; out holds count * out_stride
 * bytes, out_stride >= item length (prefix + ID + terminator if any); validity
 * is NULL or holds (count + 7) / 8 bytes; invalid_count may be NULL.
 * Writes the prefix, the ID and the terminator at the start of each output
 * slot; other bytes of the slot are left untouched. Only Record IDs can be
 * invalid (any of the top 28 bits set): their ID characters are written as NUL
 * bytes and their validity bit is 0. */
SORTID_API sortid_error sortid_encode(sortid_format format, const uint8_t* ids, size_t count,
                                      char* out, size_t out_stride, uint8_t* validity,
                                      size_t* invalid_count, const sortid_text_options* options);

/* Decodes count fixed-stride text items (item i at text + i * stride).
 * Preconditions: text holds count * stride bytes; stride >= prefix + ID length
 * (+ 1 with a terminator); ids holds count * 16 bytes; validity is NULL or holds
 * (count + 7) / 8 bytes; invalid_count may be NULL. Only the first prefix + ID
 * (+ terminator) bytes of each slot are read; the rest of the slot is ignored.
 * SORTID_FORMAT_UUID expects the 36-character form here. */
SORTID_API sortid_error sortid_decode(sortid_format format, const char* text, size_t count,
                                      size_t stride, uint8_t* ids, uint8_t* validity,
                                      size_t* invalid_count, const sortid_text_options* options);

/* Decodes an Arrow string column: item i is data[offsets[i] .. offsets[i+1]).
 * Preconditions: offsets holds count + 1 non-decreasing, non-negative entries
 * (checked: otherwise SORTID_ERROR_ARGUMENT); data holds offsets[count] bytes;
 * input_validity is NULL (all present) or an Arrow bitmap of count items, whose
 * null items come out invalid; ids, validity, invalid_count as for
 * sortid_decode(). The terminator option is ignored: each item must be exactly
 * the prefix followed by the ID. */
SORTID_API sortid_error sortid_decode_column(sortid_format format, const int32_t* offsets,
                                             const char* data, size_t count,
                                             const uint8_t* input_validity, uint8_t* ids,
                                             uint8_t* validity, size_t* invalid_count,
                                             const sortid_text_options* options);

/* One text item of varying length; data == NULL is a null item. */
typedef struct sortid_text_item {
  const char* data;
  size_t size;
} sortid_text_item;

/* Decodes count items of varying length (see sortid::decode_items in
 * sortid.hpp). Preconditions: items holds count entries; ids holds count * 16
 * bytes; validity is NULL or holds (count + 7) / 8 bytes; invalid_count may be
 * NULL. Each item must be exactly the prefix followed by the ID
 * (SORTID_FORMAT_UUID also accepts the 32-character bare form); the terminator
 * option is ignored; null items, items of another length and bad text come
 * out invalid with zeroed IDs. */
SORTID_API sortid_error sortid_decode_items(sortid_format format, const sortid_text_item* items,
                                            size_t count, uint8_t* ids, uint8_t* validity,
                                            size_t* invalid_count,
                                            const sortid_text_options* options);

/* Encodes count IDs into an Arrow string column: offsets (count + 1 entries)
 * and data (count * item length bytes, at most INT32_MAX); input_validity NULL
 * or a bitmap whose null items become empty strings with validity 0, as do
 * Record IDs with any of the top 28 bits set; validity NULL or (count + 7) / 8
 * bytes; invalid_count may be NULL. The terminator option is ignored. */
SORTID_API sortid_error sortid_encode_column(sortid_format format, const uint8_t* ids, size_t count,
                                             const uint8_t* input_validity, int32_t* offsets,
                                             char* data, uint8_t* validity, size_t* invalid_count,
                                             const sortid_text_options* options);

/* SORTID_OK when options are usable with format, else SORTID_ERROR_ARGUMENT
 * (the check every bulk call makes first; it needs no items). */
SORTID_API sortid_error sortid_check_options(sortid_format format,
                                             const sortid_text_options* options);

/* Bytes of one item (prefix + ID + terminator), or 0 with *error (when error
 * is not NULL) set to why: SORTID_ERROR_ARGUMENT for unusable options. */
SORTID_API size_t sortid_item_length(sortid_format format, const sortid_text_options* options,
                                     sortid_error* error);

/* Explains one text item (column semantics when terminator < 0, else the item
 * must be prefix + ID + terminator): returns SORTID_OK or the first error kind,
 * scanning left to right, and stores its 0-based byte position in *position
 * (may be NULL). Cold path; meant for error messages. */
SORTID_API sortid_error sortid_explain(sortid_format format, const char* text, size_t len,
                                       const sortid_text_options* options, size_t* position);

/* One item at a time (allocation-free, never dispatched; the same results and
 * errors as the bulk calls and sortid_explain()). sortid_decode_one decodes
 * exactly one item of len bytes (prefix + ID, + terminator when
 * options->terminator >= 0; SORTID_FORMAT_UUID also takes 32 characters) into
 * id (16 bytes, zeroed on error). Returns SORTID_OK or the first error kind
 * with its 0-based byte position in *error_position (may be NULL), as
 * sortid_explain() does; SORTID_ERROR_ARGUMENT for invalid options, a NULL id,
 * or a NULL text with len > 0. Preconditions: text holds len bytes. */
SORTID_API sortid_error sortid_decode_one(sortid_format format, const char* text, size_t len,
                                          uint8_t* id, const sortid_text_options* options,
                                          size_t* error_position);
/* Encodes one 16-byte ID: writes the item (prefix, ID, terminator when
 * options->terminator >= 0; no NUL) to out and returns its length, or returns 0
 * writing nothing for invalid options, a NULL argument, or a Record ID with any
 * of the top 28 bits set. Preconditions: id holds 16 bytes; out holds
 * prefix_len (+ 1 for the TypeID '_' when the type name is not empty) +
 * sortid_text_length(format) (+ 1 with a terminator) bytes. */
SORTID_API size_t sortid_encode_one(sortid_format format, const uint8_t* id, char* out,
                                    const sortid_text_options* options);

/* A static English description of an error kind (never NULL). */
SORTID_API const char* sortid_error_message(sortid_error error);

/* Extracts the Unix timestamp in milliseconds of count binary IDs.
 * ULID / UUID formats: the top 48 bits (UUIDv7 too). Record ID: the 40-bit
 * field plus the inception 1767225600000; top 28 bits are ignored.
 * Preconditions: ids holds count * 16 bytes, unix_ms holds count entries. */
SORTID_API sortid_error sortid_timestamps_ms(sortid_format format, const uint8_t* ids, size_t count,
                                             int64_t* unix_ms);

/* The smallest and largest binary IDs with timestamp unix_ms, for
 * "id BETWEEN min AND max" time-window queries. min or max may be NULL.
 * Returns SORTID_ERROR_RANGE when unix_ms is outside the format's range
 * (ULID / UUID: 0 .. 2^48-1; Record ID: inception .. inception + 2^40 - 1). */
SORTID_API sortid_error sortid_bounds(sortid_format format, int64_t unix_ms, uint8_t* min,
                                      uint8_t* max);

/* Adds 1 to the 80-bit random part of a binary ULID, in place (the monotonic
 * step). Returns SORTID_ERROR_OVERFLOW and leaves id unchanged when the random
 * part is already all ones: it never carries into the timestamp. */
SORTID_API sortid_error sortid_increment_ulid(uint8_t* id);

/* Packs / unpacks a Record ID's fields into / from a 16-byte binary slot.
 * pack returns SORTID_ERROR_RANGE (writing nothing) when unix_ms is outside
 * inception .. inception + 2^40 - 1, machine_id >= 2^40 or counter >= 2^20;
 * SORTID_ERROR_ARGUMENT for a NULL out. unpack ignores NULL outputs and does
 * nothing for a NULL id. */
SORTID_API sortid_error sortid_pack_record(int64_t unix_ms, uint64_t machine_id, uint32_t counter,
                                           uint8_t* out);
SORTID_API void sortid_unpack_record(const uint8_t* id, int64_t* unix_ms, uint64_t* machine_id,
                                     uint32_t* counter);

/* Splits a TypeID "type_suffix" at its last '_' and validates the type name
 * (0-63 characters of [a-z_], not starting or ending with '_'). On success
 * stores the type name length in *type_name_len (0 when there is no
 * separator; the suffix then starts at text + *type_name_len +
 * (*type_name_len ? 1 : 0)). Does not validate the suffix: decode it with
 * SORTID_FLAG_TYPEID. Returns SORTID_ERROR_PREFIX (its 0-based byte position
 * in *error_position) for a malformed type name. Both outputs may be NULL. */
SORTID_API sortid_error sortid_split_typeid(const char* text, size_t len, size_t* type_name_len,
                                            size_t* error_position);

/* ---- Time text ---- */

/* Writes unix_ms as ISO 8601 UTC with milliseconds (no NUL) and returns its
 * length: "2023-03-10T12:00:49.111Z" (24 characters) for years 0000-9999,
 * the expanded form (a sign and five or six digits, up to
 * SORTID_ISO8601_MAX_LENGTH characters) for other years. Returns 0, writing
 * nothing, for years beyond +-999999, a NULL out or a capacity too small. */
#define SORTID_ISO8601_MAX_LENGTH 27
SORTID_API size_t sortid_format_iso8601(int64_t unix_ms, char* out, size_t capacity);

/* Which end of the period a time text names: "2024-01-31" names a whole day,
 * "2024-01-31T12:00:00Z" a whole second. */
typedef enum sortid_time_bound {
  SORTID_TIME_START = 0, /* its first millisecond */
  SORTID_TIME_END = 1    /* its last (a date-only upper bound means the end of that day) */
} sortid_time_bound;

/* Parses len bytes of "YYYY-MM-DD[T| ]HH:MM:SS[.fff][Z|UTC|+HH:MM|-HH:MM]" or
 * "YYYY-MM-DD", the year optionally expanded ("+10889-08-02"), or an integer
 * count of milliseconds ("-1" included), into *unix_ms. Returns SORTID_OK, or
 * SORTID_ERROR_ARGUMENT (nothing written) for text in none of these forms, a
 * NULL unix_ms, or a NULL text with len > 0. */
SORTID_API sortid_error sortid_parse_timestamp(const char* text, size_t len,
                                               sortid_time_bound bound, int64_t* unix_ms);

/* ---- Generation (see sortid/generator.hpp for the semantics) ---- */
typedef enum sortid_id_kind {
  SORTID_KIND_ULID = 0,           /* ms + 80 fresh random bits */
  SORTID_KIND_ULID_MONOTONIC = 1, /* per generator; overflow = SORTID_ERROR_OVERFLOW */
  SORTID_KIND_RECORD_ID = 2,      /* process-wide increasing (timestamp, counter) */
  SORTID_KIND_UUIDV7 = 3          /* RFC 9562, monotonic within a millisecond */
} sortid_id_kind;

/* A generator: one ChaCha20 CSPRNG state, not thread-safe (one per thread).
 * seed: NULL for OS entropy, or 32 bytes for a deterministic stream (UNSAFE
 * for production). Returns NULL when out of memory. */
typedef struct sortid_generator sortid_generator;
SORTID_API sortid_generator* sortid_generator_create(const uint8_t* seed);
SORTID_API void sortid_generator_destroy(sortid_generator* generator);
/* count 16-byte IDs into ids; *generated (may be NULL) receives how many were
 * written (fewer than count only on SORTID_ERROR_OVERFLOW / RANGE /
 * NO_ENTROPY). SORTID_ERROR_NO_ENTROPY: getrandom() failed, retry later. */
SORTID_API sortid_error sortid_generator_generate(sortid_generator* generator, sortid_id_kind kind,
                                                  uint8_t* ids, size_t count, size_t* generated);
/* The same on the calling thread's generator from the process-wide pool. */
SORTID_API sortid_error sortid_generate(sortid_id_kind kind, uint8_t* ids, size_t count,
                                        size_t* generated);
/* Monotonic ULIDs in one total order shared by all threads of the process
 * (a short lock per call reserves the range; pass batches). Same results as
 * sortid_generate. */
SORTID_API sortid_error sortid_generate_ulid_monotonic_global(uint8_t* ids, size_t count,
                                                              size_t* generated);
/* Generates and encodes as text (layout as sortid_encode; out holds count *
 * out_stride bytes), on the calling thread's pool generator. */
SORTID_API sortid_error sortid_generate_text(sortid_id_kind kind, sortid_format format, char* out,
                                             size_t count, size_t out_stride,
                                             const sortid_text_options* options, size_t* generated);
/* The same on one generator. */
SORTID_API sortid_error sortid_generator_generate_text(sortid_generator* generator,
                                                       sortid_id_kind kind, sortid_format format,
                                                       char* out, size_t count, size_t out_stride,
                                                       const sortid_text_options* options,
                                                       size_t* generated);

/* A generator with an injected clock, a seed and the monotonic increment
 * (see GeneratorOptions in sortid/generator.hpp). Every field may be 0/NULL:
 * seed NULL = OS entropy, 32 bytes = deterministic stream (UNSAFE for
 * production); clock NULL = CLOCK_REALTIME, else called with clock_context
 * and returning Unix ms; monotonic_increment_bits 0 = +1 within a ms, 1..32 =
 * a random 1..2^k. Returns NULL when out of memory or bits > 32. */
typedef struct sortid_generator_options {
  const uint8_t* seed;
  int64_t (*clock)(void* context);
  void* clock_context;
  unsigned monotonic_increment_bits;
} sortid_generator_options;
SORTID_API sortid_generator* sortid_generator_create_with(const sortid_generator_options* options);
/* Continues a monotonic sequence after last_id (16 bytes), e.g. across a
 * restart: kind SORTID_KIND_ULID_MONOTONIC, or SORTID_KIND_UUIDV7 (last_id
 * version 7, variant 10); otherwise SORTID_ERROR_ARGUMENT. */
SORTID_API sortid_error sortid_generator_resume_after(sortid_generator* generator,
                                                      sortid_id_kind kind, const uint8_t* last_id);
/* n bytes from the generator's CSPRNG. SORTID_ERROR_NO_ENTROPY or
 * SORTID_ERROR_UNSUPPORTED leave out zeroed. */
SORTID_API sortid_error sortid_generator_fill_random(sortid_generator* generator, uint8_t* out,
                                                     size_t n);
/* One ID on the calling thread's pool generator, about one clock read + a few
 * ns: a random ULID (16 bytes), a ULID monotonic per thread, a random ULID as
 * 26 characters (canonical upper case, no terminator), a Record ID, a UUIDv7
 * (as sortid_generate with count 1). SORTID_OK, or SORTID_ERROR_NO_ENTROPY /
 * _UNSUPPORTED / _RANGE / _OVERFLOW (monotonic) with nothing written;
 * SORTID_ERROR_ARGUMENT for NULL. */
SORTID_API sortid_error sortid_new_ulid(uint8_t* id);
SORTID_API sortid_error sortid_new_ulid_monotonic(uint8_t* id);
SORTID_API sortid_error sortid_new_ulid_text(char* out);
SORTID_API sortid_error sortid_new_record_id(uint8_t* id);
SORTID_API sortid_error sortid_new_uuidv7(uint8_t* id);

/* CPU targets. Names as Highway prints them (AVX3_DL, AVX3, AVX2, SSE4, ...)
 * plus SCALAR for the plain C++ reference kernel. */
typedef enum sortid_target_set {
  SORTID_TARGETS_COMPILED = 0, /* built into this library */
  SORTID_TARGETS_SUPPORTED = 1 /* compiled and runnable on this CPU */
} sortid_target_set;
/* Writes up to capacity target names (static strings, best first) to names
 * (may be NULL when capacity is 0) and returns how many exist; 0 for a value
 * outside sortid_target_set. */
SORTID_API size_t sortid_targets(sortid_target_set which, const char** names, size_t capacity);
/* The target the bulk functions use now. */
SORTID_API const char* sortid_active_target(void);
/* Forces a target by name (case-insensitive); NULL or "" restores automatic
 * choice (the best supported one, or SORTID_TARGET from the environment).
 * Returns SORTID_ERROR_UNSUPPORTED, changing nothing, for an unknown name or a
 * target this CPU cannot run. */
SORTID_API sortid_error sortid_set_target(const char* name);

/* Version string, e.g. "0.2.0": SORTID_VERSION_STRING of the library that runs. */
SORTID_API const char* sortid_version(void);

/* ---- Deprecated names, exported and working until 1.0 ---- */
SORTID_API SORTID_DEPRECATED("sortid_new_ulid") sortid_error sortid_ulid_new(uint8_t* id);
SORTID_API SORTID_DEPRECATED("sortid_new_ulid_monotonic") sortid_error
    sortid_ulid_new_monotonic(uint8_t* id);
SORTID_API SORTID_DEPRECATED("sortid_new_ulid_text") sortid_error sortid_ulid_new_text(char* out);
SORTID_API SORTID_DEPRECATED("sortid_increment_ulid") sortid_error
    sortid_ulid_increment(uint8_t* id);
SORTID_API SORTID_DEPRECATED("sortid_pack_record") sortid_error
    sortid_record_pack(int64_t unix_ms, uint64_t machine_id, uint32_t counter, uint8_t* out);
SORTID_API SORTID_DEPRECATED("sortid_unpack_record") void sortid_record_unpack(const uint8_t* id,
                                                                               int64_t* unix_ms,
                                                                               uint64_t* machine_id,
                                                                               uint32_t* counter);
SORTID_API SORTID_DEPRECATED("sortid_split_typeid") sortid_error
    sortid_typeid_split(const char* text, size_t len, size_t* prefix_len, size_t* position);
SORTID_API SORTID_DEPRECATED("sortid_generator_create_with")
    sortid_generator* sortid_generator_new_with(const sortid_generator_options* options);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SORTID_SORTID_H_ */
