// Property test of the scan's quote rule (cli/scan/csv.h: a quote costs at most
// its row): random CSV/TSV files of one-line rows, some with stray quotes, go
// through the Scanner; every line must come out as exactly one row, in order,
// the rows must tile the input, and a line without a stray quote must decode.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "cli/scan/scanner.h"
#include "tests/support/temp_file.h"

namespace sortid::cli {
namespace {

struct Counted {
  uint64_t line;
  bool valid;
};

class CountingSink : public Sink {
 public:
  void OnBatch(const Batch& batch) override {
    for (size_t i = 0; i < batch.count; ++i) {
      const Row row = batch.row(i);
      rows.push_back({row.line, batch.valid(i)});
      bytes += row.row_len;
    }
  }
  std::vector<Counted> rows;
  size_t bytes = 0;
};

// Where a line's stray quote goes.
enum class Stray { kNone, kNameStart, kNameMiddle, kIdStart, kLastStart };

struct Generated {
  std::string text;
  std::vector<Stray> strays;  // one per line
};

// Lines "name<d>ID<d>note": the name is plain or (quoting) a one-line quoted
// field starting with a letter, the ID field 2. A stray quote is never followed by a
// delimiter, a line break or another quote, so it cannot close a quoted field
// properly: under the rule each line stays one row.
Generated Generate(std::mt19937_64& rng, char delimiter, bool quoting) {
  static constexpr char kId[] = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
  Generated g;
  const size_t lines = 1 + rng() % 60;
  const bool crlf = rng() % 4 == 0;
  const bool last_newline = rng() % 3 != 0;
  for (size_t i = 0; i < lines; ++i) {
    Stray stray = Stray::kNone;
    if (rng() % 4 == 0) stray = static_cast<Stray>(1 + rng() % 4);
    std::string name(1 + rng() % 8, 'a');
    for (char& c : name) c = static_cast<char>('a' + rng() % 26);
    if (stray == Stray::kNameStart) {
      name = "\"" + name;
    } else if (stray == Stray::kNameMiddle) {
      name.insert(1 + rng() % name.size(), "\"x");
    } else if (quoting && rng() % 3 == 0) {
      name = "\"" + name + std::string(1, delimiter) + " q\"";  // quoted, holding the delimiter
    }
    std::string line = name + delimiter + (stray == Stray::kIdStart ? "\"" : "") + kId;
    if (rng() % 2 == 0 || stray == Stray::kLastStart) {
      line += delimiter;
      line += stray == Stray::kLastStart ? "\"note" : "note";
    }
    g.text += line;
    if (i + 1 < lines || last_newline) g.text += crlf ? "\r\n" : "\n";
    g.strays.push_back(stray);
  }
  return g;
}

bool ExpectValid(Stray stray, bool quoting) {
  switch (stray) {
    case Stray::kNone:
    case Stray::kNameMiddle:
      return true;
    case Stray::kIdStart:
      return false;
    case Stray::kNameStart:
    case Stray::kLastStart:
      return !quoting;  // a malformed quote makes the row invalid
  }
  return false;
}

TEST(QuoteProperty, EveryLineIsOneRow) {
  std::mt19937_64 rng(20260301);
  for (int round = 0; round < 600; ++round) {
    const char delimiter = rng() % 2 == 0 ? ',' : '\t';
    const bool quoting = rng() % 3 != 0;
    static constexpr size_t kLimits[] = {64, 100, 256, 4096};
    const size_t limit = kLimits[rng() % 4];
    const Generated g = Generate(rng, delimiter, quoting);
    SCOPED_TRACE(testing::Message()
                 << "round " << round << " limit " << limit << " quoting " << quoting << " text:\n"
                 << g.text);
    ScanOptions options;
    options.command = "test";
    options.field = 2;
    options.delimiter = delimiter;
    options.quoting = quoting;
    options.max_row_bytes = limit;
    options.long_rows_are_bad = true;
    options.progress = ProgressMode::kNever;
    const test::TempFile file("sortid_quote", g.text);
    CountingSink sink;
    Scanner scanner(options);
    scanner.Run({file.path()}, sink);
    ASSERT_EQ(sink.rows.size(), g.strays.size());  // output + rejects = input rows
    EXPECT_EQ(sink.bytes, g.text.size());          // no byte lost or counted twice
    for (size_t i = 0; i < sink.rows.size(); ++i) {
      EXPECT_EQ(sink.rows[i].line, i + 1);
      EXPECT_EQ(sink.rows[i].valid, ExpectValid(g.strays[i], quoting)) << "line " << i + 1;
    }
  }
}

}  // namespace
}  // namespace sortid::cli
