// Target selection: SORTID_TARGET at first use, set_target() afterwards.
// The registry is constant data (kernels/dispatch.h): listing, naming and
// choosing tables calls nothing compiled for a target, and a table is offered
// only when hwy::SupportedTargets() includes its target. Nothing here is behind
// a lock or a function-local static's guard: a child forked (or cloned) while
// another thread was initializing one would wait on it forever. Racing first
// calls compute the same answer and publish it with a compare-and-swap.
#include "lib/targets.h"

#include <strings.h>

#include <array>
#include <atomic>
#include <cstdlib>
#include <new>

#include "kernels/dispatch.h"
#include "kernels/item_entry-inl.h"
#include "kernels/unsupported.h"
#include "sortid/sortid.hpp"

namespace sortid::internal {
namespace {

// Upper bound on the tables any build compiles (x86: 5 + reference; Arm: 5 + reference).
constexpr size_t kMaxTables = 16;

struct SupportedNames {
  std::array<const char*, kMaxTables> names{};
  size_t count = 0;
};

std::atomic<const SupportedNames*> g_supported{nullptr};

// The names of the compiled tables this CPU runs; empty only when the first
// call could not allocate (the tables themselves stay usable).
std::span<const char* const> SupportedTargetNames() {
  const SupportedNames* published = g_supported.load(std::memory_order_acquire);
  if (published == nullptr) {
    auto* mine = new (std::nothrow) SupportedNames;
    if (mine == nullptr) return {};
    for (const kernels::KernelTable* table : dispatch::CompiledTables()) {
      if (dispatch::IsSupported(*table) && mine->count < kMaxTables) {
        mine->names[mine->count++] = table->name;
      }
    }
    if (g_supported.compare_exchange_strong(published, mine, std::memory_order_acq_rel,
                                            std::memory_order_acquire)) {
      published = mine;  // lives as long as the process
    } else {
      delete mine;  // another thread published the same list first
    }
  }
  return {published->names.data(), published->count};
}

const kernels::KernelTable* FindSupported(const char* name) {
  for (const kernels::KernelTable* table : dispatch::CompiledTables()) {
    if (strcasecmp(table->name, name) == 0) {
      return dispatch::IsSupported(*table) ? table : nullptr;
    }
  }
  return nullptr;
}

// nullptr until the first call: then SORTID_TARGET's table, the stand-in
// whose every entry reports Error::kUnsupported for an invalid one, or the
// best supported; set_target() replaces it.
std::atomic<const kernels::KernelTable*> g_active{nullptr};

const kernels::KernelTable* TableAtFirstUse() {
  const char* forced = std::getenv("SORTID_TARGET");
  if (forced != nullptr && forced[0] != '\0') {
    const kernels::KernelTable* table = FindSupported(forced);
    return table != nullptr ? table : &kernels::UnsupportedTable();
  }
  return dispatch::BestTable();
}

extern const kernels::ItemCodec kResolvingCodec;

// The entries of codec by format (see ItemEntries), as g_item_entries holds them.
struct EntryArrays {
  kernels::ItemDecodeFn decode[kernels::kNumFormats][3];
  kernels::ItemEncodeFn encode[kernels::kNumFormats];
  kernels::ItemPlainDecodeFn decode_plain[kernels::kNumFormats];
  kernels::ItemPlainEncodeFn encode_plain[kernels::kNumFormats];
};
constexpr EntryArrays ArraysOf(const kernels::ItemCodec& c) {
  return {{{c.decode_ulid[0], c.decode_ulid[1], c.decode_ulid[2]},
           {c.decode_record[0], c.decode_record[1], c.decode_record[2]},
           {c.decode_uuid, c.decode_uuid, c.decode_uuid},
           {c.decode_uuid_hex, c.decode_uuid_hex, c.decode_uuid_hex}},
          {c.encode_ulid, c.encode_record, c.encode_uuid, c.encode_uuid_hex},
          {c.decode_plain[0], c.decode_plain[1], c.decode_plain[2], c.decode_plain[3]},
          {c.encode_plain[0], c.encode_plain[1], c.encode_plain[2], c.encode_plain[3]}};
}
constexpr ItemEntries EntriesOf(const kernels::ItemCodec& codec) {
  const EntryArrays a = ArraysOf(codec);
  return {{{a.decode[0][0], a.decode[0][1], a.decode[0][2]},
           {a.decode[1][0], a.decode[1][1], a.decode[1][2]},
           {a.decode[2][0], a.decode[2][1], a.decode[2][2]},
           {a.decode[3][0], a.decode[3][1], a.decode[3][2]}},
          {a.encode[0], a.encode[1], a.encode[2], a.encode[3]},
          {a.decode_plain[0], a.decode_plain[1], a.decode_plain[2], a.decode_plain[3]},
          {a.encode_plain[0], a.encode_plain[1], a.encode_plain[2], a.encode_plain[3]}};
}

void StoreEntries(const kernels::ItemCodec& codec) {
  constexpr auto kRelaxed = std::memory_order_relaxed;
  const EntryArrays a = ArraysOf(codec);
  for (int f = 0; f < kernels::kNumFormats; ++f) {
    for (int alphabet = 0; alphabet < 3; ++alphabet) {
      g_item_entries.decode[f][alphabet].store(a.decode[f][alphabet], kRelaxed);
    }
    g_item_entries.encode[f].store(a.encode[f], kRelaxed);
    g_item_entries.decode_plain[f].store(a.decode_plain[f], kRelaxed);
    g_item_entries.encode_plain[f].store(a.encode_plain[f], kRelaxed);
  }
}

// The codec g_item_codec starts with: each entry resolves the active table
// once, then forwards to its codec.
const kernels::ItemCodec& Resolved() {
  const kernels::ItemCodec* codec = ActiveTable()->item;
  const kernels::ItemCodec* expected = &kResolvingCodec;
  // Only the resolving codec is replaced: a set_target() that ran meanwhile wins.
  if (!g_item_codec.compare_exchange_strong(expected, codec, std::memory_order_relaxed)) {
    return *expected;
  }
  StoreEntries(*codec);
  return *codec;
}
template <int kAlphabet>
bool FirstDecodeUlid(const uint8_t* text, uint8_t* out) {
  return Resolved().decode_ulid[kAlphabet](text, out);
}
template <int kAlphabet>
bool FirstDecodeRecord(const uint8_t* text, uint8_t* out) {
  return Resolved().decode_record[kAlphabet](text, out);
}
void FirstEncodeUlid(const uint8_t* id, bool lower, char* out) {
  Resolved().encode_ulid(id, lower, out);
}
void FirstEncodeRecord(const uint8_t* id, bool lower, char* out) {
  Resolved().encode_record(id, lower, out);
}
bool FirstDecodeUuid(const uint8_t* text, uint8_t* out) {
  return Resolved().decode_uuid(text, out);
}
bool FirstDecodeUuidHex(const uint8_t* text, uint8_t* out) {
  return Resolved().decode_uuid_hex(text, out);
}
void FirstEncodeUuid(const uint8_t* id, bool lower, char* out) {
  Resolved().encode_uuid(id, lower, out);
}
void FirstEncodeUuidHex(const uint8_t* id, bool lower, char* out) {
  Resolved().encode_uuid_hex(id, lower, out);
}

constexpr kernels::ItemCodec kResolvingFunctions = {
    "",
    {FirstDecodeUlid<0>, FirstDecodeUlid<1>, FirstDecodeUlid<2>},
    {FirstDecodeRecord<0>, FirstDecodeRecord<1>, FirstDecodeRecord<2>},
    FirstEncodeUlid,
    FirstEncodeRecord,
    FirstDecodeUuid,
    FirstDecodeUuidHex,
    FirstEncodeUuid,
    FirstEncodeUuidHex,
    {},
    {},
};
// Its plain entries call the entries above, which resolve.
constexpr kernels::ItemCodec kResolvingCodec =
    HWY_NAMESPACE::item_entry::WithPlainEntries<kResolvingFunctions>();

}  // namespace

constinit std::atomic<const kernels::ItemCodec*> g_item_codec{&kResolvingCodec};
constinit ItemEntries g_item_entries = EntriesOf(kResolvingCodec);

void UseItemCodec(const kernels::ItemCodec& codec) {
  g_item_codec.store(&codec, std::memory_order_relaxed);
  StoreEntries(codec);
}

std::span<const kernels::KernelTable* const> CompiledTables() { return dispatch::CompiledTables(); }

// Never nullptr.
const kernels::KernelTable* ActiveTable() {
  const kernels::KernelTable* table = g_active.load(std::memory_order_acquire);
  if (table != nullptr) return table;
  const kernels::KernelTable* chosen = TableAtFirstUse();
  // A set_target() that ran meanwhile wins over the environment.
  return g_active.compare_exchange_strong(table, chosen, std::memory_order_acq_rel,
                                          std::memory_order_acquire)
             ? chosen
             : table;
}

}  // namespace sortid::internal

namespace sortid {

std::span<const char* const> targets(TargetSet which) {
  return which == TargetSet::kCompiled ? dispatch::CompiledNames()
                                       : internal::SupportedTargetNames();
}

const char* active_target() { return internal::ActiveTable()->name; }

Error set_target(const char* name) {
  const kernels::KernelTable* table =
      (name == nullptr || name[0] == '\0') ? dispatch::BestTable() : internal::FindSupported(name);
  if (table == nullptr) return Error::kUnsupported;
  internal::g_active.store(table, std::memory_order_release);
  internal::UseItemCodec(*table->item);
  return Error::kOk;
}

}  // namespace sortid
