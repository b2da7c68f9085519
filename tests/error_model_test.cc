// The error model: check_options / item_length report unusable options
// without items; an unknown or unsupported forced target is a stand-in kernel
// table whose every entry reports kUnsupported.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kernels/kernel_api.h"
#include "kernels/plan.h"
#include "kernels/unsupported.h"
#include "lib/keystream.h"
#include "sortid/sortid.h"
#include "sortid/sortid.hpp"

namespace sortid {
namespace {

TEST(CheckOptions, AcceptsAndRejects) {
  EXPECT_EQ(check_options(Format::kUlid, {}), Error::kOk);
  TextOptions typed;
  typed.type_id = true;
  typed.prefix = "user";
  EXPECT_EQ(check_options(Format::kUlid, typed), Error::kOk);
  EXPECT_EQ(check_options(Format::kUuid, typed), Error::kArgument) << "TypeID is ULID only";
  typed.prefix = "User";
  EXPECT_EQ(check_options(Format::kUlid, typed), Error::kArgument) << "bad type name";
  TextOptions terminator;
  terminator.terminator = 256;
  EXPECT_EQ(check_options(Format::kRecordId, terminator), Error::kArgument);
  EXPECT_EQ(check_options(static_cast<Format>(4), {}), Error::kArgument);
  // The same verdict as a bulk call with items.
  char out[64];
  const uint8_t id[16] = {};
  EXPECT_EQ(encode(Format::kUuid, id, 1, out, sizeof(out), nullptr, typed).error,
            check_options(Format::kUuid, typed));
}

TEST(CheckOptions, ItemLengthReportsWhy) {
  Error error = Error::kRange;
  TextOptions opts;
  opts.prefix = "ab";
  opts.terminator = '\n';
  EXPECT_EQ(item_length(Format::kUuid, opts, &error), 39u);
  EXPECT_EQ(error, Error::kOk);
  opts.type_id = true;
  EXPECT_EQ(item_length(Format::kUuid, opts, &error), 0u);
  EXPECT_EQ(error, Error::kArgument);
  EXPECT_EQ(item_length(Format::kUuid, opts), 0u);
  EXPECT_EQ(item_length(Format::kUuid, opts, nullptr), 0u);

  sortid_error c_error = SORTID_OK;
  const sortid_text_options c_opts{SORTID_FLAG_TYPEID, "user", 4, -1};
  EXPECT_EQ(sortid_item_length(SORTID_FORMAT_ULID, &c_opts, &c_error), 31u);
  EXPECT_EQ(c_error, SORTID_OK);
  EXPECT_EQ(sortid_check_options(SORTID_FORMAT_ULID, &c_opts), SORTID_OK);
  EXPECT_EQ(sortid_check_options(SORTID_FORMAT_UUID, &c_opts), SORTID_ERROR_ARGUMENT);
  const sortid_text_options contradictory{SORTID_FLAG_LOWER | SORTID_FLAG_UPPER, nullptr, 0, -1};
  EXPECT_EQ(sortid_item_length(SORTID_FORMAT_ULID, &contradictory, &c_error), 0u);
  EXPECT_EQ(c_error, SORTID_ERROR_ARGUMENT);
  EXPECT_EQ(sortid_check_options(SORTID_FORMAT_ULID, nullptr), SORTID_OK);
}

// Every entry of the stand-in table reports kUnsupported and writes nothing.
TEST(UnsupportedTable, EveryEntryReportsUnsupported) {
  const kernels::KernelTable& table = kernels::UnsupportedTable();
  EXPECT_STREQ(table.name, "");
  std::vector<char> text(64, '~');
  std::vector<uint8_t> ids(16, 0x5A), validity(1, 0x5A), stream(64, 0x5A);
  kernels::KernelPlan plan;
  for (int f = 0; f < kernels::kNumFormats; ++f) {
    const auto format = static_cast<Format>(f);
    const kernels::PlanRequest request{format, true, 1, 64, nullptr, 0, -1};
    EXPECT_EQ(kernels::MakePlan(table, request, &plan), Error::kUnsupported);
    const kernels::EncodeArgs encode_args{ids.data(), 1,     text.data(),     64,   nullptr, 0,
                                          -1,         false, validity.data(), &plan};
    EXPECT_EQ(table.encode[f](encode_args).error, Error::kUnsupported);
    const kernels::DecodeArgs decode_args{text.data(), 1,     64,         nullptr,         0,    -1,
                                          false,       false, ids.data(), validity.data(), &plan};
    EXPECT_EQ(table.decode[f](decode_args).error, Error::kUnsupported);
  }
  const uint32_t state[16] = {};
  EXPECT_EQ(table.chacha20(state, stream.data(), 1), Error::kUnsupported);
  const kernels::RandomUlidTextArgs random_args{stream.data() + 6, 1, "01ARYZ6S41", text.data(), 27,
                                                nullptr,           0, '\n',         false};
  EXPECT_EQ(table.random_ulid_text(random_args), Error::kUnsupported);
  EXPECT_EQ(text, std::vector<char>(64, '~'));
  EXPECT_EQ(ids, std::vector<uint8_t>(16, 0x5A));
  EXPECT_EQ(validity[0], 0x5A);
  EXPECT_EQ(stream, std::vector<uint8_t>(64, 0x5A));
}

// Run by ctest with SORTID_TARGET=NO_SUCH_TARGET (tests/CMakeLists.txt):
// every bulk call then reports kUnsupported.
TEST(UnsupportedTarget, BulkCallsReportUnsupported) {
  if (active_target()[0] != '\0') GTEST_SKIP() << "needs SORTID_TARGET=NO_SUCH_TARGET";
  uint8_t ids[16] = {}, validity = 0x5A;
  char text[40] = "01GV5PA9EQG7D82Q3Y4PKBZSYV";
  EXPECT_EQ(encode(Format::kUlid, ids, 1, text, 26, &validity).error, Error::kUnsupported);
  EXPECT_EQ(decode(Format::kUlid, text, 1, 26, ids, &validity).error, Error::kUnsupported);
  const int32_t offsets[2] = {0, 26};
  EXPECT_EQ(decode_column(Format::kUlid, offsets, text, 1, nullptr, ids, &validity).error,
            Error::kUnsupported);
  const TextItem item{text, 26};
  EXPECT_EQ(decode_items(Format::kUuid, &item, 1, ids, &validity).error, Error::kUnsupported);
  int32_t out_offsets[2];
  EXPECT_EQ(encode_column(Format::kUuid, ids, 1, nullptr, out_offsets, text, &validity).error,
            Error::kUnsupported);
  const uint8_t key[32] = {}, nonce[12] = {};
  uint8_t block[64];
  EXPECT_EQ(chacha20_keystream(key, 0, nonce, block, 1), Error::kUnsupported);
  EXPECT_EQ(validity, 0x5A) << "nothing written";
  // Options are still checked (they do not depend on the target), and a
  // working target can be chosen.
  EXPECT_EQ(check_options(Format::kUlid, {}), Error::kOk);
  EXPECT_EQ(set_target("NO_SUCH_TARGET"), Error::kUnsupported);
  ASSERT_EQ(set_target("SCALAR"), Error::kOk);
  EXPECT_TRUE(decode(Format::kUlid, text, 1, 26, ids, &validity).ok());
}

}  // namespace
}  // namespace sortid
