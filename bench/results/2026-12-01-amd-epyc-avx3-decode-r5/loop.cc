// Where the cycles of the AVX3 (AVX-512 without VBMI) ULID decode loop go:
// the loop of kernels/avx3/crockford_decode-inl.h (two items per vector from
// 32-byte loads, three-vpshufb translation, pmaddubsw / pmaddwd packing,
// vshufi64x2 gather of the output bytes, one error test per 8 items) and the
// main-branch loop before it (masked 128-bit broadcast loads), each with one
// piece left out (timing only: the output is wrong), over the benchmark's
// 4096 IDs (104 KiB of text, 64 KiB out). 21 rounds, every case once per
// round; the median time and the median ratio to "pairs, full" in the same
// round. Build: g++ -O2 -std=c++20 loop.cc && ./a.out
#pragma GCC target("avx512f,avx512bw,avx512dq,avx512vl,bmi2")
#include <immintrin.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

constexpr size_t kN = 4096, kStride = 26;
alignas(64) static uint8_t text[kN * kStride + 64];
alignas(64) static uint8_t out[kN * 16 + 64];
alignas(64) static uint8_t tabs[8][64];

enum Leave {
  kNothing,
  kTranslation,
  kLaneGather,
  kShiftOr,
  kErrorTest,
  kAllButLoads,
  kMaskedLoads
};

static inline __m512i Translate(__m512i c, __m512i row5, __m512i row4, __m512i dig) {
  const __m512i f = _mm512_and_si512(c, _mm512_set1_epi8(static_cast<char>(0xDF)));
  return _mm512_ternarylogic_epi32(
      _mm512_shuffle_epi8(row5, f),
      _mm512_shuffle_epi8(row4, _mm512_add_epi8(f, _mm512_set1_epi8(0x30))),
      _mm512_shuffle_epi8(dig, _mm512_add_epi8(f, _mm512_set1_epi8(0x60))), 0x96);
}

template <Leave kLeave>
__attribute__((noinline)) size_t Run(int reps) {
  size_t bad = 0;
  const __m512i row5 = _mm512_load_si512(tabs[0]), row4 = _mm512_load_si512(tabs[1]),
                dig = _mm512_load_si512(tabs[2]), fin = _mm512_load_si512(tabs[4]),
                bias = _mm512_load_si512(tabs[6]);
  const __m512i m1 = _mm512_set1_epi16(0x0120), m2 = _mm512_set1_epi64(0x0001040000104000ull);
  const __m512i k30 = _mm512_set1_epi8(0x30);
  const auto pack = [&](__m512i s) {
    const __m512i x = _mm512_madd_epi16(_mm512_maddubs_epi16(s, m1), m2);
    return kLeave == kShiftOr ? x : _mm512_or_si512(x, _mm512_slli_epi64(x, 48));
  };
  const auto load = [&](const uint8_t* q) {
    if (kLeave == kMaskedLoads) {  // main's LoadItemBlocks for A (q + 6) or B (q + 16)
      __m512i v = _mm512_zextsi128_si512(_mm_loadu_si128((const __m128i*)q));
      v = _mm512_mask_broadcast_i32x4(v, 0x00F0, _mm_loadu_si128((const __m128i*)(q + kStride)));
      v = _mm512_mask_broadcast_i32x4(v, 0x0F00,
                                      _mm_loadu_si128((const __m128i*)(q + 2 * kStride)));
      return _mm512_mask_broadcast_i32x4(v, 0xF000,
                                         _mm_loadu_si128((const __m128i*)(q + 3 * kStride)));
    }
    return _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256((const __m256i*)q)),
                              _mm256_loadu_si256((const __m256i*)(q + kStride)), 1);
  };
  for (int r = 0; r < reps; ++r) {
    for (size_t i = 8; i + 8 <= kN; i += 8) {
      const uint8_t* p = text + i * kStride - 6;
      // Pairs: vector j holds items 2j, 2j + 1. Masked loads: vectors 0 / 2
      // hold A / B of items 0-3, 1 / 3 of items 4-7 (the same op count as main).
      const __m512i c0 = load(p),
                    c1 = load(p + 2 * kStride + (kLeave == kMaskedLoads ? 2 * kStride : 0));
      const __m512i c2 = load(p + (kLeave == kMaskedLoads ? 16 : 4 * kStride));
      const __m512i c3 = load(p + (kLeave == kMaskedLoads ? 16 + 4 * kStride : 6 * kStride));
      if (kLeave == kAllButLoads) {
        _mm512_storeu_si512(out + 16 * i, _mm512_ternarylogic_epi32(c0, c1, c2, 0x96));
        _mm512_storeu_si512(out + 16 * i + 64, c3);
        continue;
      }
      const bool tr = kLeave != kTranslation;
      const __m512i v0 = tr ? Translate(c0, row5, row4, dig) : c0,
                    v1 = tr ? Translate(c1, row5, row4, dig) : c1;
      const __m512i v2 = tr ? Translate(c2, row5, row4, dig) : c2,
                    v3 = tr ? Translate(c3, row5, row4, dig) : c3;
      const __m512i any = _mm512_or_si512(_mm512_ternarylogic_epi32(v0, v1, v2, 0xFE), v3);
      const __m512i lowest = _mm512_min_epi8(_mm512_min_epi8(c0, c1), _mm512_min_epi8(c2, c3));
      const __m512i error =
          _mm512_or_si512(_mm512_adds_epu8(any, bias), _mm512_subs_epi8(lowest, k30));
      const auto four = [&](__m512i x, __m512i y, uint8_t* o) {
        const __m512i a = _mm512_shuffle_epi8(pack(x), fin), b = _mm512_shuffle_epi8(pack(y), fin);
        _mm512_storeu_si512(o, kLeave == kLaneGather || kLeave == kMaskedLoads
                                   ? _mm512_or_si512(a, b)
                                   : _mm512_or_si512(_mm512_shuffle_i64x2(a, b, 0x88),
                                                     _mm512_shuffle_i64x2(a, b, 0xDD)));
      };
      four(v0, v1, out + 16 * i);
      four(v2, v3, out + 16 * i + 64);
      if (kLeave == kErrorTest) {
        asm volatile("" ::"v"(error));
      } else if (_mm512_movepi8_mask(error) != 0) {
        ++bad;
      }
    }
  }
  return bad;
}

alignas(64) static uint8_t text_copy[kN * kStride];
size_t Memcpy(int reps) {  // bench's memcpy_ulid: the text, 26 B per ID
  for (int r = 0; r < reps; ++r) {
    memcpy(text_copy, text, kN * kStride);
    asm volatile("" ::"r"(text_copy) : "memory");
  }
  return 0;
}

int main() {
  for (size_t i = 0; i < sizeof(text); ++i)
    text[i] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"[i * 7 % 32];
  for (int t = 0; t < 8; ++t)
    for (int j = 0; j < 64; ++j) tabs[t][j] = static_cast<uint8_t>((j * 5 + t) & 7);
  struct Case {
    const char* name;
    size_t (*f)(int);
  } cases[] = {
      {"memcpy of the text (26 B per ID)", Memcpy},
      {"pairs, full", Run<kNothing>},
      {"pairs, no translation", Run<kTranslation>},
      {"pairs, no vshufi64x2 gather", Run<kLaneGather>},
      {"pairs, no shift-or in packing", Run<kShiftOr>},
      {"pairs, no error test", Run<kErrorTest>},
      {"pairs, loads and stores only", Run<kAllButLoads>},
      {"main-style masked-broadcast loads (no gather, no slot shuffle)", Run<kMaskedLoads>}};
  const size_t nc = sizeof(cases) / sizeof(cases[0]);
  std::vector<std::vector<double>> t(nc), rel(nc);
  for (int round = 0; round < 21; ++round) {
    std::vector<double> now(nc);
    for (size_t c = 0; c < nc; ++c) {
      const auto a = std::chrono::steady_clock::now();
      volatile size_t sink = cases[c].f(200);
      (void)sink;
      now[c] = std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count() * 1e9 /
               (200.0 * kN);
      t[c].push_back(now[c]);
    }
    for (size_t c = 0; c < nc; ++c) rel[c].push_back(now[c] / now[1]);
  }
  for (size_t c = 0; c < nc; ++c) {
    std::sort(t[c].begin(), t[c].end());
    std::sort(rel[c].begin(), rel[c].end());
    printf("%-62s %.3f ns/ID (%.2f cycles at 3.4 GHz), %.2fx 'pairs, full'\n", cases[c].name,
           t[c][10], t[c][10] * 3.4, rel[c][10]);
  }
}
