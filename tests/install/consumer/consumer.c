/* A downstream C program built with pkg-config flags. */
#include <sortid/sortid.h>
#include <stdio.h>

int main(void) {
  uint8_t id[16];
  size_t invalid = 1;
  if (sortid_decode(SORTID_FORMAT_ULID, "01ARYZ6S41TSV4RRFFQ69G5FAV", 1, 26, id, NULL, &invalid,
                    NULL) != SORTID_OK || invalid != 0 || id[0] != 0x01 || id[1] != 0x56) {
    return 1;
  }
  printf("C consumer ok (sortid %s)\n", sortid_version());
  return 0;
}
