#!/usr/bin/env bash
# Runs one golden-file case of the sortid command and compares stdout, stderr
# and the exit code with the committed expectations.
#   tests/cli/run_case.sh SORTID_BINARY CASE_NAME
# A case is cases/NAME.cmd: one shell command line in which `sortid` is the
# command under test, run in tests/cli/data with $WORK as a scratch folder.
# Expectations: cases/NAME.out, cases/NAME.err (absent = empty), cases/NAME.rc
# (absent = 0). SORTID_UPDATE_GOLDEN=1 writes them instead (review the diff!).
set -uo pipefail
bin=$(realpath "$1")
name=$2
here=$(cd "$(dirname "$0")" && pwd)
cases=$here/cases
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export WORK
export bin

cd "$here/data"
# The command runs in a child shell with pipefail: a pipeline's status is the
# last non-zero one.
bash -o pipefail -c "sortid() { \"\$bin\" \"\$@\"; }; $(cat "$cases/$name.cmd")" \
  > "$WORK/out" 2> "$WORK/err"
rc=$?
echo "$rc" > "$WORK/rc"

if [[ "${SORTID_UPDATE_GOLDEN:-0}" == 1 ]]; then
  cp "$WORK/out" "$cases/$name.out"
  if [[ -s "$WORK/err" ]]; then cp "$WORK/err" "$cases/$name.err"; else rm -f "$cases/$name.err"; fi
  if [[ "$rc" != 0 ]]; then echo "$rc" > "$cases/$name.rc"; else rm -f "$cases/$name.rc"; fi
  echo "updated $name (exit $rc)"
  exit 0
fi

status=0
expect_rc=0
[[ -f "$cases/$name.rc" ]] && expect_rc=$(cat "$cases/$name.rc")
if [[ "$rc" != "$expect_rc" ]]; then
  echo "FAIL $name: exit code $rc, expected $expect_rc"
  status=1
fi
if ! cmp -s "$WORK/out" "$cases/$name.out"; then
  echo "FAIL $name: stdout differs from cases/$name.out:"
  diff <(od -c "$cases/$name.out") <(od -c "$WORK/out") | head -40
  status=1
fi
expect_err=/dev/null
[[ -f "$cases/$name.err" ]] && expect_err=$cases/$name.err
if ! cmp -s "$WORK/err" "$expect_err"; then
  echo "FAIL $name: stderr differs from ${expect_err#$here/}:"
  diff "$expect_err" "$WORK/err" | head -40
  status=1
fi
[[ $status == 0 ]] && echo "ok $name"
exit $status
