// Bulk codec glue for fixed-stride text: argument checks, option resolution,
// batching, and the cold explain path. The kernel table is chosen and
// planned once per call (lib/targets.cc, lib/bulk.h); one kernel call per
// batch. Items of varying length: lib/column.cc.
#include <algorithm>
#include <cstring>

#include "kernels/format_facts.h"
#include "kernels/kernel_api.h"
#include "kernels/scalar/chacha20.h"
#include "kernels/scalar/reference.h"
#include "lib/bulk.h"
#include "lib/keystream.h"
#include "lib/options.h"
#include "lib/targets.h"
#include "sortid/sortid.hpp"

namespace sortid {

using internal::MulOverflows;

size_t text_length(Format format) {
  return internal::IsValidFormat(format) ? kernels::kTextLength[static_cast<int>(format)] : 0;
}

Error check_options(Format format, const TextOptions& options) {
  return internal::ResolvedOptions(format, options).error;
}

size_t item_length(Format format, const TextOptions& options) {
  return item_length(format, options, nullptr);
}

size_t item_length(Format format, const TextOptions& options, Error* error) {
  const internal::ResolvedOptions resolved(format, options);
  if (error != nullptr) *error = resolved.error;
  if (resolved.error != Error::kOk) return 0;
  return resolved.item_length(text_length(format));
}

namespace {

// The two directions' kernels, chosen by their arguments.
Result RunKernel(const kernels::KernelTable& table, Format format,
                 const kernels::EncodeArgs& args) {
  return table.encode[static_cast<int>(format)](args);
}
Result RunKernel(const kernels::KernelTable& table, Format format,
                 const kernels::DecodeArgs& args) {
  return table.decode[static_cast<int>(format)](args);
}

// A fixed-stride bulk call: options resolved, arguments checked (text: the
// text buffer, ids: the binary one), the active kernels planned; then the
// kernel runs batch by batch on make_args(resolved, done, n, bits, plan), the
// arguments for the n items from item done on (bits: their validity).
template <class MakeArgs>
Result FixedStride(Format format, bool encode, const void* text, const uint8_t* ids, size_t count,
                   size_t stride, uint8_t* validity, const TextOptions& options,
                   MakeArgs make_args) {
  const internal::ResolvedOptions resolved(format, options);
  if (resolved.error != Error::kOk) return {resolved.error};
  if (count == 0) return {};
  if (text == nullptr || ids == nullptr || stride < resolved.item_length(text_length(format)) ||
      MulOverflows(count, stride) || MulOverflows(count, 16)) {
    return {Error::kArgument};
  }
  const internal::PreparedKernels kernels(format, encode, count, stride, resolved.prefix,
                                          resolved.prefix_len, resolved.terminator);
  if (kernels.error != Error::kOk) return {kernels.error};
  return internal::RunBatches(count, validity, [&](size_t done, size_t n, uint8_t* bits) {
    return RunKernel(kernels.table, format, make_args(resolved, done, n, bits, &kernels.plan));
  });
}

}  // namespace

Result encode(Format format, const uint8_t* ids, size_t count, char* out, size_t out_stride,
              uint8_t* validity, const TextOptions& options) {
  return FixedStride(format, true, out, ids, count, out_stride, validity, options,
                     [&](const internal::ResolvedOptions& r, size_t done, size_t n, uint8_t* bits,
                         const kernels::KernelPlan* plan) {
                       return internal::EncodeArgsFor(
                           r, ids + 16 * done, n, out + out_stride * done, out_stride, bits, plan);
                     });
}

Result decode(Format format, const char* text, size_t count, size_t stride, uint8_t* ids,
              uint8_t* validity, const TextOptions& options) {
  return FixedStride(format, false, text, ids, count, stride, validity, options,
                     [&](const internal::ResolvedOptions& r, size_t done, size_t n, uint8_t* bits,
                         const kernels::KernelPlan* plan) {
                       return internal::DecodeArgsFor(r, text + stride * done, n, stride,
                                                      ids + 16 * done, bits, plan);
                     });
}

Result encode(Format format, std::span<const uint8_t> ids, std::span<char> out, size_t out_stride,
              std::span<uint8_t> validity, const TextOptions& options) {
  const size_t count = ids.size() / 16;
  if (ids.size() % 16 != 0 || MulOverflows(count, out_stride) || out.size() < count * out_stride ||
      (!validity.empty() && validity.size() < (count + 7) / 8)) {
    return {Error::kArgument};
  }
  return encode(format, ids.data(), count, out.data(), out_stride,
                validity.empty() ? nullptr : validity.data(), options);
}

Result decode(Format format, std::span<const char> text, size_t stride, std::span<uint8_t> ids,
              std::span<uint8_t> validity, const TextOptions& options) {
  if (stride == 0 || text.size() % stride != 0) return {Error::kArgument};
  const size_t count = text.size() / stride;
  if (MulOverflows(count, 16) || ids.size() < count * 16 ||
      (!validity.empty() && validity.size() < (count + 7) / 8)) {
    return {Error::kArgument};
  }
  return decode(format, text.data(), count, stride, ids.data(),
                validity.empty() ? nullptr : validity.data(), options);
}

Result explain(Format format, std::string_view item, const TextOptions& options) {
  const internal::ResolvedOptions resolved(format, options);
  if (resolved.error != Error::kOk) return {.error = resolved.error};
  uint8_t unused[16];
  return reference::DecodeItem(resolved, reinterpret_cast<const uint8_t*>(item.data()), item.size(),
                               unused);
}

Error chacha20_keystream(const uint8_t* key, uint32_t counter, const uint8_t* nonce, uint8_t* out,
                         size_t blocks) {
  if (blocks == 0) return Error::kOk;
  if (key == nullptr || nonce == nullptr || out == nullptr || MulOverflows(blocks, 64)) {
    return Error::kArgument;
  }
  const reference::ChaChaState state = reference::ChaChaInit(key, counter, nonce);
  return internal::ActiveTable()->chacha20(state.words, out, blocks);
}

const char* error_message(Error error) {
  switch (error) {
    case Error::kOk:
      return "ok";
    case Error::kLength:
      return "wrong length";
    case Error::kCharacter:
      return "invalid character";
    case Error::kOverflow:
      return "value overflows 128 bits (first character above '7')";
    case Error::kPrefix:
      return "prefix mismatch";
    case Error::kHyphen:
      return "hyphen missing or misplaced";
    case Error::kTerminator:
      return "unexpected byte after the ID (terminator expected)";
    case Error::kRange:
      return "value out of range for the format";
    case Error::kArgument:
      return "invalid argument";
    case Error::kUnsupported:
      return "CPU target unknown or not supported";
    case Error::kNoEntropy:
      return "the OS entropy source failed; nothing generated; retry";
    case Error::kNoMemory:
      return "out of memory; nothing generated; retry";
  }
  return "unknown error";
}

}  // namespace sortid
