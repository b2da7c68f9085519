#include "cli/scanner.h"

#include <algorithm>

namespace sortid::cli {

Scanner::Scanner(const ScanOptions& options)
    : options_(options),
      decoder_(options),
      errors_(decoder_),
      batcher_(decoder_),
      lines_(decoder_) {}

void Scanner::Run(const std::vector<std::string>& files, Sink& sink) {
  std::vector<std::string> names = files;
  if (names.empty()) names.push_back("-");
  uint64_t done = 0;
  Progress progress(options_.progress, TotalSize(names));
  for (size_t f = 0; f < names.size(); ++f) {
    Input input(names[f]);
    position_ = ScanPosition{&input.name(), static_cast<uint32_t>(f + 1), 1, options_.header};
    lines_.Reset();
    const size_t leftover =
        reader_.Run(input, &done, progress,
                    [&](const char* d, size_t n, bool eof) { return Process(d, n, eof, sink); });
    if (leftover != 0) {  // only binary input leaves bytes behind at the end
      throw CliError(kExitBadData,
                     input.name() + ": " + std::to_string(leftover) + " trailing byte" +
                         (leftover == 1 ? "" : "s") + " after " +
                         std::to_string(position_.line - 1) +
                         " complete 16-byte records (binary input must be a multiple of 16 "
                         "bytes)");
    }
  }
  progress.Finish();
}

size_t Scanner::Process(const char* data, size_t size, bool at_eof, Sink& sink) {
  size_t used;
  if (options_.format == IdFormat::kBin) {
    used = ProcessBinary(data, size, sink);
  } else if (options_.field != 0) {
    used = ProcessFields(data, size, at_eof, sink);
  } else {
    used = lines_.Scan(data, size, at_eof, position_, batcher_, sink);
  }
  batcher_.Flush(position_, sink);  // rows point into the block: deliver them before it moves
  if (!at_eof && used == 0 && size >= BlockReader::kBlockBytes) {
    throw CliError(kExitBadData, *position_.file + ":" + std::to_string(position_.line) +
                                     ": row longer than " +
                                     std::to_string(BlockReader::kBlockBytes >> 20) + " MiB");
  }
  return used;
}

size_t Scanner::ProcessFields(const char* data, size_t size, bool at_eof, Sink& sink) {
  size_t pos = 0;
  while (pos < size) {
    Row row;
    if (!SplitCsvRow(data + pos, data + size, at_eof, options_.field, options_.delimiter, &row)) {
      break;
    }
    row.begin = data + pos;
    if (position_.header_pending) {
      sink.OnHeader(*position_.file, {data + pos, row.row_len});
      position_.line += row.newlines;
      position_.header_pending = false;
    } else {
      batcher_.Add(row, row.newlines, position_, sink);
    }
    pos += row.row_len;
  }
  return pos;
}

size_t Scanner::ProcessBinary(const char* data, size_t size, Sink& sink) {
  const size_t records = size / 16;
  for (size_t i = 0; i < records; i += kBatchRows) {
    const char* base = data + 16 * i;
    batcher_.DeliverFixed(base, 16, 0, reinterpret_cast<const uint8_t*>(base),
                          std::min(kBatchRows, records - i), position_, sink);
  }
  return records * 16;
}

}  // namespace sortid::cli
