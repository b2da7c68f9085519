# Cross build for aarch64 with Debian's cross compiler and multi-arch arm64
# libraries; tests run under qemu-aarch64 (QEMU_CPU selects the CPU model).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;/)
# Headers and libraries come from the multi-arch tree (/usr/include,
# /usr/lib/aarch64-linux-gnu); programs are the host's.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
