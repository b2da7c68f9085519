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

// Chunks of one worker: one it scans, one waiting for its turn to be
// written out.
constexpr size_t kChunksPerWorker = 2;

// The chunks and their queues. A worker reads its next chunk itself, in
// turn with the others (the read lock keeps the input order), scans it
// while it is still in its core's cache, and then writes out every chunk
// whose turn has come (one worker at a time: the consumer sees one caller,
// in input order). No thread waits on another unless its own chunks are all
// waiting for their turn.
class Pipeline {
 public:
  Pipeline(const ScanOptions& options, const std::vector<std::string>& names,
           const std::vector<std::string>& shown, size_t chunk_bytes, size_t workers,
           ChunkConsumer& consumer)
      : names_(names),
        shown_(shown),
        reader_(options, chunk_bytes),
        consumer_(consumer),
        progress_(options.progress, TotalSize(names)),
        chunks_(kChunksPerWorker * workers),
        free_(workers) {
    for (size_t i = 0; i < chunks_.size(); ++i) {
      chunks_[i].owner = i % workers;
      free_[i % workers].push_back(&chunks_[i]);
    }
    cancel_fd_ = ::eventfd(0, EFD_CLOEXEC);
  }
  ~Pipeline() {
    if (cancel_fd_ >= 0) ::close(cancel_fd_);
  }

  // Worker: its next chunk, read (or its range to read: c->input), in input
  // order; nullptr when nothing is left or the run has failed.
  Chunk* ReadNext(size_t worker) {
    Chunk* c = nullptr;
    {
      std::unique_lock lock(mu_);
      std::deque<Chunk*>& mine = free_[worker];
      free_cv_.wait(lock, [&] { return stop_ || reading_done_ || !mine.empty(); });
      if (stop_ || reading_done_) return nullptr;
      c = mine.front();  // the one freed last: still in this core's cache
      mine.pop_front();
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
    if (exhausted_) {
      reading_done_ = true;
      free_cv_.notify_all();
    }
    if (!got && !c->error) {
      mine_back(c);
      return nullptr;
    }
    order_.push_back(c);
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

  // Worker: c is scanned; writes out the chunks whose turn has come unless
  // another worker is doing so (it takes c too).
  void Finish(Chunk* c) {
    std::unique_lock lock(mu_);
    c->done = true;
    if (emitting_) return;
    emitting_ = true;
    while (!stop_ && !order_.empty() && order_.front()->done) {
      Chunk* next = order_.front();
      order_.pop_front();
      lock.unlock();
      bool failed = false;
      try {
        Emit(*next);
      } catch (...) {
        failed = true;
        lock.lock();
        if (!error_) error_ = std::current_exception();
        StopLocked();
        lock.unlock();
      }
      lock.lock();
      if (failed) break;
      Recycle(next);
    }
    emitting_ = false;
  }

  void Abort() {
    std::lock_guard lock(mu_);
    StopLocked();
  }
  // After the workers: the first failure, thrown; or the end of the run.
  void Finish() {
    if (error_) std::rethrow_exception(error_);
    progress_.Finish();
  }

 private:
  void mine_back(Chunk* c) { free_[c->owner].push_front(c); }

  // The chunk in its turn (one worker at a time, in input order).
  void Emit(Chunk& c) {
    if (c.error) std::rethrow_exception(c.error);
    if (c.failure) std::rethrow_exception(c.failure);
    for (const std::string& note : c.notes) {
      Progress::ClearLine();
      std::fprintf(stderr, "%s\n", note.c_str());
    }
    if (c.file_index != emit_file_) emit_file_ = c.file_index, emit_line_ = 1;
    consumer_.Consume(c, emit_line_);
    emit_line_ += c.lines;
    emit_bytes_ += c.bytes.input_bytes;
    progress_.Update(emit_bytes_);
  }

  // Under mu_.
  void Recycle(Chunk* c) {
    c->input.reset();
    c->error = nullptr;
    c->failure = nullptr;
    c->notes.clear();
    c->lines = 0;
    c->done = false;
    mine_back(c);
    free_cv_.notify_all();
  }

  // Under mu_: the workers end after their chunk (a read blocked on a pipe
  // returns at once).
  void StopLocked() {
    stop_ = true;
    if (cancel_fd_ >= 0) {
      const uint64_t one = 1;
      (void)!::write(cancel_fd_, &one, sizeof(one));
    }
    free_cv_.notify_all();
  }

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
      // Read by offset, the file's own offset stayed where the reads in
      // order stopped; it goes to the end, where reading in order leaves it
      // (standard input shared with the next command the shell runs on it).
      if (by_offset_) (void)::lseek(input_->fd(), 0, SEEK_END);
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

  ChunkConsumer& consumer_;  // and below: only while emitting_
  Progress progress_;
  uint32_t emit_file_ = 0;
  uint64_t emit_line_ = 1, emit_bytes_ = 0;

  std::vector<Chunk> chunks_;
  int cancel_fd_ = -1;
  std::mutex mu_;  // the queues and flags below
  std::condition_variable free_cv_;
  std::vector<std::deque<Chunk*>> free_;  // by worker: its chunks stay in its core's cache
  std::deque<Chunk*> order_;
  bool stop_ = false;
  bool reading_done_ = false;
  bool emitting_ = false;
  std::exception_ptr error_;
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

  Pipeline pipeline(options, names, shown, chunk_bytes, threads, consumer);
  std::vector<std::thread> running;
  auto work = [&pipeline](size_t i, ChunkWorker* w) {
    while (Chunk* c = pipeline.ReadNext(i)) {
      if (c->input != nullptr) pipeline.ReadRange(c);
      if (!c->error) w->Scan(*c);
      pipeline.Finish(c);
    }
  };
  try {
    for (size_t i = 1; i < workers.size(); ++i) running.emplace_back(work, i, workers[i].get());
  } catch (...) {  // no thread for it: the run stops
    pipeline.Abort();
    for (std::thread& t : running) t.join();
    throw;
  }
  work(0, workers[0].get());  // the calling thread is a worker too
  for (std::thread& t : running) t.join();
  pipeline.Finish();
}

}  // namespace sortid::cli
