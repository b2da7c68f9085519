// Which Highway targets get the AVX-512 VBMI ("AVX3_DL") paths of
// kernels/avx3_dl/.
//
// On x86 Highway numbers its targets so that a LOWER bit is a BETTER target
// (hwy/detect_targets.h). In 1.0.3: AVX3_DL = 1 << 7 (Ice Lake and later, Zen
// 4: VBMI, VBMI2, VNNI, BITALG), AVX3 = 1 << 8 (Skylake-X: AVX-512 F/BW/DQ/VL,
// no VBMI), AVX2 = 1 << 9, SSE4 = 1 << 11; bits 1-6 are kept free for newer
// targets, where later releases put AVX3_ZEN4 (1 << 6), AVX3_SPR (1 << 4) and
// AVX10_2 (1 << 3), each a superset of AVX3_DL. Hence:
//   HWY_TARGET <= HWY_AVX3_DL  ->  AVX3_DL and every newer AVX-512 target,
//                                  never AVX3 (1 << 8 > 1 << 7) or older.
// Other architectures' targets have higher bits (Arm from 1 << 24), so the
// check is made on x86 only.
#ifndef SORTID_KERNELS_AVX3_DL_TARGET_GUARD_H_
#define SORTID_KERNELS_AVX3_DL_TARGET_GUARD_H_

#include "hwy/detect_targets.h"

static_assert(HWY_AVX3_DL < HWY_AVX3 && HWY_AVX3 < HWY_AVX2,
              "Highway's x86 order changed: revisit SORTID_TARGET_HAS_VBMI");

// Evaluated per target inside the toggle-included kernel files (HWY_TARGET
// changes from one pass to the next).
#define SORTID_TARGET_HAS_VBMI (HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX3_DL)

#endif  // SORTID_KERNELS_AVX3_DL_TARGET_GUARD_H_
