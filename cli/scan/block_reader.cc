#include "cli/scan/block_reader.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace sortid::cli {

size_t BlockReader::Run(Input& input, uint64_t* done, Progress& progress, const Consumer& consume) {
  if (!buffer_) buffer_ = std::make_unique_for_overwrite<char[]>(block_bytes_ + 2 * kReadAlignment);
  // The bytes kept from one round end where the next read starts, at a
  // kReadAlignment boundary, as the file offset of a full read is: the
  // kernel's copy from the page cache is several times slower on some CPUs
  // (AMD Zen 3) when source and destination are not aligned alike.
  const auto base = reinterpret_cast<uintptr_t>(buffer_.get());
  const size_t first = (kReadAlignment - base % kReadAlignment) % kReadAlignment;
  size_t begin = first;  // where the kept bytes start
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
