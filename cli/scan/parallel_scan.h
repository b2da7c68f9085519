// --threads N: the scan of convert, validate and shard on N threads (the
// calling thread one of them). Each thread reads the next chunk of the
// inputs (ChunkReader: cut at row boundaries, in input order), scans and
// decodes it into the chunk's result, then hands every chunk whose turn has
// come to the ChunkConsumer, one thread at a time and in input order:
// outputs, messages and exit codes are those of one thread. Workers number
// a chunk's lines from 1; every message that names a line is worded by the
// consumer, which knows where the chunk starts. A fixed number of chunks per
// thread bounds the memory. Quoted CSV fields may hold line ends, so
// --field with --quote csv is scanned on one thread.
#ifndef SORTID_CLI_SCAN_PARALLEL_SCAN_H_
#define SORTID_CLI_SCAN_PARALLEL_SCAN_H_

#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cli/scan/chunk_reader.h"
#include "cli/scan/scan_types.h"
#include "cli/scan/scanner.h"

namespace sortid::cli {

// What a command's worker leaves in a chunk for the consumer.
struct ChunkResult {
  virtual ~ChunkResult() = default;
};

struct Chunk {
  ChunkBytes bytes;  // the reader's
  // Cut by offset: the worker reads range of input itself (ReadChunkAt).
  std::shared_ptr<const Input> input;
  ChunkRange range;
  const std::string* file = nullptr;
  uint32_t file_index = 0;   // 1-based position of the file in the input list
  std::exception_ptr error;  // reading failed here: thrown when its turn comes
  // The worker's.
  uint64_t lines = 0;              // lines (binary: records) the chunk holds
  std::vector<std::string> notes;  // for stderr, before the chunk's messages
  std::exception_ptr failure;
  std::unique_ptr<ChunkResult> result;
  bool done = false;
  size_t owner = 0;  // the worker whose chunk it is
};

// Thrown by a worker's sink to stop scanning its chunk (the run stops when
// the consumer reaches it).
struct ChunkStop {};

// One worker: its own Scanner (rows over --max-row-bytes are always bad rows
// here; the consumer turns them into the error they are with one thread)
// and the command's sink for each chunk.
class ChunkWorker {
 public:
  explicit ChunkWorker(const ScanOptions& options);
  virtual ~ChunkWorker() = default;

  // Scans chunk, catching what it throws into chunk.failure.
  void Scan(Chunk& chunk);

 protected:
  // The sink for chunk, its result made or reset in chunk.result.
  virtual Sink& Begin(Chunk& chunk) = 0;
  // After the scan (also when stopped).
  virtual void End(Chunk& /*chunk*/) {}
  const RowErrors& errors() const { return scanner_.errors(); }

 private:
  Scanner scanner_;
};

// Takes the chunks in input order, one call at a time (from any thread).
class ChunkConsumer {
 public:
  virtual ~ChunkConsumer() = default;
  // first_line: the line (binary: record) of the input the chunk's line 1 is.
  virtual void Consume(Chunk& chunk, uint64_t first_line) = 0;
};

// Whether the scan of options can be cut into chunks: not quoted CSV fields.
bool ChunkedScanApplies(const ScanOptions& options);

// The whole scan of files (none: standard input) on options.threads workers
// made by make_worker; rethrows the first error in input order.
void RunParallelScan(const ScanOptions& options, const std::vector<std::string>& files,
                     const std::function<std::unique_ptr<ChunkWorker>()>& make_worker,
                     ChunkConsumer& consumer);

}  // namespace sortid::cli

#endif  // SORTID_CLI_SCAN_PARALLEL_SCAN_H_
