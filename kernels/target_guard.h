// The one way kernel files say which targets compile a block of code,
// evaluated per target inside the toggle-included kernel files. On x86
// Highway numbers its targets so that a lower bit is a better target
// (hwy/detect_targets.h), so SORTID_X86_AT_LEAST(AVX2) holds for AVX2 and
// every better x86 target and a fast path keeps working on the targets above
// it; a block superseded on better targets says so:
// SORTID_X86_AT_LEAST(AVX3) && !SORTID_X86_AT_LEAST(AVX3_DL). Arm: NEON
// intrinsics take NEON vectors, which SVE targets do not have, so NEON blocks
// are for the NEON target itself (SORTID_ARM_NEON).
#ifndef SORTID_KERNELS_TARGET_GUARD_H_
#define SORTID_KERNELS_TARGET_GUARD_H_

#include "hwy/detect_targets.h"

// In Highway 1.0.3 AVX3_DL = 1 << 7, AVX3 = 1 << 8, AVX2 = 1 << 9, SSE4 =
// 1 << 11, SSSE3 = 1 << 12; newer AVX-512 targets of later releases take
// bits 1-6. The order, not the values, is what the macros rely on.
static_assert(HWY_AVX3_DL < HWY_AVX3 && HWY_AVX3 < HWY_AVX2 && HWY_AVX2 < HWY_SSE4 &&
                  HWY_SSE4 < HWY_SSSE3,
              "Highway's x86 target order changed: revisit kernels/target_guard.h");

#define SORTID_X86_AT_LEAST(target) (HWY_ARCH_X86 && HWY_TARGET <= HWY_##target)
#define SORTID_ARM_NEON (HWY_ARCH_ARM_A64 && HWY_TARGET == HWY_NEON)

#endif  // SORTID_KERNELS_TARGET_GUARD_H_
