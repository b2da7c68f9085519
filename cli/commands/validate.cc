// sortid validate: every bad row with its position and reason, duplicate IDs
// (--unique: an open-addressing set of the 16-byte binary IDs hashed with
// XXH3, 24 bytes per distinct ID whatever the text was), the first row out of
// order (--sorted), a summary line; exit 1 if anything is wrong.
#include <xxhash.h>

#include <cstdio>
#include <cstring>
#include <memory>

#include "cli/commands/commands.h"
#include "cli/io.h"
#include "cli/scan/batch_store.h"
#include "cli/scan/same_file.h"
#include "cli/scan/scan_args.h"
#include "cli/scan/scanner.h"

namespace sortid::cli {
namespace {

struct ValidateOptions {
  ScanOptions scan;
  bool unique = false;
  bool sorted = false;
  uint64_t max_errors = 0;  // 0: no limit
  std::vector<std::string> files;
};

// Set of binary IDs, each remembered with where it was first seen (file
// index and line, packed; 0 marks an empty slot). Grows at 50% load.
class IdSet {
 public:
  IdSet() { Resize(1 << 16); }

  // Inserts id; returns 0 if new, else the stored location of the first copy.
  uint64_t Insert(const uint8_t* id, uint64_t location) {
    if (2 * (size_ + 1) > capacity_) Resize(2 * capacity_);
    const uint64_t hash = XXH3_64bits(id, 16);
    for (size_t slot = hash & (capacity_ - 1);; slot = (slot + 1) & (capacity_ - 1)) {
      Entry& e = entries_[slot];
      if (e.location == 0) {
        std::memcpy(e.id, id, 16);
        e.location = location;
        ++size_;
        return 0;
      }
      if (std::memcmp(e.id, id, 16) == 0) return e.location;
    }
  }

 private:
  struct Entry {
    uint8_t id[16];
    uint64_t location;
  };
  void Resize(size_t capacity) {
    std::unique_ptr<Entry[]> old = std::move(entries_);
    const size_t old_capacity = capacity_;
    entries_ = std::make_unique<Entry[]>(capacity);  // value-initialized: all empty
    capacity_ = capacity;
    size_ = 0;
    for (size_t i = 0; i < old_capacity; ++i) {
      if (old[i].location != 0) (void)Insert(old[i].id, old[i].location);
    }
  }
  std::unique_ptr<Entry[]> entries_;
  size_t capacity_ = 0;
  size_t size_ = 0;
};

constexpr int kLineBits = 48;

class ValidateSink : public Sink {
 public:
  ValidateSink(const RowErrors& errors, const ValidateOptions& options,
               const std::vector<std::string>& files)
      : errors_(errors), options_(options), files_(files) {
    if (options.unique) set_ = std::make_unique<IdSet>();
  }

  void OnBatch(const Batch& batch) override {
    rows_ += batch.count;
    invalid_ += batch.invalid;
    // Only bad rows are reported unless the IDs are compared: a clean batch
    // is counted and left.
    if (batch.invalid == 0 && !options_.sorted && !set_) return;
    for (size_t i = 0; i < batch.count; ++i) {
      if (!batch.valid(i)) {
        Report(errors_.Describe(*batch.file, batch.row(i)));
        continue;
      }
      if (!options_.sorted && !set_) continue;
      const uint8_t* id = batch.ids + 16 * i;
      const uint64_t line = batch.rows ? batch.rows[i].line : batch.first_line + i;
      if (options_.sorted && have_previous_ && sorted_ && std::memcmp(id, previous_, 16) < 0) {
        sorted_ = false;
        Report(errors_.Where(*batch.file, batch.row(i), 0) +
               ": out of order: sorts before the previous ID (" + FileName(previous_file_) + ":" +
               std::to_string(previous_line_) + ")");
      }
      if (options_.sorted) {
        std::memcpy(previous_, id, 16);
        have_previous_ = true;
        previous_file_ = batch.file_index;
        previous_line_ = line;
      }
      if (set_) {
        const uint64_t location = (uint64_t{batch.file_index} << kLineBits) | line;
        const uint64_t first = set_->Insert(id, location);
        if (first != 0) {
          ++duplicates_;
          const uint64_t first_file = first >> kLineBits;
          const uint64_t first_line = first & ((uint64_t{1} << kLineBits) - 1);
          Report(errors_.Where(*batch.file, batch.row(i), 0) + InputNumber(batch.file_index) +
                 ": duplicate of " + FileName(first_file) + ":" + std::to_string(first_line) +
                 InputNumber(first_file));
        }
      }
    }
  }

  int Finish() const {
    std::printf("%llu rows: %llu valid, %llu invalid", static_cast<unsigned long long>(rows_),
                static_cast<unsigned long long>(rows_ - invalid_),
                static_cast<unsigned long long>(invalid_));
    if (options_.unique)
      std::printf(", %llu duplicates", static_cast<unsigned long long>(duplicates_));
    if (options_.sorted) std::printf(", %s", sorted_ ? "sorted" : "not sorted");
    std::printf("\n");
    return invalid_ == 0 && duplicates_ == 0 && sorted_ ? kExitOk : kExitBadData;
  }

 private:
  void Report(const std::string& message) {
    ++reported_;
    std::printf("%s\n", message.c_str());
    if (options_.max_errors != 0 && reported_ >= options_.max_errors) {
      std::fflush(stdout);
      throw CliError(kExitBadData, "stopped after " + std::to_string(reported_) +
                                       (reported_ == 1 ? " problem" : " problems") +
                                       " (--max-errors)");
    }
  }
  // " (input N)" when the name is given more than once, so that a row is
  // never reported as a duplicate of what reads as itself.
  std::string InputNumber(uint64_t index) const {
    if (files_.empty()) return "";
    const std::string& name = files_[index - 1];
    size_t same = 0;
    for (const std::string& f : files_) same += f == name;
    return same > 1 ? " (input " + std::to_string(index) + ")" : "";
  }
  std::string FileName(uint64_t index) const {
    if (files_.empty()) return "<stdin>";
    const std::string& name = files_[index - 1];
    return name == "-" ? "<stdin>" : name;
  }

  const RowErrors& errors_;
  const ValidateOptions& options_;
  const std::vector<std::string>& files_;
  std::unique_ptr<IdSet> set_;
  uint64_t rows_ = 0, invalid_ = 0, duplicates_ = 0, reported_ = 0;
  bool sorted_ = true, have_previous_ = false;
  uint8_t previous_[16] = {};
  uint64_t previous_file_ = 0, previous_line_ = 0;
};

int RunValidate(const ValidateOptions& options) {
  RefuseOutputsThatAreInputs(options.files, {{"standard output", ""}});
  Scanner scanner(options.scan);
  ValidateSink sink(scanner.errors(), options, options.files);
  if (options.scan.threads > 1 && ChunkedScanApplies(options.scan)) {
    RunStoredScan(options.scan, options.files, options.sorted || options.unique, sink);
  } else {
    scanner.Run(options.files, sink);
  }
  return sink.Finish();
}

struct ValidateArgs {
  ScanArgs scan;
  bool unique = false, sorted = false;
  uint64_t max_errors = 0;
};

ValidateOptions Resolve(const ValidateArgs& args) {
  ValidateOptions options;
  options.scan = args.scan.Resolve("validate");
  options.scan.long_rows_are_bad = true;
  options.unique = args.unique;
  options.sorted = args.sorted;
  options.max_errors = args.max_errors;
  options.files = args.scan.files;
  return options;
}

void DeclareValidate(CLI::App* app, ValidateArgs& args) {
  args.scan.Add(app, "--format", "ulid, record, uuid (36 or 32 characters), hex, bin or typeid",
                "the first row of each input is a header: not checked");
  app->add_flag("--unique", args.unique, "report duplicate IDs");
  app->add_flag("--sorted", args.sorted, "report the first row out of order");
  app->add_option("--max-errors", args.max_errors, "stop after K problems (0: report all)");
}

}  // namespace

Command AddValidateCommand(CLI::App& parent) {
  return MakeCommand(parent, "validate",
                     "Report every invalid row, duplicates and order; exit 1 if anything is bad",
                     DeclareValidate,
                     [](const ValidateArgs& args) { return RunValidate(Resolve(args)); });
}

}  // namespace sortid::cli
