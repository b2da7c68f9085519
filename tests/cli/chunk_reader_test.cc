// Property test of the chunk cut of --threads (cli/scan/chunk_reader.h):
// random files of lines, some longer than the block one thread reads
// (--max-row-bytes + 2), are cut by ChunkReader (in order) and by
// ReadChunkAt (by offset) into chunks of many sizes; laid end to end, the
// chunks' rows must be the file's lines, each once and in order, a line
// over the block standing as its first bytes (the chunk's tail, or a row
// the scan cuts the same way).
#include "cli/scan/chunk_reader.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "tests/support/temp_file.h"

namespace sortid::cli {
namespace {

constexpr size_t kMaxRow = 64;
constexpr size_t kBlock = kMaxRow + 2;

// A row as the scan takes it: the whole line, or "long:" and its first bytes.
std::string Taken(std::string_view line) {
  const bool ended = !line.empty() && line.back() == '\n';
  const bool fits = ended ? line.size() <= kBlock : line.size() < kBlock;
  return fits ? std::string(line) : "long:" + std::string(line.substr(0, 64));
}

std::vector<std::string> Lines(std::string_view text) {
  std::vector<std::string> rows;
  size_t pos = 0;
  while (pos < text.size()) {
    const size_t nl = text.find('\n', pos);
    const size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
    rows.push_back(Taken(text.substr(pos, end - pos)));
    pos = end;
  }
  return rows;
}

void AddChunk(const ChunkBytes& chunk, std::vector<std::string>* rows) {
  for (std::string& row : Lines({chunk.data.data() + chunk.start, chunk.size})) {
    rows->push_back(std::move(row));
  }
  if (chunk.tail != 0) {
    rows->push_back("long:" +
                    std::string(chunk.data.data() + chunk.start + chunk.size, chunk.tail));
  }
}

std::string RandomText(std::mt19937_64& rng) {
  std::string text;
  const size_t lines = rng() % 300;
  for (size_t i = 0; i < lines; ++i) {
    const size_t pick = rng() % 10;
    const size_t length = pick < 6 ? rng() % 40 : pick < 8 ? kMaxRow - 4 + rng() % 8 : rng() % 3000;
    for (size_t k = 0; k < length; ++k) text.push_back(static_cast<char>('a' + rng() % 26));
    if (rng() % 5 == 0) text.push_back('\r');
    text.push_back('\n');
  }
  if (!text.empty() && rng() % 3 == 0) text.pop_back();  // no final line end
  return text;
}

TEST(ChunkReader, ChunksHoldEveryLineOnceInOrder) {
  std::mt19937_64 rng(7);
  ScanOptions options;
  options.max_row_bytes = kMaxRow;
  for (int round = 0; round < 300; ++round) {
    const std::string text = RandomText(rng);
    const std::vector<std::string> expected = Lines(text);
    const test::TempFile file("chunk_reader", text);
    const size_t chunk_bytes = size_t{1} << (rng() % 14);
    SCOPED_TRACE("round " + std::to_string(round) + ", chunks of " + std::to_string(chunk_bytes));

    // In order, as a pipe is read.
    std::vector<std::string> in_order;
    {
      Input input(file.path());
      ChunkReader reader(options, chunk_bytes);
      reader.Start(input);
      ChunkBytes chunk;
      while (reader.Next(&chunk)) AddChunk(chunk, &in_order);
    }
    EXPECT_EQ(in_order, expected);

    // By offset from the first row, as the rest of a regular file is read.
    std::vector<std::string> by_offset;
    {
      const Input input(file.path());
      ChunkBytes chunk;
      for (uint64_t begin = 0; begin < text.size(); begin += chunk_bytes) {
        ChunkRange range;
        range.begin = begin;
        range.end = std::min<uint64_t>(begin + chunk_bytes, text.size());
        range.at_row_start = begin == 0;
        range.last = range.end == text.size();
        ReadChunkAt(input, range, false, kBlock, &chunk);
        AddChunk(chunk, &by_offset);
      }
    }
    EXPECT_EQ(by_offset, expected);
  }
}

}  // namespace
}  // namespace sortid::cli
