"""sortid's MariaDB UDFs on a real server (scripts/mariadb-test.sh starts it
and passes the client command line): the known answers of
tests/data/ulid_known_answers.tsv, NULL rules, escaped errors (the same text
as the SQLite extension's, through the sqlite3 shell), generators under
concurrent connections, and ulid_min / ulid_max selecting the same rows as
SQLite for the same IDs and time text.
Usage: mariadb_test.py DATA_DIR SQLITE_EXTENSION CLIENT..."""

import os
import secrets
import subprocess
import sys
import threading

DATA, SQLITE_EXT, CLIENT = sys.argv[1], sys.argv[2], sys.argv[3:]
failures = []
passed = 0


def sql(query, ok=True):
    run = subprocess.run(CLIENT + ["-N", "-B", "--raw", "test"], input=query.encode(),
                         capture_output=True)
    if ok and run.returncode != 0:
        raise AssertionError(f"{query!r}: {run.stderr.decode(errors='replace')}")
    return run.stdout.decode(errors="replace").rstrip("\n"), run.stderr.decode(errors="replace")


def sqlite(query):
    run = subprocess.run(["sqlite3", "-batch", "-cmd", ".load " + SQLITE_EXT[:-3], ":memory:"],
                         input=query.encode(), capture_output=True)
    return run.stdout.decode(errors="replace").rstrip("\n"), run.stderr.decode(errors="replace")


def check(name, got, want):
    global passed
    if got == want:
        passed += 1
    else:
        failures.append(f"{name}: got {got!r}, want {want!r}")


def error_text(stderr):
    """The message after the client's prefix ("ERROR 1105 (HY000) at line 1: ",
    "Runtime error near line 1: "/"Error: ..." for sqlite3)."""
    line = stderr.strip().splitlines()[-1] if stderr.strip() else ""
    for marker in ("at line 1: ", "near line 1: ", "Error: "):
        if marker in line:
            line = line.split(marker, 1)[1]
    return line.replace(" (19)", "").replace(" (1)", "")


def same_error(name, maria_expr, sqlite_expr):
    _, maria_err = sql(f"SELECT {maria_expr};", ok=False)
    _, lite_err = sqlite(f"SELECT {sqlite_expr};")
    check(name + " fails", bool(maria_err), True)
    check(name + " message", error_text(maria_err), error_text(lite_err))


def hexlit(text):
    return "X'" + text.encode("latin-1").hex() + "'"


rows = [line.split("\t") for line in open(os.path.join(DATA, "ulid_known_answers.tsv"),
                                           encoding="utf-8").read().split("\n")[1:] if line]
NOT_HERE = {"increment", "increment_overflow", "monotonic_seq", "typeid_to_uuid", "kind"}
for kind, text, expected, *_ in rows:
    name = f"{kind} {text!r}"
    if kind == "decode_hex":
        check(name, sql(f"SELECT LOWER(HEX(ulid_to_bin('{text}')));")[0], expected)
    elif kind == "encode_hex":
        check(name, sql(f"SELECT ulid_from_bin(UNHEX('{text}'));")[0], expected.upper())
    elif kind == "decode_ms":
        got = sql(f"SELECT CAST(UNIX_TIMESTAMP(CONVERT_TZ(ulid_time('{text}'), '+00:00', "
                  "@@session.time_zone)) * 1000 AS SIGNED);")[0]
        check(name, got, expected)
    elif kind in ("encode_time", "ms_zero_entropy"):
        got = sql(f"SELECT ulid_min({text});")[0]
        check(name, got[:10] if kind == "encode_time" else got, expected)
    elif kind == "decode_datetime_utc":
        if "_" in text:
            continue  # prefixed IDs: no such input in the MariaDB functions
        arg = f"UNHEX('{text[4:]}')" if text.startswith("hex:") else f"'{text}'"
        check(name, sql(f"SELECT ulid_time({arg});")[0], expected[:23])
    elif kind == "ts_to_min_ulid":
        check(name, sql(f"SELECT ulid_min('{text.replace(' UTC', 'Z')}');")[0], expected)
    elif kind == "ulid_to_uuid":
        check(name, sql(f"SELECT ulid_to_uuid('{text}');")[0], expected.lower())
    elif kind == "uuid_to_ulid":
        for form in (f"'{text}'", f"'{text.replace('-', '')}'", f"UNHEX('{text.replace('-', '')}')"):
            check(name + " " + form, sql(f"SELECT uuid_to_ulid({form});")[0], expected)
    elif kind in ("invalid", "alias_decode_lenient", "fix_base32", "ksuid_contrast"):
        if text.startswith("0000XSNJG0MQJHBF4QX1EFD6Y3 with byte"):
            base = "0000XSNJG0MQJHBF4QX1EFD6Y3"
            for i in (0, 13, 25):
                for bad in ("\xff", "\0"):
                    item = hexlit(base[:i] + bad + base[i + 1:])
                    same_error(f"{name} {i}", f"ulid_to_uuid({item})",
                               f"ulid_to_uuid(CAST({item} AS TEXT))")
            continue
        value = hexlit("\xff" + "0" * 25) if text.startswith("\\xFF") else hexlit(text)
        if text.startswith("prefix_"):
            continue  # TypeID-only rejections
        same_error(name, f"ulid_to_uuid({value})", f"ulid_to_uuid(CAST({value} AS TEXT))")
        same_error(name + " ulid_time", f"ulid_time({value})", f"ulid_time(CAST({value} AS TEXT))")
    elif kind not in NOT_HERE:
        failures.append(f"unhandled kind {kind}")

# NULL in, NULL out.
for fn in ("ulid_to_uuid", "uuid_to_ulid", "ulid_to_bin", "ulid_from_bin", "ulid_time",
           "ulid_min", "ulid_max"):
    check(f"{fn}(NULL)", sql(f"SELECT {fn}(NULL) IS NULL;")[0], "1")
# Other errors, escaped.
for expr in ("ulid_from_bin('short')", "uuid_to_ulid('not-a-uuid\\n')", "ulid_min('2024-13-01')",
             "ulid_max(99999999999999999)", "ulid_to_uuid()", "ulid(1)"):
    out, err = sql(f"SELECT {expr};", ok=False)
    check(f"{expr} fails", bool(err) and not out, True)
check("newline escaped", "\\n" in sql("SELECT uuid_to_ulid('x\\n');", ok=False)[1], True)
# A UUID column: ULIDs whose version/variant bits MariaDB accepts round-trip.
check("UUID type", sql("SELECT uuid_to_ulid(CAST('0195c9a4-2e32-7014-9f4f-a7cef5be83d5' AS UUID));")[0],
      sql("SELECT uuid_to_ulid('0195c9a4-2e32-7014-9f4f-a7cef5be83d5');")[0])
check("version", sql("SELECT sortid_version();")[0].count("."), 2)

# Generators: new value per row, distinct and ordered across concurrent connections.
sql("DROP TABLE IF EXISTS g; CREATE TABLE g (id CHAR(26) PRIMARY KEY, m CHAR(26) UNIQUE, "
    "r CHAR(20) UNIQUE, c INT);")
errors = []


def load(c):
    try:
        sql(f"INSERT INTO g SELECT ulid(), ulid_monotonic(), record_id(), {c} FROM seq_1_to_5000;")
    except AssertionError as e:
        errors.append(str(e))


threads = [threading.Thread(target=load, args=(c,)) for c in range(4)]
[t.start() for t in threads]
[t.join() for t in threads]
check("concurrent inserts", errors, [])
check("generated rows", sql("SELECT COUNT(*), COUNT(DISTINCT id) FROM g;")[0], "20000\t20000")
check("monotonic per connection", sql(
    "SELECT COUNT(*) FROM (SELECT m, LAG(m) OVER (PARTITION BY c ORDER BY m) p FROM g) x "
    "WHERE p >= m;")[0], "0")
check("ulid time is now", sql("SELECT ABS(TIMESTAMPDIFF(SECOND, ulid_time(ulid()), UTC_TIMESTAMP(3))) < 5;")[0], "1")

# Cross-engine: the same IDs and time text select the same rows as SQLite.
base_ms = 1706695200000  # 2024-01-31 10:00:00 UTC
ids = []
for i in range(600):
    ms = base_ms - 3_600_000 + i * 30_000 + secrets.randbelow(1000)
    raw = ms.to_bytes(6, "big") + secrets.token_bytes(10)
    ids.append(raw.hex())
values = ",".join(f"(ulid_from_bin(UNHEX('{h}')))" for h in ids)
sql(f"DROP TABLE IF EXISTS x; CREATE TABLE x (id CHAR(26) PRIMARY KEY); INSERT INTO x VALUES {values};")
lite_values = ",".join(f"(ulid_from_blob(X'{h}'))" for h in ids)
for low, high in (("2024-01-31", "2024-01-31"), ("2024-01-31 10:00:00", "2024-01-31 10:30:00"),
                  ("2024-01-31T09:15:00Z", "2024-01-31T10:45:00.5Z"),
                  ("2024-01-31T11:00:00+02:00", "2024-01-31T12:00:00+02:00"),
                  ("1706695200000", "1706697000000")):
    where = f"id BETWEEN ulid_min('{low}') AND ulid_max('{high}')"
    maria = sql(f"SELECT id FROM x WHERE {where} ORDER BY id;")[0]
    lite = sqlite(f"CREATE TABLE x (id TEXT PRIMARY KEY); INSERT INTO x VALUES {lite_values}; "
                  f"SELECT id FROM x WHERE {where} ORDER BY id;")[0]
    check(f"same rows {low}..{high}", maria, lite)
    check(f"rows found {low}..{high}", len(maria.split()) > 0, True)
# A DATETIME(3) argument names its millisecond the way its text does.
maria = sql("SELECT ulid_max(CAST('2024-01-31 10:00:00.5' AS DATETIME(3)));")[0]
check("DATETIME(3) bound", maria, sqlite("SELECT ulid_max('2024-01-31 10:00:00.500');")[0])

for failure in failures:
    print("FAIL:", failure)
print(f"mariadb_test: {passed} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
