/* The C ABI, compiled as C11 and linked against the shared library: every
 * function under its current name (c_api_deprecated_test.c covers the
 * deprecated ones). */
#include <stdio.h>
#include <string.h>

#include "sortid/sortid.h"
#include "tests/c_check.h"

int main(void) {
  /* Decode three lines, one bad, then explain the bad one. */
  const char text[] =
      "01GV5PA9EQG7D82Q3Y4PKBZSYV\n"
      "01GV5PA9EQG7D82Q3Y4PKBZSYU\n"
      "7ZZZZZZZZZZZZZZZZZZZZZZZZZ\n";
  sortid_text_options lines = {0, NULL, 0, '\n'};
  uint8_t ids[3 * 16];
  uint8_t validity = 0xFF;
  size_t invalid = 99;
  CHECK(sortid_decode(SORTID_FORMAT_ULID, text, 3, 27, ids, &validity, &invalid, &lines) ==
        SORTID_OK);
  CHECK(invalid == 1);
  CHECK(validity == 0x5);
  CHECK(ids[0] == 0x01 && ids[1] == 0x86 && ids[15] == 0xdb);
  CHECK(ids[16] == 0 && ids[31] == 0);
  size_t pos = 0;
  CHECK(sortid_explain(SORTID_FORMAT_ULID, text + 27, 27, &lines, &pos) == SORTID_ERROR_CHARACTER);
  CHECK(pos == 25);
  CHECK(strcmp(sortid_error_message(SORTID_ERROR_CHARACTER), "invalid character") == 0);

  /* Encode back, lower case, as UUIDs. */
  char uuid[36];
  sortid_text_options lower = {SORTID_FLAG_LOWER, NULL, 0, -1};
  CHECK(sortid_encode(SORTID_FORMAT_UUID, ids, 1, uuid, 36, NULL, NULL, &lower) == SORTID_OK);
  CHECK(memcmp(uuid, "0186cb65-25d7-81da-815c-7e25a6bfe7db", 36) == 0);

  /* One item at a time: the same bytes, and the same error and position. */
  uint8_t one[16];
  char one_text[27];
  CHECK(sortid_decode_one(SORTID_FORMAT_ULID, text, 26, one, NULL, &pos) == SORTID_OK);
  CHECK(memcmp(one, ids, 16) == 0);
  CHECK(sortid_decode_one(SORTID_FORMAT_ULID, text + 27, 27, one, &lines, &pos) ==
            SORTID_ERROR_CHARACTER &&
        pos == 25 && one[0] == 0);
  CHECK(sortid_encode_one(SORTID_FORMAT_ULID, ids, one_text, &lines) == 27);
  CHECK(memcmp(one_text, text, 27) == 0);
  CHECK(sortid_encode_one(SORTID_FORMAT_UUID, ids, uuid, NULL) == 36);
  /* The public length constants are what the library reports. */
  CHECK(sortid_text_length(SORTID_FORMAT_ULID) == SORTID_TEXT_LENGTH_ULID);
  CHECK(sortid_text_length(SORTID_FORMAT_RECORD_ID) == SORTID_TEXT_LENGTH_RECORD_ID);
  CHECK(sortid_text_length(SORTID_FORMAT_UUID) == SORTID_TEXT_LENGTH_UUID);
  CHECK(sortid_text_length(SORTID_FORMAT_UUID_HEX) == SORTID_TEXT_LENGTH_UUID_HEX);
  CHECK(SORTID_TEXT_LENGTH_MAX >= SORTID_TEXT_LENGTH_UUID && SORTID_BINARY_SIZE == sizeof one);
  CHECK(memcmp(uuid, "0186cb65-25d7-81da-815c-7e25a6bfe7db", 36) == 0);

  /* Column input with a prefix. */
  const char data[] = "user_01GV5PA9EQG7D82Q3Y4PKBZSYVuser_x";
  const int32_t offsets[3] = {0, 31, 37};
  sortid_text_options user = {0, "user_", 5, -1};
  CHECK(sortid_decode_column(SORTID_FORMAT_ULID, offsets, data, 2, NULL, ids, &validity, &invalid,
                             &user) == SORTID_OK);
  CHECK(validity == 0x1 && invalid == 1);

  /* TypeID. */
  size_t type_len = 0;
  const char tid[] = "user_01h455vb4pex5vsknk084sn02q";
  CHECK(sortid_split_typeid(tid, 31, &type_len, &pos) == SORTID_OK && type_len == 4);
  pos = 99;
  CHECK(sortid_split_typeid("us3r_x", 6, &type_len, &pos) == SORTID_ERROR_PREFIX && pos == 2);
  CHECK(sortid_split_typeid(NULL, 1, NULL, NULL) == SORTID_ERROR_ARGUMENT);
  sortid_text_options typeid_opts = {SORTID_FLAG_TYPEID, tid, type_len, -1};
  CHECK(sortid_decode(SORTID_FORMAT_ULID, tid, 1, 31, ids, &validity, &invalid, &typeid_opts) ==
        SORTID_OK);
  CHECK(invalid == 0);

  /* Timestamps, bounds, increment, Record ID fields. */
  int64_t ms = 0;
  CHECK(sortid_timestamps_ms(SORTID_FORMAT_ULID, ids, 1, &ms) == SORTID_OK);
  CHECK(ms == 1688096058518); /* 0x01890a5dac96 */
  uint8_t min[16], max[16];
  CHECK(sortid_bounds(SORTID_FORMAT_ULID, -1, min, max) == SORTID_ERROR_RANGE);
  CHECK(sortid_bounds(SORTID_FORMAT_ULID, ms, min, max) == SORTID_OK);
  CHECK(min[15] == 0 && max[15] == 0xFF && min[5] == ids[5]);
  CHECK(sortid_increment_ulid(min) == SORTID_OK && min[15] == 1);
  CHECK(sortid_increment_ulid(max) == SORTID_ERROR_OVERFLOW && max[15] == 0xFF);
  uint8_t rec[16];
  CHECK(sortid_pack_record(SORTID_RECORD_INCEPTION_MS + 1000, 0x123456789A, 0xABCDE, rec) ==
        SORTID_OK);
  CHECK(sortid_pack_record(SORTID_RECORD_INCEPTION_MS - 1, 0, 0, rec) == SORTID_ERROR_RANGE);
  char rec_text[20];
  CHECK(sortid_encode(SORTID_FORMAT_RECORD_ID, rec, 1, rec_text, 20, NULL, NULL, NULL) ==
        SORTID_OK);
  CHECK(memcmp(rec_text, "000000Z828T5CY4TNF6Y", 20) == 0);
  int64_t rec_ms = 0;
  uint64_t machine = 0;
  uint32_t counter = 0;
  sortid_unpack_record(rec, &rec_ms, &machine, &counter);
  CHECK(rec_ms == 1767225601000 && machine == 0x123456789A && counter == 0xABCDE);

  /* Argument errors. */
  CHECK(sortid_decode(SORTID_FORMAT_ULID, text, 3, 20, ids, NULL, NULL, NULL) ==
        SORTID_ERROR_ARGUMENT);
  sortid_text_options contradictory = {SORTID_FLAG_LOWER | SORTID_FLAG_UPPER, NULL, 0, -1};
  CHECK(sortid_encode(SORTID_FORMAT_ULID, ids, 1, uuid, 36, NULL, NULL, &contradictory) ==
        SORTID_ERROR_ARGUMENT);
  CHECK(sortid_text_length(SORTID_FORMAT_RECORD_ID) == 20);

  /* Process-wide monotonic ULIDs: strictly increasing across calls. */
  uint8_t mono[4 * 16];
  size_t made = 0;
  CHECK(sortid_generate_ulid_monotonic_global(mono, 2, &made) == SORTID_OK && made == 2);
  CHECK(sortid_generate_ulid_monotonic_global(mono + 32, 2, &made) == SORTID_OK && made == 2);
  CHECK(memcmp(mono, mono + 16, 16) < 0 && memcmp(mono + 16, mono + 32, 16) < 0 &&
        memcmp(mono + 32, mono + 48, 16) < 0);

  /* One ID per call, and an owned generator with an injected clock and seed. */
  uint8_t new_id[16];
  char new_text[26];
  CHECK(sortid_new_ulid(new_id) == SORTID_OK && sortid_new_ulid_monotonic(new_id) == SORTID_OK);
  CHECK(sortid_new_ulid_text(new_text) == SORTID_OK && new_text[0] <= '7');
  CHECK(sortid_new_ulid(NULL) == SORTID_ERROR_ARGUMENT);
  CHECK(sortid_new_uuidv7(new_id) == SORTID_OK && new_id[6] >> 4 == 7 && new_id[8] >> 6 == 2);
  CHECK(sortid_new_uuidv7(NULL) == SORTID_ERROR_ARGUMENT);
  CHECK(sortid_new_record_id(new_id) == SORTID_OK);
  CHECK(sortid_timestamps_ms(SORTID_FORMAT_RECORD_ID, new_id, 1, &ms) == SORTID_OK &&
        ms > SORTID_RECORD_INCEPTION_MS);
  CHECK(sortid_new_record_id(NULL) == SORTID_ERROR_ARGUMENT);
  static const uint8_t seed[32] = {1};
  sortid_generator_options options = {seed, fixed_clock, NULL, 0};
  sortid_generator* g = sortid_generator_create_with(&options);
  CHECK(g != NULL);
  CHECK(sortid_generator_generate(g, SORTID_KIND_ULID, new_id, 1, &made) == SORTID_OK);
  CHECK(new_id[0] == 0x01 && new_id[1] == 0x56 &&
        new_id[5] == 0x81); /* 1469918176385 = 0x01563DF36481 */
  CHECK(sortid_generator_fill_random(g, mono, sizeof(mono)) == SORTID_OK);
  CHECK(sortid_generator_resume_after(g, SORTID_KIND_RECORD_ID, new_id) == SORTID_ERROR_ARGUMENT);
  sortid_generator_destroy(g);
  /* generate_text on a generator: the same IDs as generate, then encode. */
  sortid_generator* binary = sortid_generator_create_with(&options);
  sortid_generator* textual = sortid_generator_create_with(&options);
  uint8_t gen_ids[3 * 16];
  char gen_text[3 * 27], want_text[3 * 27];
  CHECK(binary != NULL && textual != NULL);
  CHECK(sortid_generator_generate(binary, SORTID_KIND_ULID_MONOTONIC, gen_ids, 3, &made) ==
            SORTID_OK &&
        made == 3);
  CHECK(sortid_encode(SORTID_FORMAT_ULID, gen_ids, 3, want_text, 27, NULL, NULL, &lines) ==
        SORTID_OK);
  made = 0;
  CHECK(sortid_generator_generate_text(textual, SORTID_KIND_ULID_MONOTONIC, SORTID_FORMAT_ULID,
                                       gen_text, 3, 27, &lines, &made) == SORTID_OK &&
        made == 3);
  CHECK(memcmp(gen_text, want_text, sizeof(gen_text)) == 0);
  CHECK(sortid_generator_generate_text(NULL, SORTID_KIND_ULID, SORTID_FORMAT_ULID, gen_text, 1, 27,
                                       NULL, &made) == SORTID_ERROR_ARGUMENT);
  CHECK(sortid_generator_generate_text(textual, SORTID_KIND_ULID, SORTID_FORMAT_ULID, gen_text, 1,
                                       25, NULL, &made) == SORTID_ERROR_ARGUMENT);
  sortid_generator_destroy(binary);
  sortid_generator_destroy(textual);
  CHECK(sortid_generator_create_with(&(sortid_generator_options){NULL, NULL, NULL, 33}) == NULL);
  CHECK(strcmp(sortid_error_message(SORTID_ERROR_NO_ENTROPY),
               "the OS entropy source failed; nothing generated; retry") == 0);

  /* Items of varying length, Arrow output, option checks. */
  const sortid_text_item items[2] = {{"01GV5PA9EQG7D82Q3Y4PKBZSYV", 26}, {NULL, 0}};
  uint8_t item_ids[32];
  uint8_t item_validity = 0;
  size_t item_invalid = 99;
  CHECK(sortid_decode_items(SORTID_FORMAT_ULID, items, 2, item_ids, &item_validity, &item_invalid,
                            NULL) == SORTID_OK);
  CHECK(item_validity == 1 && item_invalid == 1);
  CHECK(sortid_decode_items(SORTID_FORMAT_ULID, items, 2, item_ids, &item_validity, NULL, NULL) ==
        SORTID_OK);
  int32_t column_offsets[3];
  char column_data[52];
  size_t column_invalid = 0;
  CHECK(sortid_encode_column(SORTID_FORMAT_ULID, item_ids, 2, &item_validity, column_offsets,
                             column_data, NULL, &column_invalid, NULL) == SORTID_OK);
  CHECK(column_invalid == 1 && column_offsets[1] == 26 && column_offsets[2] == 26 &&
        memcmp(column_data, items[0].data, 26) == 0);
  sortid_error why = SORTID_OK;
  const sortid_text_options typeid_uuid = {SORTID_FLAG_TYPEID, "user", 4, -1};
  CHECK(sortid_check_options(SORTID_FORMAT_UUID, &typeid_uuid) == SORTID_ERROR_ARGUMENT);
  CHECK(sortid_item_length(SORTID_FORMAT_UUID, &typeid_uuid, &why) == 0 &&
        why == SORTID_ERROR_ARGUMENT);
  CHECK(sortid_item_length(SORTID_FORMAT_ULID, &typeid_uuid, &why) == 31 && why == SORTID_OK);

  /* Time text. */
  char iso[SORTID_ISO8601_MAX_LENGTH];
  CHECK(sortid_format_iso8601(0, iso, sizeof(iso)) == 24 &&
        memcmp(iso, "1970-01-01T00:00:00.000Z", 24) == 0);
  CHECK(sortid_format_iso8601(281474976710655, iso, sizeof(iso)) == 26 &&
        memcmp(iso, "+10889-08-02T05:31:50.655Z", 26) == 0);
  CHECK(sortid_format_iso8601(281474976710655, iso, 25) == 0);
  CHECK(sortid_format_iso8601(0, NULL, 0) == 0);
  int64_t parsed = 0;
  CHECK(sortid_parse_timestamp("2024-01-31", 10, SORTID_TIME_START, &parsed) == SORTID_OK &&
        parsed == 1706659200000);
  CHECK(sortid_parse_timestamp("2024-01-31", 10, SORTID_TIME_END, &parsed) == SORTID_OK &&
        parsed == 1706745599999);
  CHECK(sortid_parse_timestamp("-1", 2, SORTID_TIME_START, &parsed) == SORTID_OK && parsed == -1);
  parsed = 7;
  CHECK(sortid_parse_timestamp("2024-13-01", 10, SORTID_TIME_START, &parsed) ==
            SORTID_ERROR_ARGUMENT &&
        parsed == 7);
  CHECK(sortid_parse_timestamp("", 0, SORTID_TIME_START, &parsed) == SORTID_ERROR_ARGUMENT);
  CHECK(sortid_parse_timestamp("0", 1, SORTID_TIME_START, NULL) == SORTID_ERROR_ARGUMENT);
  CHECK(sortid_parse_timestamp("0", 1, (sortid_time_bound)2, &parsed) == SORTID_ERROR_ARGUMENT);
  /* A C caller may pass any int for an enum: unknown values are errors, never a format. */
  {
    uint8_t unknown_id[16];
    const int unknown[] = {4, 255, 256, 300, -1};
    for (size_t i = 0; i < sizeof(unknown) / sizeof(unknown[0]); ++i) {
      CHECK(sortid_text_length((sortid_format)unknown[i]) == 0);
      CHECK(sortid_generate((sortid_id_kind)unknown[i], unknown_id, 1, NULL) ==
            SORTID_ERROR_ARGUMENT);
    }
  }

  /* Targets. */
  const char* names[16];
  size_t n = sortid_targets(SORTID_TARGETS_SUPPORTED, names, 16);
  CHECK(n >= 1 && strcmp(names[n - 1], "SCALAR") == 0);
  const sortid_target_set compiled = SORTID_TARGETS_COMPILED;
  CHECK(sortid_targets(compiled, NULL, 0) >= n);
  CHECK(sortid_targets((sortid_target_set)2, names, 16) == 0);
  CHECK(sortid_set_target("SCALAR") == SORTID_OK);
  CHECK(strcmp(sortid_active_target(), "SCALAR") == 0);
  CHECK(sortid_set_target("BOGUS") == SORTID_ERROR_UNSUPPORTED);
  CHECK(sortid_set_target(NULL) == SORTID_OK);
  CHECK(strcmp(sortid_version(), SORTID_VERSION_STRING) == 0);

  C_CHECK_REPORT();
}
