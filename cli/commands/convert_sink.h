// The output side of sortid convert: each decoded batch written in the
// target format, the fixed-stride batches straight into the output buffer,
// other rows one by one with every byte around the ID copied as it was;
// invalid rows handled by the --on-error policy (and --rejects).
#ifndef SORTID_CLI_COMMANDS_CONVERT_SINK_H_
#define SORTID_CLI_COMMANDS_CONVERT_SINK_H_

#include <cstdint>
#include <string>
#include <vector>

#include "cli/io.h"
#include "cli/scan/parallel_scan.h"
#include "cli/scan/rejects.h"
#include "cli/scan/row_errors.h"
#include "cli/scan/scan_args.h"
#include "cli/scan/scan_types.h"

namespace sortid::cli {

struct ConvertOptions {
  ScanOptions scan;
  IdFormat to = IdFormat::kUuid;
  std::string out_prefix;  // --out-prefix (TypeID type name with --to typeid)
  bool lower = false;
  OnError on_error = OnError::kFail;
  std::string rejects;        // --rejects FILE
  bool force_binary = false;  // --to bin even to a terminal
  std::vector<std::string> files;
};

// What a worker's ConvertSink leaves for the writing sink (--threads).
struct ConvertChunk : ChunkResult {
  std::vector<char> bytes;  // the chunk's output: the first size bytes
  size_t size = 0;
  struct BadRow {
    Row row;  // its line counted from the chunk's first
    bool decoded;
  };
  std::vector<BadRow> bad;  // in input order (--on-error fail: the chunk stops at the first)
  bool has_header = false;
  std::string_view header;
  bool inherited_line_end = false;  // ends with "\n" standing for the input's line ending
  uint8_t last_eol = 0;             // the line ending last seen (0: none)
  uint64_t rows = 0, unchanged = 0, forced_skips = 0;
};

class ConvertSink : public Sink {
 public:
  // Throws CliError(kExitUsage) when the output options cannot be used.
  ConvertSink(const RowErrors& errors, Output& out, Rejects& rejects,
              const ConvertOptions& options);

  void OnHeader(const std::string& file, std::string_view row) override;
  void OnBatch(const Batch& batch) override;
  // The counts on stderr (policies other than fail).
  void Report() const;

  // --threads. A worker's sink (out in memory) scans one chunk into *chunk:
  // bad rows are only recorded, for TakeChunk to word.
  void BeginChunk(ConvertChunk* chunk, uint32_t file_index);
  void EndChunk();
  // The writing sink, in input order: the chunk's output, then its
  // bad rows' messages (first_line: the input line of the chunk's first).
  void TakeChunk(const std::string& file, uint32_t file_index, ConvertChunk& chunk,
                 uint64_t first_line);

 private:
  bool WriteFixed(const Batch& batch);
  void WriteRows(const Batch& batch);
  size_t Converted(const Batch& batch, size_t i, char* dst) const;
  template <typename Fill>
  void WriteRow(const Row& row, Fill fill);
  void Bad(const Batch& batch, const Row& row, bool decoded);
  // A bad row's message and its --rejects entry; throws under --on-error fail.
  std::string BadMessage(const std::string& file, const Row& row, bool decoded);
  // The output the --on-error policy leaves for a bad row.
  void BadOutput(const Row& row);
  // The message on stderr (the first few).
  void Warn(const std::string& message) const;
  void PutLineEnd() {
    if (chunk_ != nullptr && !eol_seen_) chunk_->inherited_line_end = true;
    if (eol_ == 2) out_.Put('\r');
    out_.Put('\n');
  }
  void NoteLineEnd(uint32_t file_index, uint8_t eol_len);

  const RowErrors& errors_;
  Output& out_;
  Rejects& rejects_;
  const ConvertOptions& options_;
  bool binary_in_ = false;
  bool text_out_ = false;
  sortid::Format in_format_{};
  sortid::Format out_format_{};
  sortid::TextOptions out_text_;
  size_t out_len_ = 0;
  std::vector<char> scratch_;
  std::vector<uint8_t> encoded_;
  std::vector<int64_t> ms_;
  uint64_t rows_ = 0, bad_ = 0, unchanged_ = 0;
  uint64_t forced_skips_ = 0;  // under keep / null: rows skipped all the same
  bool header_written_ = false;
  uint32_t eol_file_ = 0;  // the file whose line ending eol_ is
  uint8_t eol_ = 1;        // 1 "\n", 2 "\r\n": given to a last line without one
  bool eol_seen_ = false;  // eol_ is the input's (else the default, in a chunk)
  ConvertChunk* chunk_ = nullptr;
};

}  // namespace sortid::cli

#endif  // SORTID_CLI_COMMANDS_CONVERT_SINK_H_
