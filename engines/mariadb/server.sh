# Sourced helpers for a throwaway MariaDB server (scripts/mariadb-test.sh,
# bench/keys/run.sh; the packages come from `scripts/setup.sh --mariadb`): a
# private datadir, socket and plugin_dir in a temp dir, no TCP port, stopped
# and removed by maria_server_stop.
#   maria_server_start [--option=value ...]   extra mariadbd options
#   maria_sql [mariadb client options]        the client on the private socket
#   maria_server_stop
MARIA_DIR=""

maria_sql() {
  mariadb --no-defaults --socket="$MARIA_DIR/socket" --user=root "$@"
}

maria_server_start() {
  MARIA_DIR=$(mktemp -d "${TMPDIR:-/tmp}/sortid-mariadb.XXXXXX")
  mkdir -p "$MARIA_DIR/plugin"
  local user=()
  [[ $(id -u) == 0 ]] && user=(--user=root)
  mariadb-install-db --no-defaults "${user[@]}" --datadir="$MARIA_DIR/data" \
    --auth-root-authentication-method=socket --skip-test-db > "$MARIA_DIR/install.log" 2>&1 ||
    { cat "$MARIA_DIR/install.log" >&2; return 1; }
  /usr/sbin/mariadbd --no-defaults "${user[@]}" --datadir="$MARIA_DIR/data" \
    --socket="$MARIA_DIR/socket" --pid-file="$MARIA_DIR/pid" --skip-networking \
    --plugin-dir="$MARIA_DIR/plugin" --log-error="$MARIA_DIR/server.log" "$@" &
  local i
  for ((i = 0; i < 600; i++)); do
    maria_sql -e "SELECT 1" > /dev/null 2>&1 && return 0
    kill -0 $! 2> /dev/null || break
    sleep 0.1
  done
  echo "mariadb: the server did not start; log:" >&2
  tail -n 30 "$MARIA_DIR/server.log" >&2
  return 1
}

maria_server_stop() {
  [[ -n $MARIA_DIR && -d $MARIA_DIR ]] || return 0
  if [[ -f $MARIA_DIR/pid ]]; then
    local pid
    pid=$(cat "$MARIA_DIR/pid")
    kill "$pid" 2> /dev/null || true
    local i
    for ((i = 0; i < 300; i++)); do kill -0 "$pid" 2> /dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2> /dev/null || true
  fi
  rm -rf "$MARIA_DIR"
  MARIA_DIR=""
}
