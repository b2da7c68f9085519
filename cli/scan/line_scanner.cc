#include "cli/scan/line_scanner.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace sortid::cli {
namespace {

// Index of the first clear bit at or after i in the first n bits.
size_t FirstInvalid(const uint8_t* bits, size_t i, size_t n) {
  while (i < n) {
    if (i % 64 == 0 && i + 64 <= n) {
      uint64_t word;
      std::memcpy(&word, bits + i / 8, 8);
      if (word == ~uint64_t{0}) {
        i += 64;
        continue;
      }
      return i + static_cast<size_t>(std::countr_one(word));
    }
    if (!((bits[i / 8] >> (i % 8)) & 1)) return i;
    ++i;
  }
  return n;
}

}  // namespace

Row SplitLine(const char* data, const char* end) {
  Row row;
  row.begin = data;
  const char* nl =
      static_cast<const char*>(std::memchr(data, '\n', static_cast<size_t>(end - data)));
  size_t content;
  if (nl != nullptr) {
    content = static_cast<size_t>(nl - data);
    row.row_len = static_cast<uint32_t>(content + 1);
    row.eol_len = 1;
    row.newlines = 1;
  } else {
    content = static_cast<size_t>(end - data);
    row.row_len = static_cast<uint32_t>(content);
    row.eol_len = 0;
  }
  if (content > 0 && data[content - 1] == '\r') {  // CRLF, or a lone CR at the very end
    --content;
    ++row.eol_len;
  }
  row.field_len = static_cast<uint32_t>(content);
  return row;
}

LineScanner::LineScanner(const RowDecoder& decoder) : decoder_(decoder) {
  ids_.resize(kBatchRows * 16);
  validity_.resize(kBatchRows / 8);
}

size_t LineScanner::Scan(const char* data, size_t size, bool at_eof, ScanPosition& position,
                         RowBatcher& batcher, Sink& sink) {
  size_t end = size;
  if (!at_eof) {
    const void* nl = ::memrchr(data, '\n', size);
    if (nl == nullptr) return 0;
    end = static_cast<size_t>(static_cast<const char*>(nl) - data) + 1;
  }
  const char* const stop = data + end;
  size_t pos = 0;
  while (position.header_pending && pos < end) {
    const Row header = SplitLine(data + pos, stop);
    pos += header.row_len;
    if (batcher.WouldNotFit(header)) {  // a bad row, as with one thread; the header is next
      batcher.Add(header, header.newlines, position, sink);
      continue;
    }
    sink.OnHeader(*position.file, {header.begin, header.row_len});
    position.line += header.newlines;
    position.header_pending = false;
  }
  const size_t len = decoder_.item_length();
  size_t slow_rows = 0;  // rows to take one by one before trying the fixed stride again
  while (pos < end) {
    uint8_t eol = 0;
    if (len != 0 && slow_rows == 0 && pos + len < end) {
      if (data[pos + len] == '\n') {
        eol = 1;
      } else if (data[pos + len] == '\r' && pos + len + 1 < end && data[pos + len + 1] == '\n') {
        eol = 2;
      }
    }
    if (eol == 0) {
      const Row row = SplitLine(data + pos, stop);
      batcher.Add(row, row.newlines, position, sink);
      pos += row.row_len;
      if (slow_rows > 0) --slow_rows;
      continue;
    }
    const size_t stride = len + eol;
    const size_t n = std::min((end - pos) / stride, kBatchRows);
    uint8_t* ids = ids_.data();
    uint8_t* validity = validity_.data();
    decoder_.DecodeFixed(data + pos, n, stride, eol, ids, validity);
    size_t i = 0;
    bool realigned = false;
    while (i < n) {
      const size_t j = FirstInvalid(validity, i, n);
      if (j > i) {
        batcher.DeliverFixed(data + pos + i * stride, stride, eol, ids + 16 * i, j - i, position,
                             sink);
      }
      if (j == n) break;
      // Row j failed: take it alone. If it is exactly one stride long, the
      // decoded rows after it are still aligned and stand.
      const char* at = data + pos + j * stride;
      const Row row = SplitLine(at, stop);
      batcher.Add(row, row.newlines, position, sink);
      if (row.row_len != stride) {
        pos = static_cast<size_t>(at - data) + row.row_len;
        realigned = true;
        slow_rows = std::min<size_t>(kBatchRows, size_t{16} << std::min<size_t>(slow_streak_, 8));
        ++slow_streak_;
        break;
      }
      i = j + 1;
    }
    if (!realigned) {
      pos += n * stride;
      slow_streak_ = 0;
    }
  }
  return end;
}

}  // namespace sortid::cli
