// Generating while a thread or the process ends: from an atexit handler, a
// static destructor, a pthread_key destructor and thread_locals constructed
// before the library's first use on their thread (their destructors run after
// the thread's pool generator is destroyed). Each call must give a valid,
// fresh ID and never touch the destroyed generator (the ASan build reports
// any such read). The paths run in an exec'd copy of this binary, which
// writes one line per call: "<path> <error> <ULID text>".
#include <gtest/gtest.h>
#include <pthread.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>

#include "sortid/generator.hpp"
#include "sortid/sortid.h"
#include "tests/generator_process_util.h"

namespace sortid {
namespace {

// Generates through each public entry (the pool, its one-ID calls, the C
// API and the process-wide order) and writes a line for each.
void Report(const char* path) {
  struct Call {
    const char* name;
    Error (*make)(uint8_t* id);
  };
  static constexpr Call kCalls[] = {
      {"generate", [](uint8_t* id) { return generate(IdKind::kUlid, id, 1).error; }},
      {"monotonic", [](uint8_t* id) { return generate(IdKind::kUlidMonotonic, id, 1).error; }},
      {"record", [](uint8_t* id) { return generate(IdKind::kRecordId, id, 1).error; }},
      {"uuidv7", [](uint8_t* id) { return new_uuidv7(id); }},
      {"new_ulid", [](uint8_t* id) { return new_ulid(id); }},
      {"new_monotonic", [](uint8_t* id) { return new_ulid_monotonic(id); }},
      {"global", [](uint8_t* id) { return generate_ulid_monotonic_global(id, 1).error; }},
      {"c_api",
       [](uint8_t* id) {
         return static_cast<Error>(sortid_generate(SORTID_KIND_ULID, id, 1, nullptr));
       }},
      {"c_one", [](uint8_t* id) { return static_cast<Error>(sortid_new_ulid(id)); }},
  };
  for (const Call& call : kCalls) {
    uint8_t id[16] = {};
    const Error error = call.make(id);
    char text[27] = {};
    (void)encode_one(Format::kUlid, id, text);
    const std::string line = std::string(path) + "." + call.name + " " +
                             std::to_string(static_cast<int>(error)) + " " + text + "\n";
    (void)test::WriteAll(1, line.data(), line.size());
  }
}

struct ReportOnDestruction {
  const char* path;
  ~ReportOnDestruction() { Report(path); }
};

void KeyDestructor(void* path) { Report(static_cast<const char*>(path)); }

void AtExit() { Report("atexit"); }

[[noreturn]] void RunExitPaths() {
  // A worker thread: a thread_local made before its first generating call,
  // and a pthread_key destructor (run after every C++ thread_local's).
  std::thread([] {
    static thread_local ReportOnDestruction early{"worker_thread_local"};
    (void)early.path;
    pthread_key_t key;
    if (pthread_key_create(&key, KeyDestructor) != 0) _exit(3);
    pthread_setspecific(key, const_cast<char*>("worker_pthread_key"));
    uint8_t id[16];
    if (!generate(IdKind::kUlid, id, 1).ok()) _exit(4);
  }).join();
  // The main thread at exit(): its thread_locals are destroyed first (the
  // pool's before one made earlier), then atexit handlers and statics.
  static thread_local ReportOnDestruction early{"main_thread_local"};
  (void)early.path;
  static ReportOnDestruction static_object{"static_destructor"};
  (void)static_object.path;
  std::atexit(AtExit);
  uint8_t id[16];
  if (!generate(IdKind::kUlid, id, 1).ok()) _exit(4);
  std::exit(0);
}

const bool g_helper_checked = [] {
  const char* mode = std::getenv("SORTID_GENERATOR_HELPER");
  if (mode != nullptr && std::strcmp(mode, "exit_paths") == 0) RunExitPaths();
  return true;
}();

TEST(GeneratorExit, GeneratesFromEveryExitPath) {
  const test::ChildResult child = test::RunHelper("exit_paths");
  ASSERT_TRUE(child.finished) << "the helper hung";
  EXPECT_EQ(child.exit_code, 0) << child.out;
  std::map<std::string, int> lines_per_path;
  std::set<std::string> ids;
  std::istringstream lines(child.out);
  std::string call;
  int error = -1;
  std::string text;
  size_t count = 0;
  while (lines >> call >> error >> text) {
    ++count;
    EXPECT_EQ(error, 0) << call;
    uint8_t id[16];
    EXPECT_EQ(decode_one(Format::kUlid, text, id).error, Error::kOk) << call << ": " << text;
    EXPECT_TRUE(ids.insert(text.substr(10)).second) << call << " repeated " << text;
    ++lines_per_path[call.substr(0, call.find('.'))];
  }
  for (const char* path : {"worker_thread_local", "worker_pthread_key", "main_thread_local",
                           "static_destructor", "atexit"}) {
    EXPECT_EQ(lines_per_path[path], 9) << path << " did not report every call";
  }
  EXPECT_EQ(count, 45u);
}

}  // namespace
}  // namespace sortid
