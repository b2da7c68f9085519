#!/usr/bin/env bash
# The extension in the sqlite3 shell: `.load`, then sqlite_cli.sql; stdout and
# stderr must equal sqlite_cli.expected.
# Usage: tests/engines/sqlite_cli_test.sh PATH/TO/sortid.so
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
ext=${1%.so}
got=$(sqlite3 -batch -cmd ".load $ext" :memory: < "$here/sqlite_cli.sql" 2>&1)
if [[ "$got" != "$(cat "$here/sqlite_cli.expected")" ]]; then
  echo "FAIL: sqlite3 output differs from sqlite_cli.expected:"
  diff <(echo "$got") "$here/sqlite_cli.expected"
  exit 1
fi
echo "ok: sqlite3 shell with .load $ext"
