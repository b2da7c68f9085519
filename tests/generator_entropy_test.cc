// The generators' entropy: a failing OS entropy source is an error from
// every generating call, never a stream, and is retried on the next call; at
// most 1 MiB of output per OS seed; bytes handed out do not stay in the
// generator's buffer.
//
// This executable defines getrandom() itself: the library (linked statically)
// resolves its getrandom calls to this definition, which forwards to the
// system call unless a test asks it to fail (InterposerIsActive proves the
// interposition works).
#include <errno.h>
#include <gtest/gtest.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <thread>
#include <vector>

#include "lib/keystream.h"
#include "sortid/generator.hpp"
#include "sortid/sortid.h"
#include "tests/generator_process_util.h"

namespace {

std::atomic<bool> g_fail{false};
std::atomic<uint64_t> g_calls{0};
// While g_marks is set: at each call, the test's count of bytes handed out.
std::atomic<std::vector<uint64_t>*> g_marks{nullptr};
uint64_t g_handed = 0;

}  // namespace

extern "C" ssize_t getrandom(void* buffer, size_t length, unsigned int flags) {
  g_calls.fetch_add(1, std::memory_order_relaxed);
  if (std::vector<uint64_t>* marks = g_marks.load()) marks->push_back(g_handed);
  if (g_fail.load()) {
    errno = ENOSYS;
    return -1;
  }
  return syscall(SYS_getrandom, buffer, length, flags);
}

namespace sortid {
namespace {

using test::Id;

constexpr IdKind kKinds[] = {IdKind::kUlid, IdKind::kUlidMonotonic, IdKind::kRecordId,
                             IdKind::kUuidV7};

// Restores a working entropy source when a test ends, even on failure.
struct FailEntropy {
  FailEntropy() { g_fail = true; }
  ~FailEntropy() { g_fail = false; }
};

TEST(GeneratorEntropy, InterposerIsActive) {
  const uint64_t before = g_calls.load();
  Generator g;
  EXPECT_GT(g_calls.load(), before) << "the library does not call this binary's getrandom";
}

// The zero-key ChaCha20 stream that a state without a key would emit.
std::vector<uint8_t> ZeroKeyStream() {
  const uint8_t key[32] = {}, nonce[12] = {};
  std::vector<uint8_t> stream(64 * 64);
  EXPECT_EQ(chacha20_keystream(key, 0, nonce, stream.data(), 64), Error::kOk);
  return stream;
}

// True when any 16-byte window of needle occurs in haystack.
bool Contains(const uint8_t* haystack, size_t n, const uint8_t* needle, size_t m) {
  for (size_t j = 0; j + 16 <= m; ++j) {
    for (size_t i = 0; i + 16 <= n; ++i) {
      if (std::memcmp(haystack + i, needle + j, 16) == 0) return true;
    }
  }
  return false;
}

TEST(GeneratorEntropy, FailureIsAnErrorNeverAStreamAndIsRetried) {
  const std::vector<uint8_t> zero_key = ZeroKeyStream();
  Id ids[8];
  uint8_t bytes[256];
  {
    FailEntropy fail;
    Generator g;
    for (IdKind kind : kKinds) {
      const Result r = g.generate(kind, ids[0].data(), 8);
      EXPECT_EQ(r.error, Error::kNoEntropy) << static_cast<int>(kind);
      EXPECT_EQ(r.count, 0u);
    }
    char text[26 * 4];
    EXPECT_EQ(g.generate_text(IdKind::kUlid, Format::kUlid, text, 4, 26).error, Error::kNoEntropy);
    std::memset(bytes, 0xA5, sizeof(bytes));
    EXPECT_EQ(g.fill_random(bytes, sizeof(bytes)), Error::kNoEntropy);
    EXPECT_FALSE(Contains(zero_key.data(), zero_key.size(), bytes, sizeof(bytes)))
        << "fill_random emitted the zero-key ChaCha20 stream";
    // Still failing: still an error (the state never fell back to a stream).
    EXPECT_EQ(g.generate(IdKind::kUlid, ids[0].data(), 1).error, Error::kNoEntropy);
    g_fail = false;  // the next call retries getrandom and succeeds
    EXPECT_EQ(g.generate(IdKind::kUlid, ids[0].data(), 8).error, Error::kOk);
    EXPECT_EQ(g.fill_random(bytes, sizeof(bytes)), Error::kOk);
    EXPECT_FALSE(Contains(zero_key.data(), zero_key.size(), bytes, sizeof(bytes)));
  }
}

// The pool, the process-wide monotonic order and the C API, on a thread whose
// pool generator is created while getrandom fails.
TEST(GeneratorEntropy, PoolGlobalMonotonicAndCApiReportFailure) {
  std::thread([] {
    Id ids[8];
    char text[26];
    size_t generated = 99;
    {
      FailEntropy fail;
      EXPECT_EQ(generate(IdKind::kUlid, ids[0].data(), 8).error, Error::kNoEntropy);
      EXPECT_EQ(generate_ulid_monotonic_global(ids[0].data(), 8).error, Error::kNoEntropy);
      EXPECT_EQ(generate_text(IdKind::kUlid, Format::kUlid, text, 1, 26).error, Error::kNoEntropy);
      EXPECT_EQ(sortid_generate(SORTID_KIND_RECORD_ID, ids[0].data(), 8, &generated),
                SORTID_ERROR_NO_ENTROPY);
      EXPECT_EQ(generated, 0u);
      EXPECT_STREQ(sortid_error_message(SORTID_ERROR_NO_ENTROPY),
                   "the OS entropy source failed; nothing generated; retry");
    }
    EXPECT_EQ(generate(IdKind::kUlid, ids[0].data(), 8).error, Error::kOk);
    EXPECT_EQ(generate_ulid_monotonic_global(ids[0].data(), 8).error, Error::kOk);
  }).join();
}

// A forked child whose reseed fails reports the failure (it must neither
// continue the parent's stream nor use an unset key), then recovers.
TEST(GeneratorEntropy, ForkedChildWithoutEntropyFailsThenRecovers) {
  Id warm;
  ASSERT_TRUE(generate(IdKind::kUlid, warm.data(), 1).ok());
  constexpr size_t kCount = 32;
  const test::ChildResult child = test::RunChild(test::Spawn::kFork, [](int fd) {
    Id ids[kCount];
    g_fail = true;
    const auto failed = static_cast<uint8_t>(generate(IdKind::kUlid, ids[0].data(), 1).error);
    g_fail = false;
    const auto recovered =
        static_cast<uint8_t>(generate(IdKind::kUlid, ids[0].data(), kCount).error);
    const bool ok = test::WriteAll(fd, &failed, 1) && test::WriteAll(fd, &recovered, 1) &&
                    test::WriteAll(fd, ids, sizeof(ids));
    return ok ? 0 : 1;
  });
  ASSERT_TRUE(child.finished);
  ASSERT_EQ(child.out.size(), 2 + kCount * 16);
  EXPECT_EQ(static_cast<Error>(child.out[0]), Error::kNoEntropy);
  EXPECT_EQ(static_cast<Error>(child.out[1]), Error::kOk);
  Id parent[kCount];
  ASSERT_TRUE(generate(IdKind::kUlid, parent[0].data(), kCount).ok());
  for (size_t i = 0; i < kCount; ++i) {
    EXPECT_NE(std::memcmp(child.out.data() + 2 + 16 * i + 6, parent[i].data() + 6, 10), 0) << i;
  }
}

// No more than 1 MiB of output comes from one OS seed. Bytes are
// drawn one per call, so each getrandom call is placed exactly.
TEST(GeneratorEntropy, ReseedsAtLeastEveryMebibyte) {
  constexpr uint64_t kMiB = uint64_t{1} << 20;
  std::vector<uint64_t> marks;
  g_handed = 0;
  g_marks = &marks;
  {
    Generator g;
    uint8_t byte;
    for (; g_handed < 3 * kMiB + kMiB / 2; ++g_handed) {
      ASSERT_EQ(g.fill_random(&byte, 1), Error::kOk);
    }
  }
  g_marks = nullptr;
  ASSERT_GE(marks.size(), 4u);
  EXPECT_EQ(marks.front(), 0u);
  marks.push_back(g_handed);
  for (size_t i = 1; i < marks.size(); ++i) {
    EXPECT_LE(marks[i] - marks[i - 1], kMiB) << "seed " << i - 1;
    if (i + 1 < marks.size()) {
      EXPECT_GT(marks[i] - marks[i - 1], kMiB - 8192) << "reseeds too often";
    }
  }
}

// A failed reseed in the middle of a batch writes nothing past the
// `generated` count it reports (docs/generation.md, "Errors"), whatever the
// offset of the failing refill within the batch's IDs (a ULID's 10 random
// bytes straddling a refill included).
TEST(GeneratorEntropy, FailedReseedWritesNothingPastGenerated) {
  // Output due before the refill that must reseed: whole refills of 4064
  // bytes while the total stays within 1 MiB of the seed.
  constexpr size_t kRefill = 4096 - 32;
  constexpr size_t kBeforeReseed = ((size_t{1} << 20) / kRefill) * kRefill;
  constexpr size_t kCount = 8;
  std::vector<uint8_t> drawn(kBeforeReseed);
  int failures[4] = {};
  for (IdKind kind : kKinds) {
    for (size_t left = 0; left <= 31; ++left) {
      Generator g;
      ASSERT_EQ(g.fill_random(drawn.data(), kBeforeReseed - left), Error::kOk);
      Id ids[kCount];
      std::memset(ids, 0xA5, sizeof(ids));
      Result r;
      {
        FailEntropy fail;
        r = g.generate(kind, ids[0].data(), kCount);
      }
      const std::string where =
          "kind " + std::to_string(static_cast<int>(kind)) + ", " + std::to_string(left) + " left";
      if (r.ok()) {  // the batch needed no more than was left (or no keystream)
        EXPECT_EQ(r.count, kCount) << where;
        continue;
      }
      ASSERT_EQ(r.error, Error::kNoEntropy) << where;
      ++failures[static_cast<int>(kind)];
      for (size_t i = r.count; i < kCount; ++i) {
        for (size_t b = 0; b < 16; ++b) {
          ASSERT_EQ(ids[i][b], 0xA5) << where << ": slot " << i << " byte " << b
                                     << " written past generated = " << r.count;
        }
      }
    }
  }
  // Record IDs draw keystream only for the process's first machine id.
  for (IdKind kind : {IdKind::kUlid, IdKind::kUlidMonotonic, IdKind::kUuidV7}) {
    EXPECT_GT(failures[static_cast<int>(kind)], 0) << "the reseed was never due";
  }
}

// Bytes handed out are wiped from the generator's buffer. White-box:
// a Generator is one pointer to its state, whose first 4160 bytes hold the
// ChaCha20 words and the keystream buffer.
TEST(GeneratorEntropy, HandedOutBytesDoNotStayInTheState) {
  Generator g;
  const uint8_t* state = nullptr;
  static_assert(sizeof(Generator) == sizeof(state));
  std::memcpy(&state, &g, sizeof(state));
  uint8_t bytes[200];
  ASSERT_EQ(g.fill_random(bytes, sizeof(bytes)), Error::kOk);
  EXPECT_FALSE(Contains(state, 4160, bytes, sizeof(bytes))) << "fill_random output still buffered";
  Id ids[16];
  ASSERT_TRUE(g.generate(IdKind::kUlid, ids[0].data(), 16).ok());
  for (const Id& id : ids) {
    uint8_t random[16] = {};
    std::memcpy(random, id.data() + 6, 10);
    for (size_t i = 0; i + 10 <= 4160; ++i) {
      ASSERT_NE(std::memcmp(state + i, random, 10), 0) << "ULID random part still buffered";
    }
  }
}

}  // namespace
}  // namespace sortid
