// Argument checks of sortid._sortid: its functions are importable, so every
// array and object they get is checked (kind, shape, layout, size) before
// any pointer into it is used.
#ifndef SORTID_PYTHON_CHECKS_H_
#define SORTID_PYTHON_CHECKS_H_

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace sortid::python {

namespace py = pybind11;
using ByteArray = py::array_t<uint8_t, py::array::c_style>;

// out= must not share memory with the input: decoding writes IDs while it
// still reads text (or item pointers) from there.
inline void CheckNoOverlap(const ByteArray& ids, const void* input, size_t input_bytes) {
  const auto* a = reinterpret_cast<const char*>(ids.data());
  const auto* b = static_cast<const char*>(input);
  const size_t a_bytes = static_cast<size_t>(ids.size());
  if (a_bytes != 0 && input_bytes != 0 && a < b + input_bytes && b < a + a_bytes) {
    throw py::value_error("out: shares memory with the input; pass a separate array");
  }
}

// Checks a (n, 16) uint8 IDs array; returns n.
inline size_t IdCount(const ByteArray& ids) {
  if (ids.ndim() != 2 || ids.shape(1) != 16) throw py::value_error("expected (n, 16) uint8 IDs");
  return static_cast<size_t>(ids.shape(0));
}

// A 1-D C-contiguous array of dtype kind `kind`, or TypeError naming `what`.
inline py::array CheckArray(const py::object& value, char kind, const char* what) {
  if (!py::isinstance<py::array>(value)) {
    throw py::type_error(std::string(what) + ": expected a numpy array");
  }
  auto array = py::reinterpret_borrow<py::array>(value);
  if (array.ndim() != 1 || array.dtype().kind() != kind || !(array.flags() & py::array::c_style)) {
    throw py::type_error(std::string(what) + ": expected a 1-D C-contiguous array of dtype kind '" +
                         kind + "'");
  }
  return array;
}

// Output prefixes with a NUL would be cut at it by every reader of C text.
inline void CheckOutPrefix(const std::string& prefix) {
  if (prefix.find('\0') != std::string::npos) {
    throw py::value_error("out_prefix must not contain a NUL character");
  }
}

// The slots of `out`: a list, or a 1-D C-contiguous writable object ndarray,
// of `count` items.
inline PyObject** OutputSlots(const py::object& out, size_t count) {
  PyObject** slots = nullptr;
  if (PyList_Check(out.ptr())) {
    slots = reinterpret_cast<PyListObject*>(out.ptr())->ob_item;
  } else {
    py::array array = CheckArray(out, 'O', "out");
    if (!array.writeable()) throw py::value_error("out: not writable");
    slots = static_cast<PyObject**>(array.mutable_data());
  }
  if (static_cast<size_t>(py::len(out)) != count) throw py::value_error("out: wrong size");
  return slots;
}

// Replaces slot i of `out` (list or object ndarray) by `item` (a new
// reference). Lists are re-read every time: releasing the old item can run
// arbitrary code that resizes the list.
inline void SetSlot(const py::object& out, size_t i, PyObject* item) {
  if (PyList_Check(out.ptr())) {
    if (PyList_SetItem(out.ptr(), static_cast<Py_ssize_t>(i), item) != 0) {
      throw py::error_already_set();
    }
    return;
  }
  auto** slots = static_cast<PyObject**>(py::reinterpret_borrow<py::array>(out).mutable_data());
  PyObject* old = slots[i];
  slots[i] = item;
  Py_XDECREF(old);
}

}  // namespace sortid::python

#endif  // SORTID_PYTHON_CHECKS_H_
