// Streaming I/O for the sortid command: inputs read in large blocks, a
// buffered output that fails loudly (exit 3), and the stderr progress bar.
#ifndef SORTID_CLI_IO_H_
#define SORTID_CLI_IO_H_

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sortid::cli {

// One input: a file or standard input ("-" or empty name).
class Input {
 public:
  explicit Input(const std::string& path);  // throws CliError(kExitIo)
  ~Input();
  Input(const Input&) = delete;
  Input& operator=(const Input&) = delete;

  // Reads up to n bytes; returns 0 only at end of input. Throws on I/O errors.
  size_t Read(char* out, size_t n);
  // Reads up to n bytes at offset (a regular file; any thread); 0 at the end.
  size_t ReadAt(char* out, size_t n, uint64_t offset) const;
  const std::string& name() const { return name_; }
  int fd() const { return fd_; }
  // Size in bytes when the input is a regular file (all of it, wherever
  // its reads start), else -1.
  int64_t size() const { return size_; }
  // Where a regular file's reads start: standard input may come open at an
  // offset (a shell that read a header first).
  uint64_t start_offset() const { return start_offset_; }
  // A pipe or terminal may block a read for ever: once cancel_fd (an
  // eventfd) is readable, Read returns 0 (the run has stopped elsewhere).
  void set_cancel_fd(int cancel_fd) { cancel_fd_ = cancel_fd; }

 private:
  int fd_ = -1;
  bool owned_ = false;
  int64_t size_ = -1;
  uint64_t start_offset_ = 0;
  int cancel_fd_ = -1;
  std::string name_;
};

// Where the next read of fd starts (0 when it cannot seek).
int64_t ReadOffset(int fd);

// Binary records on a terminal garble it: refused (CliError(kExitUsage))
// when standard output is a terminal, unless forced (--force-binary).
void RefuseBinaryToTerminal(bool forced);

// Buffered writer on a file descriptor. Write errors throw CliError(kExitIo).
class Output {
 public:
  static constexpr size_t kDefaultFlushBytes = 256 << 10;
  explicit Output(int fd, std::string name = "standard output",
                  size_t flush_bytes = kDefaultFlushBytes);
  // An output kept in memory (a chunk's rows, written out later in input
  // order): it grows instead of writing; TakeBytes hands the bytes over.
  Output();
  // Opens (creates, truncates) a file.
  static int OpenFile(const std::string& path);
  ~Output();  // closes owned descriptors; does not flush (call Flush()).
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;

  // Space for n more bytes at the end of the buffer; commit with Commit().
  char* Reserve(size_t n);
  void Commit(size_t n) { used_ += n; }
  void Append(const char* data, size_t n);
  void Put(char c) { *Reserve(1) = c, Commit(1); }
  // Writes out when the buffer holds at least the flush size.
  void MaybeFlush() {
    if (used_ >= flush_bytes_) Flush();
  }
  void Flush();
  // Flushes, then writes data straight from the caller's memory (no copy).
  void WriteDirect(const char* data, size_t n);
  void set_owned(bool owned) { owned_ = owned; }
  // Bytes in the buffer, not yet written.
  size_t size() const { return used_; }
  // In memory: swaps the bytes written (the first *size of *bytes) with
  // *bytes, no copy, and starts empty.
  void TakeBytes(std::vector<char>* bytes, size_t* size);

 private:
  void WriteAll(const char* data, size_t n);

  int fd_;
  bool owned_ = false;
  size_t flush_bytes_;
  std::string name_;
  std::vector<char> buffer_;
  size_t used_ = 0;
};

enum class ProgressMode : uint8_t { kAuto, kAlways, kNever };
ProgressMode ParseProgressMode(const std::string& name);

// A one-line progress bar on stderr: bytes done / total, rate, ETA. Drawn only
// when enabled (auto: stderr is a terminal) and the work has run for over a
// second (always: at once); redrawn at most 5 times a second; erased by Finish().
class Progress {
 public:
  Progress(ProgressMode mode, int64_t total_bytes, const char* unit = "B");
  ~Progress();
  void Update(uint64_t done);
  void Finish();
  // Clears the bar of the progress in use, if drawn, so that a message on
  // stderr starts on a clean line; the next Update draws it again.
  static void ClearLine();

 private:
  static Progress* active_;
  bool enabled_;
  bool drawn_ = false;
  double min_seconds_;
  int64_t total_;
  const char* unit_;
  std::chrono::steady_clock::time_point start_, last_draw_;
};

}  // namespace sortid::cli

#endif  // SORTID_CLI_IO_H_
