// sortid — C++ API.
//
// Bulk encode / decode / validate of sortable identifiers over arrays of
// 16-byte binary IDs. The pointer + count functions are the core; the
// std::span overloads derive the counts and check the buffer sizes.
// Conventions (layout, bitmaps, invalid items) are those of sortid.h, which
// this header includes; the enums below mirror the C ones value for value.
// Nothing on the bulk path throws or allocates.
//
// Names put the verb first, as in C (decode_items, new_ulid, pack_record).
// Every call that reports a count or a position returns a Result; calls with
// nothing to report but success return an Error. Only C++ has the std::span
// overloads, the std::string / std::optional conveniences and the Ulid value
// type; everything else has a C twin of the same name with a sortid_ prefix.
// Deprecated names (end of this header) work until 1.0.
#ifndef SORTID_SORTID_HPP_
#define SORTID_SORTID_HPP_

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "sortid/sortid.h"

namespace sortid {

enum class Format : uint8_t {
  kUlid = SORTID_FORMAT_ULID,
  kRecordId = SORTID_FORMAT_RECORD_ID,
  kUuid = SORTID_FORMAT_UUID,
  kUuidHex = SORTID_FORMAT_UUID_HEX,
};

// Error kinds; see sortid_error in sortid.h for the meaning of each.
enum class Error : uint8_t {
  kOk = SORTID_OK,
  kLength = SORTID_ERROR_LENGTH,
  kCharacter = SORTID_ERROR_CHARACTER,
  kOverflow = SORTID_ERROR_OVERFLOW,
  kPrefix = SORTID_ERROR_PREFIX,
  kHyphen = SORTID_ERROR_HYPHEN,
  kTerminator = SORTID_ERROR_TERMINATOR,
  kRange = SORTID_ERROR_RANGE,
  kArgument = SORTID_ERROR_ARGUMENT,
  kUnsupported = SORTID_ERROR_UNSUPPORTED,
  kNoEntropy = SORTID_ERROR_NO_ENTROPY,
  kNoMemory = SORTID_ERROR_NO_MEMORY,
};

enum class LetterCase : uint8_t {
  kCanonical,  // ULID / Record ID upper case, UUID lower case
  kLower,
  kUpper,
};

// Options shared by encode and decode. Defaults: no prefix, canonical case,
// strict decoding, no terminator.
struct TextOptions {
  std::string_view prefix;  // fixed prefix before each ID; with type_id: the type name
  LetterCase letter_case = LetterCase::kCanonical;  // encode only; decode is case-insensitive
  bool lenient = false;  // decode: Crockford aliases I/L -> 1, O -> 0; never with type_id
  bool type_id = false;  // TypeID: '_' separator implied, lower-case suffix only; ULID only
  int terminator = -1;   // fixed-stride only: byte after the ID (e.g. '\n'), -1 = none
};

// The result of every call that counts items or finds a position.
// - Bulk calls: error is kOk, or kArgument when a precondition was violated
//   (nothing written); count is the number of items whose validity bit is 0.
// - Generating calls: error as documented there; count is the number of IDs
//   written (all of them when kOk).
// - One item (explain, decode_one, split_typeid): error is kOk or why the
//   item is invalid, position the 0-based byte offset of the first error.
struct [[nodiscard]] Result {
  Error error = Error::kOk;
  // 56 bits, more than any address space holds, so that error and position
  // share one word: a Result is 16 bytes and comes back in two registers,
  // which keeps the per-item calls as fast as a bare error code.
  uint64_t position : 56 = 0;
  size_t count = 0;
  constexpr bool ok() const { return error == Error::kOk; }
};

inline constexpr size_t kBinarySize = SORTID_BINARY_SIZE;
// Characters of one ID's text per format (text_length() returns the same).
inline constexpr size_t kUlidTextLength = SORTID_TEXT_LENGTH_ULID;
inline constexpr size_t kRecordIdTextLength = SORTID_TEXT_LENGTH_RECORD_ID;
inline constexpr size_t kUuidTextLength = SORTID_TEXT_LENGTH_UUID;
inline constexpr size_t kUuidHexTextLength = SORTID_TEXT_LENGTH_UUID_HEX;
inline constexpr size_t kMaxTextLength = SORTID_TEXT_LENGTH_MAX;
inline constexpr int64_t kRecordInceptionMs = SORTID_RECORD_INCEPTION_MS;  // 2026-01-01T00:00:00Z

// Characters of one ID in a format (26, 20, 36, 32), without prefix/terminator.
[[nodiscard]] SORTID_API size_t text_length(Format format);
// Characters of one item: prefix (+ TypeID separator) + ID (+ terminator);
// 0 when the format or options are invalid (see check_options).
[[nodiscard]] SORTID_API size_t item_length(Format format, const TextOptions& options);
// The same, reporting why: *error (when error is not nullptr) receives kOk, or
// the error check_options() returns, and then the result is 0.
[[nodiscard]] SORTID_API size_t item_length(Format format, const TextOptions& options,
                                            Error* error);
// Whether options are usable with format: kOk, or kArgument (unknown format,
// terminator outside -1..255, null prefix with a size, TypeID with another
// format, lenient or upper case, or an invalid TypeID type name). Every bulk
// call makes the same check first; this one needs no items.
[[nodiscard]] SORTID_API Error check_options(Format format, const TextOptions& options);

// ---- Bulk core (pointer + count). Preconditions as in sortid.h. ----

// ids: count * 16 bytes; out: count * out_stride bytes; validity: nullptr or
// (count + 7) / 8 bytes. Only Record IDs with any of the top 28 bits set are
// invalid (ID characters written as NUL).
SORTID_API Result encode(Format format, const uint8_t* ids, size_t count, char* out,
                         size_t out_stride, uint8_t* validity = nullptr,
                         const TextOptions& options = {});

// text: count * stride bytes, stride >= item_length(); ids: count * 16 bytes.
SORTID_API Result decode(Format format, const char* text, size_t count, size_t stride, uint8_t* ids,
                         uint8_t* validity = nullptr, const TextOptions& options = {});

// Arrow string column: offsets has count + 1 entries (checked non-decreasing),
// data holds offsets[count] bytes; input_validity nullptr or a bitmap whose
// null items come out invalid.
SORTID_API Result decode_column(Format format, const int32_t* offsets, const char* data,
                                size_t count, const uint8_t* input_validity, uint8_t* ids,
                                uint8_t* validity = nullptr, const TextOptions& options = {});

// One text item of varying length: size bytes at data; data == nullptr is a
// null item (it comes out invalid, whatever size says).
struct TextItem {
  const char* data;
  size_t size;
};

// Decodes count items of varying length, with one kernel call per batch.
// Preconditions: items holds count entries, each data holding size bytes;
// ids: count * 16 bytes; validity nullptr or (count + 7) / 8 bytes. Each item
// must be exactly the prefix followed by the ID (Format::kUuid also accepts
// the 32-character bare form); options.terminator is ignored. Items of another
// length, null items and bad text come out invalid with zeroed IDs.
SORTID_API Result decode_items(Format format, const TextItem* items, size_t count, uint8_t* ids,
                               uint8_t* validity = nullptr, const TextOptions& options = {});

// Encodes count IDs into an Arrow string column. Preconditions: ids: count *
// 16 bytes; offsets: count + 1 entries; data: count * item_length(format,
// options) bytes, which must fit in int32 (else kArgument); input_validity
// nullptr (all present) or a bitmap of count items; validity nullptr or
// (count + 7) / 8 bytes. Item i is data[offsets[i], offsets[i + 1]): the
// prefix and the ID text; options.terminator is ignored. Null inputs and
// invalid IDs (Record IDs with any of the top 28 bits set) become empty
// strings with validity 0 and count as invalid.
SORTID_API Result encode_column(Format format, const uint8_t* ids, size_t count,
                                const uint8_t* input_validity, int32_t* offsets, char* data,
                                uint8_t* validity = nullptr, const TextOptions& options = {});

// ---- std::span overloads: sizes derived and checked (kArgument if short). ----

// count = ids.size() / 16 (ids.size() must be a multiple of 16).
SORTID_API Result encode(Format format, std::span<const uint8_t> ids, std::span<char> out,
                         size_t out_stride, std::span<uint8_t> validity = {},
                         const TextOptions& options = {});
// count = text.size() / stride (text.size() must be a multiple of stride).
SORTID_API Result decode(Format format, std::span<const char> text, size_t stride,
                         std::span<uint8_t> ids, std::span<uint8_t> validity = {},
                         const TextOptions& options = {});

// ---- Single items (cold or inline-sized work; never dispatched). ----

// Why one item is invalid (kOk if valid). Column semantics unless
// options.terminator >= 0, in which case the item must end with it.
[[nodiscard]] SORTID_API Result explain(Format format, std::string_view item,
                                        const TextOptions& options = {});
[[nodiscard]] SORTID_API const char* error_message(Error error);

// ---- One ID at a time (allocation-free; never dispatched, no per-call set-up). ----
// Same rules, results and errors as the bulk calls and explain(), bit for bit.

// Decodes one item: the prefix per options, the ID, and the terminator only when
// options.terminator >= 0; exactly item_length(format, options) bytes (Format::kUuid
// also takes its 32-character form). Returns {kOk, 0}, or the first error and its byte
// position exactly as explain() reports them (kArgument at 0 for invalid options or a
// null id); count is 0. Precondition: id points to 16 writable bytes (zeroed on any error).
[[nodiscard]] SORTID_API Result decode_one(Format format, std::string_view text, uint8_t* id,
                                           const TextOptions& options);
// The same with the default options (the ID alone, strict), without reading any.
[[nodiscard]] SORTID_API Result decode_one(Format format, std::string_view text, uint8_t* id);
// Encodes one 16-byte ID: writes item_length(format, options) characters (prefix, ID,
// terminator when options.terminator >= 0; no NUL) and returns that count. Returns 0,
// writing nothing, for invalid options or a Record ID with any of the top 28 bits set.
// Preconditions: id points to 16 bytes, out to item_length(format, options) bytes.
SORTID_API size_t encode_one(Format format, const uint8_t* id, char* out,
                             const TextOptions& options);
// The same with the default options (the ID alone, canonical case), without reading any.
SORTID_API size_t encode_one(Format format, const uint8_t* id, char* out);

// Timestamps (Unix ms) of count binary IDs; see sortid_timestamps_ms.
SORTID_API Result timestamps_ms(Format format, const uint8_t* ids, size_t count, int64_t* unix_ms);
// Smallest / largest binary ID with this timestamp; kRange outside the format's range.
[[nodiscard]] SORTID_API Error bounds(Format format, int64_t unix_ms, uint8_t* min, uint8_t* max);
// Monotonic step on the 80 random bits; kOverflow (id unchanged) if all ones.
[[nodiscard]] SORTID_API Error increment_ulid(uint8_t* id);

struct RecordFields {
  int64_t unix_ms = 0;      // inception .. inception + 2^40 - 1
  uint64_t machine_id = 0;  // < 2^40
  uint32_t counter = 0;     // < 2^20
};
[[nodiscard]] SORTID_API Error pack_record(const RecordFields& fields, uint8_t* out);
[[nodiscard]] SORTID_API RecordFields unpack_record(const uint8_t* id);

// Splits a TypeID "type_suffix" at its last '_' and validates the type name
// (as sortid_split_typeid). Returns kOk with count = the type name's length,
// or kPrefix with the byte position of the fault. *type_name and *suffix
// (each may be nullptr) receive the two parts, on error too; without a '_'
// the type name is empty and the suffix is the whole text.
[[nodiscard]] SORTID_API Result split_typeid(std::string_view text,
                                             std::string_view* type_name = nullptr,
                                             std::string_view* suffix = nullptr);

// ISO 8601 UTC with milliseconds. Years 0000-9999 are four digits,
// "2023-03-10T12:00:49.111Z" (kIso8601Length characters); other years use the
// ISO 8601 expanded form, a sign and five or six digits: the last ULID
// millisecond is "+10889-08-02T05:31:50.655Z" (26). Years beyond +-999999: "".
inline constexpr size_t kIso8601Length = 24;
inline constexpr size_t kIso8601MaxLength = SORTID_ISO8601_MAX_LENGTH;
[[nodiscard]] SORTID_API std::string format_iso8601(int64_t unix_ms);
// The same without allocating: writes the text (no NUL, at most
// kIso8601MaxLength characters) to out and returns its length, or writes
// nothing and returns 0 when the year is beyond +-999999 or capacity is too small.
SORTID_API size_t format_iso8601(int64_t unix_ms, char* out, size_t capacity);
// Which end of the period a time text names: "2024-01-31" names a whole day,
// "2024-01-31T12:00:00Z" a whole second. kStart: its first millisecond; kEnd:
// its last (a date-only upper bound means the end of that day).
enum class TimeBound : uint8_t { kStart = SORTID_TIME_START, kEnd = SORTID_TIME_END };
// Parses "YYYY-MM-DD[T| ]HH:MM:SS[.fff][Z|UTC|+HH:MM|-HH:MM]" or "YYYY-MM-DD",
// the year optionally expanded ("+10889-08-02", sign and 4-6 digits), or an
// integer count of milliseconds ("-1" included). Returns nullopt on malformed
// input. The one-argument form reads the start (kStart).
[[nodiscard]] SORTID_API std::optional<int64_t> parse_timestamp(std::string_view text);
[[nodiscard]] SORTID_API std::optional<int64_t> parse_timestamp(std::string_view text,
                                                                TimeBound bound);

// A ULID value with convenience conversions (single items; not dispatched).
struct SORTID_API Ulid {
  std::array<uint8_t, kBinarySize> bytes{};

  // Decodes 26 characters (case-insensitive; lenient aliases on request).
  [[nodiscard]] static std::optional<Ulid> parse(std::string_view text, bool lenient = false);
  // Decodes a 36- or 32-character UUID text.
  [[nodiscard]] static std::optional<Ulid> from_uuid(std::string_view text);
  [[nodiscard]] std::string to_string(LetterCase letter_case = LetterCase::kCanonical) const;
  // Writes the 26 characters (no NUL) to out, which must hold 26 bytes. Never allocates.
  void to_chars(char* out, LetterCase letter_case = LetterCase::kCanonical) const;
  // The 26 characters by value, without allocating.
  [[nodiscard]] std::array<char, kUlidTextLength> to_array(
      LetterCase letter_case = LetterCase::kCanonical) const;
  [[nodiscard]] std::string to_uuid() const;
  [[nodiscard]] int64_t timestamp_ms() const;
  friend constexpr auto operator<=>(const Ulid&, const Ulid&) = default;
};

// ---- CPU targets (see sortid.h). ----
enum class TargetSet : uint8_t {
  kCompiled = SORTID_TARGETS_COMPILED,
  kSupported = SORTID_TARGETS_SUPPORTED,
};
[[nodiscard]] SORTID_API std::span<const char* const> targets(TargetSet which);
[[nodiscard]] SORTID_API const char* active_target();
// nullptr or "" = automatic. kUnsupported (nothing changed) for unknown/unsupported names.
[[nodiscard]] SORTID_API Error set_target(const char* name);

// ---- Deprecated names, working until 1.0 (docs/library.md lists them). ----

// The definitions below use one another without a warning.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

// Result under its former names; each converts from a Result.
struct SORTID_DEPRECATED("sortid::Result") Status {
  Error error = Error::kOk;
  size_t invalid = 0;  // Result::count
  constexpr Status() = default;
  constexpr Status(const Result& r) : error(r.error), invalid(r.count) {}  // NOLINT: implicit
  constexpr bool ok() const { return error == Error::kOk; }
};
struct SORTID_DEPRECATED("sortid::Result") Explanation {
  Error error = Error::kOk;
  size_t position = 0;
  constexpr Explanation() = default;
  constexpr Explanation(const Result& r) : error(r.error), position(r.position) {}  // NOLINT
};
struct SORTID_DEPRECATED("sortid::split_typeid") TypeIdSplit {
  Error error = Error::kOk;  // kOk or kPrefix
  size_t prefix_len = 0;     // type name length; on error, the byte position
  std::string_view type_name;
  std::string_view suffix;
};
[[nodiscard]] SORTID_DEPRECATED("sortid::split_typeid") inline TypeIdSplit
    typeid_split(std::string_view text) {
  TypeIdSplit split;
  const Result r = split_typeid(text, &split.type_name, &split.suffix);
  split.error = r.error;
  split.prefix_len = r.ok() ? r.count : r.position;
  return split;
}
[[nodiscard]] SORTID_DEPRECATED("sortid::increment_ulid") inline Error ulid_increment(uint8_t* id) {
  return increment_ulid(id);
}
[[nodiscard]] SORTID_DEPRECATED("sortid::pack_record") inline Error
    record_pack(const RecordFields& fields, uint8_t* out) {
  return pack_record(fields, out);
}
[[nodiscard]] SORTID_DEPRECATED("sortid::unpack_record") inline RecordFields
    record_unpack(const uint8_t* id) {
  return unpack_record(id);
}
// Four-digit years only: writes kIso8601Length characters, or nothing and
// returns 0 for other years.
SORTID_DEPRECATED("sortid::format_iso8601(unix_ms, out, capacity)")
inline size_t format_iso8601(int64_t unix_ms, char* out) {
  char text[kIso8601MaxLength];
  const size_t length = format_iso8601(unix_ms, text, sizeof(text));
  if (length != kIso8601Length) return 0;
  std::memcpy(out, text, length);
  return length;
}

#pragma GCC diagnostic pop

}  // namespace sortid

#endif  // SORTID_SORTID_HPP_
