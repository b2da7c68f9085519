// sortid.ULID as a C-level type: 16 bytes inline, no per-object dict, so
// making one from text and formatting one cost one allocation each. Every
// input is checked (type, length, range) before it is read; bad values
// raise TypeError / ValueError naming the method, the escaped value and the
// 1-based position of the first bad character (docs/formats.md).
#include "python/src/ulid_object.h"

#include <structmember.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "sortid/generator.hpp"
#include "sortid/sortid.hpp"

namespace sortid::python {
namespace {

constexpr int64_t kMaxMs = (int64_t{1} << 48) - 1;

struct UlidObject {
  PyObject_HEAD Py_hash_t hash;  // -1 until first asked
  PyObject* weakrefs;
  uint8_t id[16];
};

PyTypeObject* ulid_type = nullptr;
PyObject* time_module = nullptr;   // for ULID(): time.time_ns, as fake clocks patch it
PyObject* real_time_ns = nullptr;  // the interpreter's own time.time_ns
PyObject* uuid_class = nullptr;    // uuid.UUID, imported on first use

UlidObject* AsUlid(PyObject* self) { return reinterpret_cast<UlidObject*>(self); }

// The value as ascii() writes it, shortened: messages quote it escaped.
// str and bytes subclasses are quoted as their plain value, so no method a
// subclass overrides runs while an error is being reported.
std::string Escaped(PyObject* value) {
  PyObject* plain = nullptr;
  if (PyUnicode_Check(value)) {
    plain = PyUnicode_FromObject(value);
  } else if (PyBytes_Check(value)) {
    plain = PyBytes_FromStringAndSize(PyBytes_AS_STRING(value), PyBytes_GET_SIZE(value));
  } else {
    plain = Py_NewRef(value);
  }
  PyObject* text = plain != nullptr ? PyObject_ASCII(plain) : nullptr;
  Py_XDECREF(plain);
  std::string out;
  const char* utf8 = text != nullptr ? PyUnicode_AsUTF8(text) : nullptr;
  if (utf8 == nullptr) {
    PyErr_Clear();
    out = "<unprintable>";
  } else {
    out = utf8;
  }
  Py_XDECREF(text);
  constexpr size_t kLimit = 80;
  if (out.size() > kLimit) out = out.substr(0, kLimit - 3) + "...";
  return out;
}

PyObject* RaiseInvalid(const char* method, PyObject* value, const char* what,
                       const std::string& reason) {
  PyErr_Format(PyExc_ValueError, "%s: %s is not a valid %s: %s", method, Escaped(value).c_str(),
               what, reason.c_str());
  return nullptr;
}

PyObject* RaiseType(const char* method, const char* expected, PyObject* value) {
  PyErr_Format(PyExc_TypeError, "%s: expected %s, got %.100s", method, expected,
               Py_TYPE(value)->tp_name);
  return nullptr;
}

// A new instance of `type` holding id. A subclass is called with the bytes,
// as python-ulid's constructors do, so its own __new__ / __init__ run.
// A new object of type holding id, without calling its __init__.
PyObject* Allocate(PyTypeObject* type, const uint8_t* id) {
  PyObject* self = type->tp_alloc(type, 0);
  if (self == nullptr) return nullptr;
  AsUlid(self)->hash = -1;
  AsUlid(self)->weakrefs = nullptr;
  std::memcpy(AsUlid(self)->id, id, 16);
  return self;
}

PyObject* NewFromId(PyTypeObject* type, const uint8_t* id) {
  if (type != ulid_type) {
    PyObject* bytes = PyBytes_FromStringAndSize(reinterpret_cast<const char*>(id), 16);
    if (bytes == nullptr) return nullptr;
    PyObject* self = PyObject_CallOneArg(reinterpret_cast<PyObject*>(type), bytes);
    Py_DECREF(bytes);
    return self;
  }
  return Allocate(type, id);
}

// Decodes a str of exactly `length` characters in `format` (its code points
// checked for ASCII first, so positions count characters). Returns false
// with ValueError set.
bool DecodeText(const char* method, PyObject* value, Format format, size_t length, const char* what,
                uint8_t* id) {
  const Py_ssize_t size = PyUnicode_GET_LENGTH(value);
  if (static_cast<size_t>(size) != length) {
    RaiseInvalid(method, value, what,
                 "wrong length: " + std::to_string(size) + " characters, expected " +
                     std::to_string(length));
    return false;
  }
  if (!PyUnicode_IS_ASCII(value)) {
    const int kind = PyUnicode_KIND(value);
    const void* data = PyUnicode_DATA(value);
    Py_ssize_t i = 0;
    while (i < size && PyUnicode_READ(kind, data, i) < 0x80) ++i;
    RaiseInvalid(method, value, what, "non-ASCII character at position " + std::to_string(i + 1));
    return false;
  }
  const auto* text = static_cast<const char*>(PyUnicode_DATA(value));
  const Result why = decode_one(format, std::string_view(text, length), id);
  if (why.error != Error::kOk) {
    RaiseInvalid(
        method, value, what,
        std::string(error_message(why.error)) + " at position " + std::to_string(why.position + 1));
    return false;
  }
  return true;
}

// A new int from 16 big-endian bytes.
PyObject* IntFromId(const uint8_t* id) {
  uint64_t hi = 0, lo = 0;
  for (int i = 0; i < 8; ++i) hi = hi << 8 | id[i];
  for (int i = 8; i < 16; ++i) lo = lo << 8 | id[i];
  PyObject* high = PyLong_FromUnsignedLongLong(hi);
  PyObject* shift = PyLong_FromLong(64);
  PyObject* shifted = high != nullptr && shift != nullptr ? PyNumber_Lshift(high, shift) : nullptr;
  PyObject* low = shifted != nullptr ? PyLong_FromUnsignedLongLong(lo) : nullptr;
  PyObject* result = low != nullptr ? PyNumber_Or(shifted, low) : nullptr;
  Py_XDECREF(high);
  Py_XDECREF(shift);
  Py_XDECREF(shifted);
  Py_XDECREF(low);
  return result;
}

// An int (subclasses read as their int value, no overridden method called)
// into 16 big-endian bytes; false with ValueError when it is negative or
// needs more than 128 bits.
bool IdFromInt(const char* method, PyObject* value, uint8_t* id) {
  int overflow = 0;
  const long long small = PyLong_AsLongLongAndOverflow(value, &overflow);
  if (small == -1 && PyErr_Occurred()) return false;
  if (overflow < 0 || (overflow == 0 && small < 0)) {
    PyErr_Format(PyExc_ValueError, "%s: %s is negative (a ULID is 0 to 2**128 - 1)", method,
                 Escaped(value).c_str());
    return false;
  }
  PyObject* shift = PyLong_FromLong(64);
  if (shift == nullptr) return false;
  PyObject* high = PyLong_Type.tp_as_number->nb_rshift(value, shift);
  Py_DECREF(shift);
  if (high == nullptr) return false;
  const unsigned long long hi = PyLong_AsUnsignedLongLong(high);
  Py_DECREF(high);
  if (hi == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
    PyErr_Clear();
    PyErr_Format(PyExc_ValueError, "%s: %s does not fit 128 bits", method, Escaped(value).c_str());
    return false;
  }
  const unsigned long long lo = PyLong_AsUnsignedLongLongMask(value);
  if (lo == static_cast<unsigned long long>(-1) && PyErr_Occurred()) return false;
  for (int i = 0; i < 8; ++i) {
    id[7 - i] = static_cast<uint8_t>(hi >> (8 * i));
    id[15 - i] = static_cast<uint8_t>(lo >> (8 * i));
  }
  return true;
}

// 16 bytes from a bytes-like object (bytes, bytearray, memoryview of bytes);
// TypeError for anything else (str included), ValueError for another size.
bool IdFromBuffer(const char* method, PyObject* value, uint8_t* id) {
  if (PyUnicode_Check(value) || !PyObject_CheckBuffer(value)) {
    RaiseType(method, "16 bytes (bytes, bytearray or memoryview)", value);
    return false;
  }
  Py_buffer view;
  if (PyObject_GetBuffer(value, &view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) != 0) {
    PyErr_Clear();  // e.g. a strided memoryview
    RaiseType(method, "16 contiguous bytes", value);
    return false;
  }
  const bool bytes_format = view.format == nullptr || std::strcmp(view.format, "B") == 0 ||
                            std::strcmp(view.format, "b") == 0 ||
                            std::strcmp(view.format, "c") == 0;
  const Py_ssize_t size = view.len;
  if (bytes_format && size == 16) std::memcpy(id, view.buf, 16);
  PyBuffer_Release(&view);
  if (!bytes_format) {
    RaiseType(method, "a buffer of bytes (format 'B')", value);
    return false;
  }
  if (size != 16) {
    PyErr_Format(PyExc_ValueError, "%s: a ULID has 16 bytes, got %zd", method, size);
    return false;
  }
  return true;
}

// A new ULID at unix_ms with 80 random bits from sortid's generator.
bool Generate(const char* method, int64_t unix_ms, uint8_t* id) {
  const Error error = new_ulid(id);
  if (error != Error::kOk) {
    PyErr_Format(PyExc_RuntimeError, "%s: generation failed: %s", method, error_message(error));
    return false;
  }
  if (unix_ms >= 0) {
    for (int i = 0; i < 6; ++i) id[5 - i] = static_cast<uint8_t>(unix_ms >> (8 * i));
  }
  return true;
}

bool CheckMs(const char* method, PyObject* value, long long ms, int overflow) {
  if (overflow != 0 || ms < 0 || ms > kMaxMs) {
    PyErr_Format(PyExc_ValueError,
                 "%s: %s is outside the ULID time range (0 to %lld ms since 1970)", method,
                 Escaped(value).c_str(), static_cast<long long>(kMaxMs));
    return false;
  }
  return true;
}

// ULID(value=None): a new ULID (time.time_ns(), so fake clocks apply, and
// sortid's generator for the random bits), or the one whose 16 bytes are value.
PyObject* UlidNew(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  static const char* kKeywords[] = {"value", nullptr};
  PyObject* value = Py_None;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|O:ULID", const_cast<char**>(kKeywords),
                                   &value)) {
    return nullptr;
  }
  uint8_t id[16];
  if (value == Py_None) {
    int64_t ms = -1;  // the library's clock
    PyObject* time_ns = PyObject_GetAttrString(time_module, "time_ns");
    if (time_ns == nullptr) return nullptr;
    if (time_ns != real_time_ns) {
      PyObject* ns = PyObject_CallNoArgs(time_ns);
      PyObject* ns_per_ms = ns != nullptr ? PyLong_FromLong(1000000) : nullptr;
      PyObject* quotient = ns_per_ms != nullptr ? PyNumber_FloorDivide(ns, ns_per_ms) : nullptr;
      Py_XDECREF(ns);
      Py_XDECREF(ns_per_ms);
      if (quotient == nullptr) {
        Py_DECREF(time_ns);
        return nullptr;
      }
      int overflow = 0;
      const long long now = PyLong_AsLongLongAndOverflow(quotient, &overflow);
      const bool ok = !PyErr_Occurred() && CheckMs("ULID()", quotient, now, overflow);
      Py_DECREF(quotient);
      if (!ok) {
        Py_DECREF(time_ns);
        return nullptr;
      }
      ms = now;
    }
    Py_DECREF(time_ns);
    if (!Generate("ULID()", ms, id)) return nullptr;
  } else if (!IdFromBuffer("ULID()", value, id)) {
    return nullptr;
  }
  return Allocate(type, id);
}

// Accepts ULID's arguments, so that a subclass's __init__ may call
// super().__init__(value); the work is done in __new__.
int UlidInit(PyObject*, PyObject*, PyObject*) { return 0; }

void UlidDealloc(PyObject* self) {
  PyTypeObject* type = Py_TYPE(self);
  if (AsUlid(self)->weakrefs != nullptr) PyObject_ClearWeakRefs(self);
  type->tp_free(self);
  Py_DECREF(type);
}

PyObject* UlidStr(PyObject* self) {
  PyObject* text = PyUnicode_New(sortid::kUlidTextLength, 127);
  if (text == nullptr) return nullptr;
  encode_one(Format::kUlid, AsUlid(self)->id, static_cast<char*>(PyUnicode_DATA(text)));
  return text;
}

PyObject* UlidRepr(PyObject* self) {
  char text[sortid::kUlidTextLength];
  encode_one(Format::kUlid, AsUlid(self)->id, text);
  return PyUnicode_FromFormat("ULID(%.26s)", text);
}

PyObject* UlidBytes(PyObject* self, void* = nullptr) {
  return PyBytes_FromStringAndSize(reinterpret_cast<const char*>(AsUlid(self)->id), 16);
}

Py_hash_t UlidHash(PyObject* self) {
  UlidObject* ulid = AsUlid(self);
  if (ulid->hash == -1) {
    PyObject* bytes = UlidBytes(self);
    if (bytes == nullptr) return -1;
    ulid->hash = PyObject_Hash(bytes);  // hash(u) == hash(u.bytes), as python-ulid
    Py_DECREF(bytes);
  }
  return ulid->hash;
}

PyObject* UlidInt(PyObject* self) { return IntFromId(AsUlid(self)->id); }

PyObject* CompareResult(int order, int op) { Py_RETURN_RICHCOMPARE(order, 0, op); }

// With a ULID: by bytes; with int, bytes and str: as int(self), self.bytes
// and str(self) compare with them (python-ulid's rules).
PyObject* UlidRichCompare(PyObject* self, PyObject* other, int op) {
  const uint8_t* id = AsUlid(self)->id;
  if (PyObject_TypeCheck(other, ulid_type)) {
    return CompareResult(std::memcmp(id, AsUlid(other)->id, 16), op);
  }
  if (PyBytes_Check(other)) {
    const Py_ssize_t size = PyBytes_GET_SIZE(other);
    int order =
        std::memcmp(id, PyBytes_AS_STRING(other), static_cast<size_t>(size < 16 ? size : 16));
    if (order == 0) order = size < 16 ? 1 : size > 16 ? -1 : 0;
    return CompareResult(order, op);
  }
  PyObject* mine = nullptr;
  if (PyLong_Check(other)) {
    mine = IntFromId(id);
  } else if (PyUnicode_Check(other)) {
    mine = UlidStr(self);
  } else {
    Py_RETURN_NOTIMPLEMENTED;
  }
  if (mine == nullptr) return nullptr;
  PyObject* result = PyObject_RichCompare(mine, other, op);
  Py_DECREF(mine);
  return result;
}

PyObject* GetMilliseconds(PyObject* self, void*) {
  const uint8_t* id = AsUlid(self)->id;
  int64_t ms = 0;
  for (int i = 0; i < 6; ++i) ms = ms << 8 | id[i];
  return PyLong_FromLongLong(ms);
}

PyObject* GetTimestamp(PyObject* self, void*) {
  const uint8_t* id = AsUlid(self)->id;
  int64_t ms = 0;
  for (int i = 0; i < 6; ++i) ms = ms << 8 | id[i];
  return PyFloat_FromDouble(static_cast<double>(ms) / 1000.0);
}

PyObject* GetHex(PyObject* self, void*) {
  PyObject* text = PyUnicode_New(sortid::kUuidHexTextLength, 127);
  if (text == nullptr) return nullptr;
  encode_one(Format::kUuidHex, AsUlid(self)->id, static_cast<char*>(PyUnicode_DATA(text)));
  return text;
}

PyObject* FromStr(PyObject* cls, PyObject* value) {
  if (!PyUnicode_Check(value)) return RaiseType("ULID.from_str", "str", value);
  uint8_t id[16];
  if (!DecodeText("ULID.from_str", value, Format::kUlid, sortid::kUlidTextLength, "ULID", id))
    return nullptr;
  return NewFromId(reinterpret_cast<PyTypeObject*>(cls), id);
}

PyObject* FromHex(PyObject* cls, PyObject* value) {
  if (!PyUnicode_Check(value)) return RaiseType("ULID.from_hex", "str", value);
  uint8_t id[16];
  if (!DecodeText("ULID.from_hex", value, Format::kUuidHex, sortid::kUuidHexTextLength, "hex ULID",
                  id)) {
    return nullptr;
  }
  return NewFromId(reinterpret_cast<PyTypeObject*>(cls), id);
}

PyObject* FromBytes(PyObject* cls, PyObject* value) {
  uint8_t id[16];
  if (!IdFromBuffer("ULID.from_bytes", value, id)) return nullptr;
  return NewFromId(reinterpret_cast<PyTypeObject*>(cls), id);
}

PyObject* FromInt(PyObject* cls, PyObject* value) {
  if (!PyLong_Check(value) || PyBool_Check(value)) return RaiseType("ULID.from_int", "int", value);
  uint8_t id[16];
  if (!IdFromInt("ULID.from_int", value, id)) return nullptr;
  return NewFromId(reinterpret_cast<PyTypeObject*>(cls), id);
}

PyObject* FromUuid(PyObject* cls, PyObject* value) {
  if (uuid_class == nullptr) {
    PyObject* module = PyImport_ImportModule("uuid");
    if (module == nullptr) return nullptr;
    uuid_class = PyObject_GetAttrString(module, "UUID");
    Py_DECREF(module);
    if (uuid_class == nullptr) return nullptr;
  }
  const int is_uuid = PyObject_IsInstance(value, uuid_class);
  if (is_uuid < 0) return nullptr;
  if (is_uuid == 0) return RaiseType("ULID.from_uuid", "uuid.UUID", value);
  PyObject* number = PyObject_GetAttrString(value, "int");
  if (number == nullptr) return nullptr;
  uint8_t id[16];
  bool ok = false;
  if (PyLong_Check(number)) {
    ok = IdFromInt("ULID.from_uuid", number, id);
  } else {
    RaiseType("ULID.from_uuid", "a UUID whose .int is an int", number);
  }
  Py_DECREF(number);
  if (!ok) return nullptr;
  return NewFromId(reinterpret_cast<PyTypeObject*>(cls), id);
}

// An int is Unix milliseconds, a float Unix seconds (python-ulid's rule:
// milliseconds = int(seconds * 1000)); the random bits are new.
PyObject* FromTimestamp(PyObject* cls, PyObject* value) {
  long long ms = 0;
  int overflow = 0;
  if (PyFloat_Check(value)) {
    const double seconds = PyFloat_AS_DOUBLE(value);
    const double scaled = seconds * 1000.0;
    if (!std::isfinite(scaled) || seconds < 0 || scaled >= static_cast<double>(kMaxMs) + 1) {
      overflow = 1;
    } else {
      ms = static_cast<long long>(std::trunc(scaled));
    }
  } else if (PyLong_Check(value) && !PyBool_Check(value)) {
    ms = PyLong_AsLongLongAndOverflow(value, &overflow);
    if (ms == -1 && PyErr_Occurred()) return nullptr;
  } else {
    return RaiseType("ULID.from_timestamp", "int (milliseconds) or float (seconds)", value);
  }
  if (!CheckMs("ULID.from_timestamp", value, ms, overflow)) return nullptr;
  uint8_t id[16];
  if (!Generate("ULID.from_timestamp", ms, id)) return nullptr;
  return NewFromId(reinterpret_cast<PyTypeObject*>(cls), id);
}

PyObject* BytesMethod(PyObject* self, PyObject*) { return UlidBytes(self); }

// Pickles and copies as type(self)(self.bytes).
PyObject* Reduce(PyObject* self, PyObject*) {
  PyObject* bytes = UlidBytes(self);
  if (bytes == nullptr) return nullptr;
  return Py_BuildValue("(O(N))", reinterpret_cast<PyObject*>(Py_TYPE(self)), bytes);
}

PyMethodDef kMethods[] = {
    {"from_str", FromStr, METH_O | METH_CLASS,
     "A ULID from its 26 Crockford base32 characters (either case; I, L, O, U refused)."},
    {"from_hex", FromHex, METH_O | METH_CLASS, "A ULID from exactly 32 hex digits."},
    {"from_bytes", FromBytes, METH_O | METH_CLASS, "A ULID from 16 big-endian bytes."},
    {"from_int", FromInt, METH_O | METH_CLASS, "A ULID from an int in 0 .. 2**128 - 1."},
    {"from_uuid", FromUuid, METH_O | METH_CLASS, "A ULID with the 16 bytes of a uuid.UUID."},
    {"from_timestamp", FromTimestamp, METH_O | METH_CLASS,
     "A new ULID at a time: int Unix milliseconds or float Unix seconds."},
    {"__bytes__", BytesMethod, METH_NOARGS, "The 16 bytes."},
    {"__reduce__", Reduce, METH_NOARGS, nullptr},
    {nullptr, nullptr, 0, nullptr}};

PyGetSetDef kGetSet[] = {
    {"bytes", UlidBytes, nullptr, "The 16 bytes, big-endian.", nullptr},
    {"milliseconds", GetMilliseconds, nullptr, "The timestamp: Unix milliseconds.", nullptr},
    {"timestamp", GetTimestamp, nullptr, "The timestamp: Unix seconds (float).", nullptr},
    {"hex", GetHex, nullptr, "The 16 bytes as 32 lower-case hex digits.", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

PyMemberDef kMembers[] = {
    {"__weaklistoffset__", T_PYSSIZET, offsetof(UlidObject, weakrefs), READONLY, nullptr},
    {nullptr, 0, 0, 0, nullptr}};

}  // namespace

PyObject* MakeUlidType() {
  if (time_module == nullptr) {
    time_module = PyImport_ImportModule("time");
    if (time_module == nullptr) return nullptr;
    real_time_ns = PyObject_GetAttrString(time_module, "time_ns");
    if (real_time_ns == nullptr) return nullptr;
  }
  static PyType_Slot slots[] = {
      {Py_tp_doc,
       const_cast<char*>("ULID(value=None): a new ULID, or the one whose 16 bytes are value.\n\n"
                         "python-ulid's API over sortid's codec; see docs/python.md.")},
      {Py_tp_new, reinterpret_cast<void*>(UlidNew)},
      {Py_tp_init, reinterpret_cast<void*>(UlidInit)},
      {Py_tp_dealloc, reinterpret_cast<void*>(UlidDealloc)},
      {Py_tp_str, reinterpret_cast<void*>(UlidStr)},
      {Py_tp_repr, reinterpret_cast<void*>(UlidRepr)},
      {Py_tp_hash, reinterpret_cast<void*>(UlidHash)},
      {Py_tp_richcompare, reinterpret_cast<void*>(UlidRichCompare)},
      {Py_nb_int, reinterpret_cast<void*>(UlidInt)},
      {Py_tp_methods, kMethods},
      {Py_tp_getset, kGetSet},
      {Py_tp_members, kMembers},
      {0, nullptr}};
  static PyType_Spec spec = {"sortid.ULID", sizeof(UlidObject), 0,
                             Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, slots};
  PyObject* type = PyType_FromSpec(&spec);
  if (type == nullptr) return nullptr;
  Py_XSETREF(ulid_type, reinterpret_cast<PyTypeObject*>(Py_NewRef(type)));
  return type;
}

}  // namespace sortid::python
