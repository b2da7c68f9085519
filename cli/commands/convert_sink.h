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

class ConvertSink : public Sink {
 public:
  // Throws CliError(kExitUsage) when the output options cannot be used.
  ConvertSink(const RowErrors& errors, Output& out, Rejects& rejects,
              const ConvertOptions& options);

  void OnHeader(const std::string& file, std::string_view row) override;
  void OnBatch(const Batch& batch) override;
  // The counts on stderr (policies other than fail).
  void Report() const;

 private:
  bool WriteFixed(const Batch& batch);
  void WriteRows(const Batch& batch);
  size_t Converted(const Batch& batch, size_t i, char* dst) const;
  template <typename Fill>
  void WriteRow(const Row& row, Fill fill);
  void Bad(const Batch& batch, const Row& row, bool decoded);
  void PutLineEnd() {
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
};

}  // namespace sortid::cli

#endif  // SORTID_CLI_COMMANDS_CONVERT_SINK_H_
