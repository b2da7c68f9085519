# Sourced by scripts/pg-test.sh and engines/postgres/bench.sh: PostgreSQL 15
# from Debian, the extension's build and install, and a throwaway cluster.
#
# The packages come from `scripts/setup.sh --pg`, which the callers run first.
#   pg_build_extension ROOT     builds libsortid.a (release preset) and installs
#                               the extension into the PostgreSQL pg_config names
#   pg_cluster_start [SETTING…] initdb into a temp dir as the postgres user;
#                               server on a Unix socket there, no TCP; exports
#                               PGHOST PGPORT PGUSER PGDATABASE; the caller sets
#                               `trap pg_cluster_stop EXIT`
#   pg_cluster_stop             stops the server and removes the temp dir

PG_MAJOR=15
PG_BIN=/usr/lib/postgresql/$PG_MAJOR/bin
PG_CONFIG=${PG_CONFIG:-$PG_BIN/pg_config}
pg_sudo=""
if [[ $(id -u) -ne 0 ]]; then pg_sudo="sudo"; fi

# Builds only what the extension links (the sortid_static target of the
# release preset, unless SORTID_BUILD names another build folder), then the
# extension. SORTID_WERROR=ON makes the extension's warnings errors too.
pg_build_extension() {
  local root=$1
  local build=${SORTID_BUILD:-$root/build/release}
  if [[ ! -f $build/build.ninja && ! -f $build/Makefile ]]; then
    (cd "$root" && cmake --preset release -DSORTID_WERROR="${SORTID_WERROR:-OFF}" > /dev/null)
  fi
  cmake --build "$build" --target sortid_static > /dev/null
  make -s -C "$root/engines/postgres" PG_CONFIG="$PG_CONFIG" SORTID_BUILD="$build" \
    SORTID_WERROR="${SORTID_WERROR:-OFF}" all
  # A script an earlier install left that this tree does not ship (a full
  # install script since replaced by an update path) would still be chosen by
  # CREATE EXTENSION, so the tests would not run this tree's scripts.
  local installed
  for installed in "$("$PG_CONFIG" --sharedir)"/extension/sortid--*.sql; do
    [[ -f $installed && ! -f $root/engines/postgres/${installed##*/} ]] && $pg_sudo rm -f "$installed"
  done
  $pg_sudo make -s -C "$root/engines/postgres" PG_CONFIG="$PG_CONFIG" SORTID_BUILD="$build" \
    install > /dev/null
}

# Runs a command as the postgres OS user (initdb refuses root).
pg_as_owner() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

PG_CLUSTER_DIR=""
pg_cluster_start() {
  PG_CLUSTER_DIR=$(mktemp -d "${TMPDIR:-/tmp}/sortid-pg.XXXXXX")
  chmod 755 "$PG_CLUSTER_DIR"
  if [[ $(id -u) -eq 0 ]]; then
    id postgres > /dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql postgres
    chown postgres: "$PG_CLUSTER_DIR"
  fi
  pg_as_owner "$PG_BIN/initdb" -D "$PG_CLUSTER_DIR/data" -U postgres -A trust \
    --no-instructions -E UTF8 --locale=C > "$PG_CLUSTER_DIR/initdb.log" 2>&1 || {
    cat "$PG_CLUSTER_DIR/initdb.log" >&2
    return 1
  }
  # The socket lives in our private directory and TCP is off, so the port
  # only names the socket file: any number is free there.
  local port=54329 options="-c listen_addresses= -k $PG_CLUSTER_DIR -p 54329" setting
  for setting in "$@"; do options+=" -c $setting"; done
  pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_CLUSTER_DIR/data" -l "$PG_CLUSTER_DIR/server.log" \
    -o "$options" -w -t 60 start > /dev/null || {
    cat "$PG_CLUSTER_DIR/server.log" >&2
    return 1
  }
  export PGHOST=$PG_CLUSTER_DIR PGPORT=$port PGUSER=postgres PGDATABASE=postgres
}

pg_cluster_stop() {
  [[ -n $PG_CLUSTER_DIR && -d $PG_CLUSTER_DIR ]] || return 0
  if [[ -f $PG_CLUSTER_DIR/data/postmaster.pid ]]; then
    pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_CLUSTER_DIR/data" -m fast -w -t 60 stop > /dev/null 2>&1 ||
      pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_CLUSTER_DIR/data" -m immediate stop > /dev/null 2>&1 ||
      true
  fi
  rm -rf "$PG_CLUSTER_DIR"
  PG_CLUSTER_DIR=""
}
