#include "cli/scan/mapped_span.h"

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <mutex>

namespace sortid::cli {
namespace {

// The spans the SIGBUS handler knows, written by Map and ~MappedSpan and
// read by the handler on any thread: lock-free, fixed in size. A slot is
// live while lo != 0; hi and changed are set before lo is.
struct Slot {
  std::atomic<bool> taken{false};
  std::atomic<uintptr_t> lo{0}, hi{0};
  std::atomic<std::atomic<bool>*> changed{nullptr};
};
constexpr int kSlots = 64;
Slot g_slots[kSlots];
uintptr_t g_page = 4096;
constexpr uint64_t kHugePage = 2 << 20;
struct sigaction g_previous = {};

// A fault inside a live span: the page is past the file's end now. A page
// of zeros takes its place, and the read that faulted goes on.
void OnSigbus(int signal, siginfo_t* info, void* context) {
  const auto address = reinterpret_cast<uintptr_t>(info->si_addr);
  for (Slot& slot : g_slots) {
    const uintptr_t lo = slot.lo.load(std::memory_order_acquire);
    if (lo == 0 || address < lo || address >= slot.hi.load(std::memory_order_relaxed)) continue;
    void* page = reinterpret_cast<void*>(address & ~(g_page - 1));
    if (::mmap(page, g_page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) ==
        MAP_FAILED) {
      break;
    }
    slot.changed.load(std::memory_order_relaxed)->store(true, std::memory_order_release);
    return;
  }
  // Not a span's: as the handler before would have it.
  if ((g_previous.sa_flags & SA_SIGINFO) != 0 && g_previous.sa_sigaction != nullptr) {
    g_previous.sa_sigaction(signal, info, context);
    return;
  }
  if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN &&
      g_previous.sa_handler != nullptr) {
    g_previous.sa_handler(signal);
    return;
  }
  // The default: a fault happens again on return and ends the process; a
  // signal sent by kill is raised again.
  struct sigaction fallback = {};
  fallback.sa_handler = SIG_DFL;
  ::sigemptyset(&fallback.sa_mask);
  ::sigaction(SIGBUS, &fallback, nullptr);
  if (info->si_code <= 0) ::raise(SIGBUS);
}

void InstallHandler() {
  g_page = static_cast<uintptr_t>(::sysconf(_SC_PAGESIZE));
  struct sigaction action = {};
  action.sa_sigaction = OnSigbus;
  action.sa_flags = SA_SIGINFO;
  ::sigemptyset(&action.sa_mask);
  ::sigaction(SIGBUS, &action, &g_previous);
}

}  // namespace

std::shared_ptr<const MappedSpan> MappedSpan::Map(int fd, uint64_t offset, size_t length) {
  static std::once_flag installed;
  std::call_once(installed, InstallHandler);
  if (length == 0) return nullptr;
  // From a huge-page boundary of the file, at a huge-page boundary of memory:
  // the page cache's 2 MiB folios are then mapped by one page-table entry
  // each, instead of 512 (fewer faults, and none on a page table that another
  // thread's faults hold locked).
  const uint64_t aligned = offset / kHugePage * kHugePage;
  const size_t mapped = length + static_cast<size_t>(offset - aligned);
  void* p = MAP_FAILED;
  if (mapped >= kHugePage) {
    void* room = ::mmap(nullptr, mapped + kHugePage, PROT_NONE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (room == MAP_FAILED) return nullptr;
    const auto lo = reinterpret_cast<uintptr_t>(room);
    const uintptr_t at = (lo + kHugePage - 1) / kHugePage * kHugePage;
    p = ::mmap(reinterpret_cast<void*>(at), mapped, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd,
               static_cast<off_t>(aligned));
    if (p == MAP_FAILED) {
      ::munmap(room, mapped + kHugePage);
      return nullptr;
    }
    const uintptr_t hi = lo + mapped + kHugePage;
    const uintptr_t page_end = (at + mapped + g_page - 1) / g_page * g_page;
    if (at > lo) ::munmap(room, at - lo);
    if (hi > page_end) ::munmap(reinterpret_cast<void*>(page_end), hi - page_end);
  } else {
    p = ::mmap(nullptr, mapped, PROT_READ, MAP_PRIVATE, fd, static_cast<off_t>(aligned));
    if (p == MAP_FAILED) return nullptr;
  }
  std::shared_ptr<MappedSpan> span(new MappedSpan());
  span->mapping_ = static_cast<char*>(p);
  span->mapped_ = mapped;
  span->data_ = span->mapping_ + (offset - aligned);
  span->begin_ = offset;
  span->end_ = offset + length;
  for (int i = 0; i < kSlots; ++i) {
    Slot& slot = g_slots[i];
    if (slot.taken.exchange(true, std::memory_order_acquire)) continue;
    slot.hi.store(reinterpret_cast<uintptr_t>(span->mapping_) + mapped, std::memory_order_relaxed);
    slot.changed.store(&span->changed_, std::memory_order_relaxed);
    slot.lo.store(reinterpret_cast<uintptr_t>(span->mapping_), std::memory_order_release);
    span->slot_ = i;
    return span;
  }
  return nullptr;  // no slot: unmapped by the destructor, the bytes are read instead
}

void MappedSpan::ReleaseBefore(uint64_t offset) const {
  if (offset <= begin_) return;
  const uint64_t before = std::min(offset, end_) - begin_ + static_cast<uint64_t>(data_ - mapping_);
  const uint64_t to = before / g_page * g_page;
  if (to < released_ + kReleaseBytes) return;
  (void)::madvise(mapping_ + released_, to - released_, MADV_DONTNEED);
  released_ = to;
}

MappedSpan::~MappedSpan() {
  if (slot_ >= 0) {
    Slot& slot = g_slots[slot_];
    slot.lo.store(0, std::memory_order_release);
    slot.taken.store(false, std::memory_order_release);
  }
  if (mapping_ != nullptr) ::munmap(mapping_, mapped_);
}

std::string ChangedWhileReadError(const std::string& file) {
  return file + ": the file shrank while it was read (its end is not where it was): stopped";
}

}  // namespace sortid::cli
