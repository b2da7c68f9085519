// --threads for validate and shard: the workers only scan and decode; the
// batches of a chunk are kept (rows, IDs, validity) and handed to the
// command's own sink in input order, one chunk at a time, with the lines
// renumbered, so duplicates, order and shard routing see every row as with
// one thread.
#ifndef SORTID_CLI_SCAN_BATCH_STORE_H_
#define SORTID_CLI_SCAN_BATCH_STORE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "cli/scan/parallel_scan.h"
#include "cli/scan/scan_types.h"

namespace sortid::cli {

// The scan of files through sink on options.threads workers (parallel_scan.h).
// keep_ids: the sink reads the IDs of valid rows (else only invalid rows are
// looked at, and batches without any are only counted).
void RunStoredScan(const ScanOptions& options, const std::vector<std::string>& files, bool keep_ids,
                   Sink& sink);

}  // namespace sortid::cli

#endif  // SORTID_CLI_SCAN_BATCH_STORE_H_
