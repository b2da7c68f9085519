// Errors are values across the C ABI, allocation failures included: this
// program replaces operator new with one that fails (std::bad_alloc, or
// nullptr for the nothrow forms) after N allocations, and for each N from 0
// calls C entry points in a fresh child process (so the library's one-time
// set-up, the target registry, the pool generator, runs under the failing
// allocator too). Every call must return a documented value: no exception
// may escape (it would reach std::terminate from a C or PostgreSQL caller),
// no crash. Exit 0 when every N passes.
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <thread>

#include "sortid/sortid.h"

namespace {

// Allocations left before failing; negative: never fail.
std::atomic<long> g_left{-1};

bool Fails() {
  long left = g_left.load(std::memory_order_relaxed);
  while (left >= 0) {
    if (left == 0) return true;
    if (g_left.compare_exchange_weak(left, left - 1, std::memory_order_relaxed)) return false;
  }
  return false;
}

void* Allocate(std::size_t n, std::size_t alignment) {
  if (Fails()) return nullptr;
  if (alignment <= alignof(std::max_align_t)) return std::malloc(n == 0 ? 1 : n);
  void* p = nullptr;
  return posix_memalign(&p, alignment, n == 0 ? alignment : n) == 0 ? p : nullptr;
}

}  // namespace

void* operator new(std::size_t n) {
  if (void* p = Allocate(n, 0)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return operator new(n); }
void* operator new(std::size_t n, std::align_val_t a) {
  if (void* p = Allocate(n, static_cast<std::size_t>(a))) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n, std::align_val_t a) { return operator new(n, a); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return Allocate(n, 0); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return Allocate(n, 0); }
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return Allocate(n, static_cast<std::size_t>(a));
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return Allocate(n, static_cast<std::size_t>(a));
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
// The nothrow forms: a constructor that throws after new (std::nothrow).
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }

namespace {

int g_failures = 0;

void Check(bool ok, long n, const char* what, int value) {
  if (ok) return;
  std::fprintf(stderr, "after %ld allocations: %s gave %d\n", n, what, value);
  ++g_failures;
}

bool OkOrNoMemory(sortid_error e) { return e == SORTID_OK || e == SORTID_ERROR_NO_MEMORY; }

// The C calls, under an allocator that fails after n allocations.
// Returns how many returned SORTID_ERROR_NO_MEMORY or NULL.
int CallEverything(long n) {
  int out_of_memory = 0;
  uint8_t ids[16 * 8];
  char text[26 * 8];
  size_t generated = 99;
  g_left = n;
  try {
    const char* names[16];
    const size_t targets = sortid_targets(SORTID_TARGETS_SUPPORTED, names, 16);
    Check(targets <= 16, n, "sortid_targets", static_cast<int>(targets));
    const sortid_error set = sortid_set_target("scalar");
    Check(OkOrNoMemory(set), n, "sortid_set_target", set);
    out_of_memory += set != SORTID_OK;
    Check(sortid_active_target() != nullptr, n, "sortid_active_target", 0);
    const sortid_error e = sortid_generate(SORTID_KIND_ULID, ids, 8, &generated);
    Check(OkOrNoMemory(e) && (e == SORTID_OK ? generated == 8 : generated == 0), n,
          "sortid_generate", e);
    out_of_memory += e != SORTID_OK;
    const sortid_error t = sortid_generate_text(SORTID_KIND_RECORD_ID, SORTID_FORMAT_RECORD_ID,
                                                text, 8, 20, nullptr, &generated);
    Check(OkOrNoMemory(t), n, "sortid_generate_text", t);
    out_of_memory += t != SORTID_OK;
    const sortid_error g = sortid_generate_ulid_monotonic_global(ids, 8, nullptr);
    Check(OkOrNoMemory(g), n, "sortid_generate_ulid_monotonic_global", g);
    out_of_memory += g != SORTID_OK;
    const sortid_error one = sortid_new_ulid(ids);
    Check(OkOrNoMemory(one), n, "sortid_new_ulid", one);
    out_of_memory += one != SORTID_OK;
    const sortid_error record = sortid_new_record_id(ids);
    Check(OkOrNoMemory(record), n, "sortid_new_record_id", record);
    out_of_memory += record != SORTID_OK;
    const sortid_error v7 = sortid_new_uuidv7(ids);
    Check(OkOrNoMemory(v7), n, "sortid_new_uuidv7", v7);
    out_of_memory += v7 != SORTID_OK;
    int64_t ms = 0;
    const sortid_error parsed = sortid_parse_timestamp("2024-01-31", 10, SORTID_TIME_END, &ms);
    Check(parsed == SORTID_OK && ms == 1706745599999, n, "sortid_parse_timestamp", parsed);
    char iso[SORTID_ISO8601_MAX_LENGTH];
    Check(sortid_format_iso8601(ms, iso, sizeof(iso)) == 24, n, "sortid_format_iso8601", 0);
    const sortid_error enc =
        sortid_encode(SORTID_FORMAT_ULID, ids, 1, text, 26, nullptr, nullptr, nullptr);
    Check(OkOrNoMemory(enc), n, "sortid_encode", enc);
    out_of_memory += enc != SORTID_OK;
    sortid_generator* generator = sortid_generator_create(nullptr);
    out_of_memory += generator == nullptr;
    if (generator != nullptr) {
      const sortid_error r =
          sortid_generator_generate(generator, SORTID_KIND_UUIDV7, ids, 8, nullptr);
      Check(r == SORTID_OK, n, "sortid_generator_generate", r);
      const sortid_error gt = sortid_generator_generate_text(
          generator, SORTID_KIND_ULID, SORTID_FORMAT_ULID, text, 1, 26, nullptr, nullptr);
      Check(OkOrNoMemory(gt), n, "sortid_generator_generate_text", gt);
      sortid_generator_destroy(generator);
    }
    const uint8_t seed[32] = {1};
    sortid_generator_options options = {seed, nullptr, nullptr, 0};
    sortid_generator* seeded = sortid_generator_create_with(&options);
    out_of_memory += seeded == nullptr;
    sortid_generator_destroy(seeded);
    // A new thread: its own pool generator, created under the failing allocator.
    g_left = -1;
    std::thread([n, &out_of_memory] {
      uint8_t id[16];
      g_left = n;
      const sortid_error m = sortid_new_ulid_monotonic(id);
      g_left = -1;
      Check(OkOrNoMemory(m), n, "sortid_new_ulid_monotonic (new thread)", m);
      out_of_memory += m != SORTID_OK;
    }).join();
  } catch (...) {
    g_left = -1;
    Check(false, n, "an exception escaped a C entry point", 0);
  }
  g_left = -1;
  return out_of_memory;
}

}  // namespace

int main() {
  // Each n in a fresh child: the one-time set-up runs under the failing
  // allocator. Stops once a run needs no failing allocation.
  for (long n = 0; n < 400; ++n) {
    int fds[2];
    if (pipe(fds) != 0) return 2;
    const pid_t pid = fork();
    if (pid < 0) return 2;
    if (pid == 0) {
      close(fds[0]);
      const int out_of_memory = CallEverything(n);
      const unsigned char report = static_cast<unsigned char>(out_of_memory > 0);
      if (write(fds[1], &report, 1) != 1) _exit(3);
      _exit(g_failures == 0 ? 0 : 1);
    }
    close(fds[1]);
    unsigned char report = 2;
    const ssize_t got = read(fds[0], &report, 1);
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || got != 1) {
      std::fprintf(stderr, "FAIL: failing after %ld allocations: child %s %d\n", n,
                   WIFEXITED(status) ? "exited with" : "killed by signal",
                   WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
      return 1;
    }
    if (report == 0) {
      std::printf("PASS: %ld failing allocation points, every call an error value\n", n);
      return 0;
    }
  }
  std::fprintf(stderr, "FAIL: still out of memory after 400 allocations\n");
  return 1;
}
