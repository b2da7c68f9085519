// Reads a file in the page cache four ways and sums its bytes, to compare the
// kernel's copy (read) with mapping the file on the machine at hand:
//   pread of 256 KiB into one buffer (what the command does),
//   mmap of 4 MiB windows, one mapping of the whole file, the same with
//   MAP_POPULATE.
// gcc -O2 -o /tmp/read_probe bench/read_probe.c && /tmp/read_probe FILE [ROUNDS]
// Prints ms per way, one line per round.
#define _GNU_SOURCE
#include <fcntl.h>
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double Now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

__attribute__((target("avx2"))) static uint64_t Sum(const char* p, size_t n) {
  __m256i acc = _mm256_setzero_si256();
  size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    const __m256i v = _mm256_loadu_si256((const __m256i*)(p + i));
    acc = _mm256_add_epi64(acc, _mm256_sad_epu8(v, _mm256_setzero_si256()));
  }
  uint64_t s = (uint64_t)_mm256_extract_epi64(acc, 0) + (uint64_t)_mm256_extract_epi64(acc, 1) +
               (uint64_t)_mm256_extract_epi64(acc, 2) + (uint64_t)_mm256_extract_epi64(acc, 3);
  for (; i < n; ++i) s += (unsigned char)p[i];
  return s;
}

static uint64_t ByPread(int fd, size_t size) {
  const size_t kRead = 256 << 10;
  char* buf = aligned_alloc(4096, kRead);
  if (buf == NULL) exit(1);
  uint64_t s = 0;
  for (size_t at = 0; at < size;) {
    const ssize_t got = pread(fd, buf, kRead, (off_t)at);
    if (got <= 0) exit(1);
    s += Sum(buf, (size_t)got);
    at += (size_t)got;
  }
  free(buf);
  return s;
}

static uint64_t ByMap(int fd, size_t size, size_t window, int flags) {
  uint64_t s = 0;
  for (size_t at = 0; at < size; at += window) {
    const size_t n = size - at < window ? size - at : window;
    char* p = mmap(NULL, n, PROT_READ, MAP_PRIVATE | flags, fd, (off_t)at);
    if (p == MAP_FAILED) exit(1);
    s += Sum(p, n);
    munmap(p, n);
  }
  return s;
}

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s FILE [ROUNDS]\n", argv[0]);
    return 2;
  }
  const int fd = open(argv[1], O_RDONLY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0) return 1;
  const size_t size = (size_t)st.st_size;
  const int rounds = argc > 2 ? atoi(argv[2]) : 5;
  for (int r = 0; r < rounds; ++r) {
    double ms[4];
    uint64_t sums[4];
    double t = Now();
    sums[0] = ByPread(fd, size);
    ms[0] = (Now() - t) * 1e3;
    t = Now();
    sums[1] = ByMap(fd, size, 4 << 20, 0);
    ms[1] = (Now() - t) * 1e3;
    t = Now();
    sums[2] = ByMap(fd, size, size, 0);
    ms[2] = (Now() - t) * 1e3;
    t = Now();
    sums[3] = ByMap(fd, size, size, MAP_POPULATE);
    ms[3] = (Now() - t) * 1e3;
    if (sums[1] != sums[0] || sums[2] != sums[0] || sums[3] != sums[0]) {
      fprintf(stderr, "sums differ\n");
      return 1;
    }
    printf(
        "pread 256K %.1f ms, mmap 4M windows %.1f ms, mmap whole %.1f ms, "
        "mmap whole + MAP_POPULATE %.1f ms\n",
        ms[0], ms[1], ms[2], ms[3]);
  }
  return 0;
}
