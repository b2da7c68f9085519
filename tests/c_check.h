/* The check counter of the C API tests (C11, no test framework: they test
 * the ABI as a C program sees it). Each test defines main() and ends with
 * C_CHECK_REPORT(). */
#ifndef SORTID_TESTS_C_CHECK_H_
#define SORTID_TESTS_C_CHECK_H_

#include <stdint.h>
#include <stdio.h>

static int passed, failed;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (cond) {                                                                \
      ++passed;                                                                \
    } else {                                                                   \
      ++failed;                                                                \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                          \
  } while (0)

#define C_CHECK_REPORT()                              \
  do {                                                \
    printf("%d passed, %d failed\n", passed, failed); \
    return failed == 0 ? 0 : 1;                       \
  } while (0)

/* A clock fixed at 2016-07-30T23:56:16.385Z, for deterministic generators. */
static int64_t fixed_clock(void* context) {
  (void)context;
  return 1469918176385;
}

#endif /* SORTID_TESTS_C_CHECK_H_ */
