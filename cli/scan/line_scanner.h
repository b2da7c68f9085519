// One ID per line, the hot path: the block is decoded in place at the fixed
// stride "ID + line ending" (27 bytes for ULID + "\n"), the kernel checking
// the terminator; only rows that fail (bad ID, other length, last line
// without newline) are located with memchr and handled one by one, after
// which the fixed stride resumes. CRLF files take the same path (stride 28).
#ifndef SORTID_CLI_SCAN_LINE_SCANNER_H_
#define SORTID_CLI_SCAN_LINE_SCANNER_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "cli/scan/row_batcher.h"
#include "cli/scan/row_decoder.h"
#include "cli/scan/scan_types.h"

namespace sortid::cli {

// The line at data (no further than end): the whole line is the field.
Row SplitLine(const char* data, const char* end);

class LineScanner {
 public:
  explicit LineScanner(const RowDecoder& decoder);

  // Hands the complete lines of data[0..size) to the batcher (at_eof: all of
  // it); returns the bytes consumed.
  size_t Scan(const char* data, size_t size, bool at_eof, ScanPosition& position,
              RowBatcher& batcher, Sink& sink);
  // A new input: the fixed stride is tried at once.
  void Reset() { slow_streak_ = 0; }

 private:
  const RowDecoder& decoder_;
  size_t slow_streak_ = 0;
  std::vector<uint8_t> ids_, validity_;
};

}  // namespace sortid::cli

#endif  // SORTID_CLI_SCAN_LINE_SCANNER_H_
