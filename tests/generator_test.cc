// Generators: determinism with a seed, the ID layouts and monotonic rules of
// docs/spec.md §3 with an injected clock, uniqueness and order under 8 threads, fork
// safety, and a chi-square sanity check of the random bits. The threaded tests
// also run under ThreadSanitizer (the tsan preset).
#include "sortid/generator.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <thread>
#include <vector>

#include "sortid/sortid.h"
#include "tests/generator_process_util.h"
#include "tests/support/test_support.h"

namespace sortid {
namespace {

// IDs per thread in the uniqueness test: 2 M natively, fewer under sanitizers
// (5-20x slower).
size_t PerThread() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  return 200'000;
#else
  return 2'000'000;
#endif
}

struct FakeClock {
  int64_t ms;
  static int64_t Read(void* self) { return static_cast<FakeClock*>(self)->ms; }
};

GeneratorOptions WithClock(FakeClock* clock, const uint8_t* seed = nullptr) {
  GeneratorOptions options;
  options.seed = seed;
  options.clock = FakeClock::Read;
  options.clock_context = clock;
  return options;
}

using Id = std::array<uint8_t, 16>;

std::vector<Id> Make(Generator& g, IdKind kind, size_t count) {
  std::vector<Id> ids(count);
  const Result r = g.generate(kind, ids[0].data(), count);
  EXPECT_TRUE(r.ok()) << static_cast<int>(r.error);
  EXPECT_EQ(r.count, count);
  return ids;
}

uint64_t TimestampField(const Id& id) {
  uint64_t v = 0;
  for (int i = 0; i < 6; ++i) v = (v << 8) | id[static_cast<size_t>(i)];
  return v;
}

TEST(Generator, SeedMakesStreamsReproducibleAndDistinct) {
  FakeClock clock{1700000000000};
  const uint8_t seed_a[32] = {1}, seed_b[32] = {2};
  Generator a1(WithClock(&clock, seed_a)), a2(WithClock(&clock, seed_a)),
      b(WithClock(&clock, seed_b));
  const auto x = Make(a1, IdKind::kUlid, 5000), y = Make(a2, IdKind::kUlid, 5000);
  const auto z = Make(b, IdKind::kUlid, 5000);
  EXPECT_EQ(x, y);
  EXPECT_NE(x, z);
  for (const Id& id : x) EXPECT_EQ(TimestampField(id), 1700000000000u);
  // Random parts never repeat (over several refills and key erasures).
  std::vector<Id> sorted = x;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end());
}

TEST(Generator, MonotonicUlidsKeepOrderWhenTheClockStepsBack) {
  FakeClock clock{1000};
  Generator g(WithClock(&clock));
  std::vector<Id> all;
  for (int64_t ms : {1000, 1000, 999, 500, 1000, 1001, 1001, 3}) {
    clock.ms = ms;
    const auto batch = Make(g, IdKind::kUlidMonotonic, 300);
    all.insert(all.end(), batch.begin(), batch.end());
  }
  for (size_t i = 1; i < all.size(); ++i) ASSERT_LT(all[i - 1], all[i]) << i;
  EXPECT_EQ(TimestampField(all.front()), 1000u);
  EXPECT_EQ(TimestampField(all.back()), 1001u) << "earlier clock readings keep the last ms";
}

TEST(Generator, RecordIdsStayIncreasingThroughCounterWraps) {
  FakeClock clock{kRecordInceptionMs + 123456};
  Generator g(WithClock(&clock));
  // More than 2^20 IDs in one millisecond: the counter wraps at least once and
  // the timestamp field advances instead of repeating.
  const auto ids = Make(g, IdKind::kRecordId, (size_t{1} << 20) + 5000);
  for (size_t i = 1; i < ids.size(); ++i) ASSERT_LT(ids[i - 1], ids[i]) << i;
  const RecordFields first = unpack_record(ids.front().data());
  const RecordFields last = unpack_record(ids.back().data());
  EXPECT_GE(first.unix_ms, clock.ms);
  EXPECT_GT(last.unix_ms, first.unix_ms);
  EXPECT_EQ(first.machine_id, last.machine_id);
  // Valid Record IDs: they encode (top 28 bits zero) and decode back.
  std::vector<char> text(ids.size() * 20);
  const Result s = encode(Format::kRecordId, ids[0].data(), ids.size(), text.data(), 20);
  EXPECT_TRUE(s.ok());
  EXPECT_EQ(s.count, 0u);
  clock.ms = kRecordInceptionMs - 1;
  Id id;
  EXPECT_EQ(g.generate(IdKind::kRecordId, id.data(), 1).error, Error::kRange);
}

// A clock at the ends of int64_t is out of range for every kind, and never
// overflows on the way (the UBSan build aborts on signed overflow).
TEST(Generator, ClockAtTheInt64EndsIsOutOfRange) {
  for (const int64_t ms : {INT64_MIN, INT64_MIN + 1, INT64_MAX}) {
    FakeClock clock{ms};
    for (const bool seeded : {false, true}) {
      const uint8_t seed[32] = {7};
      Generator g(WithClock(&clock, seeded ? seed : nullptr));
      for (IdKind kind :
           {IdKind::kUlid, IdKind::kUlidMonotonic, IdKind::kRecordId, IdKind::kUuidV7}) {
        Id id;
        const Result r = g.generate(kind, id.data(), 1);
        EXPECT_EQ(r.error, Error::kRange) << ms << " kind " << static_cast<int>(kind);
        EXPECT_EQ(r.count, 0u);
      }
    }
  }
}

TEST(Generator, UuidV7LayoutAndMonotonicCounter) {
  FakeClock clock{1700000000123};
  Generator g(WithClock(&clock));
  const auto ids = Make(g, IdKind::kUuidV7, 10000);
  for (size_t i = 0; i < ids.size(); ++i) {
    ASSERT_EQ(ids[i][6] >> 4, 7) << "version";
    ASSERT_EQ(ids[i][8] >> 6, 2) << "variant 10";
    ASSERT_EQ(TimestampField(ids[i]), 1700000000123u);
    if (i > 0) {
      ASSERT_LT(ids[i - 1], ids[i]);
    }
  }
  clock.ms = 5;  // clock far back: still increasing
  const auto later = Make(g, IdKind::kUuidV7, 10);
  EXPECT_LT(ids.back(), later.front());
}

TEST(Generator, TextGenerationEncodesInOnePass) {
  FakeClock clock{1469918176385};
  const uint8_t seed[32] = {7};
  Generator g(WithClock(&clock, seed)), same(WithClock(&clock, seed));
  TextOptions lines;
  lines.terminator = '\n';
  std::vector<char> text(1000 * 27);
  const Result r = g.generate_text(IdKind::kUlid, Format::kUlid, text.data(), 1000, 27, lines);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.count, 1000u);
  const auto binary = Make(same, IdKind::kUlid, 1000);
  std::vector<Id> decoded(1000);
  const Result d = decode(Format::kUlid, text.data(), 1000, 27, decoded[0].data(), nullptr, lines);
  EXPECT_TRUE(d.ok());
  EXPECT_EQ(d.count, 0u);
  EXPECT_EQ(decoded, binary);
  EXPECT_EQ(std::string(text.data(), 10), "01ARYZ6S41");
}

// Random ULID text (made from the keystream without 16-byte IDs) is the text
// of the IDs generate makes from the same stream, in every layout: prefixes,
// TypeID, letter case, padding, no terminator; 2000 IDs cross the keystream
// buffer's refills, one ID straddling each.
TEST(Generator, RandomUlidTextIsTheEncodedIds) {
  FakeClock clock{0x0123456789AB};
  const uint8_t seed[32] = {11};
  std::vector<TextOptions> layouts(6);
  layouts[0].terminator = '\n';
  layouts[1].letter_case = LetterCase::kLower;
  layouts[2].prefix = "user_", layouts[2].terminator = ',';
  layouts[3].prefix = "user", layouts[3].type_id = true, layouts[3].terminator = '\n';
  layouts[4].prefix = "a_prefix_longer_than_sixteen_";
  layouts[5].terminator = '\n';
  for (size_t k = 0; k < layouts.size(); ++k) {
    SCOPED_TRACE(k);
    const TextOptions& options = layouts[k];
    const size_t length = item_length(Format::kUlid, options);
    const size_t stride = length + (k == 5 ? 5 : 0);  // padding, left alone
    constexpr size_t kCount = 2000;
    Generator g(WithClock(&clock, seed)), same(WithClock(&clock, seed));
    std::string text(kCount * stride, '#');
    const Result r =
        g.generate_text(IdKind::kUlid, Format::kUlid, text.data(), kCount, stride, options);
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(r.count, kCount);
    const auto ids = Make(same, IdKind::kUlid, kCount);
    std::string want(kCount * stride, '#');
    ASSERT_TRUE(
        encode(Format::kUlid, ids[0].data(), kCount, want.data(), stride, nullptr, options).ok());
    EXPECT_EQ(text, want);
  }
}

// Random ULID text reads the clock once per 1024 IDs, as generate does: with
// a clock that moves on at every reading, the text is generate's IDs made in
// steps of 1024; a reading out of range stops the call after the IDs before it.
TEST(Generator, RandomUlidTextReadsTheClockPerStep) {
  struct SteppingClock {
    int64_t ms, step;
    static int64_t Read(void* self) {
      auto* c = static_cast<SteppingClock*>(self);
      const int64_t now = c->ms;
      c->ms += c->step;
      return now;
    }
  };
  const uint8_t seed[32] = {13};
  auto with = [&](SteppingClock* clock) {
    GeneratorOptions options;
    options.seed = seed;
    options.clock = SteppingClock::Read;
    options.clock_context = clock;
    return options;
  };
  constexpr size_t kCount = 3000;  // steps of 1024, 1024 and 952
  SteppingClock clock{1469918176385, 7}, same_clock{1469918176385, 7};
  Generator g(with(&clock)), same(with(&same_clock));
  TextOptions lines;
  lines.terminator = '\n';
  std::string text(kCount * 27, '#');
  const Result r = g.generate_text(IdKind::kUlid, Format::kUlid, text.data(), kCount, 27, lines);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.count, kCount);
  EXPECT_EQ(clock.ms, 1469918176385 + 3 * 7);  // three readings
  std::vector<Id> ids(kCount);
  for (size_t done = 0; done < kCount; done += 1024) {
    const size_t n = std::min<size_t>(1024, kCount - done);
    ASSERT_TRUE(same.generate(IdKind::kUlid, ids[done].data(), n).ok());
  }
  std::string want(kCount * 27, '#');
  ASSERT_TRUE(encode(Format::kUlid, ids[0].data(), kCount, want.data(), 27, nullptr, lines).ok());
  EXPECT_EQ(text, want);

  // The second reading is past the 48-bit range: 1024 IDs, then kRange.
  SteppingClock edge{(int64_t{1} << 48) - 1, 1};
  Generator at_edge(with(&edge));
  std::string partial(kCount * 27, '#');
  const Result stopped =
      at_edge.generate_text(IdKind::kUlid, Format::kUlid, partial.data(), kCount, 27, lines);
  EXPECT_EQ(stopped.error, Error::kRange);
  EXPECT_EQ(stopped.count, 1024u);
  EXPECT_EQ(partial.substr(0, 10), "7ZZZZZZZZZ");
  EXPECT_EQ(partial[1023 * 27 + 26], '\n');
  EXPECT_EQ(partial.substr(1024 * 27), std::string((kCount - 1024) * 27, '#'));

  // count * out_stride past SIZE_MAX: an argument error, as encode() gives.
  const Result huge =
      g.generate_text(IdKind::kUlid, Format::kUlid, text.data(), SIZE_MAX / 16, 27, lines);
  EXPECT_EQ(huge.error, Error::kArgument);
  EXPECT_EQ(huge.count, 0u);
}

// A random ULID is the clock's milliseconds (big-endian) and the next 10
// keystream bytes, in order, across refills of the keystream buffer.
TEST(Generator, RandomUlidsTakeTheKeystreamInOrder) {
  FakeClock clock{0x0123456789AB};
  const uint8_t seed[32] = {9};
  Generator g(WithClock(&clock, seed)), same(WithClock(&clock, seed));
  constexpr size_t kCount = 1000;  // 10 000 keystream bytes: two refills
  const auto ids = Make(g, IdKind::kUlid, kCount);
  std::vector<uint8_t> keystream(10 * kCount);
  ASSERT_EQ(same.fill_random(keystream.data(), keystream.size()), Error::kOk);
  for (size_t i = 0; i < kCount; ++i) {
    ASSERT_EQ(TimestampField(ids[i]), 0x0123456789ABu) << i;
    ASSERT_EQ(std::memcmp(ids[i].data() + 6, keystream.data() + 10 * i, 10), 0) << i;
  }
}

// 8 threads x kPerThread random ULIDs from the process-wide pool: no duplicate.
TEST(GeneratorThreads, NoDuplicatesAcrossEightThreads) {
  constexpr int kThreads = 8;
  const size_t kPerThread = PerThread();
  std::vector<Id> all(kThreads * kPerThread);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (size_t done = 0; done < kPerThread; done += 4096) {
        const size_t n = std::min<size_t>(4096, kPerThread - done);
        const Result r =
            generate(IdKind::kUlid, all[static_cast<size_t>(t) * kPerThread + done].data(), n);
        ASSERT_TRUE(r.ok());
      }
    });
  }
  for (auto& th : threads) th.join();
  std::sort(all.begin(), all.end(), [](const Id& a, const Id& b) {
    return std::memcmp(a.data() + 6, b.data() + 6, 10) < 0;  // by random part
  });
  for (size_t i = 1; i < all.size(); ++i) {
    ASSERT_NE(std::memcmp(all[i - 1].data() + 6, all[i].data() + 6, 10), 0) << i;
  }
}

// Process-wide monotonic ULIDs and Record IDs under 8 threads: every thread's
// sequence increases, and the union has no duplicate.
TEST(GeneratorThreads, ProcessWideOrdersUnderEightThreads) {
  constexpr int kThreads = 8;
  constexpr size_t kEach = 50'000;
  for (int mode = 0; mode < 2; ++mode) {
    std::vector<std::vector<Id>> per(kThreads, std::vector<Id>(kEach));
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        auto& mine = per[static_cast<size_t>(t)];
        for (size_t done = 0; done < kEach; done += 1000) {
          const Result r = mode == 0 ? generate_ulid_monotonic_global(mine[done].data(), 1000)
                                     : generate(IdKind::kRecordId, mine[done].data(), 1000);
          ASSERT_TRUE(r.ok());
        }
      });
    }
    for (auto& th : threads) th.join();
    std::vector<Id> all;
    for (const auto& mine : per) {
      for (size_t i = 1; i < mine.size(); ++i) ASSERT_LT(mine[i - 1], mine[i]) << "mode " << mode;
      all.insert(all.end(), mine.begin(), mine.end());
    }
    std::sort(all.begin(), all.end());
    EXPECT_EQ(std::adjacent_find(all.begin(), all.end()), all.end()) << "mode " << mode;
  }
}

// A forked child must not repeat its parent's stream nor its machine id.
TEST(GeneratorFork, ChildGetsFreshStreamAndMachineId) {
  Id warm;
  ASSERT_TRUE(generate(IdKind::kUlid, warm.data(), 1).ok());  // thread generator exists
  ASSERT_TRUE(generate(IdKind::kRecordId, warm.data(), 1).ok());
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  constexpr size_t kCount = 64;
  if (pid == 0) {
    Id ids[kCount + 1];
    const bool ok = generate(IdKind::kUlid, ids[0].data(), kCount).ok() &&
                    generate(IdKind::kRecordId, ids[kCount].data(), 1).ok();
    const ssize_t n = ok ? write(fds[1], ids, sizeof(ids)) : 0;
    _exit(n == static_cast<ssize_t>(sizeof(ids)) ? 0 : 1);
  }
  close(fds[1]);
  Id child[kCount + 1];
  size_t got = 0;
  while (got < sizeof(child)) {
    const ssize_t n = read(fds[0], reinterpret_cast<char*>(child) + got, sizeof(child) - got);
    if (n <= 0) break;
    got += static_cast<size_t>(n);
  }
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  ASSERT_EQ(got, sizeof(child));
  Id parent[kCount + 1];
  ASSERT_TRUE(generate(IdKind::kUlid, parent[0].data(), kCount).ok());
  ASSERT_TRUE(generate(IdKind::kRecordId, parent[kCount].data(), 1).ok());
  for (size_t i = 0; i < kCount; ++i) {
    EXPECT_NE(std::memcmp(child[i].data() + 6, parent[i].data() + 6, 10), 0) << i;
  }
  EXPECT_NE(unpack_record(child[kCount].data()).machine_id,
            unpack_record(parent[kCount].data()).machine_id);
}

// Byte frequencies of the random parts of 400,000 ULIDs (4 MB): chi-square with
// 255 degrees of freedom; 400 is beyond p = 1e-7 for a uniform source.
TEST(Generator, RandomBytesLookUniform) {
  Generator g;
  const auto ids = Make(g, IdKind::kUlid, 400'000);
  std::array<double, 256> counts{};
  for (const Id& id : ids) {
    for (size_t b = 6; b < 16; ++b) counts[id[b]] += 1;
  }
  const double expected = 400'000.0 * 10 / 256;
  double chi2 = 0;
  for (double c : counts) chi2 += (c - expected) * (c - expected) / expected;
  EXPECT_LT(chi2, 400.0);
  EXPECT_GT(chi2, 150.0) << "suspiciously uniform";
}

// A seeded generator's Record IDs come from its seed alone (machine
// id and counter), whatever the process made before.
TEST(Generator, SeededRecordIdsAreReproducible) {
  FakeClock clock{kRecordInceptionMs + 5000};
  const uint8_t seed[32] = {4};
  Generator first(WithClock(&clock, seed));
  const auto a = Make(first, IdKind::kRecordId, 100);
  Id other[5];
  ASSERT_TRUE(generate(IdKind::kRecordId, other[0].data(), 5).ok());  // process-wide IDs
  Generator second(WithClock(&clock, seed));
  const auto b = Make(second, IdKind::kRecordId, 100);
  EXPECT_EQ(a, b);
  for (size_t i = 1; i < a.size(); ++i) ASSERT_LT(a[i - 1], a[i]);
  const uint8_t seed_b[32] = {5};
  Generator third(WithClock(&clock, seed_b));
  EXPECT_NE(unpack_record(Make(third, IdKind::kRecordId, 1)[0].data()).machine_id,
            unpack_record(a[0].data()).machine_id);
}

// A seeded generator making a process's first Record ID must not fix the
// process's machine id (run in a child, whose process state is fresh).
TEST(Generator, SeededGeneratorLeavesTheProcessMachineIdAlone) {
  const test::ChildResult child = test::RunChild(test::Spawn::kFork, [](int fd) {
    const uint8_t seed[32] = {6};
    Generator seeded(GeneratorOptions{seed, nullptr, nullptr});
    Id ids[2];
    const bool ok = seeded.generate(IdKind::kRecordId, ids[0].data(), 1).ok() &&
                    generate(IdKind::kRecordId, ids[1].data(), 1).ok();
    return ok && test::WriteAll(fd, ids, sizeof(ids)) ? 0 : 1;
  });
  ASSERT_TRUE(child.finished);
  ASSERT_EQ(child.exit_code, 0);
  ASSERT_EQ(child.out.size(), 32u);
  const auto* ids = reinterpret_cast<const uint8_t*>(child.out.data());
  EXPECT_NE(unpack_record(ids).machine_id, unpack_record(ids + 16).machine_id);
}

// The overflow edge through the public API. Resumed one
// below the largest random part, two more IDs fit; then kOverflow with the
// state unchanged, until the clock reaches the next millisecond.
TEST(Generator, ResumeAfterReachesTheOverflowEdge) {
  FakeClock clock{1700000000000};
  Generator g(WithClock(&clock));
  Id last{};
  for (int b = 0; b < 6; ++b)
    last[static_cast<size_t>(b)] = static_cast<uint8_t>(clock.ms >> (40 - 8 * b));
  for (size_t b = 6; b < 16; ++b) last[b] = 0xFF;
  last[15] = 0xFD;
  ASSERT_EQ(g.resume_after(IdKind::kUlidMonotonic, last.data()), Error::kOk);
  Id ids[4];
  const Result r = g.generate(IdKind::kUlidMonotonic, ids[0].data(), 4);
  EXPECT_EQ(r.error, Error::kOverflow);
  ASSERT_EQ(r.count, 2u);
  EXPECT_EQ(ids[0][15], 0xFE);
  EXPECT_EQ(ids[1][15], 0xFF);
  EXPECT_EQ(g.generate(IdKind::kUlidMonotonic, ids[2].data(), 1).error, Error::kOverflow);
  clock.ms -= 5;  // earlier clock: still the last ms, still full
  EXPECT_EQ(g.generate(IdKind::kUlidMonotonic, ids[2].data(), 1).error, Error::kOverflow);
  clock.ms += 6;  // the next millisecond works again
  ASSERT_TRUE(g.generate(IdKind::kUlidMonotonic, ids[2].data(), 2).ok());
  EXPECT_LT(ids[1], ids[2]);
  EXPECT_EQ(TimestampField(ids[2]), static_cast<uint64_t>(clock.ms));
  // Resuming after an ID from a later ms keeps its timestamp (clock behind).
  Id later = ids[3];
  later[0] = 0x7F;
  ASSERT_EQ(g.resume_after(IdKind::kUlidMonotonic, later.data()), Error::kOk);
  ASSERT_TRUE(g.generate(IdKind::kUlidMonotonic, ids[0].data(), 1).ok());
  EXPECT_LT(later, ids[0]);
  // UUIDv7: only version-7 IDs; other kinds have no sequence to resume.
  Id v7 = Make(g, IdKind::kUuidV7, 1)[0];
  EXPECT_EQ(g.resume_after(IdKind::kUuidV7, v7.data()), Error::kOk);
  v7[6] = 0x40;
  EXPECT_EQ(g.resume_after(IdKind::kUuidV7, v7.data()), Error::kArgument);
  EXPECT_EQ(g.resume_after(IdKind::kUlid, v7.data()), Error::kArgument);
  EXPECT_EQ(g.resume_after(IdKind::kUlidMonotonic, nullptr), Error::kArgument);
}

// The opt-in random increment: 1 .. 2^k between IDs of one millisecond.
TEST(Generator, RandomMonotonicIncrement) {
  FakeClock clock{1700000000000};
  GeneratorOptions options = WithClock(&clock);
  options.monotonic_increment_bits = 8;
  Generator g(options);
  const auto ids = Make(g, IdKind::kUlidMonotonic, 2000);
  uint64_t total = 0, largest = 0;
  for (size_t i = 1; i < ids.size(); ++i) {
    ASSERT_LT(ids[i - 1], ids[i]);
    ASSERT_EQ(TimestampField(ids[i]), TimestampField(ids[0]));
    uint64_t a = 0, b = 0;
    for (size_t k = 8; k < 16; ++k) {
      a = a << 8 | ids[i - 1][k];
      b = b << 8 | ids[i][k];
    }
    const uint64_t step = b - a;  // the low 64 bits (a carry wraps correctly)
    ASSERT_GE(step, 1u);
    ASSERT_LE(step, 256u);
    total += step;
    largest = std::max(largest, step);
  }
  EXPECT_GT(largest, 200u) << "increments look fixed";
  EXPECT_NEAR(static_cast<double>(total) / 1999, 128.5, 12);
  options.monotonic_increment_bits = 33;
  Generator bad(options);
  Id id;
  EXPECT_EQ(bad.generate(IdKind::kUlidMonotonic, id.data(), 1).error, Error::kArgument);
}

// One-ID calls: layouts and order as the batch calls; text is the canonical
// encoding of a ULID generated in the same millisecond.
TEST(Generator, OneIdCalls) {
  Id a, b;
  ASSERT_EQ(new_ulid(a.data()), Error::kOk);
  ASSERT_EQ(new_ulid(b.data()), Error::kOk);
  EXPECT_NE(a, b);
  const auto now = static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                             std::chrono::system_clock::now().time_since_epoch())
                                             .count());
  EXPECT_LE(TimestampField(b), now);
  EXPECT_GT(TimestampField(b) + 5000, now);
  std::vector<Id> mono(5000);
  for (Id& id : mono) ASSERT_EQ(new_ulid_monotonic(id.data()), Error::kOk);
  for (size_t i = 1; i < mono.size(); ++i) ASSERT_LT(mono[i - 1], mono[i]) << i;
  // Many calls cross buffer refills; random parts never repeat.
  std::vector<Id> many(20000);
  for (Id& id : many) ASSERT_EQ(new_ulid(id.data()), Error::kOk);
  std::sort(many.begin(), many.end(), [](const Id& x, const Id& y) {
    return std::memcmp(x.data() + 6, y.data() + 6, 10) < 0;
  });
  for (size_t i = 1; i < many.size(); ++i) {
    ASSERT_NE(std::memcmp(many[i - 1].data() + 6, many[i].data() + 6, 10), 0);
  }
  char text[26];
  ASSERT_EQ(new_ulid_text(text), Error::kOk);
  Id decoded;
  ASSERT_TRUE(decode(Format::kUlid, text, 1, 26, decoded.data()).ok());
  char again[26];
  ASSERT_TRUE(encode(Format::kUlid, decoded.data(), 1, again, 26).ok());
  EXPECT_EQ(std::string(text, 26), std::string(again, 26));
  EXPECT_LE(TimestampField(decoded), now + 5000);
  Id record, uuid;
  ASSERT_EQ(new_record_id(record.data()), Error::kOk);
  EXPECT_EQ(record[0], 0);  // top 28 bits zero
  ASSERT_EQ(new_uuidv7(uuid.data()), Error::kOk);
  EXPECT_EQ(uuid[6] >> 4, 7);
  EXPECT_EQ(new_ulid(nullptr), Error::kArgument);
  EXPECT_EQ(new_ulid_text(nullptr), Error::kArgument);
  // The C calls.
  EXPECT_EQ(sortid_new_ulid(a.data()), SORTID_OK);
  EXPECT_EQ(sortid_new_ulid_monotonic(a.data()), SORTID_OK);
  EXPECT_EQ(sortid_new_ulid_text(text), SORTID_OK);
  EXPECT_TRUE(decode(Format::kUlid, text, 1, 26, decoded.data()).ok());
}

// The process-wide monotonic order: a call's range is reserved at once, so
// batches from one thread are consecutive +1 steps within a millisecond.
TEST(Generator, GlobalMonotonicBatchesAreRanges) {
  std::vector<Id> ids(4096);
  ASSERT_TRUE(generate_ulid_monotonic_global(ids[0].data(), ids.size()).ok());
  for (size_t i = 1; i < ids.size(); ++i) {
    ASSERT_LT(ids[i - 1], ids[i]);
    if (TimestampField(ids[i]) == TimestampField(ids[i - 1])) {
      Id next = ids[i - 1];
      ASSERT_EQ(increment_ulid(next.data()), Error::kOk);
      ASSERT_EQ(next, ids[i]) << i;
    }
  }
  std::vector<Id> more(10);
  ASSERT_TRUE(generate_ulid_monotonic_global(more[0].data(), more.size()).ok());
  EXPECT_LT(ids.back(), more.front());
}

TEST(Generator, CApiClockSeedAndResume) {
  FakeClock clock{1469918176385};
  const uint8_t seed[32] = {7};
  sortid_generator_options options = {seed, FakeClock::Read, &clock, 0};
  sortid_generator* g = sortid_generator_create_with(&options);
  ASSERT_NE(g, nullptr);
  Generator same(WithClock(&clock, seed));
  uint8_t ids[16 * 50];
  size_t generated = 0;
  ASSERT_EQ(sortid_generator_generate(g, SORTID_KIND_ULID, ids, 50, &generated), SORTID_OK);
  const auto expected = Make(same, IdKind::kUlid, 50);
  EXPECT_EQ(std::memcmp(ids, expected.data(), sizeof(ids)), 0) << "seed and clock honoured";
  uint8_t bytes[64], expected_bytes[64];
  EXPECT_EQ(sortid_generator_fill_random(g, bytes, sizeof(bytes)), SORTID_OK);
  ASSERT_EQ(same.fill_random(expected_bytes, sizeof(expected_bytes)), Error::kOk);
  EXPECT_EQ(std::memcmp(bytes, expected_bytes, sizeof(bytes)), 0);
  uint8_t last[16];
  std::memcpy(last, ids, 16);
  std::memset(last + 6, 0xFF, 10);
  EXPECT_EQ(sortid_generator_resume_after(g, SORTID_KIND_ULID_MONOTONIC, last), SORTID_OK);
  EXPECT_EQ(sortid_generator_generate(g, SORTID_KIND_ULID_MONOTONIC, ids, 1, &generated),
            SORTID_ERROR_OVERFLOW);
  EXPECT_EQ(generated, 0u);
  clock.ms += 1;
  EXPECT_EQ(sortid_generator_generate(g, SORTID_KIND_ULID_MONOTONIC, ids, 1, &generated),
            SORTID_OK);
  EXPECT_EQ(sortid_generator_resume_after(nullptr, SORTID_KIND_ULID_MONOTONIC, last),
            SORTID_ERROR_ARGUMENT);
  sortid_generator_destroy(g);
  options.monotonic_increment_bits = 40;
  EXPECT_EQ(sortid_generator_create_with(&options), nullptr);
  sortid_generator* plain = sortid_generator_create_with(nullptr);
  ASSERT_NE(plain, nullptr);
  EXPECT_EQ(sortid_generator_generate(plain, SORTID_KIND_RECORD_ID, ids, 3, &generated), SORTID_OK);
  sortid_generator_destroy(plain);
}

TEST(Generator, CApi) {
  const uint8_t seed[32] = {9};
  sortid_generator* g = sortid_generator_create(seed);
  ASSERT_NE(g, nullptr);
  uint8_t ids[16 * 100];
  size_t generated = 0;
  EXPECT_EQ(sortid_generator_generate(g, SORTID_KIND_UUIDV7, ids, 100, &generated), SORTID_OK);
  EXPECT_EQ(generated, 100u);
  EXPECT_EQ(ids[6] >> 4, 7);
  sortid_generator_destroy(g);
  EXPECT_EQ(sortid_generate(SORTID_KIND_ULID_MONOTONIC, ids, 100, &generated), SORTID_OK);
  char text[27 * 10];
  sortid_text_options lines = {0, NULL, 0, '\n'};
  EXPECT_EQ(
      sortid_generate_text(SORTID_KIND_ULID, SORTID_FORMAT_ULID, text, 10, 27, &lines, &generated),
      SORTID_OK);
  EXPECT_EQ(text[26], '\n');
  EXPECT_EQ(sortid_generator_generate(nullptr, SORTID_KIND_ULID, ids, 1, nullptr),
            SORTID_ERROR_ARGUMENT);
}

}  // namespace
}  // namespace sortid
