// CSV/TSV row splitting (RFC 4180): pure functions over bytes, no I/O, no
// decoding. A field that starts with '"' is quoted: "" inside it is one quote,
// and delimiters and line breaks inside it belong to it; a quote anywhere else
// is an ordinary byte. Rows end at "\n" (a "\r" before it is part of the line
// ending, "\r\n"). Reference: RFC 4180 section 2.
// A quote costs at most its row: a quoted field that spans lines and is
// malformed (never closes, or has text after its closing quote) does not take
// the lines after it; the row ends at the end of the line where that field
// opened, flagged, and the next row starts on the line after.
#ifndef SORTID_CLI_SCAN_CSV_H_
#define SORTID_CLI_SCAN_CSV_H_

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace sortid::cli {

// One row, located. Offsets are relative to the row's first byte.
struct CsvRow {
  enum Flags : uint8_t {
    kQuoted = 1,             // the wanted field was quoted (offsets exclude the quotes)
    kMissingField = 2,       // the row has fewer fields than the one wanted
    kUnterminatedQuote = 4,  // a quoted field runs to the end of input
    kTextAfterQuote = 8,     // bytes between a closing quote and the next delimiter
    kTooLong = 16,           // set by the scanner: the row exceeds the row size limit
    kQuoteCut = 32,          // a malformed quoted field spanned lines: the row was cut
    kQuoteOverLimit = 64,    // set by the scanner: the quote did not close within the limit
    kPartialRecord = 128,    // set by the scanner: binary input's last record is short
  };
  uint32_t field_off = 0;  // the wanted field's content
  uint32_t field_len = 0;
  uint32_t row_len = 0;  // including the line ending
  uint8_t eol_len = 0;   // 0 (end of input), 1 "\n", 2 "\r\n"
  uint8_t flags = 0;
  uint32_t fields_found = 0;  // with kMissingField: how many fields the row has
  uint32_t newlines = 0;      // '\n' bytes in the row (quoted line breaks + its end)
  uint32_t problem_off = 0;   // kUnterminatedQuote / kTextAfterQuote: the offending byte
                              // (with kQuoteCut: the quote that opened the field)
};

// Splits the row starting at data (no further than end) and locates field
// `field` (1-based) in it. Returns false when the row is not complete before
// end and more input may follow (at_eof false); with at_eof, always true.
// quoting false: '"' is an ordinary byte everywhere (TSV as IANA defines it).
// Preconditions: data <= end; field >= 1; delimiter is neither '"' nor '\n'.
bool SplitCsvRow(const char* data, const char* end, bool at_eof, size_t field, char delimiter,
                 bool quoting, CsvRow* row);

// SplitCsvRow's common case, from byte masks of the 64 bytes at data: a row
// whose '\n' lies within them and whose quoted fields (when quoting) are well
// formed. Returns false (row untouched) for any other row, and where 64 bytes
// are not readable at data or the CPU has no SSE2; SplitCsvRow tries it first.
bool SplitShortRow(const char* data, const char* end, size_t field, char delimiter, bool quoting,
                   CsvRow* row);

// Ends *row (split from data) at the end of the line holding byte quote_off,
// which opens a malformed quoted field: the kQuoteCut rule above. Requires a
// '\n' in [data + quote_off, data + row->row_len).
void CutAtQuoteLine(const char* data, uint32_t quote_off, CsvRow* row);

// First byte in [p, end) equal to a or b, or end; 8 bytes at a time, inline:
// it runs a few times per row. The lowest zero byte of x ^ pattern is found
// exactly by the borrow trick (higher ones may be false hits).
inline const char* FindEither(const char* p, const char* end, char a, char b) {
  constexpr uint64_t kOnes = 0x0101010101010101u, kHigh = 0x8080808080808080u;
  const uint64_t as = kOnes * static_cast<uint8_t>(a), bs = kOnes * static_cast<uint8_t>(b);
  for (; end - p >= 8; p += 8) {
    uint64_t x;
    std::memcpy(&x, p, 8);
    const uint64_t xa = x ^ as, xb = x ^ bs;
    const uint64_t hits = ((xa - kOnes) & ~xa & kHigh) | ((xb - kOnes) & ~xb & kHigh);
    if (hits != 0) return p + (std::countr_zero(hits) >> 3);
  }
  while (p < end && *p != a && *p != b) ++p;
  return p;
}

// First delimiter or '\n' in [p, end), or end.
inline const char* FindFieldEnd(const char* p, const char* end, char delimiter) {
  return FindEither(p, end, delimiter, '\n');
}

// Number of '\n' bytes in [p, end).
size_t CountNewlines(const char* p, const char* end);

}  // namespace sortid::cli

#endif  // SORTID_CLI_SCAN_CSV_H_
