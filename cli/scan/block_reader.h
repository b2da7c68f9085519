// Block I/O for the scan: reads an input into one buffer, kReadBytes per
// read() call, hands the unconsumed bytes to a consumer and keeps what it did
// not take (an incomplete row) for the next round.
#ifndef SORTID_CLI_SCAN_BLOCK_READER_H_
#define SORTID_CLI_SCAN_BLOCK_READER_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cli/io.h"

namespace sortid::cli {

class BlockReader {
 public:
  static constexpr size_t kReadBytes = 256 << 10;  // one read() call
  static constexpr size_t kReadAlignment = 4096;   // a read's destination (block_reader.cc)

  // block_bytes: the buffer, which bounds the longest row.
  explicit BlockReader(size_t block_bytes) : block_bytes_(block_bytes) {}
  size_t block_bytes() const { return block_bytes_; }

  // consume(data, size, at_eof) returns the bytes it used from the front.
  using Consumer = std::function<size_t(const char* data, size_t size, bool at_eof)>;
  // Reads input to its end through consume, adding the bytes read to *done
  // for the progress bar. Returns the bytes left unconsumed at the end.
  size_t Run(Input& input, uint64_t* done, Progress& progress, const Consumer& consume);

 private:
  // read() into one buffer, not mmap: on the KVM guests sortid is measured
  // on, decoding straight from a mapping of the file was faster than the
  // copy at some times and slower at others (docs/performance.md).
  // Allocated by the first Run, not zeroed: only the pages the reads reach
  // are ever touched (a scanner that only scans chunks, --threads, touches
  // none), not the whole --max-row-bytes bound.
  std::unique_ptr<char[]> buffer_;
  size_t block_bytes_;
};

// Total input bytes for the progress bar; -1 (unknown) unless every input is
// a regular file.
int64_t TotalSize(const std::vector<std::string>& names);

}  // namespace sortid::cli

#endif  // SORTID_CLI_SCAN_BLOCK_READER_H_
