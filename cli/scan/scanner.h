// The input side shared by convert, validate and shard: every file (or
// stdin) is read in blocks (BlockReader), split into rows — one ID per line
// (LineScanner, the fixed-stride hot path), one CSV/TSV field per row
// (SplitCsvRow) or 16-byte binary records — decoded in batches (RowBatcher,
// RowDecoder) and handed to a Sink with the validity bitmap. This class only
// loops; RowErrors words the messages. A UTF-8 byte order mark at the start
// of an input is skipped with a note; a row over --max-row-bytes is an error,
// or (long_rows_are_bad) an invalid row whose bytes are skipped to the end of
// its first line. A quoted field that does not close within --max-row-bytes makes
// the line it opened on an invalid row (csv.h: a quote costs at most its row).
#ifndef SORTID_CLI_SCAN_SCANNER_H_
#define SORTID_CLI_SCAN_SCANNER_H_

#include <string>
#include <vector>

#include "cli/scan/block_reader.h"
#include "cli/scan/line_scanner.h"
#include "cli/scan/row_batcher.h"
#include "cli/scan/row_decoder.h"
#include "cli/scan/row_errors.h"
#include "cli/scan/scan_types.h"

namespace sortid::cli {

class Scanner {
 public:
  explicit Scanner(const ScanOptions& options);  // throws CliError(kExitUsage)

  // Streams every file (empty list: stdin) through sink.
  void Run(const std::vector<std::string>& files, Sink& sink);

  // One piece of an input, cut at a row boundary (--threads): its rows go
  // to sink numbered from line 1; notes for stderr are appended to *notes.
  // Returns the lines (binary: records) it holds.
  struct ChunkView {
    const char* data = nullptr;
    size_t size = 0;  // whole rows
    size_t tail = 0;  // then the first bytes of a row over the limit
    const std::string* file = nullptr;
    uint32_t file_index = 0;
    bool file_start = false;      // the input's first bytes (byte order mark)
    bool header_pending = false;  // --header and the input's header not taken yet
  };
  uint64_t ScanChunk(const ChunkView& chunk, Sink& sink, std::vector<std::string>* notes);

  // What a sink words its messages with (where a row is, why it failed).
  const RowErrors& errors() const { return errors_; }

 private:
  // One block: rows handed to the sink; returns the bytes consumed.
  size_t Process(const char* data, size_t size, bool at_eof, Sink& sink);
  // The notes on a byte order mark at the start of an input; returns the
  // bytes to skip (a UTF-8 mark's 3).
  size_t StartOfInput(const char* data, size_t size);
  size_t ProcessRows(const char* data, size_t size, bool at_eof, Sink& sink);
  size_t ProcessFields(const char* data, size_t size, bool at_eof, Sink& sink);
  size_t ProcessBinary(const char* data, size_t size, bool at_eof, Sink& sink);
  // The row at data fills the whole block: an invalid row (its first bytes)
  // and the rest of it skipped. Returns the bytes consumed.
  size_t TooLong(const char* data, size_t size, Sink& sink);
  // Skips the rest of a too-long row; returns the bytes consumed.
  size_t SkipRest(const char* data, size_t size, bool at_eof);

  // A note on stderr ("sortid convert: <message>"), or into notes_.
  void Note(const std::string& message) const;

  ScanOptions options_;
  RowDecoder decoder_;
  RowErrors errors_;
  RowBatcher batcher_;
  LineScanner lines_;
  BlockReader reader_;
  ScanPosition position_;
  bool at_input_start_ = false;  // a byte order mark may follow
  bool skipping_ = false;        // inside a too-long row
  std::vector<std::string>* notes_ = nullptr;
};

}  // namespace sortid::cli

#endif  // SORTID_CLI_SCAN_SCANNER_H_
