// Target registry: which kernel tables exist, which this CPU runs, which one
// the bulk functions and the per-item codec use. The active table is read once
// per batch; the per-item codec through one pointer (ActiveItemCodec).
#ifndef SORTID_LIB_TARGETS_H_
#define SORTID_LIB_TARGETS_H_

#include <atomic>
#include <span>

#include "kernels/item_codec.h"
#include "kernels/kernel_api.h"

namespace sortid::internal {

// Every compiled kernel table, best first; the reference ("SCALAR") is last.
std::span<const kernels::KernelTable* const> CompiledTables();
// The table in use; never nullptr. When SORTID_TARGET named a target that is
// not available it is the stand-in table (kernels/unsupported.h, name ""),
// whose every entry reports Error::kUnsupported.
const kernels::KernelTable* ActiveTable();

// The active table's per-item codec. Constant-initialized to a codec whose
// entries choose the active table (SORTID_TARGET, else the best this CPU
// runs) and then forward; set_target() replaces it with the table it sets.
// The codecs are constants, so a relaxed load is enough.
extern std::atomic<const kernels::ItemCodec*> g_item_codec;
inline const kernels::ItemCodec& ActiveItemCodec() {
  return *g_item_codec.load(std::memory_order_relaxed);
}

// The active codec's entries, each in its own atomic: a per-item call loads
// one function pointer, not the codec's address and then an entry (a
// dependent load on the path of every call). Indexed by format, so that a
// call picks its entry with an index, not a switch; kUuid's entries are its
// 36-character form (the 32-character one is kUuidHex's), and the UUID
// formats hold one decoder for every alphabet. Stored with g_item_codec; a
// call racing a set_target() may take an entry of the old codec, which
// computes the same result.
struct ItemEntries {
  std::atomic<kernels::ItemDecodeFn> decode[kernels::kNumFormats][3];  // then single::Alphabet
  std::atomic<kernels::ItemEncodeFn> encode[kernels::kNumFormats];
  // decode_one / encode_one without options (kernels/item_entry-inl.h).
  std::atomic<kernels::ItemPlainDecodeFn> decode_plain[kernels::kNumFormats];
  std::atomic<kernels::ItemPlainEncodeFn> encode_plain[kernels::kNumFormats];
};
extern ItemEntries g_item_entries;

// Makes codec the active one: g_item_codec, then every entry.
void UseItemCodec(const kernels::ItemCodec& codec);

}  // namespace sortid::internal

#endif  // SORTID_LIB_TARGETS_H_
