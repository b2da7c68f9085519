#include "cli/scan/parallel_scan.h"

#include <sys/eventfd.h>
#include <unistd.h>

#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <thread>

#include "cli/scan/block_reader.h"

namespace sortid::cli {
namespace {

// Small enough that a chunk and its output stay in the core's cache while a
// worker has it; SORTID_CHUNK_BYTES overrides it (tests: many chunk
// boundaries on small inputs).
constexpr size_t kChunkBytes = 256 << 10;

size_t ChunkBytesToUse() {
  const char* env = std::getenv("SORTID_CHUNK_BYTES");
  if (env == nullptr || *env == '\0') return kChunkBytes;
  char* end = nullptr;
  const unsigned long long v = std::strtoull(env, &end, 10);
  if (*end != '\0' || v == 0 || v > (size_t{1} << 30)) {
    throw CliError(kExitUsage, "SORTID_CHUNK_BYTES: expected 1 to 1073741824");
  }
  return static_cast<size_t>(v);
}

ScanOptions WorkerOptions(const ScanOptions& options) {
  ScanOptions worker = options;
  worker.long_rows_are_bad = true;
  return worker;
}

// The chunks and their queues. A worker reads its next chunk itself, in
// turn with the others (the read lock keeps the input order), and scans it
// while it is still in its core's cache; the calling thread takes the
// chunks in input order and gives them back for reuse.
class Pipeline {
 public:
  Pipeline(const ScanOptions& options, const std::vector<std::string>& names,
           const std::vector<std::string>& shown, size_t chunk_bytes, size_t slots)
      : names_(names), shown_(shown), reader_(options, chunk_bytes), chunks_(slots) {
    for (Chunk& c : chunks_) free_.push_back(&c);
    cancel_fd_ = ::eventfd(0, EFD_CLOEXEC);
  }
  ~Pipeline() {
    if (cancel_fd_ >= 0) ::close(cancel_fd_);
  }

  // Worker: the next chunk read (done already when it only carries a read
  // error), or nullptr when nothing is left.
  Chunk* ReadNext() {
    Chunk* c = nullptr;
    {
      std::unique_lock lock(mu_);
      free_cv_.wait(lock, [&] { return stop_ || reading_done_ || !free_.empty(); });
      if (stop_ || reading_done_) return nullptr;
      c = free_.front();
      free_.pop_front();
    }
    std::lock_guard read_lock(read_mu_);
    bool got = false;
    if (!exhausted_) {
      try {
        got = ReadInto(c);
      } catch (...) {  // the run stops there, after the chunks before it
        c->error = std::current_exception();
      }
      exhausted_ = !got || c->error;
    }
    std::lock_guard lock(mu_);
    if (!got || c->error) reading_done_ = true;
    if (!got && !c->error) {
      free_.push_back(c);
      next_cv_.notify_one();
      free_cv_.notify_all();
      return nullptr;
    }
    order_.push_back(c);
    if (c->error) {
      c->done = true;
      next_cv_.notify_one();
      free_cv_.notify_all();
    }
    return c;
  }
  // Worker, no lock held: the chunk's range, read at its offset.
  void ReadRange(Chunk* c) const {
    try {
      ReadChunkAt(*c->input, c->range, reader_.binary(), reader_.limit(), &c->bytes);
    } catch (...) {  // thrown when the chunk's turn comes
      c->error = std::current_exception();
    }
  }
  void Done(Chunk* c) {
    std::lock_guard lock(mu_);
    c->done = true;
    if (c == order_.front()) next_cv_.notify_one();
  }
  // Calling thread: the next chunk in input order once scanned; nullptr at the end.
  Chunk* TakeNext() {
    std::unique_lock lock(mu_);
    next_cv_.wait(lock, [&] {
      return (!order_.empty() && order_.front()->done) || (reading_done_ && order_.empty());
    });
    if (order_.empty()) return nullptr;
    Chunk* c = order_.front();
    order_.pop_front();
    return c;
  }
  void Recycle(Chunk* c) {
    c->input.reset();
    c->error = nullptr;
    c->failure = nullptr;
    c->notes.clear();
    c->lines = 0;
    c->done = false;
    std::lock_guard lock(mu_);
    free_.push_back(c);
    free_cv_.notify_one();
  }
  // After a failure: the workers end after their chunk (a read blocked on a
  // pipe returns at once).
  void Stop() {
    std::lock_guard lock(mu_);
    stop_ = true;
    if (cancel_fd_ >= 0) {
      const uint64_t one = 1;
      (void)!::write(cancel_fd_, &one, sizeof(one));
    }
    free_cv_.notify_all();
    next_cv_.notify_all();
  }

 private:
  // Under the read lock: the next piece of the inputs into c (or the range
  // of it to read: c->input); false at the end.
  bool ReadInto(Chunk* c) {
    for (;;) {
      if (!input_) {
        if (next_file_ == names_.size()) return false;
        input_ = std::make_shared<Input>(names_[next_file_]);
        input_->set_cancel_fd(cancel_fd_);
        reader_.Start(*input_);
        by_offset_ = false;
      }
      c->file = &shown_[next_file_];
      c->file_index = static_cast<uint32_t>(next_file_ + 1);
      if (by_offset_) {
        if (next_begin_ < file_size_) {
          ChunkRange& range = c->range;
          range.begin = next_begin_;
          range.end = std::min<uint64_t>(next_begin_ + reader_.chunk_bytes(), file_size_);
          range.at_row_start = range.begin == offset_start_;
          range.last = range.end == file_size_;
          next_begin_ = range.end;
          c->input = input_;
          return true;
        }
      } else if (reader_.Next(&c->bytes)) {
        uint64_t offset = 0;
        if (input_->size() >= 0 && reader_.RowStartOffset(&offset) &&
            offset < static_cast<uint64_t>(input_->size())) {
          by_offset_ = true;
          offset_start_ = next_begin_ = offset;
          file_size_ = static_cast<uint64_t>(input_->size());
        }
        return true;
      }
      input_.reset();
      ++next_file_;
    }
  }

  const std::vector<std::string>& names_;
  const std::vector<std::string>& shown_;
  std::mutex read_mu_;  // the reading state below
  ChunkReader reader_;
  std::shared_ptr<Input> input_;
  size_t next_file_ = 0;
  bool by_offset_ = false;  // the rest of input_ is cut by offset
  uint64_t offset_start_ = 0, next_begin_ = 0, file_size_ = 0;
  bool exhausted_ = false;  // the end, or a read error

  std::vector<Chunk> chunks_;
  int cancel_fd_ = -1;
  std::mutex mu_;  // the queues and flags below
  std::condition_variable free_cv_, next_cv_;
  std::deque<Chunk*> free_, order_;
  bool stop_ = false;
  bool reading_done_ = false;
};

}  // namespace

ChunkWorker::ChunkWorker(const ScanOptions& options) : scanner_(WorkerOptions(options)) {}

void ChunkWorker::Scan(Chunk& chunk) {
  try {
    Sink& sink = Begin(chunk);
    Scanner::ChunkView view;
    view.data = chunk.bytes.data.data() + chunk.bytes.start;
    view.size = chunk.bytes.size;
    view.tail = chunk.bytes.tail;
    view.file = chunk.file;
    view.file_index = chunk.file_index;
    view.file_start = chunk.bytes.file_start;
    view.header_pending = chunk.bytes.header_pending;
    try {
      chunk.lines = scanner_.ScanChunk(view, sink, &chunk.notes);
    } catch (const ChunkStop&) {
    }
    End(chunk);
  } catch (...) {
    chunk.failure = std::current_exception();
  }
}

bool ChunkedScanApplies(const ScanOptions& options) {
  return options.format == IdFormat::kBin || options.field == 0 || !options.quoting;
}

void RunParallelScan(const ScanOptions& options, const std::vector<std::string>& files,
                     const std::function<std::unique_ptr<ChunkWorker>()>& make_worker,
                     ChunkConsumer& consumer) {
  std::vector<std::string> names = files;
  if (names.empty()) names.push_back("-");
  std::vector<std::string> shown;  // as messages name them
  for (const std::string& name : names) shown.push_back(name == "-" ? "<stdin>" : name);
  const size_t chunk_bytes = ChunkBytesToUse();
  const unsigned threads = std::max(options.threads, 1u);
  std::vector<std::unique_ptr<ChunkWorker>> workers;
  for (unsigned t = 0; t < threads; ++t) workers.push_back(make_worker());

  // Two chunks a worker (one scanned, one waiting its turn) and two for
  // the calling thread.
  Pipeline pipeline(options, names, shown, chunk_bytes, 2 * size_t{threads} + 2);
  Progress progress(options.progress, TotalSize(names));
  std::vector<std::thread> running;
  auto join = [&] {
    for (std::thread& t : running) t.join();
  };
  try {
    for (auto& worker : workers) {
      running.emplace_back([&pipeline, w = worker.get()] {
        while (Chunk* c = pipeline.ReadNext()) {
          if (c->input != nullptr) pipeline.ReadRange(c);
          if (!c->error) w->Scan(*c);
          pipeline.Done(c);
        }
      });
    }
    uint64_t done = 0, line = 1;
    uint32_t file_index = 0;
    while (Chunk* c = pipeline.TakeNext()) {
      if (c->error) std::rethrow_exception(c->error);
      if (c->failure) std::rethrow_exception(c->failure);
      for (const std::string& note : c->notes) {
        Progress::ClearLine();
        std::fprintf(stderr, "%s\n", note.c_str());
      }
      if (c->file_index != file_index) file_index = c->file_index, line = 1;
      consumer.Consume(*c, line);
      line += c->lines;
      done += c->bytes.input_bytes;
      progress.Update(done);
      pipeline.Recycle(c);
    }
  } catch (...) {
    pipeline.Stop();
    join();
    throw;
  }
  join();
  progress.Finish();
}

}  // namespace sortid::cli
