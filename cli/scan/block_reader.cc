#include "cli/scan/block_reader.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <memory>

#include "cli/common.h"
#include "cli/scan/mapped_span.h"

namespace sortid::cli {

size_t BlockReader::Run(Input& input, uint64_t* done, Progress& progress, const Consumer& consume) {
  // Not zeroed: its pages take memory only once a read reaches them.
  if (buffer_ == nullptr) buffer_.reset(new char[block_bytes_ + 2 * kReadAlignment]);
  // The bytes kept from one round end where the next read starts, at a
  // kReadAlignment boundary, as the file offset of a full read is: the
  // kernel's copy from the page cache is several times slower on some CPUs
  // (AMD Zen 3) when source and destination are not aligned alike.
  const auto base = reinterpret_cast<uintptr_t>(buffer_.get());
  const size_t first = (kReadAlignment - base % kReadAlignment) % kReadAlignment;
  size_t begin = first;  // where the kept bytes start
  RunMapped(input, done, progress, consume);
  size_t have = 0;
  bool at_eof = false;
  while (!at_eof) {
    // At most block_bytes_ kept and read (the longest row's bound); the
    // buffer has room for them wherever begin is.
    const size_t got =
        input.Read(buffer_.get() + begin + have, std::min(kReadBytes, block_bytes_ - have));
    at_eof = got == 0;
    have += got;
    *done += got;
    progress.Update(*done);
    const size_t used = consume(buffer_.get() + begin, have, at_eof);
    have -= used;
    const size_t next =
        first + (have + kReadAlignment - 1) / kReadAlignment * kReadAlignment - have;
    std::memmove(buffer_.get() + next, buffer_.get() + begin + used, have);
    begin = next;
  }
  return have;
}

void BlockReader::RunMapped(Input& input, uint64_t* done, Progress& progress,
                            const Consumer& consume) {
  if (input.size() <= 0) return;
  const auto size = static_cast<uint64_t>(input.size());
  const auto start = static_cast<uint64_t>(ReadOffset(input.fd()));
  if (start >= size) return;
  uint64_t at = start;     // the first byte not used
  uint64_t shown = start;  // the end of the bytes handed to consume
  // The rest of the file, as it was when opened: later bytes are read.
  const std::shared_ptr<const MappedSpan> span = MappedSpan::Map(input.fd(), start, size - start);
  if (span == nullptr) return;
  while (at < size) {
    // As many bytes as a read would leave in the buffer: a row that does
    // not fit is cut where it is with reads.
    const auto have = static_cast<size_t>(std::min<uint64_t>(block_bytes_, size - at));
    if (at + have > shown) {
      *done += at + have - shown;
      shown = at + have;
      progress.Update(*done);
    }
    // Not at the end yet: the file may have grown, which the reads find.
    size_t used = 0;
    try {
      used = consume(span->At(at), have, false);
    } catch (...) {  // a bad row may be the zeros that stand for the bytes gone
      if (span->Changed()) throw CliError(kExitIo, ChangedWhileReadError(input.name()));
      throw;
    }
    if (span->Changed()) throw CliError(kExitIo, ChangedWhileReadError(input.name()));
    at += used;
    span->ReleaseBefore(at);
    if (used == 0) break;  // the last row has no line end yet, or is too long (read on)
  }
  if (at == start) return;
  // The bytes shown and not used are read again.
  *done -= shown - at;
  if (::lseek(input.fd(), static_cast<off_t>(at), SEEK_SET) < 0) {
    throw CliError(kExitIo, input.name() + ": seek error: " + std::strerror(errno));
  }
}

int64_t TotalSize(const std::vector<std::string>& names) {
  int64_t total = 0;
  for (const std::string& name : names) {
    struct stat st;
    const int rc = name == "-" ? ::fstat(STDIN_FILENO, &st) : ::stat(name.c_str(), &st);
    if (rc != 0 || !S_ISREG(st.st_mode)) return -1;
    total += st.st_size;
    // Standard input may arrive past its start: the bytes before are not read.
    if (name == "-") total -= std::min<int64_t>(ReadOffset(STDIN_FILENO), st.st_size);
  }
  return total;
}

}  // namespace sortid::cli
