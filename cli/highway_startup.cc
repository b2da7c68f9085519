// Process start-up without Highway's timer calibration. libhwy.so 1.0.3
// measures the resolution of its benchmark timer in a static initializer
// (hwy/nanobenchmark.cc: tens of thousands of serialized time-stamp reads),
// before main, in every process that loads it. On a virtual machine each
// serializing instruction traps to the hypervisor, and that initializer was
// most of the command's start-up (perf record of `sortid --version`). Its
// result is read only by Highway's nanobenchmark, which the command does not
// use. The initializer calls the function through the PLT, so the
// executable's own definition here takes its place (ELF symbol
// interposition: the executable comes first in the lookup order). Checked by
// the cli_highway_startup test (tests/CMakeLists.txt).
#include <cstdint>

#include "hwy/nanobenchmark.h"

namespace hwy::platform {

// The order of a serialized time-stamp read on current x86 CPUs, in ticks;
// nothing in this program reads it.
uint64_t TimerResolution() { return 100; }

}  // namespace hwy::platform
