// Collects rows one by one into batches of kBatchRows, decodes each batch with
// the RowDecoder and hands it to the Sink; also builds the batches of the
// fixed-stride and binary paths, whose IDs are decoded already.
#ifndef SORTID_CLI_SCAN_ROW_BATCHER_H_
#define SORTID_CLI_SCAN_ROW_BATCHER_H_

#include <cstdint>
#include <vector>

#include "cli/scan/row_decoder.h"
#include "cli/scan/scan_types.h"

namespace sortid::cli {

class RowBatcher {
 public:
  explicit RowBatcher(RowDecoder& decoder);

  // Queues row at the current line; the line advances by the row's newlines.
  void Add(const Row& row, size_t newlines, ScanPosition& position, Sink& sink) {
    NextSlot() = row;
    Queue(newlines, position, sink);
  }
  // The slot the next row is split into, then queued by Queue (or left, to
  // be overwritten): a row made in place, not copied into the batch and
  // partly rewritten there, is not read back through store-forwarding stalls.
  Row& NextSlot() { return rows_[count_]; }
  void Queue(size_t newlines, ScanPosition& position, Sink& sink);
  // Decodes and delivers the queued rows (rows point into the input block:
  // call before the block moves).
  void Flush(const ScanPosition& position, Sink& sink);
  // Drops the queued rows (a scan stopped by its sink).
  void Clear() { count_ = 0; }
  // Chunks (--threads) may hold a row longer than the block one thread
  // reads: such a row is made what one thread makes of it, the bad row of
  // its first bytes, with no line ending.
  void set_chunked(bool chunked) { chunked_ = chunked; }
  // Whether row would not fit in that block (one thread: cut by TooLong).
  bool WouldNotFit(const Row& row) const;
  // Delivers count rows of stride bytes at base whose IDs are decoded and all
  // valid, after the queued rows; the line advances by count.
  void DeliverFixed(const char* base, size_t stride, uint8_t eol_len, const uint8_t* ids,
                    size_t count, ScanPosition& position, Sink& sink);

 private:
  RowDecoder& decoder_;
  bool chunked_ = false;
  std::vector<Row> rows_;  // kBatchRows slots, count_ of them queued
  size_t count_ = 0;
  std::vector<uint8_t> ids_, validity_;
};

// A validity bitmap with kBatchRows bits set.
const uint8_t* AllValid();

}  // namespace sortid::cli

#endif  // SORTID_CLI_SCAN_ROW_BATCHER_H_
