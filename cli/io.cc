#include "cli/io.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "cli/common.h"

namespace sortid::cli {

void RefuseBinaryToTerminal(bool forced) {
  if (forced || ::isatty(STDOUT_FILENO) != 1) return;
  throw CliError(kExitUsage,
                 "standard output is a terminal: binary records would garble it; redirect it to "
                 "a file or a pipe, or add --force-binary");
}

int64_t ReadOffset(int fd) {
  const off_t at = ::lseek(fd, 0, SEEK_CUR);
  return at > 0 ? at : 0;
}

Input::Input(const std::string& path) {
  if (path.empty() || path == "-") {
    fd_ = STDIN_FILENO;
    name_ = "<stdin>";
  } else {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) throw CliError(kExitIo, path + ": " + std::strerror(errno));
    owned_ = true;
    name_ = path;
  }
  struct stat st;
  const bool known = ::fstat(fd_, &st) == 0;
  if (known && S_ISREG(st.st_mode)) {
    size_ = st.st_size;
    if (!owned_) start_offset_ = static_cast<uint64_t>(ReadOffset(fd_));
    ::posix_fadvise(fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
  } else if (known && S_ISDIR(st.st_mode)) {
    if (owned_) ::close(fd_);
    throw CliError(kExitIo, path + ": is a directory");
  }
}

Input::~Input() {
  if (owned_) ::close(fd_);
}

size_t Input::Read(char* out, size_t n) {
  if (cancel_fd_ >= 0 && size_ < 0) {
    pollfd fds[2] = {{fd_, POLLIN, 0}, {cancel_fd_, POLLIN, 0}};
    while (::poll(fds, 2, -1) < 0) {
      if (errno != EINTR) throw CliError(kExitIo, name_ + ": read error: " + std::strerror(errno));
    }
    if (fds[1].revents != 0) return 0;
  }
  for (;;) {
    const ssize_t got = ::read(fd_, out, n);
    if (got >= 0) return static_cast<size_t>(got);
    if (errno == EINTR) continue;
    throw CliError(kExitIo, name_ + ": read error: " + std::strerror(errno));
  }
}

size_t Input::ReadAt(char* out, size_t n, uint64_t offset) const {
  for (;;) {
    const ssize_t got = ::pread(fd_, out, n, static_cast<off_t>(offset));
    if (got >= 0) return static_cast<size_t>(got);
    if (errno == EINTR) continue;
    throw CliError(kExitIo, name_ + ": read error: " + std::strerror(errno));
  }
}

Output::Output(int fd, std::string name, size_t flush_bytes)
    : fd_(fd), flush_bytes_(flush_bytes), name_(std::move(name)) {
  buffer_.resize(2 * flush_bytes);
}

Output::Output() : fd_(-1), flush_bytes_(SIZE_MAX) {}

void Output::TakeBytes(std::vector<char>* bytes, size_t* size) {
  buffer_.swap(*bytes);
  *size = used_;
  used_ = 0;
}

int Output::OpenFile(const std::string& path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) throw CliError(kExitIo, path + ": " + std::strerror(errno));
  return fd;
}

Output::~Output() {
  if (owned_) ::close(fd_);
}

char* Output::Reserve(size_t n) {
  if (used_ + n > buffer_.size()) {
    if (fd_ < 0) {
      buffer_.resize(std::max(buffer_.size() + buffer_.size() / 2, used_ + n));
    } else {
      Flush();
      if (n > buffer_.size()) buffer_.resize(n);
    }
  }
  return buffer_.data() + used_;
}

void Output::Append(const char* data, size_t n) {
  if (n == 0) return;  // data may be null then (an empty chunk), which memcpy forbids
  std::memcpy(Reserve(n), data, n);
  used_ += n;
}

void Output::Flush() {
  if (fd_ < 0) return;  // in memory: the bytes wait for TakeBytes
  WriteAll(buffer_.data(), used_);
  used_ = 0;
}

void Output::WriteDirect(const char* data, size_t n) {
  Flush();
  WriteAll(data, n);
}

void Output::WriteAll(const char* data, size_t n) {
  size_t done = 0;
  while (done < n) {
    const ssize_t wrote = ::write(fd_, data + done, n - done);
    if (wrote < 0) {
      if (errno == EINTR) continue;
      const int err = errno;
      used_ = 0;  // a failed write is not retried
      throw CliError(kExitIo, name_ + ": write error: " + std::strerror(err));
    }
    done += static_cast<size_t>(wrote);
  }
}

ProgressMode ParseProgressMode(const std::string& name) {
  if (name == "auto") return ProgressMode::kAuto;
  if (name == "always") return ProgressMode::kAlways;
  if (name == "never") return ProgressMode::kNever;
  throw CliError(kExitUsage, "--progress: expected auto, always or never");
}

Progress::Progress(ProgressMode mode, int64_t total_bytes, const char* unit)
    : enabled_(mode == ProgressMode::kAlways ||
               (mode == ProgressMode::kAuto && ::isatty(STDERR_FILENO))),
      min_seconds_(mode == ProgressMode::kAlways ? 0.0 : 1.0),
      total_(total_bytes),
      unit_(unit),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_ - std::chrono::seconds(1)) {
  if (enabled_) active_ = this;
}

Progress* Progress::active_ = nullptr;

Progress::~Progress() {
  Finish();
  if (active_ == this) active_ = nullptr;
}

void Progress::ClearLine() {
  if (active_ != nullptr) active_->Finish();
}

namespace {
// "1.23 GiB" style for bytes, "123.4 M" for counts.
std::string Human(double value, const char* unit) {
  const bool bytes = unit[0] == 'B';
  const char* const prefixes[] = {"", "K", "M", "G", "T"};
  const double step = bytes ? 1024.0 : 1000.0;
  int p = 0;
  while (value >= step && p < 4) value /= step, ++p;
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.1f %s%s%s", value, prefixes[p], p && bytes ? "i" : "", unit);
  return buf;
}
}  // namespace

void Progress::Update(uint64_t done) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  if (elapsed < min_seconds_ || now - last_draw_ < std::chrono::milliseconds(200)) return;
  last_draw_ = now;
  const double rate = static_cast<double>(done) / elapsed;
  char line[160];
  if (total_ > 0) {
    const double fraction = std::min(1.0, static_cast<double>(done) / static_cast<double>(total_));
    const int filled = static_cast<int>(fraction * 20);
    const double eta =
        rate > 0 ? (static_cast<double>(total_) - static_cast<double>(done)) / rate : 0.0;
    std::snprintf(line, sizeof(line), "\r[%-20.*s] %5.1f%%  %s / %s  %s/s  ETA %d:%02d", filled,
                  "####################", 100 * fraction,
                  Human(static_cast<double>(done), unit_).c_str(),
                  Human(static_cast<double>(total_), unit_).c_str(), Human(rate, unit_).c_str(),
                  static_cast<int>(eta) / 60, static_cast<int>(eta) % 60);
  } else {
    std::snprintf(line, sizeof(line), "\r%s  %s/s", Human(static_cast<double>(done), unit_).c_str(),
                  Human(rate, unit_).c_str());
  }
  std::fputs(line, stderr);
  std::fputs("\033[K", stderr);
  std::fflush(stderr);
  drawn_ = true;
}

void Progress::Finish() {
  if (drawn_) {
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
    drawn_ = false;
  }
}

}  // namespace sortid::cli
