/* The deprecated C names: still exported by the shared library, and each
 * behaves as the function that replaced it. */
#include <stdio.h>
#include <string.h>

#include "sortid/sortid.h"
#include "tests/c_check.h"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

int main(void) {
  uint8_t id[16], other[16];
  char text[26];
  CHECK(sortid_ulid_new(id) == SORTID_OK && id[0] <= 0x07);
  CHECK(sortid_ulid_new(NULL) == SORTID_ERROR_ARGUMENT);
  CHECK(sortid_ulid_new_monotonic(id) == SORTID_OK &&
        sortid_ulid_new_monotonic(other) == SORTID_OK);
  CHECK(memcmp(id, other, 16) < 0);
  CHECK(sortid_ulid_new_text(text) == SORTID_OK && text[0] <= '7');
  CHECK(sortid_ulid_new_text(NULL) == SORTID_ERROR_ARGUMENT);

  memset(id, 0, 16);
  memcpy(other, id, 16);
  CHECK(sortid_ulid_increment(id) == SORTID_OK && sortid_increment_ulid(other) == SORTID_OK);
  CHECK(memcmp(id, other, 16) == 0 && id[15] == 1);
  memset(id + 6, 0xFF, 10);
  CHECK(sortid_ulid_increment(id) == SORTID_ERROR_OVERFLOW && id[15] == 0xFF);

  CHECK(sortid_record_pack(SORTID_RECORD_INCEPTION_MS + 1000, 0x123456789A, 0xABCDE, id) ==
        SORTID_OK);
  CHECK(sortid_pack_record(SORTID_RECORD_INCEPTION_MS + 1000, 0x123456789A, 0xABCDE, other) ==
        SORTID_OK);
  CHECK(memcmp(id, other, 16) == 0);
  CHECK(sortid_record_pack(SORTID_RECORD_INCEPTION_MS - 1, 0, 0, id) == SORTID_ERROR_RANGE);
  int64_t ms = 0;
  uint64_t machine = 0;
  uint32_t counter = 0;
  sortid_record_unpack(other, &ms, &machine, &counter);
  CHECK(ms == SORTID_RECORD_INCEPTION_MS + 1000 && machine == 0x123456789A && counter == 0xABCDE);

  size_t type_len = 99, pos = 99;
  CHECK(sortid_typeid_split("user_01h455vb4pex5vsknk084sn02q", 31, &type_len, &pos) == SORTID_OK &&
        type_len == 4);
  CHECK(sortid_typeid_split("us3r_x", 6, &type_len, &pos) == SORTID_ERROR_PREFIX && pos == 2);

  static const uint8_t seed[32] = {1};
  const sortid_generator_options options = {seed, fixed_clock, NULL, 0};
  sortid_generator* old_name = sortid_generator_new_with(&options);
  sortid_generator* new_name = sortid_generator_create_with(&options);
  CHECK(old_name != NULL && new_name != NULL);
  size_t made = 0;
  CHECK(sortid_generator_generate(old_name, SORTID_KIND_ULID, id, 1, &made) == SORTID_OK);
  CHECK(sortid_generator_generate(new_name, SORTID_KIND_ULID, other, 1, &made) == SORTID_OK);
  CHECK(memcmp(id, other, 16) == 0);
  sortid_generator_destroy(old_name);
  sortid_generator_destroy(new_name);
  const sortid_generator_options too_many_bits = {NULL, NULL, NULL, 33};
  CHECK(sortid_generator_new_with(&too_many_bits) == NULL);

  C_CHECK_REPORT();
}
