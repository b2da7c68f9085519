// Cuts one input into chunks for the scan workers (--threads): each chunk
// ends at a line end (binary: a record boundary) or at the end of the input,
// so every row lies in one chunk and chunks can be scanned in any order.
// A row with no line end within --max-row-bytes (and its line ending) is
// cut as the scan with one thread cuts it: its first bytes stand for it
// (the chunk's tail), the rest of it is skipped. Quoted CSV fields may hold
// line ends, so that mode is never cut (parallel_scan.h).
//
// ChunkReader reads an input in order. Once past its start (byte order
// mark, header), the rest of a regular file is cut by offset instead
// (ReadChunkAt): chunk k holds the rows that start in its byte range, so the
// workers read their chunks at once, each into its own core's cache.
#ifndef SORTID_CLI_SCAN_CHUNK_READER_H_
#define SORTID_CLI_SCAN_CHUNK_READER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/io.h"
#include "cli/scan/scan_types.h"

namespace sortid::cli {

// One piece of an input as the reader cut it.
struct ChunkBytes {
  std::vector<char> data;
  size_t start = 0;  // the chunk's rows are the size bytes at data + start
  size_t size = 0;
  size_t tail = 0;              // then the first bytes of a row over the limit
  bool file_start = false;      // the input's first bytes (byte order mark)
  bool header_pending = false;  // --header and the input's header not taken yet
  uint64_t input_bytes = 0;     // input bytes it stands for (the progress bar)
};

// Where the rest of a regular file is cut: [begin, end) is chunk k's range,
// last the file's last chunk (read to the end, whatever the size was).
struct ChunkRange {
  uint64_t begin = 0, end = 0;
  bool at_row_start = false;  // begin is known to start a row
  bool last = false;
};

// Reads the rows that start in range (binary: the whole records) into
// *chunk; limit: the bytes a row may hold with its line ending. Throws
// CliError(kExitIo) on a read error.
void ReadChunkAt(const Input& input, const ChunkRange& range, bool binary, size_t limit,
                 ChunkBytes* chunk);

class ChunkReader {
 public:
  // chunk_bytes: the size a chunk is cut at (the next line end before it).
  ChunkReader(const ScanOptions& options, size_t chunk_bytes);

  // A new input; it must stay open while Next is called.
  void Start(Input& input);
  // Fills *chunk with the next piece; false (nothing taken) at the end.
  // Throws CliError(kExitIo) on a read error.
  bool Next(ChunkBytes* chunk);
  // After Next: the file offset where the next row starts, when the rest
  // can be cut by offset (no byte order mark or header to come, not at the
  // end).
  bool RowStartOffset(uint64_t* offset) const;
  size_t limit() const { return limit_; }
  size_t chunk_bytes() const { return chunk_bytes_; }
  bool binary() const { return binary_; }

 private:
  // Reads until chunk holds target bytes or the input ends.
  void Fill(ChunkBytes* chunk, size_t target);
  // Skips to the byte after the next line end (or the end of input).
  void SkipRow(ChunkBytes* chunk);
  // Whether the rows of data hold the --header row.
  bool TakesHeader(const char* data, size_t size) const;

  const bool binary_;
  const bool header_;
  const size_t limit_;  // bytes a row may hold with its line ending
  const size_t chunk_bytes_;
  Input* input_ = nullptr;
  bool eof_ = false;
  bool file_start_ = false;
  bool header_pending_ = false;
  uint64_t read_ = 0;        // the input's offset after the bytes read
  std::vector<char> carry_;  // bytes read after the last chunk's end
};

}  // namespace sortid::cli

#endif  // SORTID_CLI_SCAN_CHUNK_READER_H_
