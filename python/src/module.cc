// sortid._sortid: the Python extension under the `sortid` package. Thin
// bindings over sortid's bulk calls: numpy buffers in and out, one library
// call per batch, the GIL released around every bulk call. Per-item work that
// needs the Python API (gathering str pointers, making str objects) is C,
// never interpreted Python. The public API is in sortid/__init__.py.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <utility>
#include <vector>

#include "python/src/checks.h"
#include "python/src/text_decode.h"
#include "python/src/ulid_object.h"
#include "sortid/generator.hpp"
#include "sortid/sortid.hpp"

namespace py = pybind11;

namespace sortid::python {
namespace {

using BoolArray = py::array_t<bool, py::array::c_style>;
using ByteArray = py::array_t<uint8_t, py::array::c_style>;

// Text options with the prefix kept alive (TextOptions holds a string_view).
struct Options {
  std::string prefix;
  TextOptions text;
  Options(std::string p, bool type_id, bool lenient, bool lower) : prefix(std::move(p)) {
    text.prefix = prefix;
    text.type_id = type_id;
    text.lenient = lenient;
    if (lower) text.letter_case = LetterCase::kLower;
  }
};

// A new 1-D numpy array of `count` fixed-width byte strings of `width` bytes.
py::array NewTextArray(size_t count, size_t width) {
  return py::array(py::dtype("S" + std::to_string(width)),
                   std::vector<py::ssize_t>{static_cast<py::ssize_t>(count)});
}

// The value named `name` in a table of names, or ValueError "unknown <what>
// 'name' (a, b or c)" listing the table.
template <typename Value, size_t N>
Value ParseName(const std::string& name, const std::pair<const char*, Value> (&table)[N],
                const char* what) {
  std::string known;
  for (size_t i = 0; i < N; ++i) {
    if (name == table[i].first) return table[i].second;
    known += (i == 0 ? "" : i + 1 == N ? " or " : ", ") + std::string(table[i].first);
  }
  throw py::value_error("unknown " + std::string(what) + " '" + name + "' (" + known + ")");
}

Format ParseFormat(const std::string& name) {
  static constexpr std::pair<const char*, Format> kFormats[] = {{"ulid", Format::kUlid},
                                                                {"record", Format::kRecordId},
                                                                {"uuid", Format::kUuid},
                                                                {"hex", Format::kUuidHex}};
  return ParseName(name, kFormats, "text format");
}

size_t CheckedLength(Format format, const Options& options) {
  const size_t length = item_length(format, options.text);
  if (length == 0) {
    throw py::value_error("prefix '" + options.prefix + "' is not usable with this format");
  }
  return length;
}

void Check(const Result& status) {
  if (!status.ok()) throw py::value_error(error_message(status.error));
}

uint8_t* BoolData(BoolArray& a) { return reinterpret_cast<uint8_t*>(a.mutable_data()); }

// Types whose instances count as missing values (pandas.NA, pandas.NaT),
// registered by the package at import; None and float NaN always do.
std::vector<PyObject*>& NullTypes() {
  static auto* types = new std::vector<PyObject*>();
  return *types;
}

bool IsNull(PyObject* item) {
  if (item == Py_None) return true;
  if (PyFloat_Check(item)) return std::isnan(PyFloat_AS_DOUBLE(item));
  for (PyObject* type : NullTypes()) {
    if (reinterpret_cast<PyObject*>(Py_TYPE(item)) == type) return true;
  }
  return false;
}

// Object items of a list, tuple or 1-D object ndarray. A list is copied
// into a tuple that owns references to its items: the GIL is released while
// items are decoded, and another thread may clear or extend the list (which
// frees or moves its item array) meanwhile. An object ndarray cannot be
// resized while referenced; its items are held across each release.
struct ObjectView {
  py::object owner;  // keeps `items` alive
  PyObject* const* items = nullptr;
  size_t count = 0;
};

ObjectView ViewObjects(const py::object& values) {
  PyObject* v = values.ptr();
  if (PyList_Check(v)) {
    auto tuple = py::reinterpret_steal<py::object>(PyList_AsTuple(v));
    if (!tuple) throw py::error_already_set();
    return ViewObjects(tuple);
  }
  if (PyTuple_Check(v)) {
    return {values, reinterpret_cast<PyTupleObject*>(v)->ob_item,
            static_cast<size_t>(PyTuple_GET_SIZE(v))};
  }
  if (!py::isinstance<py::array>(values)) {
    throw py::type_error("expected a list, a tuple or a 1-D object ndarray");
  }
  auto array = py::reinterpret_borrow<py::array>(values);
  if (array.ndim() != 1 || array.dtype().kind() != 'O' || !(array.flags() & py::array::c_style)) {
    throw py::type_error("expected a 1-D C-contiguous ndarray of dtype object");
  }
  return {values, static_cast<PyObject* const*>(array.data()), static_cast<size_t>(array.size())};
}

// Decodes str / bytes objects chunk by chunk: pointers gathered (and the
// objects kept alive) under the GIL, decoded with the GIL released.
Result DecodeObjects(Format format, const ObjectView& view, const TextOptions& options,
                     uint8_t* ids, uint8_t* valid, uint8_t* null) {
  constexpr size_t kChunk = 65536;
  static const char kBad[] = "\xFF";  // an item that no format accepts
  std::vector<Item> items;
  std::vector<PyObject*> held;
  Result total;
  for (size_t start = 0; start < view.count; start += kChunk) {
    const size_t n = std::min(kChunk, view.count - start);
    items.resize(n);
    held.clear();
    for (size_t i = 0; i < n; ++i) {
      PyObject* item = view.items[start + i];
      null[start + i] = 0;
      Py_ssize_t size = 0;
      const char* data = nullptr;
      if (PyUnicode_Check(item)) {
        data = PyUnicode_AsUTF8AndSize(item, &size);  // O(1) for compact ASCII
        if (data == nullptr) PyErr_Clear();           // lone surrogates: invalid
      } else if (PyBytes_Check(item)) {
        data = PyBytes_AS_STRING(item);
        size = PyBytes_GET_SIZE(item);
      } else if (IsNull(item)) {
        null[start + i] = 1;
      }
      if (data != nullptr) {
        Py_INCREF(item);
        held.push_back(item);
        items[i] = Item{data, static_cast<size_t>(size)};
      } else {
        items[i] = null[start + i] ? Item{nullptr, 0} : Item{kBad, 1};
      }
    }
    Result status;
    {
      py::gil_scoped_release release;
      status =
          DecodeItems(format, items.data(), n, options, ids + start * kBinarySize, valid + start);
    }
    for (PyObject* item : held) Py_DECREF(item);
    Check(status);
    total.count += status.count;
  }
  return total;
}

// values: a 1-D C-contiguous numpy array of S, U or O dtype, a list or a
// tuple. Returns (ids (n, 16) uint8, valid bool (n,), null bool (n,) or None
// for S / U arrays, which hold no missing values).
// out: None, or a writable C-contiguous (n, 16) uint8 array that receives the
// IDs (no allocation: the caller reuses its buffer).
ByteArray IdsOutput(const py::object& out, size_t count) {
  if (out.is_none()) return ByteArray({count, kBinarySize});
  if (!py::isinstance<ByteArray>(out)) throw py::type_error("out: expected a uint8 ndarray");
  auto ids = py::reinterpret_borrow<ByteArray>(out);
  if (ids.ndim() != 2 || static_cast<size_t>(ids.shape(0)) != count || ids.shape(1) != 16 ||
      !(ids.flags() & py::array::c_style) || !ids.writeable()) {
    throw py::value_error("out: expected a writable C-contiguous (" + std::to_string(count) +
                          ", 16) uint8 array");
  }
  return ids;
}

py::tuple Decode(const py::object& values, const std::string& format_name,
                 const std::string& prefix, bool type_id, bool lenient, const py::object& out) {
  const Format format = ParseFormat(format_name);
  Options options(prefix, type_id, lenient, false);
  CheckedLength(format, options);
  char kind = 'O';
  size_t count = 0;
  py::array array;
  ObjectView view;
  if (py::isinstance<py::array>(values)) {
    array = py::reinterpret_borrow<py::array>(values);
    if (array.ndim() != 1 || !(array.flags() & py::array::c_style)) {
      throw py::value_error("expected a 1-D contiguous array");
    }
    kind = array.dtype().kind();
    if (kind == 'U' && !array.dtype().attr("isnative").cast<bool>()) {
      // Big-endian UCS-4 (">U26"): the decoder reads native code points.
      array = array.attr("astype")(array.dtype().attr("newbyteorder")("="));
    }
    if (kind == 'O') view = ViewObjects(array);
    count = static_cast<size_t>(array.size());
  } else if (PyList_Check(values.ptr()) || PyTuple_Check(values.ptr())) {
    view = ViewObjects(values);
    count = view.count;
  } else {
    throw py::type_error("expected a numpy array, a list or a tuple");
  }
  ByteArray ids = IdsOutput(out, count);
  if (kind == 'O') {
    CheckNoOverlap(ids, view.items, view.count * sizeof(PyObject*));
  } else {
    CheckNoOverlap(ids, array.data(), count * static_cast<size_t>(array.itemsize()));
  }
  BoolArray valid(static_cast<py::ssize_t>(count));
  uint8_t* id_data = ids.mutable_data();
  uint8_t* valid_data = BoolData(valid);
  Result status;
  if (kind == 'S') {
    const char* text = static_cast<const char*>(array.data());
    const auto stride = static_cast<size_t>(array.itemsize());
    py::gil_scoped_release release;
    status = DecodeFixedWidth(format, text, count, stride, options.text, id_data, valid_data);
  } else if (kind == 'U') {
    const auto* text = static_cast<const uint32_t*>(array.data());
    const auto width = static_cast<size_t>(array.itemsize()) / 4;
    py::gil_scoped_release release;
    status = DecodeUcs4(format, text, count, width, options.text, id_data, valid_data);
  } else if (kind == 'O') {
    BoolArray null(static_cast<py::ssize_t>(count));
    status = DecodeObjects(format, view, options.text, id_data, valid_data, BoolData(null));
    Check(status);
    return py::make_tuple(ids, valid, null);
  } else {
    throw py::type_error(std::string("cannot decode IDs from a numpy array of dtype kind '") +
                         kind + "' (expected S, U or O)");
  }
  Check(status);
  return py::make_tuple(ids, valid, py::none());
}

// A sequence of 16-byte bytes objects (or an object ndarray) -> ids, valid, null.
py::tuple DecodeBinaryObjects(const py::object& values) {
  const ObjectView view = ViewObjects(values);
  ByteArray ids({view.count, kBinarySize});
  BoolArray valid(static_cast<py::ssize_t>(view.count));
  BoolArray null(static_cast<py::ssize_t>(view.count));
  uint8_t* id_data = ids.mutable_data();
  for (size_t i = 0; i < view.count; ++i) {
    PyObject* item = view.items[i];
    const bool ok = PyBytes_Check(item) && PyBytes_GET_SIZE(item) == 16;
    BoolData(valid)[i] = ok;
    BoolData(null)[i] = !ok && IsNull(item);
    if (ok) {
      std::memcpy(id_data + i * 16, PyBytes_AS_STRING(item), 16);
    } else {
      std::memset(id_data + i * 16, 0, 16);
    }
  }
  return py::make_tuple(ids, valid, null);
}

// ids (n, 16) -> (S<length> array, valid): items that cannot be encoded (a
// Record ID with any of the top 28 bits set) or whose input `valid` is false
// come out empty and invalid.
py::tuple Encode(const ByteArray& ids, const py::object& valid_in, const std::string& format_name,
                 const std::string& prefix, bool type_id, bool lower) {
  const Format format = ParseFormat(format_name);
  CheckOutPrefix(prefix);
  Options options(prefix, type_id, false, lower);
  const size_t length = CheckedLength(format, options);
  const size_t count = IdCount(ids);
  py::array out = NewTextArray(count, length);
  BoolArray valid(static_cast<py::ssize_t>(count));
  char* text = static_cast<char*>(out.mutable_data());
  uint8_t* valid_data = BoolData(valid);
  const uint8_t* id_data = ids.data();
  const uint8_t* input_valid = nullptr;
  BoolArray in;
  if (!valid_in.is_none()) {
    in = valid_in.cast<BoolArray>();
    if (static_cast<size_t>(in.size()) != count) throw py::value_error("valid: wrong size");
    input_valid = reinterpret_cast<const uint8_t*>(in.data());
  }
  Result status;
  {
    py::gil_scoped_release release;
    std::vector<uint8_t> bits((count + 7) / 8);
    status = sortid::encode(format, id_data, count, text, length, bits.data(), options.text);
    if (status.ok() && status.count == 0 && input_valid == nullptr) {
      std::memset(valid_data, 1, count);
    } else if (status.ok()) {
      UnpackBits(bits.data(), count, valid_data);
      for (size_t i = 0; i < count; ++i) {
        if (input_valid != nullptr && input_valid[i] == 0) valid_data[i] = 0;
        if (valid_data[i] == 0) std::memset(text + i * length, 0, length);
      }
    }
  }
  Check(status);
  return py::make_tuple(out, valid);
}

// Fills `out` (a list or object ndarray of n items) with str objects made
// from the fixed-width UTF-8 text (trailing NULs dropped, as numpy reads S
// items), None where valid is false.
void FillStr(const py::object& text_in, const BoolArray& valid, const py::object& out) {
  const py::array text = CheckArray(text_in, 'S', "text");
  const auto count = static_cast<size_t>(text.size());
  const auto stride = static_cast<size_t>(text.itemsize());
  const char* data = static_cast<const char*>(text.data());
  if (static_cast<size_t>(valid.size()) != count) throw py::value_error("valid: wrong size");
  OutputSlots(out, count);
  const bool* ok = valid.data();
  // One pass over the text: the compact-ASCII fast path is only for text
  // without bytes >= 0x80 (a non-ASCII prefix).
  uint8_t high = 0;
  for (size_t i = 0; i < count * stride; ++i) high |= static_cast<uint8_t>(data[i]);
  const bool ascii = high < 0x80;
  for (size_t i = 0; i < count; ++i) {
    PyObject* item;
    if (ok[i]) {
      const char* s = data + i * stride;
      size_t n = stride;
      while (n > 0 && s[n - 1] == 0) --n;
      if (ascii) {
        item = PyUnicode_New(static_cast<Py_ssize_t>(n), 127);
        if (item != nullptr) std::memcpy(PyUnicode_1BYTE_DATA(item), s, n);
      } else {
        item = PyUnicode_DecodeUTF8(s, static_cast<Py_ssize_t>(n), "strict");
      }
      if (item == nullptr) throw py::error_already_set();
    } else {
      item = Py_NewRef(Py_None);
    }
    if (i >= static_cast<size_t>(py::len(out))) {
      Py_DECREF(item);
      throw py::value_error("out: resized while being filled");
    }
    SetSlot(out, i, item);
  }
}

// ids (n, 16) -> object ndarray `out` of 16-byte bytes objects, None where invalid.
void FillBytes(const ByteArray& ids, const BoolArray& valid, const py::object& out) {
  const size_t count = IdCount(ids);
  if (static_cast<size_t>(valid.size()) != count) throw py::value_error("valid: wrong size");
  OutputSlots(out, count);
  for (size_t i = 0; i < count; ++i) {
    PyObject* item = valid.data()[i] ? PyBytes_FromStringAndSize(
                                           reinterpret_cast<const char*>(ids.data() + i * 16), 16)
                                     : Py_NewRef(Py_None);
    if (item == nullptr) throw py::error_already_set();
    if (i >= static_cast<size_t>(py::len(out))) {
      Py_DECREF(item);
      throw py::value_error("out: resized while being filled");
    }
    SetSlot(out, i, item);
  }
}

py::array_t<int64_t> Timestamps(const ByteArray& ids, const std::string& format_name) {
  const Format format = ParseFormat(format_name);
  const size_t count = IdCount(ids);
  py::array_t<int64_t> ms(static_cast<py::ssize_t>(count));
  const uint8_t* id_data = ids.data();
  int64_t* out = ms.mutable_data();
  Result status;
  {
    py::gil_scoped_release release;
    status = timestamps_ms(format, id_data, count, out);
  }
  Check(status);
  return ms;
}

// ms -> (S24 ISO 8601 text, valid); years outside 0000-9999 are invalid.
py::tuple Iso8601(const py::array_t<int64_t, py::array::c_style>& ms, const BoolArray& valid_in) {
  const auto count = static_cast<size_t>(ms.size());
  if (static_cast<size_t>(valid_in.size()) != count) throw py::value_error("valid: wrong size");
  py::array out = NewTextArray(count, kIso8601Length);
  BoolArray valid(static_cast<py::ssize_t>(count));
  char* text = static_cast<char*>(out.mutable_data());
  uint8_t* ok = BoolData(valid);
  const int64_t* in = ms.data();
  const bool* in_ok = valid_in.data();
  {
    py::gil_scoped_release release;
    for (size_t i = 0; i < count; ++i) {
      char* item = text + i * kIso8601Length;
      ok[i] = in_ok[i] && format_iso8601(in[i], item, kIso8601Length) == kIso8601Length;
      if (!ok[i]) std::memset(item, 0, kIso8601Length);
    }
  }
  return py::make_tuple(out, valid);
}

// Why one item is invalid: None if valid, else (error name, message, byte position).
py::object Explain(const py::bytes& item, const std::string& format_name, const std::string& prefix,
                   bool type_id, bool lenient) {
  const Format format = ParseFormat(format_name);
  Options options(prefix, type_id, lenient, false);
  const std::string_view text = item;
  // The module's contract is the exact form of each format (source='uuid'
  // takes the 36-character form and the bare 32 digits), as its bulk decode
  // checks.
  const size_t expected = item_length(format, options.text);
  const bool bare_uuid =
      format == Format::kUuid && text.size() == item_length(Format::kUuidHex, options.text);
  // A wrong length stops matching at the shorter of the two lengths (an item
  // length, far below Result's 56-bit position limit).
  const size_t stop = std::min(text.size(), expected);
  const Result why =
      text.size() != expected && !bare_uuid
          ? Result{.error = Error::kLength, .position = stop & ((uint64_t{1} << 56) - 1)}
          : explain(format, text, options.text);
  if (why.error == Error::kOk) return py::none();
  return py::make_tuple(static_cast<int>(why.error), error_message(why.error),
                        static_cast<size_t>(why.position));
}

IdKind ParseKind(const std::string& name) {
  static constexpr std::pair<const char*, IdKind> kKinds[] = {
      {"ulid", IdKind::kUlid},
      {"ulid-monotonic", IdKind::kUlidMonotonic},
      {"record", IdKind::kRecordId},
      {"uuidv7", IdKind::kUuidV7}};
  return ParseName(name, kKinds, "kind");
}

void CheckGenerated(const Result& result) {
  if (!result.ok()) {
    throw std::runtime_error(std::string("sortid: generation failed: ") +
                             error_message(result.error));
  }
}

// n binary IDs (n, 16) from the calling thread's generator.
ByteArray GenerateBinary(size_t count, const std::string& kind_name) {
  const IdKind kind = ParseKind(kind_name);
  ByteArray ids({count, kBinarySize});
  uint8_t* out = ids.mutable_data();
  Result result;
  {
    py::gil_scoped_release release;
    result = generate(kind, out, count);
  }
  CheckGenerated(result);
  return ids;
}

// n IDs as S<length> text in `format_name`.
py::array GenerateText(size_t count, const std::string& kind_name, const std::string& format_name,
                       const std::string& prefix, bool type_id, bool lower) {
  const IdKind kind = ParseKind(kind_name);
  const Format format = ParseFormat(format_name);
  if (format == Format::kRecordId && kind != IdKind::kRecordId) {
    throw py::value_error("kind='" + kind_name +
                          "' IDs do not fit Record ID text (only kind='record' does)");
  }
  CheckOutPrefix(prefix);
  Options options(prefix, type_id, false, lower);
  const size_t length = CheckedLength(format, options);
  py::array out = NewTextArray(count, length);
  char* text = static_cast<char*>(out.mutable_data());
  Result result;
  {
    py::gil_scoped_release release;
    result = generate_text(kind, format, text, count, length, options.text);
  }
  CheckGenerated(result);
  return out;
}

double ThreadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// The library's bulk decode on a numpy S array, timed in C++ (no Python on
// the path): one sortid::decode over the whole buffer at its stride into
// `out`, a C-contiguous (n, 16) uint8 array: freshly allocated by the caller
// (its page faults are then part of the decode, as in sortid.convert without
// out=) or reused. Returns (wall seconds, thread CPU seconds). For the
// benchmark.
py::tuple DecodeSeconds(const py::object& text_in, const std::string& format_name,
                        const py::object& out) {
  const Format format = ParseFormat(format_name);
  const py::array text = CheckArray(text_in, 'S', "text");
  const auto count = static_cast<size_t>(text.size());
  const auto stride = static_cast<size_t>(text.itemsize());
  const char* data = static_cast<const char*>(text.data());
  ByteArray ids = IdsOutput(out, count);
  CheckNoOverlap(ids, data, count * stride);
  std::vector<uint8_t> bits((count + 7) / 8);
  Result status;
  double wall = 0, cpu = 0;
  {
    py::gil_scoped_release release;
    const double cpu_start = ThreadCpuSeconds();
    const auto start = std::chrono::steady_clock::now();
    status = decode(format, data, count, stride, ids.mutable_data(), bits.data());
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    wall = took.count();
    cpu = ThreadCpuSeconds() - cpu_start;
  }
  Check(status);
  return py::make_tuple(wall, cpu);
}

}  // namespace
}  // namespace sortid::python

PYBIND11_MODULE(_sortid, m) {
  using namespace sortid::python;
  m.doc() = "sortid's compiled core; use the functions of the sortid package instead.";
  m.def("decode", &Decode, py::arg("values"), py::arg("format"), py::arg("prefix"),
        py::arg("type_id"), py::arg("lenient"), py::arg("out") = py::none());
  m.def("decode_binary_objects", &DecodeBinaryObjects);
  m.def("encode", &Encode);
  m.def("fill_str", &FillStr);
  m.def("fill_bytes", &FillBytes);
  m.def("timestamps", &Timestamps);
  m.def("iso8601", &Iso8601);
  m.def("explain", &Explain);
  m.def("generate_binary", &GenerateBinary);
  m.def("generate_text", &GenerateText);
  m.def("decode_seconds", &DecodeSeconds);
  m.def("active_target", [] {
    const char* target = sortid::active_target();
    if (target == nullptr || *target == '\0') {
      const char* forced = std::getenv("SORTID_TARGET");
      std::string name;
      for (const char* c = forced != nullptr ? forced : ""; *c != '\0'; ++c) {
        const auto byte = static_cast<unsigned char>(*c);
        if (byte >= 0x20 && byte < 0x7F) {
          name += *c;
        } else {
          static const char kHex[] = "0123456789abcdef";
          name += std::string("\\x") + kHex[byte >> 4] + kHex[byte & 15];
        }
      }
      throw std::runtime_error("sortid: SORTID_TARGET=" + name +
                               " is not a target this CPU supports; unset it or name a supported "
                               "target");
    }
    return std::string(target);
  });
  PyObject* ulid_type = MakeUlidType();
  if (ulid_type == nullptr) throw py::error_already_set();
  m.add_object("ULID", py::reinterpret_steal<py::object>(ulid_type));
  m.def("set_null_types", [](const py::tuple& types) {
    for (const py::handle& type : types) NullTypes().push_back(type.inc_ref().ptr());
  });
}
