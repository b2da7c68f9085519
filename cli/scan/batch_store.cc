#include "cli/scan/batch_store.h"

#include <algorithm>
#include <cstring>

#include "cli/scan/row_batcher.h"
#include "cli/scan/row_errors.h"

namespace sortid::cli {
namespace {

// One batch as kept: offsets into the chunk's arrays.
struct StoredBatch {
  size_t count = 0, invalid = 0;
  size_t ids_at = 0;       // into ids (16 bytes a row), when kept
  size_t validity_at = 0;  // into validity; SIZE_MAX: all valid
  size_t rows_at = 0;      // into rows; SIZE_MAX: fixed layout
  const char* base = nullptr;
  size_t stride = 0;
  uint8_t eol_len = 0;
  uint64_t first_line = 0;
};

struct StoredChunk : ChunkResult {
  std::vector<StoredBatch> batches;
  std::vector<uint8_t> ids, validity;
  std::vector<Row> rows;
  bool has_header = false;
  std::string_view header;

  void Reset() {
    batches.clear();
    ids.clear();
    validity.clear();
    rows.clear();
    has_header = false;
  }
};

class StoreSink : public Sink {
 public:
  explicit StoreSink(bool keep_ids) : keep_ids_(keep_ids) {}
  void Begin(StoredChunk* chunk) { chunk_ = chunk; }

  void OnHeader(const std::string&, std::string_view row) override {
    chunk_->has_header = true;
    chunk_->header = row;
  }

  void OnBatch(const Batch& batch) override {
    StoredChunk& c = *chunk_;
    StoredBatch b;
    b.count = batch.count;
    b.invalid = batch.invalid;
    const bool look = keep_ids_ || batch.invalid != 0;
    if (keep_ids_) {
      b.ids_at = c.ids.size();
      c.ids.insert(c.ids.end(), batch.ids, batch.ids + 16 * batch.count);
    }
    b.validity_at = SIZE_MAX;
    if (batch.invalid != 0) {
      b.validity_at = c.validity.size();
      c.validity.insert(c.validity.end(), batch.validity, batch.validity + (batch.count + 7) / 8);
    }
    b.rows_at = SIZE_MAX;
    if (batch.rows != nullptr && look) {
      b.rows_at = c.rows.size();
      c.rows.insert(c.rows.end(), batch.rows, batch.rows + batch.count);
    }
    b.base = batch.base;
    b.stride = batch.stride;
    b.eol_len = batch.eol_len;
    b.first_line = batch.first_line;
    c.batches.push_back(b);
  }

 private:
  const bool keep_ids_;
  StoredChunk* chunk_ = nullptr;
};

class StoreWorker : public ChunkWorker {
 public:
  StoreWorker(const ScanOptions& options, bool keep_ids) : ChunkWorker(options), sink_(keep_ids) {}

 protected:
  Sink& Begin(Chunk& chunk) override {
    if (!chunk.result) chunk.result = std::make_unique<StoredChunk>();
    auto* stored = static_cast<StoredChunk*>(chunk.result.get());
    stored->Reset();
    sink_.Begin(stored);
    return sink_;
  }

 private:
  StoreSink sink_;
};

// Hands the kept batches to the command's sink, lines renumbered.
class Replay : public ChunkConsumer {
 public:
  Replay(const ScanOptions& options, bool keep_ids, Sink& sink)
      : options_(options), keep_ids_(keep_ids), sink_(sink) {}

  void Consume(Chunk& chunk, uint64_t first_line) override {
    auto& c = static_cast<StoredChunk&>(*chunk.result);
    if (c.has_header) sink_.OnHeader(*chunk.file, c.header);
    const uint64_t shift = first_line - 1;
    for (const StoredBatch& b : c.batches) {
      Batch batch;
      batch.file = chunk.file;
      batch.file_index = chunk.file_index;
      batch.count = b.count;
      batch.invalid = b.invalid;
      batch.ids = keep_ids_ ? c.ids.data() + b.ids_at : nullptr;
      batch.validity = b.validity_at == SIZE_MAX ? AllValid() : c.validity.data() + b.validity_at;
      if (b.rows_at == SIZE_MAX) {
        batch.base = b.base;
        batch.stride = b.stride;
        batch.eol_len = b.eol_len;
        batch.first_line = b.first_line + shift;  // (rows not kept: none is looked at)
      } else {
        Row* rows = c.rows.data() + b.rows_at;
        for (size_t i = 0; i < b.count; ++i) rows[i].line += shift;
        batch.rows = rows;
        // A row over the limit ends the run with one thread unless long rows
        // are bad rows: the rows before it are delivered, then the error.
        if (!options_.long_rows_are_bad) {
          for (size_t i = 0; i < b.count; ++i) {
            if (!(rows[i].flags & Row::kTooLong)) continue;
            batch.count = i;
            batch.invalid = 0;
            for (size_t k = 0; k < i; ++k) batch.invalid += !batch.valid(k);
            if (i != 0) sink_.OnBatch(batch);
            throw CliError(kExitBadData,
                           TooLongError(*chunk.file, rows[i].line, options_.max_row_bytes));
          }
        }
      }
      sink_.OnBatch(batch);
    }
  }

 private:
  const ScanOptions& options_;
  const bool keep_ids_;
  Sink& sink_;
};

}  // namespace

void RunStoredScan(const ScanOptions& options, const std::vector<std::string>& files, bool keep_ids,
                   Sink& sink) {
  Replay replay(options, keep_ids, sink);
  RunParallelScan(
      options, files, [&] { return std::make_unique<StoreWorker>(options, keep_ids); }, replay);
}

}  // namespace sortid::cli
