#include "cli/scan/chunk_reader.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "cli/scan/block_reader.h"

namespace sortid::cli {
namespace {

constexpr char kBom[] = "\xEF\xBB\xBF";

}  // namespace

bool ChunkReader::TakesHeader(const char* data, size_t size) const {
  // The header is the first line that fits the block of one thread; longer
  // ones before it are bad rows (RowBatcher::WouldNotFit).
  size_t pos = 0;
  while (pos < size) {
    const char* nl = static_cast<const char*>(std::memchr(data + pos, '\n', size - pos));
    const size_t length = nl != nullptr ? static_cast<size_t>(nl - data) + 1 - pos : size - pos;
    if (nl != nullptr ? length <= limit_ : length < limit_) return true;
    pos += length;
  }
  return false;
}

ChunkReader::ChunkReader(const ScanOptions& options, size_t chunk_bytes)
    : binary_(options.format == IdFormat::kBin),
      header_(options.header),
      limit_(options.max_row_bytes + 2),
      // Binary chunks hold whole records.
      chunk_bytes_(binary_ ? (std::max<size_t>(chunk_bytes, 16) + 15) / 16 * 16
                           : std::max<size_t>(chunk_bytes, 1)) {}

void ChunkReader::Start(Input& input) {
  input_ = &input;
  eof_ = false;
  file_start_ = true;
  header_pending_ = header_;
  carry_.clear();
  read_ = input.start_offset();
}

bool ChunkReader::RowStartOffset(uint64_t* offset) const {
  if (file_start_ || header_pending_ || eof_) return false;
  *offset = read_ - carry_.size();
  return true;
}

void ChunkReader::Fill(ChunkBytes* chunk, size_t target) {
  if (chunk->data.size() < target) chunk->data.resize(target);
  while (chunk->size < target && !eof_) {
    char* at = chunk->data.data() + chunk->size;
    const size_t got = input_->Read(at, std::min(BlockReader::kReadBytes, target - chunk->size));
    eof_ = got == 0;
    chunk->size += got;
    chunk->input_bytes += got;
    read_ += got;
    // A pipe may pause: the rows that came are scanned now, as with one
    // thread (a bad row stops the run at once).
    if (binary_ ? chunk->size >= 16 : std::memchr(at, '\n', got) != nullptr) break;
  }
}

void ChunkReader::SkipRow(ChunkBytes* chunk) {
  carry_.resize(BlockReader::kReadBytes);
  for (;;) {
    const size_t got = input_->Read(carry_.data(), carry_.size());
    chunk->input_bytes += got;
    read_ += got;
    if (got == 0) {
      eof_ = true;
      carry_.clear();
      return;
    }
    const char* nl = static_cast<const char*>(std::memchr(carry_.data(), '\n', got));
    if (nl != nullptr) {
      const size_t after = static_cast<size_t>(nl - carry_.data()) + 1;
      carry_.erase(carry_.begin(), carry_.begin() + static_cast<std::ptrdiff_t>(after));
      carry_.resize(got - after);
      return;
    }
  }
}

bool ChunkReader::Next(ChunkBytes* chunk) {
  if (eof_ && carry_.empty() && !file_start_) return false;
  chunk->start = 0;
  chunk->size = carry_.size();
  chunk->input_bytes = 0;
  if (chunk->data.size() < chunk->size) chunk->data.resize(chunk->size);
  // memcpy of nothing still needs valid pointers; an empty vector may hold none.
  if (!carry_.empty()) std::memcpy(chunk->data.data(), carry_.data(), carry_.size());
  carry_.clear();
  chunk->file_start = file_start_;
  chunk->header_pending = header_pending_;
  chunk->tail = 0;
  size_t cut = 0;
  size_t target = chunk_bytes_;
  for (;;) {
    Fill(chunk, target);
    if (chunk->size == 0 && eof_ && !file_start_) return false;
    if (binary_) {
      cut = eof_ ? chunk->size : chunk->size - chunk->size % 16;
      break;
    }
    // A byte order mark is not part of the first row (the scan skips it).
    const size_t row_start =
        file_start_ && chunk->size >= 3 && std::memcmp(chunk->data.data(), kBom, 3) == 0 ? 3 : 0;
    if (eof_) {
      cut = chunk->size;
      break;
    }
    const char* base = chunk->data.data();
    const void* nl = ::memrchr(base + row_start, '\n', chunk->size - row_start);
    if (nl != nullptr) {
      cut = static_cast<size_t>(static_cast<const char*>(nl) - base) + 1;
      break;
    }
    if (chunk->size - row_start >= limit_) {
      if (row_start != 0) {  // the byte order mark first, in a chunk of its own
        carry_.assign(base + row_start, base + chunk->size);
        chunk->size = row_start;
        file_start_ = false;
        return true;
      }
      chunk->tail = std::min<size_t>(chunk->size, 64);
      chunk->size = 0;
      file_start_ = false;
      SkipRow(chunk);
      return true;
    }
    target = std::min(std::max(2 * target, chunk->size + 1), row_start + limit_);
  }
  carry_.assign(chunk->data.data() + cut, chunk->data.data() + chunk->size);
  chunk->size = cut;
  if (header_pending_) {
    const size_t from =
        file_start_ && cut >= 3 && std::memcmp(chunk->data.data(), kBom, 3) == 0 ? 3 : 0;
    header_pending_ = !TakesHeader(chunk->data.data() + from, cut - from);
  }
  file_start_ = false;
  return true;
}

namespace {

// Bytes from p to the next BlockReader::kReadAlignment boundary.
size_t AlignmentPad(const char* p) {
  const auto address = reinterpret_cast<uintptr_t>(p);
  return (BlockReader::kReadAlignment - address % BlockReader::kReadAlignment) %
         BlockReader::kReadAlignment;
}

// Reads [offset, offset + n) of input into chunk->data at at; returns the
// bytes read (fewer at the end of the file).
size_t ReadSpan(const Input& input, uint64_t offset, size_t n, ChunkBytes* chunk, size_t at) {
  if (chunk->data.size() < at + n) chunk->data.resize(at + n);
  size_t done = 0;
  while (done < n) {
    const size_t got = input.ReadAt(chunk->data.data() + at + done, n - done, offset + done);
    if (got == 0) break;
    done += got;
  }
  return done;
}

}  // namespace

void ReadChunkAt(const Input& input, const ChunkRange& range, bool binary, size_t limit,
                 ChunkBytes* chunk) {
  chunk->file_start = false;
  chunk->header_pending = false;
  chunk->start = 0;
  chunk->size = 0;
  chunk->tail = 0;
  chunk->input_bytes = range.end - range.begin;
  // One byte before the range tells whether a row starts at its beginning.
  const size_t before = range.at_row_start || binary ? 0 : 1;
  const uint64_t from = range.begin - before;
  const size_t want = static_cast<size_t>(range.end - from);
  // The bytes start pad bytes into the buffer, at the address alignment of
  // their file offset: the kernel copies from the page cache at full speed
  // only when source and destination are aligned alike (see
  // BlockReader::kReadAlignment).
  constexpr size_t kAlignment = BlockReader::kReadAlignment;
  if (chunk->data.size() < want + kAlignment) chunk->data.resize(want + kAlignment);
  const size_t pad = (AlignmentPad(chunk->data.data()) + from % kAlignment) % kAlignment;
  size_t have = ReadSpan(input, from, want, chunk, pad);
  const char* data = chunk->data.data() + pad;
  size_t first = 0;  // the first row that starts in the range
  if (before != 0) {
    if (have == 0) return;
    if (data[0] == '\n') {
      first = 1;
    } else {
      const void* nl = std::memchr(data + 1, '\n', have - 1);
      if (nl == nullptr) return;  // inside a row that began before the range
      first = static_cast<size_t>(static_cast<const char*>(nl) - data) + 1;
    }
  }
  size_t end = have;
  if (range.last) {  // to the end of the file, however far it is now
    for (;;) {
      const size_t got = ReadSpan(input, from + have, BlockReader::kReadBytes, chunk, pad + have);
      if (got == 0) break;
      have += got;
    }
    end = have;
  } else if (binary) {
    end = have - have % 16;  // the range is whole records (but for the last)
  } else if (have == want && end > first && chunk->data[pad + end - 1] != '\n') {
    // The last row runs past the range: read on to its line end, no further
    // than the limit from its start.
    const char* base = chunk->data.data() + pad;
    const void* nl = ::memrchr(base + first, '\n', end - first);
    const size_t last_row =
        nl == nullptr ? first : static_cast<size_t>(static_cast<const char*>(nl) - base) + 1;
    size_t step = 4096;
    for (;;) {
      if (have >= last_row + limit) {  // no line end within the limit: its first bytes stand for it
        chunk->tail = std::min<size_t>(have - last_row, 64);
        end = last_row;
        break;
      }
      // A row is short as a rule: a page first, then more.
      const size_t room = last_row + limit - have;
      const size_t got = ReadSpan(input, from + have, std::min(step, room), chunk, pad + have);
      step = std::min(2 * step, BlockReader::kReadBytes);
      const char* grown = chunk->data.data() + pad + have;
      const void* found = std::memchr(grown, '\n', got);
      have += got;
      if (found != nullptr) {
        end = static_cast<size_t>(static_cast<const char*>(found) - (chunk->data.data() + pad)) + 1;
        break;
      }
      if (got == 0) {  // the file ended (it shrank): the row ends there
        end = have;
        break;
      }
    }
  }
  // Before first: the byte before the range and the end of the row it was in.
  chunk->start = pad + first;
  chunk->size = end - first;
}

}  // namespace sortid::cli
