#include "cli/scan/csv.h"

#include <algorithm>
#include <bit>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>  // the x86-64 baseline: no dispatch needed
#endif

namespace sortid::cli {
namespace {

// The closing quote of a quoted field whose body starts at q: nullptr when
// there is none before end, end when the answer depends on input not yet read
// (a quote as the last byte could start a "" pair). *newlines counts the '\n'
// bytes passed (all of [q, end) when there is no closing quote).
const char* ClosingQuote(const char* q, const char* end, bool at_eof, size_t* newlines) {
  for (;;) {
    q = FindEither(q, end, '"', '\n');
    if (q == end) return nullptr;
    if (*q == '\n') {
      ++*newlines, ++q;
      continue;
    }
    if (q + 1 == end && !at_eof) return end;
    if (q + 1 < end && q[1] == '"') {
      q += 2;
      continue;
    }
    return q;
  }
}

}  // namespace

size_t CountNewlines(const char* p, const char* end) {
  size_t n = 0;
  while ((p = static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(end - p))))) {
    ++n, ++p;
  }
  return n;
}

void CutAtQuoteLine(const char* data, uint32_t quote_off, CsvRow* row) {
  const char* nl = static_cast<const char*>(
      std::memchr(data + quote_off, '\n', static_cast<size_t>(row->row_len - quote_off)));
  const uint32_t len = static_cast<uint32_t>(nl + 1 - data);
  row->row_len = len;
  row->eol_len = (nl > data && nl[-1] == '\r') ? 2 : 1;
  row->newlines = static_cast<uint32_t>(CountNewlines(data, nl + 1));
  row->flags = static_cast<uint8_t>(row->flags | CsvRow::kQuoteCut);
  row->problem_off = quote_off;
  // The wanted field, as far as it lies on the kept lines (the row is invalid).
  const uint32_t content = len - row->eol_len;
  if (row->field_off > content) row->field_off = content;
  row->field_len = std::min(row->field_len, content - row->field_off);
}

bool SplitShortRow(const char* data, const char* end, size_t field, char delimiter, bool quoting,
                   CsvRow* row) {
#if defined(__SSE2__)
  if (end - data < 64) return false;
  uint64_t newlines = 0, delimiters = 0, quotes = 0;
  const auto mask = [](__m128i bytes, char c) {
    return static_cast<uint64_t>(
        static_cast<uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(c)))));
  };
  for (int k = 0; k < 4; ++k) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + 16 * k));
    newlines |= mask(bytes, '\n') << (16 * k);
    delimiters |= mask(bytes, delimiter) << (16 * k);
    quotes |= mask(bytes, '"') << (16 * k);
  }
  if (newlines == 0) return false;
  const auto eol = static_cast<uint32_t>(std::countr_zero(newlines));
  const uint64_t before = (uint64_t{1} << eol) - 1;  // the row's bytes before its '\n'
  const uint64_t field_ends = (delimiters & before) | (uint64_t{1} << eol);
  quotes = quoting ? quotes & before : 0;
  CsvRow split;
  size_t fields = 1;
  bool found = false;
  for (uint32_t at = 0;;) {  // the field at `at` (at <= eol)
    uint32_t content_begin = at, content_end, stop;
    const bool quoted = (quotes >> at & 1) != 0;
    if (quoted) {
      // The closing quote: the next quote not doubled. The row's first '\n'
      // is its end, so the field holds no line break.
      uint64_t later = quotes & ~((uint64_t{2} << at) - 1);
      for (;;) {
        if (later == 0) return false;  // closes past the '\n', or never
        const auto q = static_cast<uint32_t>(std::countr_zero(later));
        if ((later >> (q + 1) & 1) == 0) {
          content_begin = at + 1;
          content_end = q;
          break;
        }
        later &= later - 1;  // a "" pair
        later &= later - 1;
      }
      stop = content_end + 1;  // a delimiter, the '\n' or the '\r' of "\r\n"
      if ((field_ends >> stop & 1) == 0) {
        if (stop + 1 != eol || data[stop] != '\r') return false;  // text after the quote
        stop = eol;
      }
    } else {
      stop = static_cast<uint32_t>(std::countr_zero(field_ends & ~((uint64_t{1} << at) - 1)));
      // The last field gives up the '\r' of a "\r\n".
      content_end = stop == eol && stop > at && data[stop - 1] == '\r' ? stop - 1 : stop;
    }
    if (fields == field) {
      found = true;
      split.field_off = content_begin;
      split.field_len = content_end - content_begin;
      if (quoted) split.flags = CsvRow::kQuoted;
    }
    if (stop == eol) break;
    at = stop + 1;
    ++fields;
  }
  split.row_len = eol + 1;
  split.eol_len = eol > 0 && data[eol - 1] == '\r' ? 2 : 1;
  split.newlines = 1;
  if (!found) {
    split.flags = CsvRow::kMissingField;
    split.fields_found = static_cast<uint32_t>(fields);
    split.field_off = split.row_len - split.eol_len;
  }
  *row = split;
  return true;
#else
  (void)data, (void)end, (void)field, (void)delimiter, (void)quoting, (void)row;
  return false;
#endif
}

bool SplitCsvRow(const char* data, const char* end, bool at_eof, size_t field, char delimiter,
                 bool quoting, CsvRow* row) {
  if (SplitShortRow(data, end, field, delimiter, quoting, row)) return true;
  *row = CsvRow{};
  const char* p = data;
  size_t field_no = 1;
  size_t newlines = 0;
  bool found = false;
  const char* cut_quote = nullptr;  // opens a malformed quoted field that spans lines
  for (;;) {
    // One field at p: its content [content_begin, content_end), then p at
    // the delimiter, the '\n' or end after it.
    const char* content_begin = p;
    const char* content_end;
    const bool quoted = quoting && p < end && *p == '"';
    const char* const open = p;
    bool spans_lines = false;
    if (quoted) {
      size_t inside = 0;  // line breaks inside the quotes
      const char* q = ClosingQuote(p + 1, end, at_eof, &inside);
      if (q == end) return false;
      content_begin = p + 1;
      if (q == nullptr) {  // unterminated: the rest of the input is this row
        if (!at_eof) return false;
        if (!(row->flags & CsvRow::kUnterminatedQuote)) {
          row->problem_off = static_cast<uint32_t>(p - data);
        }
        row->flags |= CsvRow::kUnterminatedQuote;
        if (inside != 0 && cut_quote == nullptr) cut_quote = open;
        newlines += inside;
        content_end = p = end;
      } else {
        spans_lines = inside != 0;
        newlines += inside;
        content_end = q;
        p = q + 1;
      }
    }
    const char* const stop = FindFieldEnd(p, end, delimiter);
    if (quoted) {
      // Only the "\r" of a "\r\n" may follow the closing quote.
      const bool crlf = stop - p == 1 && *p == '\r' && stop < end;
      if (stop != p && !crlf) {
        if (!(row->flags & CsvRow::kTextAfterQuote)) {
          row->flags |= CsvRow::kTextAfterQuote;
          row->problem_off = static_cast<uint32_t>(p - data);
        }
        if (spans_lines && cut_quote == nullptr) cut_quote = open;
      }
    } else {
      content_end = stop;
      if (stop < end && *stop == '\n' && content_end > content_begin && content_end[-1] == '\r') {
        --content_end;
      }
    }
    p = stop;
    if (field_no == field) {
      found = true;
      row->field_off = static_cast<uint32_t>(content_begin - data);
      row->field_len = static_cast<uint32_t>(content_end - content_begin);
      if (quoted) row->flags |= CsvRow::kQuoted;
    }
    if (p == end && !at_eof) return false;
    if (p == end || *p == '\n') break;
    ++p, ++field_no;  // past the delimiter
  }
  if (p < end) {  // at the '\n'
    row->eol_len = (p > data && p[-1] == '\r') ? 2 : 1;
    ++newlines;
    ++p;
  }
  row->row_len = static_cast<uint32_t>(p - data);
  row->newlines = static_cast<uint32_t>(newlines);
  if (!found) {
    row->flags |= CsvRow::kMissingField;
    row->fields_found = static_cast<uint32_t>(field_no);
    row->field_off = row->row_len - row->eol_len;
    row->field_len = 0;
  }
  if (cut_quote != nullptr) CutAtQuoteLine(data, static_cast<uint32_t>(cut_quote - data), row);
  return true;
}

}  // namespace sortid::cli
