#include "cli/commands/convert_sink.h"

#include <cstdio>
#include <cstring>

namespace sortid::cli {
namespace {

constexpr size_t kWarningsShown = 10;

// Writes the decimal digits of v; returns the count.
size_t WriteDecimal(int64_t v, char* out) {
  char digits[24];
  size_t n = 0;
  const bool negative = v < 0;
  auto u = negative ? uint64_t{0} - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  do {
    digits[n++] = static_cast<char>('0' + u % 10);
    u /= 10;
  } while (u != 0);
  size_t k = 0;
  if (negative) out[k++] = '-';
  for (size_t i = 0; i < n; ++i) out[k++] = digits[n - 1 - i];
  return k;
}

}  // namespace

ConvertSink::ConvertSink(const RowErrors& errors, Output& out, Rejects& rejects,
                         const ConvertOptions& options)
    : errors_(errors), out_(out), rejects_(rejects), options_(options) {
  const IdFormat to = options.to;
  binary_in_ = options.scan.format == IdFormat::kBin;
  in_format_ = options.scan.format == IdFormat::kMs || options.scan.format == IdFormat::kIso8601
                   ? options.scan.time_layout
                   : LibraryFormat(options.scan.format);
  text_out_ = to != IdFormat::kBin && to != IdFormat::kMs && to != IdFormat::kIso8601;
  out_format_ = LibraryFormat(to);
  out_text_.prefix = options_.out_prefix;
  out_text_.type_id = to == IdFormat::kTypeId;
  if (options.lower) out_text_.letter_case = sortid::LetterCase::kLower;
  if (text_out_) {
    if (sortid::check_options(out_format_, out_text_) != sortid::Error::kOk) {
      if (to == IdFormat::kTypeId) {
        throw CliError(kExitUsage, "--out-prefix: " + TypeNameProblem(options.out_prefix));
      }
      throw CliError(kExitUsage, "--out-prefix '" + options.out_prefix +
                                     "' is not usable with --to " + IdFormatName(to));
    }
    out_len_ = sortid::item_length(out_format_, out_text_);
  } else if (to == IdFormat::kBin) {
    out_len_ = 16;
  } else if (to == IdFormat::kIso8601) {
    out_len_ = sortid::kIso8601MaxLength;
  } else {
    out_len_ = 20;  // at most, for ms
  }
  scratch_.resize(kBatchRows * (out_len_ + 2));
  encoded_.resize(kBatchRows / 8);
  ms_.resize(kBatchRows);
}

void ConvertSink::NoteLineEnd(uint32_t file_index, uint8_t eol_len) {
  if (file_index != eol_file_) eol_file_ = file_index, eol_ = 1;
  if (eol_len != 0) eol_ = eol_len, eol_seen_ = true;
}

void ConvertSink::OnHeader(const std::string&, std::string_view row) {
  if (chunk_ != nullptr) {  // written by the writing sink (TakeChunk)
    chunk_->has_header = true;
    chunk_->header = row;
    return;
  }
  // One header for the whole output: the first input's.
  if (header_written_) return;
  header_written_ = true;
  out_.Append(row.data(), row.size());
  if (row.empty() || row.back() != '\n') out_.Put('\n');
}

void ConvertSink::OnBatch(const Batch& batch) {
  rows_ += batch.count;
  if (batch.rows == nullptr) NoteLineEnd(batch.file_index, batch.eol_len);
  if (batch.rows == nullptr && batch.invalid == 0 && WriteFixed(batch)) {
    out_.MaybeFlush();
    return;
  }
  WriteRows(batch);
  out_.MaybeFlush();
}

void ConvertSink::Report() const {
  if (options_.on_error == OnError::kFail) return;
  const char* what = options_.on_error == OnError::kSkip   ? "skipped"
                     : options_.on_error == OnError::kKeep ? "kept as they were"
                                                           : "written with the field empty";
  std::string line = "sortid convert: " + std::to_string(rows_) + " rows, " +
                     std::to_string(rows_ - bad_) + " converted, " + std::to_string(bad_) +
                     " invalid " + what;
  if (rejects_.enabled()) line += " (listed in " + options_.rejects + ")";
  if (unchanged_ != 0) {
    line += "; " + std::to_string(unchanged_) + " of them " + (unchanged_ == 1 ? "has" : "have") +
            " no field " + std::to_string(options_.scan.field) + " and " +
            (unchanged_ == 1 ? "is" : "are") + " written unchanged";
  }
  if (forced_skips_ != 0) {
    line += "; " + std::to_string(forced_skips_) + " of them " +
            (forced_skips_ == 1 ? "was" : "were") +
            " skipped all the same (over --max-row-bytes, or a short binary record)";
  }
  std::fprintf(stderr, "%s\n", line.c_str());
}

// The whole batch at the fixed stride straight into the output buffer.
// Returns false (nothing written) when an ID cannot be encoded.
bool ConvertSink::WriteFixed(const Batch& batch) {
  const size_t n = batch.count;
  const uint8_t eol = binary_in_ ? (options_.to == IdFormat::kBin ? 0 : 1)
                                 : (options_.to == IdFormat::kBin ? 0 : batch.eol_len);
  if (text_out_) {
    const size_t stride = out_len_ + eol;
    char* dst = out_.Reserve(n * stride);
    sortid::TextOptions text = out_text_;
    if (eol != 0) text.terminator = eol == 1 ? '\n' : '\r';
    const sortid::Result status =
        sortid::encode(out_format_, batch.ids, n, dst, stride, encoded_.data(), text);
    if (!status.ok() || status.count != 0) return false;
    if (eol == 2) {
      for (size_t i = 0; i < n; ++i) dst[i * stride + out_len_ + 1] = '\n';
    }
    out_.Commit(n * stride);
    return true;
  }
  if (options_.to == IdFormat::kBin) {
    out_.Append(reinterpret_cast<const char*>(batch.ids), 16 * n);
    return true;
  }
  (void)sortid::timestamps_ms(in_format_, batch.ids, n, ms_.data());
  const char* eol_bytes = eol == 2 ? "\r\n" : "\n";
  char* dst = out_.Reserve(n * (out_len_ + eol));
  size_t used = 0;
  for (size_t i = 0; i < n; ++i) {
    if (options_.to == IdFormat::kMs) {
      used += WriteDecimal(ms_[i], dst + used);
    } else {
      const size_t length = sortid::format_iso8601(ms_[i], dst + used, out_len_);
      if (length == 0) return false;  // out of range: row by row, as an error
      used += length;
    }
    std::memcpy(dst + used, eol_bytes, eol);
    used += eol;
  }
  out_.Commit(used);
  return true;
}

// Row by row: explicit rows (field mode, rows that failed the fixed path)
// or a fixed batch with an ID that cannot be encoded.
void ConvertSink::WriteRows(const Batch& batch) {
  const size_t n = batch.count;
  if (text_out_) {
    (void)sortid::encode(out_format_, batch.ids, n, scratch_.data(), out_len_, encoded_.data(),
                         out_text_);
  } else if (options_.to != IdFormat::kBin) {
    (void)sortid::timestamps_ms(in_format_, batch.ids, n, ms_.data());
  }
  for (size_t i = 0; i < n; ++i) {
    const Row row = batch.row(i);
    if (batch.rows != nullptr) NoteLineEnd(batch.file_index, row.eol_len);
    const bool decoded = batch.valid(i);
    char iso[sortid::kIso8601MaxLength];
    const bool encoded = text_out_ ? ((encoded_[i / 8] >> (i % 8)) & 1) != 0
                         : options_.to == IdFormat::kIso8601
                             ? sortid::format_iso8601(ms_[i], iso, sizeof(iso)) != 0
                             : true;
    if (decoded && encoded) {
      WriteRow(row, [&](char* dst) { return Converted(batch, i, dst); });
    } else {
      Bad(batch, row, decoded);
    }
  }
}

size_t ConvertSink::Converted(const Batch& batch, size_t i, char* dst) const {
  switch (options_.to) {
    case IdFormat::kBin:
      std::memcpy(dst, batch.ids + 16 * i, 16);
      return 16;
    case IdFormat::kMs:
      return WriteDecimal(ms_[i], dst);
    case IdFormat::kIso8601:
      return sortid::format_iso8601(ms_[i], dst, out_len_);
    default:
      CopyShort(dst, &scratch_[i * out_len_], out_len_);
      return out_len_;
  }
}

// Row with its field replaced by what fill() writes (at most out_len_ bytes).
template <typename Fill>
void ConvertSink::WriteRow(const Row& row, Fill fill) {
  if (binary_in_ || options_.to == IdFormat::kBin) {  // no surrounding text to keep
    char* dst = out_.Reserve(out_len_ + 1);
    size_t used = fill(dst);
    if (options_.to != IdFormat::kBin) dst[used++] = '\n';
    out_.Commit(used);
    return;
  }
  const size_t after = row.field_off + row.field_len;
  char* dst = out_.Reserve(row.row_len - row.field_len + out_len_);
  CopyShort(dst, row.begin, row.field_off);
  size_t used = row.field_off;
  used += fill(dst + used);
  CopyShort(dst + used, row.begin + after, row.row_len - after);
  used += row.row_len - after;
  out_.Commit(used);
  // A last line without a line ending gets the file's own (CRLF or LF).
  if (row.eol_len == 0) PutLineEnd();
}

void ConvertSink::Bad(const Batch& batch, const Row& row, bool decoded) {
  if (chunk_ != nullptr) {  // a worker's: worded by TakeChunk, in input order
    chunk_->bad.push_back({row, decoded});
    if (options_.on_error == OnError::kFail) throw ChunkStop();  // TakeChunk stops there
    BadOutput(row);
    return;
  }
  const std::string message = BadMessage(*batch.file, row, decoded);
  BadOutput(row);
  Warn(message);
}

std::string ConvertSink::BadMessage(const std::string& file, const Row& row, bool decoded) {
  ++bad_;
  const std::string message = decoded
                                  ? errors_.Where(file, row, 0) + ": value out of range for --to " +
                                        IdFormatName(options_.to)
                                  : errors_.Describe(file, row);
  if (options_.on_error == OnError::kFail) throw CliError(kExitBadData, message);
  // A too-long row's bytes are gone, and a short binary record has no ID to
  // keep or empty: unless the run stops, both are skipped (to the rejects).
  if (options_.on_error == OnError::kSkip || (row.flags & (Row::kTooLong | Row::kPartialRecord))) {
    rejects_.Add(
        message,
        (row.flags & Row::kTooLong) ? std::string_view{} : std::string_view{row.begin, row.row_len},
        binary_in_);
  }
  return message;
}

void ConvertSink::BadOutput(const Row& row) {
  if (row.flags & (Row::kTooLong | Row::kPartialRecord)) {
    if (options_.on_error != OnError::kSkip) ++forced_skips_;
    return;
  }
  switch (options_.on_error) {
    case OnError::kKeep:
      out_.Append(row.begin, row.row_len);
      if (row.eol_len == 0) PutLineEnd();
      break;
    case OnError::kNull:
      if (row.flags & Row::kMissingField) ++unchanged_;
      WriteRow(row, [&](char*) { return size_t{0}; });
      break;
    default:
      break;
  }
}

void ConvertSink::Warn(const std::string& message) const {
  if (bad_ > kWarningsShown) return;
  Progress::ClearLine();
  std::fprintf(stderr, "sortid convert: %s\n", message.c_str());
  if (bad_ == kWarningsShown) {
    std::fprintf(stderr, "sortid convert: (further invalid rows not listed)\n");
  }
}

void ConvertSink::BeginChunk(ConvertChunk* chunk, uint32_t file_index) {
  chunk_ = chunk;
  chunk->bad.clear();
  chunk->has_header = false;
  chunk->inherited_line_end = false;
  eol_file_ = file_index;
  eol_ = 1;
  eol_seen_ = false;
  rows_ = unchanged_ = forced_skips_ = 0;
}

void ConvertSink::EndChunk() {
  chunk_->rows = rows_;
  chunk_->unchanged = unchanged_;
  chunk_->forced_skips = forced_skips_;
  chunk_->last_eol = eol_seen_ ? eol_ : 0;
  out_.TakeBytes(&chunk_->bytes, &chunk_->size);
}

void ConvertSink::TakeChunk(const std::string& file, uint32_t file_index, ConvertChunk& chunk,
                            uint64_t first_line) {
  if (chunk.has_header) OnHeader(file, chunk.header);
  if (file_index != eol_file_) eol_file_ = file_index, eol_ = 1;
  rows_ += chunk.rows;
  unchanged_ += chunk.unchanged;
  forced_skips_ += chunk.forced_skips;
  // The last line of an input without a line ending gets the input's own,
  // which may have been seen in an earlier chunk only.
  const bool crlf = chunk.inherited_line_end && eol_ == 2;
  const size_t n = crlf ? chunk.size - 1 : chunk.size;
  if (n >= Output::kDefaultFlushBytes) {
    out_.WriteDirect(chunk.bytes.data(), n);
  } else {
    out_.Append(chunk.bytes.data(), n);
  }
  if (crlf) out_.Append("\r\n", 2);
  out_.MaybeFlush();
  if (chunk.last_eol != 0) eol_ = chunk.last_eol;
  for (ConvertChunk::BadRow& bad : chunk.bad) {
    bad.row.line += first_line - 1;
    // With one thread such a row ends the run before it reaches the sink.
    if (!options_.scan.long_rows_are_bad && (bad.row.flags & Row::kTooLong)) {
      throw CliError(kExitBadData, TooLongError(file, bad.row.line, options_.scan.max_row_bytes));
    }
    Warn(BadMessage(file, bad.row, bad.decoded));
  }
}

}  // namespace sortid::cli
