// Helpers for the generator's process-level tests: run a body in a child made
// by fork(), _Fork(), a raw clone(SIGCHLD) or vfork()+exec of this test binary,
// collect what it writes to a pipe, and give up (killing it) after a timeout
// instead of hanging when the child deadlocks.
#ifndef SORTID_TESTS_GENERATOR_PROCESS_UTIL_H_
#define SORTID_TESTS_GENERATOR_PROCESS_UTIL_H_

#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>

namespace sortid::test {

using Id = std::array<uint8_t, 16>;

enum class Spawn { kFork, kUnderscoreFork, kRawClone };

// Each Spawn's name, in enum order: fork(), _Fork(), clone(SIGCHLD). Also
// the gtest parameter names, so only letters, digits and '_'.
inline constexpr const char* kSpawnNames[] = {"fork", "underscore_fork", "raw_clone"};
inline const char* SpawnName(Spawn spawn) { return kSpawnNames[static_cast<size_t>(spawn)]; }

// What a child wrote and how it ended. finished is false when it was killed
// after the timeout (a deadlock in the child).
struct ChildResult {
  bool finished = false;
  int exit_code = -1;
  std::string out;
};

inline int64_t MonotonicMs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

// Reads fd until EOF, then reaps pid; kills it after timeout_ms.
inline ChildResult Collect(pid_t pid, int fd, int timeout_ms) {
  ChildResult result;
  const int64_t deadline = MonotonicMs() + timeout_ms;
  char chunk[4096];
  bool eof = false;
  while (!eof && MonotonicMs() < deadline) {
    pollfd p = {fd, POLLIN, 0};
    if (poll(&p, 1, 50) <= 0) continue;
    const ssize_t n = read(fd, chunk, sizeof(chunk));
    if (n <= 0) {
      eof = true;
    } else {
      result.out.append(chunk, static_cast<size_t>(n));
    }
  }
  close(fd);
  int status = 0;
  while (MonotonicMs() < deadline) {
    if (waitpid(pid, &status, WNOHANG) == pid) {
      result.finished = true;
      result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      return result;
    }
    usleep(1000);
  }
  kill(pid, SIGKILL);
  waitpid(pid, &status, 0);
  return result;
}

// Runs body(fd) in the child that make_child() creates: a fork-like call
// returning 0 in the child and its pid (or -1) in the parent. The child exits
// with body's result; an unmade child is an unfinished result.
inline ChildResult RunSpawned(const std::function<pid_t()>& make_child,
                              const std::function<int(int fd)>& body, int timeout_ms = 20000) {
  int fds[2];
  if (pipe(fds) != 0) return {};
  const pid_t pid = make_child();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return {};
  }
  if (pid == 0) {
    close(fds[0]);
    const int code = body(fds[1]);
    _exit(code);
  }
  close(fds[1]);
  return Collect(pid, fds[0], timeout_ms);
}

// Runs body(fd) in a child made by spawn; the child exits with body's result.
inline ChildResult RunChild(Spawn spawn, const std::function<int(int fd)>& body,
                            int timeout_ms = 20000) {
  return RunSpawned(
      [spawn]() -> pid_t {
        switch (spawn) {
          case Spawn::kFork:
            return fork();
          case Spawn::kUnderscoreFork:
            return _Fork();  // glibc >= 2.34: no atfork handlers run
          case Spawn::kRawClone:
            // The raw system call: glibc's fork bookkeeping never runs.
            return static_cast<pid_t>(syscall(SYS_clone, SIGCHLD, nullptr, nullptr, nullptr, 0));
        }
        return -1;
      },
      body, timeout_ms);
}

// vfork() + exec of this test binary with SORTID_GENERATOR_HELPER=mode (and
// extra_env, "NAME=value" or empty) in its environment; the helper writes
// to stdout, which is the pipe.
inline ChildResult RunHelper(const char* mode, const char* extra_env = "", int timeout_ms = 20000) {
  int fds[2];
  if (pipe(fds) != 0) return {};
  const std::string helper = std::string("SORTID_GENERATOR_HELPER=") + mode;
  char* const argv[] = {const_cast<char*>("generator_helper"), nullptr};
  char* const envp[] = {const_cast<char*>(helper.c_str()),
                        extra_env[0] != '\0' ? const_cast<char*>(extra_env) : nullptr, nullptr};
  const pid_t pid = vfork();
  if (pid < 0) return {};
  if (pid == 0) {
    dup2(fds[1], 1);
    execve("/proc/self/exe", argv, envp);
    _exit(127);
  }
  close(fds[1]);
  return Collect(pid, fds[0], timeout_ms);
}

inline bool WriteAll(int fd, const void* data, size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    const ssize_t w = write(fd, p, n);
    if (w <= 0) return false;
    p += w;
    n -= static_cast<size_t>(w);
  }
  return true;
}

}  // namespace sortid::test

#endif  // SORTID_TESTS_GENERATOR_PROCESS_UTIL_H_
