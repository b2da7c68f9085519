// sortid convert: one ID per line, or one field of a CSV/TSV row, from one
// format to another; every other byte of each row is copied untouched.
#include <cstdio>
#include <cstring>

#include "cli/commands.h"
#include "cli/io.h"
#include "cli/scan_args.h"
#include "cli/scanner.h"

namespace sortid::cli {

namespace {

struct ConvertOptions {
  ScanOptions scan;
  IdFormat to = IdFormat::kUuid;
  std::string out_prefix;  // --out-prefix (TypeID type name with --to typeid)
  bool lower = false;
  OnError on_error = OnError::kFail;
  std::vector<std::string> files;
};

constexpr size_t kWarningsShown = 10;

// Writes the decimal digits of v (v >= 0); returns the count.
size_t WriteDecimal(int64_t v, char* out) {
  char digits[24];
  size_t n = 0;
  auto u = static_cast<uint64_t>(v);
  do {
    digits[n++] = static_cast<char>('0' + u % 10);
    u /= 10;
  } while (u != 0);
  for (size_t i = 0; i < n; ++i) out[i] = digits[n - 1 - i];
  return n;
}

class ConvertSink : public Sink {
 public:
  ConvertSink(const Scanner& scanner, Output& out, const ConvertOptions& options)
      : scanner_(scanner), out_(out), options_(options) {
    const IdFormat to = options.to;
    binary_in_ = options.scan.format == IdFormat::kBin;
    in_format_ = LibraryFormat(options.scan.format);
    text_out_ = to != IdFormat::kBin && to != IdFormat::kMs && to != IdFormat::kIso8601;
    out_format_ = LibraryFormat(to);
    out_text_.prefix = options_.out_prefix;
    out_text_.type_id = to == IdFormat::kTypeId;
    if (options.lower) out_text_.letter_case = sortid::LetterCase::kLower;
    if (text_out_) {
      const sortid::Status probe =
          sortid::encode(out_format_, nullptr, 0, nullptr, 1, nullptr, out_text_);
      if (!probe.ok()) {
        throw CliError(kExitUsage, "--out-prefix '" + options.out_prefix +
                                       "' is not usable with --to " + IdFormatName(to));
      }
      out_len_ = sortid::item_length(out_format_, out_text_);
    } else if (to == IdFormat::kBin) {
      out_len_ = 16;
    } else if (to == IdFormat::kIso8601) {
      out_len_ = sortid::kIso8601Length;
    } else {
      out_len_ = 20;  // at most, for ms
    }
    scratch_.resize(kBatchRows * (out_len_ + 2));
    encoded_.resize(kBatchRows / 8);
    ms_.resize(kBatchRows);
  }

  void OnHeader(const std::string&, std::string_view row) override {
    out_.Append(row.data(), row.size());
  }

  void OnBatch(const Batch& batch) override {
    rows_ += batch.count;
    if (batch.rows == nullptr && batch.invalid == 0 && WriteFixed(batch)) {
      out_.MaybeFlush();
      return;
    }
    WriteRows(batch);
    out_.MaybeFlush();
  }

  void Report() const {
    if (options_.on_error == OnError::kFail) return;
    const char* what = options_.on_error == OnError::kSkip   ? "skipped"
                       : options_.on_error == OnError::kKeep ? "kept as they were"
                                                             : "written with the field empty";
    std::fprintf(stderr, "sortid convert: %llu rows, %llu converted, %llu invalid %s\n",
                 static_cast<unsigned long long>(rows_),
                 static_cast<unsigned long long>(rows_ - bad_),
                 static_cast<unsigned long long>(bad_), what);
  }

 private:
  // The whole batch at the fixed stride straight into the output buffer.
  // Returns false (nothing written) when an ID cannot be encoded.
  bool WriteFixed(const Batch& batch) {
    const size_t n = batch.count;
    const uint8_t eol = binary_in_ ? (options_.to == IdFormat::kBin ? 0 : 1)
                                   : (options_.to == IdFormat::kBin ? 0 : batch.eol_len);
    if (text_out_) {
      const size_t stride = out_len_ + eol;
      char* dst = out_.Reserve(n * stride);
      sortid::TextOptions text = out_text_;
      if (eol != 0) text.terminator = eol == 1 ? '\n' : '\r';
      const sortid::Status status =
          sortid::encode(out_format_, batch.ids, n, dst, stride, encoded_.data(), text);
      if (!status.ok() || status.invalid != 0) return false;
      if (eol == 2) {
        for (size_t i = 0; i < n; ++i) dst[i * stride + out_len_ + 1] = '\n';
      }
      out_.Commit(n * stride);
      return true;
    }
    if (options_.to == IdFormat::kBin) {
      out_.Append(reinterpret_cast<const char*>(batch.ids), 16 * n);
      return true;
    }
    (void)sortid::timestamps_ms(in_format_, batch.ids, n, ms_.data());
    const char* eol_bytes = eol == 2 ? "\r\n" : "\n";
    char* dst = out_.Reserve(n * (out_len_ + eol));
    size_t used = 0;
    for (size_t i = 0; i < n; ++i) {
      if (options_.to == IdFormat::kMs) {
        used += WriteDecimal(ms_[i], dst + used);
      } else {
        const size_t length = sortid::format_iso8601(ms_[i], dst + used);
        if (length == 0) return false;  // after year 9999: row by row, as an error
        used += length;
      }
      std::memcpy(dst + used, eol_bytes, eol);
      used += eol;
    }
    out_.Commit(used);
    return true;
  }

  // Row by row: explicit rows (field mode, rows that failed the fixed path)
  // or a fixed batch with an ID that cannot be encoded.
  void WriteRows(const Batch& batch) {
    const size_t n = batch.count;
    if (text_out_) {
      (void)sortid::encode(out_format_, batch.ids, n, scratch_.data(), out_len_, encoded_.data(),
                           out_text_);
    } else if (options_.to != IdFormat::kBin) {
      (void)sortid::timestamps_ms(in_format_, batch.ids, n, ms_.data());
    }
    for (size_t i = 0; i < n; ++i) {
      const Row row = batch.row(i);
      const bool decoded = batch.valid(i);
      char iso[sortid::kIso8601Length];
      const bool encoded = text_out_ ? ((encoded_[i / 8] >> (i % 8)) & 1) != 0
                           : options_.to == IdFormat::kIso8601
                               ? sortid::format_iso8601(ms_[i], iso) != 0
                               : true;
      if (decoded && encoded) {
        WriteRow(row, [&](char* dst) { return Converted(batch, i, dst); });
      } else {
        Bad(batch, row, decoded);
      }
    }
  }

  size_t Converted(const Batch& batch, size_t i, char* dst) const {
    switch (options_.to) {
      case IdFormat::kBin:
        std::memcpy(dst, batch.ids + 16 * i, 16);
        return 16;
      case IdFormat::kMs:
        return WriteDecimal(ms_[i], dst);
      case IdFormat::kIso8601:
        return sortid::format_iso8601(ms_[i], dst);
      default:
        std::memcpy(dst, &scratch_[i * out_len_], out_len_);
        return out_len_;
    }
  }

  // Row with its field replaced by what fill() writes (at most out_len_ bytes).
  template <typename Fill>
  void WriteRow(const Row& row, Fill fill) {
    if (binary_in_ || options_.to == IdFormat::kBin) {  // no surrounding text to keep
      char* dst = out_.Reserve(out_len_ + 1);
      size_t used = fill(dst);
      if (options_.to != IdFormat::kBin) dst[used++] = '\n';
      out_.Commit(used);
      return;
    }
    const size_t after = row.field_off + row.field_len;
    char* dst = out_.Reserve(row.row_len - row.field_len + out_len_ + 1);
    std::memcpy(dst, row.begin, row.field_off);
    size_t used = row.field_off;
    used += fill(dst + used);
    std::memcpy(dst + used, row.begin + after, row.row_len - after);
    used += row.row_len - after;
    if (row.eol_len == 0) dst[used++] = '\n';  // a last line without one gets it
    out_.Commit(used);
  }

  void Bad(const Batch& batch, const Row& row, bool decoded) {
    ++bad_;
    std::string message = decoded ? scanner_.Where(*batch.file, row, 0) +
                                        ": value out of range for --to " + IdFormatName(options_.to)
                                  : scanner_.Describe(*batch.file, row);
    switch (options_.on_error) {
      case OnError::kFail:
        throw CliError(kExitBadData, message);
      case OnError::kSkip:
        break;
      case OnError::kKeep:
        out_.Append(row.begin, row.row_len);
        if (row.eol_len == 0) out_.Put('\n');
        break;
      case OnError::kNull:
        WriteRow(row, [&](char* dst) {
          if (options_.to != IdFormat::kBin) return size_t{0};
          std::memset(dst, 0, 16);
          return size_t{16};
        });
        break;
    }
    if (bad_ <= kWarningsShown) {
      std::fprintf(stderr, "sortid convert: %s\n", message.c_str());
      if (bad_ == kWarningsShown) {
        std::fprintf(stderr, "sortid convert: (further invalid rows not listed)\n");
      }
    }
  }

  const Scanner& scanner_;
  Output& out_;
  const ConvertOptions& options_;
  bool binary_in_ = false;
  bool text_out_ = false;
  sortid::Format in_format_{};
  sortid::Format out_format_{};
  sortid::TextOptions out_text_;
  size_t out_len_ = 0;
  std::vector<char> scratch_;
  std::vector<uint8_t> encoded_;
  std::vector<int64_t> ms_;
  uint64_t rows_ = 0;
  uint64_t bad_ = 0;
};

int RunConvert(const ConvertOptions& options) {
  const bool binary = options.scan.format == IdFormat::kBin || options.to == IdFormat::kBin;
  if (binary && options.on_error == OnError::kKeep) {
    throw CliError(kExitUsage, "--on-error keep cannot pass text through binary input or output");
  }
  if (options.to == IdFormat::kBin && options.scan.field != 0) {
    throw CliError(kExitUsage, "--to bin writes bare 16-byte records; it does not take --field");
  }
  if (options.to == IdFormat::kTypeId && options.out_prefix.empty()) {
    throw CliError(kExitUsage, "--to typeid needs --out-prefix TYPE");
  }
  Scanner scanner(options.scan);
  Output out(1);
  ConvertSink sink(scanner, out, options);
  try {
    scanner.Run(options.files, sink);
  } catch (const CliError&) {
    out.Flush();  // the good rows before the failure are not lost
    throw;
  }
  out.Flush();
  sink.Report();
  return kExitOk;
}

struct ConvertArgs {
  ScanArgs scan;
  std::string to, on_error = "fail", out_prefix;
  bool lower = false;
};

}  // namespace

Command AddConvertCommand(CLI::App& parent) {
  auto args = std::make_shared<ConvertArgs>();
  CLI::App* app = parent.add_subcommand(
      "convert", "Convert one ID per line, or one CSV/TSV field, between formats");
  args->scan.Add(app, "--from", "input: ulid, record, uuid, hex, bin or typeid");
  app->add_option("--to", args->to, "output: ulid, record, uuid, hex, bin, typeid, ms or iso8601")
      ->required();
  app->add_option("--out-prefix", args->out_prefix,
                  "prefix written before each output ID (--to typeid: the type name)");
  app->add_flag("--lower", args->lower, "lower-case output letters");
  app->add_option("--on-error", args->on_error,
                  "invalid rows: fail (stop, exit 1), skip, keep (original text) or null "
                  "(empty field)")
      ->capture_default_str();
  return {app, [args] {
            ConvertOptions options;
            options.scan = args->scan.Resolve();
            options.to = ParseIdFormat(args->to, "--to");
            options.out_prefix = args->out_prefix;
            options.lower = args->lower;
            options.on_error = ParseOnError(args->on_error);
            options.files = args->scan.files;
            return RunConvert(options);
          }};
}

}  // namespace sortid::cli
