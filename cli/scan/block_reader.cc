#include "cli/scan/block_reader.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

namespace sortid::cli {

size_t BlockReader::Run(Input& input, uint64_t* done, Progress& progress, const Consumer& consume) {
  buffer_.resize(block_bytes_);
  size_t have = 0;
  bool at_eof = false;
  while (!at_eof) {
    const size_t got =
        input.Read(buffer_.data() + have, std::min(kReadBytes, buffer_.size() - have));
    at_eof = got == 0;
    have += got;
    *done += got;
    progress.Update(*done);
    const size_t used = consume(buffer_.data(), have, at_eof);
    std::memmove(buffer_.data(), buffer_.data() + used, have - used);
    have -= used;
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
  }
  return total;
}

}  // namespace sortid::cli
