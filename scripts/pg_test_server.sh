#!/usr/bin/env bash
# Start a throwaway PostgreSQL server for the store tests and print its URL.
#
#   eval "$(scripts/pg_test_server.sh)"      # exports TWENTYONE_TEST_PG_URL
#   scripts/pg_test_server.sh stop           # stops it and removes the cluster
#
# Installs the Debian package `postgresql` when no server binaries are found, initialises a
# cluster in a temporary directory owned by the `postgres` user, listens on 127.0.0.1 only
# (port $PGPORT, default 54329), creates the database `twentyone_test` and prints
# `export TWENTYONE_TEST_PG_URL=postgresql+psycopg://...`. Running it again while the server is
# up only prints the URL. Diagnostics go to stderr, so stdout stays `eval`-able.
set -euo pipefail

PGPORT="${PGPORT:-54329}"
PGDIR="${PGDIR:-/tmp/twentyone-pg-$PGPORT}"
DB=twentyone_test
URL="postgresql+psycopg://postgres@127.0.0.1:$PGPORT/$DB"

log() { echo "pg_test_server: $*" >&2; }

find_bindir() {
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [[ -n "$dir" && -x "$dir/initdb" ]]; then
    echo "$dir"
  elif command -v initdb >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
  fi
}

as_postgres() {
  if [[ "$(id -un)" == postgres ]]; then
    "$@"
  elif [[ "$(id -u)" == 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"  # not root: run the cluster as the current user
  fi
}

BINDIR="$(find_bindir)"
if [[ -z "$BINDIR" ]]; then
  log "installing postgresql"
  export DEBIAN_FRONTEND=noninteractive
  if [[ "$(id -u)" == 0 ]]; then SUDO=(); else SUDO=(sudo); fi
  "${SUDO[@]}" apt-get update -qq >&2
  "${SUDO[@]}" apt-get install -y -qq postgresql >&2
  BINDIR="$(find_bindir)"
fi
[[ -n "$BINDIR" ]] || { log "no PostgreSQL server binaries found"; exit 1; }

if [[ "${1:-start}" == stop ]]; then
  if [[ -d "$PGDIR/data" ]]; then
    as_postgres "$BINDIR/pg_ctl" -D "$PGDIR/data" -m fast -w stop >&2 || true
    rm -rf "$PGDIR"
  fi
  exit 0
fi

if [[ "$(id -u)" == 0 ]] && ! id postgres >/dev/null 2>&1; then
  useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
fi

if ! as_postgres "$BINDIR/pg_ctl" -D "$PGDIR/data" status >/dev/null 2>&1; then
  rm -rf "$PGDIR"
  mkdir -p "$PGDIR"
  if [[ "$(id -u)" == 0 ]]; then chown postgres "$PGDIR"; fi
  chmod 700 "$PGDIR"
  log "initialising a cluster in $PGDIR on 127.0.0.1:$PGPORT"
  as_postgres "$BINDIR/initdb" -D "$PGDIR/data" -U postgres --auth=trust -E UTF8 \
    --locale=C >/dev/null
  as_postgres "$BINDIR/pg_ctl" -D "$PGDIR/data" -l "$PGDIR/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $PGPORT -k $PGDIR -c max_connections=200" start >&2
fi

if ! as_postgres "$BINDIR/psql" -h 127.0.0.1 -p "$PGPORT" -U postgres -tAc \
  "SELECT 1 FROM pg_database WHERE datname = '$DB'" | grep -q 1; then
  as_postgres "$BINDIR/createdb" -h 127.0.0.1 -p "$PGPORT" -U postgres "$DB"
fi

echo "export TWENTYONE_TEST_PG_URL=$URL"
