#include "cli/scan/scanner.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace sortid::cli {

Scanner::Scanner(const ScanOptions& options)
    : options_(options),
      decoder_(options),
      errors_(decoder_),
      batcher_(decoder_),
      lines_(decoder_),
      // Room for the longest row and its line ending ("\r\n").
      reader_(options.max_row_bytes + 2) {}

void Scanner::Run(const std::vector<std::string>& files, Sink& sink) {
  std::vector<std::string> names = files;
  if (names.empty()) names.push_back("-");
  uint64_t done = 0;
  Progress progress(options_.progress, TotalSize(names));
  for (size_t f = 0; f < names.size(); ++f) {
    Input input(names[f]);
    position_ = ScanPosition{&input.name(), static_cast<uint32_t>(f + 1), 1, options_.header};
    lines_.Reset();
    at_input_start_ = options_.format != IdFormat::kBin;
    skipping_ = false;
    (void)reader_.Run(input, &done, progress,
                      [&](const char* d, size_t n, bool eof) { return Process(d, n, eof, sink); });
  }
  progress.Finish();
}

uint64_t Scanner::ScanChunk(const ChunkView& chunk, Sink& sink, std::vector<std::string>* notes) {
  position_ = ScanPosition{chunk.file, chunk.file_index, 1, chunk.header_pending};
  lines_.Reset();
  batcher_.Clear();
  batcher_.set_chunked(true);
  skipping_ = false;
  notes_ = notes;
  at_input_start_ = chunk.file_start && options_.format != IdFormat::kBin;
  if (chunk.size > 0 || chunk.tail == 0) (void)Process(chunk.data, chunk.size, true, sink);
  if (chunk.tail != 0) {
    // The reader found no line end within the limit: the row's first bytes
    // stand for it, as TooLong makes them with one thread.
    Row row;
    row.begin = chunk.data + chunk.size;
    row.row_len = static_cast<uint32_t>(chunk.tail);
    row.flags = Row::kTooLong;
    if (at_input_start_) (void)StartOfInput(row.begin, row.row_len);
    batcher_.Add(row, 1, position_, sink);
    batcher_.Flush(position_, sink);
  }
  notes_ = nullptr;
  return position_.line - 1;
}

void Scanner::Note(const std::string& message) const {
  const std::string line = "sortid " + options_.command + ": " + message;
  if (notes_ != nullptr) {
    notes_->push_back(line);
    return;
  }
  Progress::ClearLine();
  std::fprintf(stderr, "%s\n", line.c_str());
}

size_t Scanner::StartOfInput(const char* data, size_t size) {
  static constexpr char kBom[] = "\xEF\xBB\xBF";
  at_input_start_ = false;
  size_t used = 0;
  const bool utf16 = size >= 2 && ((data[0] == '\xFF' && data[1] == '\xFE') ||
                                   (data[0] == '\xFE' && data[1] == '\xFF'));
  if (utf16) {  // every row would fail with a puzzling length: say why
    Note(*position_.file + ": starts with " + (data[0] == '\xFF' ? "FF FE" : "FE FF") +
         ", a UTF-16 byte order mark: sortid reads UTF-8 or ASCII (convert it first: iconv -f "
         "UTF-16 -t UTF-8)");
  }
  if (size >= 3 && std::memcmp(data, kBom, 3) == 0) {
    Note(*position_.file + ": skipped the UTF-8 byte order mark (EF BB BF) at the start");
    used = 3;
  }
  return used;
}

size_t Scanner::Process(const char* data, size_t size, bool at_eof, Sink& sink) {
  size_t used = 0;
  if (at_input_start_) {
    static constexpr char kBom[] = "\xEF\xBB\xBF";
    const size_t n = std::min<size_t>(size, 3);
    if (std::memcmp(data, kBom, n) == 0 && n < 3 && !at_eof) return 0;  // undecided
    used = StartOfInput(data, size);
  }
  if (skipping_) {
    used += SkipRest(data + used, size - used, at_eof);
    if (skipping_) return used;
  }
  used += ProcessRows(data + used, size - used, at_eof, sink);
  batcher_.Flush(position_, sink);  // rows point into the block: deliver them before it moves
  if (!at_eof && used == 0 && size >= reader_.block_bytes()) used = TooLong(data, size, sink);
  return used;
}

size_t Scanner::ProcessRows(const char* data, size_t size, bool at_eof, Sink& sink) {
  if (options_.format == IdFormat::kBin) return ProcessBinary(data, size, at_eof, sink);
  if (options_.field != 0) return ProcessFields(data, size, at_eof, sink);
  return lines_.Scan(data, size, at_eof, position_, batcher_, sink);
}

size_t Scanner::TooLong(const char* data, size_t size, Sink& sink) {
  if (options_.field != 0 && options_.quoting) {
    // The row has not ended where its first line does: that line break is in
    // a quoted field that does not close within the limit. The row is the
    // line the quote opened on, a bad row; the next row starts after it.
    const char* nl = static_cast<const char*>(std::memchr(data, '\n', size));
    if (nl != nullptr) {
      Row row;
      SplitCsvRow(data, nl + 1, true, options_.field, options_.delimiter, true, &row);
      row.begin = data;
      row.flags = static_cast<uint8_t>(row.flags | Row::kUnterminatedQuote | Row::kQuoteOverLimit);
      if (!(row.flags & Row::kQuoteCut)) CutAtQuoteLine(data, row.problem_off, &row);
      batcher_.Add(row, row.newlines, position_, sink);
      batcher_.Flush(position_, sink);
      return row.row_len;
    }
  }
  if (!options_.long_rows_are_bad) {
    throw CliError(kExitBadData,
                   TooLongError(*position_.file, position_.line, options_.max_row_bytes));
  }
  Row row;
  row.begin = data;
  row.row_len = static_cast<uint32_t>(std::min<size_t>(size, 64));  // the start, for messages
  row.flags = Row::kTooLong;
  const uint64_t line = position_.line;
  skipping_ = true;
  const size_t used = SkipRest(data, size, false);
  row.line = line;
  const uint64_t after = position_.line;
  position_.line = line;
  batcher_.Add(row, 0, position_, sink);
  batcher_.Flush(position_, sink);
  position_.line = after;
  return used;
}

size_t Scanner::SkipRest(const char* data, size_t size, bool at_eof) {
  // The row's first line is over the limit: skipped to its end, quotes or not
  // (a quote in it cannot take the lines after it).
  const char* nl = static_cast<const char*>(std::memchr(data, '\n', size));
  if (nl != nullptr) {
    ++position_.line;
    skipping_ = false;
    return static_cast<size_t>(nl - data) + 1;
  }
  if (at_eof) skipping_ = false;
  return size;
}

size_t Scanner::ProcessFields(const char* data, size_t size, bool at_eof, Sink& sink) {
  size_t pos = 0;
  while (pos < size) {
    Row& row = batcher_.NextSlot();
    if (!SplitCsvRow(data + pos, data + size, at_eof, options_.field, options_.delimiter,
                     options_.quoting, &row)) {
      break;
    }
    row.begin = data + pos;
    const size_t row_len = row.row_len;
    if (position_.header_pending && !batcher_.WouldNotFit(row)) {
      sink.OnHeader(*position_.file, {data + pos, row.row_len});
      position_.line += row.newlines;
      position_.header_pending = false;
    } else {
      batcher_.Queue(row.newlines, position_, sink);  // may flush: row is then reused
    }
    pos += row_len;
  }
  return pos;
}

size_t Scanner::ProcessBinary(const char* data, size_t size, bool at_eof, Sink& sink) {
  const size_t records = size / 16;
  for (size_t i = 0; i < records; i += kBatchRows) {
    const char* base = data + 16 * i;
    batcher_.DeliverFixed(base, 16, 0, reinterpret_cast<const uint8_t*>(base),
                          std::min(kBatchRows, records - i), position_, sink);
  }
  if (at_eof && size % 16 != 0) {  // a short last record: an invalid row, for the rejects
    Row row;
    row.begin = data + records * 16;
    row.row_len = row.field_len = static_cast<uint32_t>(size % 16);
    row.flags = Row::kPartialRecord;
    batcher_.Add(row, 1, position_, sink);
    return size;
  }
  return records * 16;
}

}  // namespace sortid::cli
