#include "cli/scan/row_batcher.h"

#include <cstring>

#include "cli/scan/row_errors.h"

namespace sortid::cli {

const uint8_t* AllValid() {
  static const auto* bits = [] {
    auto* b = new uint8_t[kBatchRows / 8];
    std::memset(b, 0xFF, kBatchRows / 8);
    return b;
  }();
  return bits;
}

Row Batch::row(size_t i) const {
  if (rows != nullptr) return rows[i];
  Row r;
  r.begin = base + i * stride;
  r.field_len = static_cast<uint32_t>(stride - eol_len);
  r.row_len = static_cast<uint32_t>(stride);
  r.eol_len = eol_len;
  r.line = first_line + i;
  return r;
}

RowBatcher::RowBatcher(RowDecoder& decoder) : decoder_(decoder) {
  rows_.resize(kBatchRows);
  ids_.resize(kBatchRows * 16);
  validity_.resize(kBatchRows / 8);
}

bool RowBatcher::WouldNotFit(const Row& row) const {
  // One thread holds a row and its line ending in max_row_bytes + 2 bytes;
  // a row without a line end fills them at that size already.
  const size_t block = decoder_.options().max_row_bytes + 2;
  return chunked_ && (row.newlines != 0 ? row.row_len > block : row.row_len >= block);
}

void RowBatcher::Queue(size_t newlines, ScanPosition& position, Sink& sink) {
  Row& row = rows_[count_];
  if (WouldNotFit(row)) {
    const char* begin = row.begin;
    row = Row{};
    row.begin = begin;
    row.row_len = 64;
    row.flags = Row::kTooLong;
  }
  row.line = position.line;
  // The buffer holds a line ending more than the limit: a row that fits it
  // may still be a byte or two over.
  const ScanOptions& options = decoder_.options();
  if (row.row_len - row.eol_len > options.max_row_bytes && !(row.flags & Row::kQuoteCut)) {
    if (!options.long_rows_are_bad) {
      Flush(position, sink);  // the rows before it are delivered
      throw CliError(kExitBadData, TooLongError(*position.file, row.line, options.max_row_bytes));
    }
    row.flags = static_cast<uint8_t>(row.flags | Row::kTooLong);
  }
  position.line += newlines;
  if (++count_ == kBatchRows) Flush(position, sink);
}

void RowBatcher::Flush(const ScanPosition& position, Sink& sink) {
  const size_t n = count_;
  if (n == 0) return;
  const size_t valid = decoder_.Decode(rows_.data(), n, ids_.data(), validity_.data());
  Batch batch;
  batch.file = position.file;
  batch.file_index = position.file_index;
  batch.count = n;
  batch.ids = ids_.data();
  batch.validity = validity_.data();
  batch.invalid = n - valid;
  batch.rows = rows_.data();
  sink.OnBatch(batch);
  count_ = 0;
}

void RowBatcher::DeliverFixed(const char* base, size_t stride, uint8_t eol_len, const uint8_t* ids,
                              size_t count, ScanPosition& position, Sink& sink) {
  Flush(position, sink);
  Batch batch;
  batch.file = position.file;
  batch.file_index = position.file_index;
  batch.count = count;
  batch.ids = ids;
  batch.validity = AllValid();
  batch.base = base;
  batch.stride = stride;
  batch.eol_len = eol_len;
  batch.first_line = position.line;
  sink.OnBatch(batch);
  position.line += count;
}

}  // namespace sortid::cli
