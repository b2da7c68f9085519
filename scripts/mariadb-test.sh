#!/usr/bin/env bash
# MariaDB UDF tests on a real server: installs Debian's mariadb-server,
# libmariadb-dev and sqlite3 if missing (scripts/setup.sh --mariadb), builds sortid_mariadb.so and the
# SQLite extension (release preset), starts a throwaway mariadbd (private
# datadir, socket and plugin_dir; no TCP), installs the functions with
# CREATE FUNCTION ... SONAME and runs tests/engines/mariadb_test.py. The
# server is stopped and removed on every exit. Usage: scripts/mariadb-test.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/engines/mariadb/server.sh"
start=$(date +%s)
"$root/scripts/setup.sh" --mariadb
build=${SORTID_BUILD:-$root/build/release}
if [[ ! -f $build/build.ninja ]] || ! grep -q sortid_mariadb "$build/build.ninja"; then
  (cd "$root" && cmake --preset release -DSORTID_WERROR="${SORTID_WERROR:-OFF}" > /dev/null)
fi
cmake --build "$build" --target sortid_mariadb sortid_sqlite > /dev/null
trap maria_server_stop EXIT
maria_server_start --innodb-buffer-pool-size=32M
cp "$build/mariadb/sortid_mariadb.so" "$MARIA_DIR/plugin/"
maria_sql < "$root/engines/mariadb/install.sql"
maria_sql -e "CREATE DATABASE test"
status=0
/usr/bin/python3 "$root/tests/engines/mariadb_test.py" "$root/tests/data" \
  "$build/sqlite/sortid.so" mariadb --no-defaults --socket="$MARIA_DIR/socket" --user=root ||
  status=$?
((status == 0)) || tail -n 20 "$MARIA_DIR/server.log" >&2
echo "mariadb-test: finished in $(($(date +%s) - start)) s"
exit "$status"
