// ChaCha20 keystream: every row of tests/data/chacha20_rfc8439.tsv (RFC 8439
// §2.3.2 and A.1, plus 16 blocks from OpenSSL) on every target through the
// public function, and random keys / counters / lengths against the scalar
// reference called directly, including the 32-bit counter wrap.
#include "kernels/scalar/chacha20.h"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "lib/keystream.h"
#include "sortid/sortid.h"
#include "sortid/sortid.hpp"
#include "tests/support/per_target_test.h"
#include "tests/support/test_support.h"

namespace sortid {
namespace {

class ChaCha20Test : public test::PerTargetTest {};

TEST_P(ChaCha20Test, Rfc8439Vectors) {
  std::ifstream file(SORTID_TEST_DATA_DIR "/chacha20_rfc8439.tsv");
  std::string line;
  std::getline(file, line);  // header
  int rows = 0;
  while (std::getline(file, line)) {
    std::stringstream fields(line);
    std::string name, key, counter, nonce, keystream;
    std::getline(fields, name, '\t');
    std::getline(fields, key, '\t');
    std::getline(fields, counter, '\t');
    std::getline(fields, nonce, '\t');
    std::getline(fields, keystream, '\t');
    SCOPED_TRACE(name);
    const auto key_bytes = test::FromHex(key), nonce_bytes = test::FromHex(nonce);
    const auto want = test::FromHex(keystream);
    ASSERT_EQ(want.size() % 64, 0u);
    std::vector<uint8_t> got(want.size());
    ASSERT_EQ(chacha20_keystream(key_bytes.data(), static_cast<uint32_t>(std::stoul(counter)),
                                 nonce_bytes.data(), got.data(), got.size() / 64),
              Error::kOk);
    EXPECT_EQ(test::ToHex(got.data(), got.size()), keystream);
    ++rows;
  }
  EXPECT_EQ(rows, 4);
}

#if defined(__x86_64__)
// The 16 vector registers as ymm (the upper halves zero without AVX), read
// right after a call: no piece of keystream may be left there.
[[gnu::noinline]] void ReadVectorRegisters(uint8_t (*regs)[32]) {
  if (__builtin_cpu_supports("avx")) {
    asm volatile(
        "vmovdqu %%ymm0, 0(%0)\n vmovdqu %%ymm1, 32(%0)\n vmovdqu %%ymm2, 64(%0)\n"
        "vmovdqu %%ymm3, 96(%0)\n vmovdqu %%ymm4, 128(%0)\n vmovdqu %%ymm5, 160(%0)\n"
        "vmovdqu %%ymm6, 192(%0)\n vmovdqu %%ymm7, 224(%0)\n vmovdqu %%ymm8, 256(%0)\n"
        "vmovdqu %%ymm9, 288(%0)\n vmovdqu %%ymm10, 320(%0)\n vmovdqu %%ymm11, 352(%0)\n"
        "vmovdqu %%ymm12, 384(%0)\n vmovdqu %%ymm13, 416(%0)\n vmovdqu %%ymm14, 448(%0)\n"
        "vmovdqu %%ymm15, 480(%0)\n" ::"r"(regs)
        : "memory");
  } else {
    std::memset(regs, 0, 16 * 32);
    asm volatile(
        "movdqu %%xmm0, 0(%0)\n movdqu %%xmm1, 32(%0)\n movdqu %%xmm2, 64(%0)\n"
        "movdqu %%xmm3, 96(%0)\n movdqu %%xmm4, 128(%0)\n movdqu %%xmm5, 160(%0)\n"
        "movdqu %%xmm6, 192(%0)\n movdqu %%xmm7, 224(%0)\n movdqu %%xmm8, 256(%0)\n"
        "movdqu %%xmm9, 288(%0)\n movdqu %%xmm10, 320(%0)\n movdqu %%xmm11, 352(%0)\n"
        "movdqu %%xmm12, 384(%0)\n movdqu %%xmm13, 416(%0)\n movdqu %%xmm14, 448(%0)\n"
        "movdqu %%xmm15, 480(%0)\n" ::"r"(regs)
        : "memory");
  }
}

// The keystream kernels zero the vector registers before returning.
TEST_P(ChaCha20Test, NoKeystreamLeftInVectorRegisters) {
  const uint8_t key[32] = {1, 2, 3}, nonce[12] = {4};
  for (const size_t blocks : {size_t{64}, size_t{3}}) {
    std::vector<uint8_t> out(64 * blocks);
    uint8_t regs[16][32];
    const Error error = chacha20_keystream(key, 0, nonce, out.data(), blocks);
    ReadVectorRegisters(regs);
    ASSERT_EQ(error, Error::kOk);
    for (size_t r = 0; r < 16; ++r) {
      for (size_t half = 0; half < 32; half += 16) {
        for (size_t i = 0; i + 16 <= out.size(); i += 16) {
          ASSERT_NE(std::memcmp(regs[r] + half, out.data() + i, 16), 0)
              << blocks << " blocks: register " << r << " holds keystream bytes " << i;
        }
      }
    }
  }
}
#endif

TEST_P(ChaCha20Test, MatchesReferenceForAnyLengthAndCounterWrap) {
  std::mt19937_64 rng(8439);
  for (size_t blocks = 0; blocks <= 40; ++blocks) {
    uint8_t key[32], nonce[12];
    for (auto& b : key) b = static_cast<uint8_t>(rng());
    for (auto& b : nonce) b = static_cast<uint8_t>(rng());
    // Every fourth case starts just below the 32-bit wrap.
    const uint32_t counter = blocks % 4 == 0 ? 0xFFFFFFFFu - static_cast<uint32_t>(blocks / 2)
                                             : static_cast<uint32_t>(rng());
    std::vector<uint8_t> got(64 * blocks + 1, 0xEE), want(64 * blocks + 1, 0xEE);
    ASSERT_EQ(chacha20_keystream(key, counter, nonce, got.data(), blocks), Error::kOk);
    reference::ChaCha20Keystream(reference::ChaChaInit(key, counter, nonce), want.data(), blocks);
    ASSERT_EQ(got, want) << blocks << " blocks from counter " << counter;
  }
  EXPECT_EQ(chacha20_keystream(nullptr, 0, nullptr, nullptr, 1), Error::kArgument);
}

// Every tail length of every vector width (1..33 blocks) with the 32-bit
// counter wrapping inside the last block, so the block made in the tail
// buffer is the one after the wrap.
TEST_P(ChaCha20Test, CounterWrapInTheLastBlockOfEveryTail) {
  uint8_t key[32], nonce[12];
  for (int i = 0; i < 32; ++i) key[i] = static_cast<uint8_t>(7 * i + 3);
  for (int i = 0; i < 12; ++i) nonce[i] = static_cast<uint8_t>(5 * i + 1);
  for (size_t blocks = 1; blocks <= 33; ++blocks) {
    const uint32_t counter = static_cast<uint32_t>(0 - (blocks - 1));  // last block: counter 0
    std::vector<uint8_t> got(64 * blocks + 1, 0xEE), want(64 * blocks + 1, 0xEE);
    ASSERT_EQ(chacha20_keystream(key, counter, nonce, got.data(), blocks), Error::kOk);
    reference::ChaCha20Keystream(reference::ChaChaInit(key, counter, nonce), want.data(), blocks);
    ASSERT_EQ(got, want) << blocks << " blocks from counter " << counter;
  }
}

SORTID_INSTANTIATE_PER_TARGET(ChaCha20Test);

}  // namespace
}  // namespace sortid
