#include "cli/scan/rejects.h"

#include "cli/common.h"

namespace sortid::cli {

Rejects::Rejects(const std::string& path) {
  if (path.empty()) return;
  out_ = std::make_unique<Output>(Output::OpenFile(path), path, 64 << 10);
  out_->set_owned(true);
}

void Rejects::Add(const std::string& reason, std::string_view row, bool binary) {
  ++count_;
  if (!out_) return;
  out_->Append("# ", 2);
  // The reason is one line: any line break in it (it never has one today) is
  // written escaped so that the comment cannot swallow the row.
  for (char c : reason) {
    if (c == '\n') {
      out_->Append("\\n", 2);
    } else {
      out_->Put(c);
    }
  }
  out_->Put('\n');
  if (binary) {  // a 16-byte record: its hex, one line
    static constexpr char kHex[] = "0123456789abcdef";
    for (char byte : row) {
      const auto c = static_cast<unsigned char>(byte);
      out_->Put(kHex[c >> 4]);
      out_->Put(kHex[c & 15]);
    }
    out_->Put('\n');
  } else if (!row.empty()) {  // empty: the row could not be kept (too long)
    out_->Append(row.data(), row.size());
    if (row.empty() || row.back() != '\n') out_->Put('\n');
  }
  out_->MaybeFlush();
}

void Rejects::Flush() {
  if (out_) out_->Flush();
}

}  // namespace sortid::cli
