// A read-only view of a regular file's bytes through mmap, for the scan on
// one thread (BlockReader): the kernel's copy into a read() buffer costs as
// much as the decoding, while a mapping only sets up page tables
// (docs/performance.md has the A/B). The rest of a file is mapped once, as
// one span, and the pages passed are given back (ReleaseBefore), so the
// process's resident memory stays bounded whatever the file's size. Threads
// sharing a mapping would interrupt each other (page-table locks, TLB
// shootdowns when pages are given back): --threads N reads its chunks.
//
// A file that shrinks while mapped would raise SIGBUS on the pages past its
// new end. A process-wide handler maps zero-filled pages over them instead
// and marks the span: its bytes may then be wrong, so the reader reports the
// input as changed while read (Changed) instead of using them.
#ifndef SORTID_CLI_SCAN_MAPPED_SPAN_H_
#define SORTID_CLI_SCAN_MAPPED_SPAN_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace sortid::cli {

class MappedSpan {
 public:
  // Maps [offset, offset + length) of fd (length > 0); nullptr when the
  // system refuses (the caller reads the bytes instead).
  static std::shared_ptr<const MappedSpan> Map(int fd, uint64_t offset, size_t length);

  ~MappedSpan();
  MappedSpan(const MappedSpan&) = delete;
  MappedSpan& operator=(const MappedSpan&) = delete;

  // The file offsets the span holds.
  uint64_t begin() const { return begin_; }
  uint64_t end() const { return end_; }
  bool Covers(uint64_t from, uint64_t to) const { return from >= begin_ && to <= end_; }
  // The byte at file offset `offset` (begin() <= offset <= end()).
  const char* At(uint64_t offset) const { return data_ + (offset - begin_); }
  // Whether part of the span was gone when read (the file shrank): its bytes
  // read as zeros from then on.
  bool Changed() const { return changed_.load(std::memory_order_acquire); }
  // The bytes before offset will not be read again: their pages leave the
  // process (they stay in the page cache), kReleaseBytes or more at a time.
  // One caller at a time.
  void ReleaseBefore(uint64_t offset) const;

  static constexpr uint64_t kReleaseBytes = 4 << 20;

 private:
  MappedSpan() = default;

  char* mapping_ = nullptr;  // page-aligned
  size_t mapped_ = 0;
  const char* data_ = nullptr;
  uint64_t begin_ = 0, end_ = 0;
  int slot_ = -1;                  // in the SIGBUS handler's table
  mutable uint64_t released_ = 0;  // mapping_ offset: the pages before it are given back
  mutable std::atomic<bool> changed_{false};
};

// The error for input that changed while it was read through a span.
std::string ChangedWhileReadError(const std::string& file);

}  // namespace sortid::cli

#endif  // SORTID_CLI_SCAN_MAPPED_SPAN_H_
