#include "cli/scan/csv.h"

#include <algorithm>
#include <cstring>

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

bool SplitCsvRow(const char* data, const char* end, bool at_eof, size_t field, char delimiter,
                 bool quoting, CsvRow* row) {
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
