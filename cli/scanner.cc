#include "cli/scanner.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>

namespace sortid::cli {
namespace {

// A validity bitmap with every bit set, for batches that are all valid.
constexpr size_t kAllValidBytes = Scanner::kBatch / 8;
const uint8_t* AllValid() {
  static const auto* bits = [] {
    auto* b = new uint8_t[kAllValidBytes];
    std::memset(b, 0xFF, kAllValidBytes);
    return b;
  }();
  return bits;
}

size_t CountNewlines(const char* p, const char* end) {
  size_t n = 0;
  while ((p = static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(end - p))))) {
    ++n, ++p;
  }
  return n;
}

// Index of the first clear bit at or after i in the first n bits.
size_t FirstInvalid(const uint8_t* bits, size_t i, size_t n) {
  while (i < n) {
    if (i % 64 == 0 && i + 64 <= n) {
      uint64_t word;
      std::memcpy(&word, bits + i / 8, 8);
      if (word == ~uint64_t{0}) {
        i += 64;
        continue;
      }
      return i + static_cast<size_t>(std::countr_one(word));
    }
    if (!((bits[i / 8] >> (i % 8)) & 1)) return i;
    ++i;
  }
  return n;
}

// First delimiter or '\n' in [p, end), or end; 8 bytes at a time (the lowest
// zero byte of x ^ pattern is found exactly by the classic borrow trick).
const char* FindFieldEnd(const char* p, const char* end, char delimiter) {
  constexpr uint64_t kOnes = 0x0101010101010101u, kHigh = 0x8080808080808080u;
  const uint64_t delimiters = kOnes * static_cast<uint8_t>(delimiter);
  const uint64_t newlines = kOnes * static_cast<uint8_t>('\n');
  for (; end - p >= 8; p += 8) {
    uint64_t x;
    std::memcpy(&x, p, 8);
    const uint64_t a = x ^ delimiters, b = x ^ newlines;
    const uint64_t hits = ((a - kOnes) & ~a & kHigh) | ((b - kOnes) & ~b & kHigh);
    if (hits != 0) return p + (std::countr_zero(hits) >> 3);
  }
  while (p < end && *p != delimiter && *p != '\n') ++p;
  return p;
}

// Scans one CSV/TSV row (RFC 4180: a field that starts with '"' is quoted,
// "" inside it is a quote, and delimiters and line breaks inside it belong to
// it; a quote elsewhere is an ordinary byte). Returns false when the row is
// not complete before end and more input may follow. Fields before the ID are
// walked byte by byte; after it, the scan jumps from delimiter to delimiter
// with memchr and only looks for a quote at the start of each field.
bool ScanCsvRow(const char* data, const char* end, bool at_eof, size_t field, char delimiter,
                Row* row, size_t* newlines) {
  const char* p = data;
  size_t field_no = 1;
  size_t nls = 0;
  bool found = false;
  row->flags = 0;
  row->begin = data;
  // Skips a quoted field body starting after its opening quote; returns the
  // closing quote, or nullptr (unterminated) / end (more input needed).
  const auto closing_quote = [&](const char* q) -> const char* {
    for (;;) {
      q = static_cast<const char*>(std::memchr(q, '"', static_cast<size_t>(end - q)));
      if (q == nullptr) return nullptr;
      if (q + 1 == end && !at_eof) return end;
      if (q + 1 < end && q[1] == '"') {
        q += 2;
        continue;
      }
      return q;
    }
  };
  // Ends the row at p (a '\n', or end at end of input).
  const auto finish = [&](const char* at) {
    if (at < end) {
      row->eol_len = (at > data && at[-1] == '\r') ? 2 : 1;
      ++nls;
      ++at;
    } else {
      row->eol_len = 0;
    }
    row->row_len = static_cast<uint32_t>(at - data);
  };
  for (;;) {
    const char* content_begin = p;
    const char* content_end;
    const bool quoted = p < end && *p == '"';
    if (quoted) {
      content_begin = ++p;
      const char* q = closing_quote(p);
      if (q == end) return false;
      if (q == nullptr) {  // unterminated at end of input: the rest is this row
        if (!at_eof) return false;
        nls += CountNewlines(p, end);
        row->flags |= Row::kUnterminatedQuote;
        content_end = p = end;
      } else {
        nls += CountNewlines(p, q);
        content_end = q;
        p = q + 1;
      }
    }
    p = FindFieldEnd(p, end, delimiter);
    if (!quoted) content_end = p;
    if (!quoted && p < end && *p == '\n' && content_end > content_begin &&
        content_end[-1] == '\r') {
      --content_end;
    }
    if (field_no == field) {
      found = true;
      row->field_off = static_cast<uint32_t>(content_begin - data);
      row->field_len = static_cast<uint32_t>(content_end - content_begin);
      if (quoted) row->flags |= Row::kQuoted;
    }
    if (p == end) {
      if (!at_eof) return false;
      finish(p);
      break;
    }
    if (*p == '\n') {
      finish(p);
      break;
    }
    ++p, ++field_no;  // past the delimiter
    if (field_no <= field) continue;
    // Past the ID: find the end of the row. Unquoted fields are skipped with
    // memchr for the delimiter, bounded by the next line break.
    const char* nl = nullptr;
    for (;;) {
      if (p < end && *p == '"') {
        const char* q = closing_quote(p + 1);
        if (q == end) return false;
        if (q == nullptr) {
          if (!at_eof) return false;
          nls += CountNewlines(p + 1, end);
          row->flags |= Row::kUnterminatedQuote;
          p = end;
          break;
        }
        nls += CountNewlines(p + 1, q);
        p = q + 1;
        nl = nullptr;
        p = FindFieldEnd(p, end, delimiter);
        if (p == end || *p == '\n') break;
        ++p;
        continue;
      }
      if (nl == nullptr || nl < p) {
        nl = static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(end - p)));
      }
      const char* limit = nl != nullptr ? nl : end;
      const char* d =
          static_cast<const char*>(std::memchr(p, delimiter, static_cast<size_t>(limit - p)));
      if (d == nullptr) {
        p = limit;
        break;
      }
      p = d + 1;
    }
    if (p == end && !at_eof) return false;
    finish(p);
    break;
  }
  if (!found) {
    row->flags |= Row::kMissingField;
    row->fields_found = static_cast<uint32_t>(field_no);
    row->field_off = static_cast<uint32_t>(row->row_len - row->eol_len);
    row->field_len = 0;
  }
  *newlines = nls;
  return true;
}

// Total input bytes for the progress bar; -1 (unknown) unless every input is
// a regular file.
int64_t TotalSize(const std::vector<std::string>& names) {
  int64_t total = 0;
  for (const std::string& name : names) {
    struct stat st;
    const int rc = name == "-" ? ::fstat(STDIN_FILENO, &st) : ::stat(name.c_str(), &st);
    if (rc != 0 || !S_ISREG(st.st_mode)) return -1;
    total += st.st_size;
  }
  return total;
}

}  // namespace

Row Batch::row(size_t i) const {
  if (rows != nullptr) return rows[i];
  Row r;
  r.begin = base + i * stride;
  r.field_len = static_cast<uint32_t>(stride - eol_len);
  r.row_len = static_cast<uint32_t>(stride);
  r.eol_len = eol_len;
  r.line = first_line + i;
  return r;
}

Scanner::Scanner(const ScanOptions& options) : options_(options) {
  if (options_.format == IdFormat::kMs || options_.format == IdFormat::kIso8601) {
    throw CliError(kExitUsage, std::string("--from ") + IdFormatName(options_.format) +
                                   ": a timestamp is an output format only");
  }
  if (options_.format == IdFormat::kTypeId) options_.text.type_id = true;
  format_ = LibraryFormat(options_.format);
  options_.text.terminator = -1;
  if (options_.format == IdFormat::kBin) {
    if (options_.field != 0 || options_.header) {
      throw CliError(kExitUsage, "--field / --header do not apply to binary input");
    }
    item_length_ = 16;
  } else if (variable_typeid()) {
    item_length_ = 0;
  } else {
    const sortid::Status probe = sortid::decode(format_, "", 0, 1, nullptr, nullptr, options_.text);
    if (!probe.ok()) {
      throw CliError(kExitUsage, "--prefix '" + std::string(options_.text.prefix) +
                                     "' is not usable with --from " +
                                     IdFormatName(options_.format));
    }
    item_length_ = sortid::item_length(format_, options_.text);
  }
  rows_.reserve(kBatch);
  ids_.resize(kBatch * 16);
  validity_.resize(kBatch / 8);
  line_ids_.resize(kBatch * 16);
  line_validity_.resize(kBatch / 8);
  dense_.resize(kBatch * std::max<size_t>(item_length_, 1));
  dense_ids_.resize(kBatch * 16);
  dense_validity_.resize(kBatch / 8);
  dense_rows_.resize(kBatch);
}

void Scanner::Run(const std::vector<std::string>& files, Sink& sink) {
  std::vector<std::string> names = files;
  if (names.empty()) names.push_back("-");
  std::vector<char> buffer(kBlockBytes);
  uint64_t done = 0;
  Progress progress(options_.progress, TotalSize(names));
  for (size_t f = 0; f < names.size(); ++f) {
    Input input(names[f]);
    file_ = &input.name();
    file_index_ = static_cast<uint32_t>(f + 1);
    line_ = 1;
    header_pending_ = options_.header;
    slow_streak_ = 0;
    // read() into one buffer, not mmap: mapping windows of the file measured
    // 3x slower here (page-table updates are costly under this hypervisor).
    const size_t leftover = ScanRead(input, buffer, sink, &done, &progress);
    if (leftover != 0) {  // only binary input leaves bytes behind at the end
      throw CliError(kExitBadData,
                     *file_ + ": " + std::to_string(leftover) + " trailing byte" +
                         (leftover == 1 ? "" : "s") + " after " + std::to_string(line_ - 1) +
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
    used = ProcessLines(data, size, at_eof, sink);
  }
  FlushRows(sink);  // rows point into the block: deliver them before it moves
  if (!at_eof && used == 0 && size >= kBlockBytes) {
    throw CliError(kExitBadData, *file_ + ":" + std::to_string(line_) + ": row longer than " +
                                     std::to_string(kBlockBytes >> 20) + " MiB");
  }
  return used;
}

size_t Scanner::ScanRead(Input& input, std::vector<char>& buffer, Sink& sink, uint64_t* done,
                         Progress* progress) {
  size_t have = 0;
  bool at_eof = false;
  while (!at_eof) {
    const size_t got = input.Read(buffer.data() + have, std::min(kReadBytes, buffer.size() - have));
    at_eof = got == 0;
    have += got;
    *done += got;
    progress->Update(*done);
    const size_t used = Process(buffer.data(), have, at_eof, sink);
    std::memmove(buffer.data(), buffer.data() + used, have - used);
    have -= used;
  }
  return have;
}

size_t Scanner::ProcessBinary(const char* data, size_t size, Sink& sink) {
  const size_t records = size / 16;
  for (size_t i = 0; i < records; i += kBatch) {
    Batch batch;
    batch.file = file_;
    batch.file_index = file_index_;
    batch.count = std::min(kBatch, records - i);
    batch.ids = reinterpret_cast<const uint8_t*>(data + 16 * i);
    batch.validity = AllValid();
    batch.base = data + 16 * i;
    batch.stride = 16;
    batch.first_line = line_;
    sink.OnBatch(batch);
    line_ += batch.count;
  }
  return records * 16;
}

Row Scanner::LineRow(const char* data, const char* end) const {
  Row row;
  row.begin = data;
  const char* nl =
      static_cast<const char*>(std::memchr(data, '\n', static_cast<size_t>(end - data)));
  size_t content;
  if (nl != nullptr) {
    content = static_cast<size_t>(nl - data);
    row.row_len = static_cast<uint32_t>(content + 1);
    row.eol_len = 1;
  } else {
    content = static_cast<size_t>(end - data);
    row.row_len = static_cast<uint32_t>(content);
    row.eol_len = 0;
  }
  if (content > 0 && data[content - 1] == '\r') {  // CRLF, or a lone CR at the very end
    --content;
    ++row.eol_len;
  }
  row.field_len = static_cast<uint32_t>(content);
  return row;
}

size_t Scanner::ProcessLines(const char* data, size_t size, bool at_eof, Sink& sink) {
  size_t end = size;
  if (!at_eof) {
    const void* nl = ::memrchr(data, '\n', size);
    if (nl == nullptr) return 0;
    end = static_cast<size_t>(static_cast<const char*>(nl) - data) + 1;
  }
  const char* const stop = data + end;
  size_t pos = 0;
  if (header_pending_ && end > 0) {
    const Row header = LineRow(data, stop);
    sink.OnHeader(*file_, {data, header.row_len});
    pos = header.row_len;
    line_ += header.eol_len != 0;
    header_pending_ = false;
  }
  const size_t len = item_length_;
  size_t slow_rows = 0;  // rows to take one by one before trying the fixed stride again
  sortid::TextOptions fixed = options_.text;
  while (pos < end) {
    uint8_t eol = 0;
    if (len != 0 && slow_rows == 0 && pos + len < end) {
      if (data[pos + len] == '\n') {
        eol = 1;
      } else if (data[pos + len] == '\r' && pos + len + 1 < end && data[pos + len + 1] == '\n') {
        eol = 2;
      }
    }
    if (eol == 0) {
      const Row row = LineRow(data + pos, stop);
      AddRow(row, row.eol_len != 0, sink);
      pos += row.row_len;
      if (slow_rows > 0) --slow_rows;
      continue;
    }
    const size_t stride = len + eol;
    const size_t n = std::min((end - pos) / stride, kBatch);
    fixed.terminator = eol == 1 ? '\n' : '\r';
    uint8_t* ids = line_ids_.data();
    uint8_t* validity = line_validity_.data();
    const sortid::Status status =
        sortid::decode(format_, data + pos, n, stride, ids, validity, fixed);
    if (!status.ok()) throw CliError(kExitUsage, sortid::error_message(status.error));
    if (eol == 2) {
      for (size_t i = 0; i < n; ++i) {
        if (data[pos + i * stride + len + 1] != '\n')
          validity[i / 8] &= static_cast<uint8_t>(~(1u << (i % 8)));
      }
    }
    size_t i = 0;
    bool realigned = false;
    while (i < n) {
      const size_t j = FirstInvalid(validity, i, n);
      if (j > i) {
        FlushRows(sink);
        Batch batch;
        batch.file = file_;
        batch.file_index = file_index_;
        batch.count = j - i;
        batch.ids = ids + 16 * i;
        batch.validity = AllValid();
        batch.base = data + pos + i * stride;
        batch.stride = stride;
        batch.eol_len = eol;
        batch.first_line = line_;
        sink.OnBatch(batch);
        line_ += batch.count;
      }
      if (j == n) break;
      // Row j failed: take it alone. If it is exactly one stride long, the
      // decoded rows after it are still aligned and stand.
      const char* at = data + pos + j * stride;
      const Row row = LineRow(at, stop);
      AddRow(row, row.eol_len != 0, sink);
      if (row.row_len != stride) {
        pos = static_cast<size_t>(at - data) + row.row_len;
        realigned = true;
        slow_rows = std::min<size_t>(kBatch, size_t{16} << std::min<size_t>(slow_streak_, 8));
        ++slow_streak_;
        break;
      }
      i = j + 1;
    }
    if (!realigned) {
      pos += n * stride;
      slow_streak_ = 0;
    }
  }
  return end;
}

size_t Scanner::ProcessFields(const char* data, size_t size, bool at_eof, Sink& sink) {
  size_t pos = 0;
  while (pos < size) {
    Row row;
    size_t newlines = 0;
    if (!ScanCsvRow(data + pos, data + size, at_eof, options_.field, options_.delimiter, &row,
                    &newlines)) {
      break;
    }
    if (header_pending_) {
      sink.OnHeader(*file_, {data + pos, row.row_len});
      line_ += newlines;
      header_pending_ = false;
    } else {
      AddRow(row, newlines, sink);
    }
    pos += row.row_len;
  }
  return pos;
}

void Scanner::AddRow(Row row, size_t newlines, Sink& sink) {
  row.line = line_;
  line_ += newlines;
  rows_.push_back(row);
  if (rows_.size() == kBatch) FlushRows(sink);
}

void Scanner::FlushRows(Sink& sink) {
  const size_t n = rows_.size();
  if (n == 0) return;
  uint8_t* ids = ids_.data();
  uint8_t* validity = validity_.data();
  std::memset(ids, 0, 16 * n);
  std::memset(validity, 0, (n + 7) / 8);
  size_t valid = 0;
  if (variable_typeid()) {
    // Each row carries its own type name: decoded one by one (the variable
    // prefix rules out a fixed-stride batch).
    for (size_t i = 0; i < n; ++i) {
      const std::string_view field = rows_[i].field();
      if (rows_[i].flags & (Row::kMissingField | Row::kUnterminatedQuote)) continue;
      const sortid::TypeIdSplit split = sortid::typeid_split(field);
      if (split.error != sortid::Error::kOk) continue;
      sortid::TextOptions text = options_.text;
      text.prefix = split.type_name;
      uint8_t bit = 0;
      if (sortid::decode(format_, field.data(), 1, field.size(), ids + 16 * i, &bit, text).ok() &&
          bit) {
        validity[i / 8] |= static_cast<uint8_t>(1u << (i % 8));
        ++valid;
      }
    }
  } else {
    const size_t len = item_length_;
    size_t k = 0;
    char* dense = dense_.data();
    for (size_t i = 0; i < n; ++i) {
      const Row& row = rows_[i];
      if (row.field_len != len || (row.flags & (Row::kMissingField | Row::kUnterminatedQuote))) {
        continue;
      }
      std::memcpy(dense + k * len, row.begin + row.field_off, len);
      dense_rows_[k++] = static_cast<uint32_t>(i);
    }
    const sortid::Status status = sortid::decode(format_, dense, k, len, dense_ids_.data(),
                                                 dense_validity_.data(), options_.text);
    if (!status.ok()) throw CliError(kExitUsage, sortid::error_message(status.error));
    for (size_t m = 0; m < k; ++m) {
      if (!((dense_validity_[m / 8] >> (m % 8)) & 1)) continue;
      const size_t i = dense_rows_[m];
      std::memcpy(ids + 16 * i, &dense_ids_[16 * m], 16);
      validity[i / 8] |= static_cast<uint8_t>(1u << (i % 8));
      ++valid;
    }
  }
  Batch batch;
  batch.file = file_;
  batch.file_index = file_index_;
  batch.count = n;
  batch.ids = ids;
  batch.validity = validity;
  batch.invalid = n - valid;
  batch.rows = rows_.data();
  sink.OnBatch(batch);
  rows_.clear();
}

sortid::Explanation Scanner::Explain(const Row& row) const {
  const std::string_view field = row.field();
  if (variable_typeid()) {
    const sortid::TypeIdSplit split = sortid::typeid_split(field);
    if (split.error != sortid::Error::kOk) return {split.error, split.prefix_len};
    sortid::TextOptions text = options_.text;
    text.prefix = split.type_name;
    return sortid::explain(format_, field, text);
  }
  return sortid::explain(format_, field, options_.text);
}

std::string Scanner::Where(const std::string& file, const Row& row, size_t pos) const {
  if (options_.format == IdFormat::kBin) return file + ": record " + std::to_string(row.line);
  const size_t offset = row.field_off + pos;
  const char* begin = row.begin;
  uint64_t line = row.line;
  size_t line_start = 0;
  for (size_t i = 0; i < offset && i < row.row_len; ++i) {
    if (begin[i] == '\n') ++line, line_start = i + 1;
  }
  return file + ":" + std::to_string(line) + ":" + std::to_string(offset - line_start + 1);
}

std::string Scanner::Describe(const std::string& file, const Row& row) const {
  if (row.flags & Row::kMissingField) {
    return Where(file, row, 0) + ": missing field " + std::to_string(options_.field) +
           " (the row has " + std::to_string(row.fields_found) + ")";
  }
  if (row.flags & Row::kUnterminatedQuote) {
    return Where(file, row, 0) + ": quoted field not closed before the end of input";
  }
  const sortid::Explanation why = Explain(row);
  size_t expected = item_length_;
  if (variable_typeid()) {
    const sortid::TypeIdSplit split = sortid::typeid_split(row.field());
    expected = split.type_name.size() + 27;
    if (why.error == sortid::Error::kPrefix) {
      return Where(file, row, why.position) + ": invalid TypeID type name";
    }
  }
  if (why.error == sortid::Error::kOk) {  // decoded, but rejected afterwards (encode range)
    return Where(file, row, 0) + ": " + sortid::error_message(sortid::Error::kRange);
  }
  return Where(file, row, why.position) + ": " + DescribeError(why, row.field(), expected);
}

}  // namespace sortid::cli
