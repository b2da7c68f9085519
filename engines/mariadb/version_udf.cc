// sortid_version(): the UDF entry point must carry the SQL function's name,
// which is also the name of sortid.h's C function, so this file does not
// include sortid.h (and CMakeLists.txt makes the library's symbol local).
#include <mysql.h>

#include <cstring>

const char* SortidLibraryVersion();  // udf.cc

extern "C" __attribute__((visibility("default"))) my_bool sortid_version_init(UDF_INIT* initid,
                                                                              UDF_ARGS* args,
                                                                              char* message) {
  if (args->arg_count != 0) {
    std::strcpy(message, "sortid_version() takes 0 arguments");
    return 1;
  }
  initid->maybe_null = 0;
  initid->const_item = 1;
  initid->max_length = 32;
  return 0;
}

extern "C" __attribute__((visibility("default"))) char* sortid_version(UDF_INIT*, UDF_ARGS*,
                                                                       char* result,
                                                                       unsigned long* length, char*,
                                                                       char*) {
  const char* version = SortidLibraryVersion();
  *length = std::strlen(version);
  std::memcpy(result, version, *length);  // the result buffer holds 255 bytes
  return result;
}
