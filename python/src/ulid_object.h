// sortid.ULID: one ULID as a C-level Python type (python-ulid's API). The
// per-item paths (text in, text out, bytes, comparisons, hashing) are C over
// sortid's single-item codec; the cold ones (datetimes, parse, UUIDs) are
// added to the type by sortid/_ulid.py.
#ifndef SORTID_PYTHON_ULID_OBJECT_H_
#define SORTID_PYTHON_ULID_OBJECT_H_

#include <Python.h>

namespace sortid::python {

// A new reference to the type sortid.ULID, or nullptr with an exception set.
PyObject* MakeUlidType();

}  // namespace sortid::python

#endif  // SORTID_PYTHON_ULID_OBJECT_H_
