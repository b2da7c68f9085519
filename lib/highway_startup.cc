// Process start-up without Highway's timer calibration, for the programs and
// modules sortid ships (the command, the Node.js and Python modules); not
// part of libsortid, which leaves other programs' Highway alone.
//
// libhwy.so 1.0.3 measures the resolution of its benchmark timer in a static
// initializer (hwy/nanobenchmark.cc: tens of thousands of serialized
// time-stamp reads with RDTSCP) in every process that loads it. On a virtual
// machine each serializing instruction traps to the hypervisor, and that
// initializer was most of the command's start-up (perf record of `sortid
// --version`); where the hypervisor hides RDTSCP from CPUID, valgrind stops
// the process there with SIGILL. Its result is read only by Highway's
// nanobenchmark, which nothing here uses. The initializer calls the function
// through the PLT, so this definition takes its place by ELF symbol
// interposition: an executable comes first in the lookup order, and a module
// opened with dlopen (node's addon, Python's extension) comes before the
// libhwy.so it loads when the program itself defines no such symbol. Checked
// by the cli_, node_ and python_highway_startup tests.
#include <cstdint>

#include "hwy/nanobenchmark.h"

namespace hwy::platform {

// The order of a serialized time-stamp read on current x86 CPUs, in ticks;
// nothing in these programs reads it. Exported whatever the module's default
// visibility, so that libhwy.so's call can bind to it.
__attribute__((visibility("default"))) uint64_t TimerResolution() { return 100; }

}  // namespace hwy::platform
