#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL cluster: initdb in a temporary directory, start it on a spare
# loopback port, create a database, run the command with DATABASE_URL set, then stop the cluster and delete it.
#   scripts/with-postgres.sh npx jest --selectProjects server
# Needs PostgreSQL's server binaries (Debian: apt-get install -y postgresql; PG_BIN overrides where they are).
# PostgreSQL refuses to run as root: as root, the cluster runs as the `postgres` user (Debian's package creates it).
set -euo pipefail

if [ -n "${DATABASE_URL:-}" ]; then
  echo "with-postgres: DATABASE_URL is already set; running against it" >&2
  exec "$@"
fi

PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}"
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "with-postgres: PostgreSQL server binaries not found (apt-get install -y postgresql, or set PG_BIN)" >&2
  exit 1
fi

dir="$(mktemp -d /tmp/carcare-pg.XXXXXX)"
port="${PG_PORT:-$(( 20000 + RANDOM % 20000 ))}"
as_owner=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$dir"
  as_owner=(runuser -u postgres --)
fi

cleanup() {
  "${as_owner[@]}" "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${as_owner[@]}" "$PG_BIN/initdb" -D "$dir/data" -A trust -U postgres --no-sync >/dev/null
"${as_owner[@]}" "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" start >/dev/null
"${as_owner[@]}" "$PG_BIN/psql" -h "$dir" -p "$port" -U postgres -qc "CREATE DATABASE carcare" postgres

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/carcare"
echo "with-postgres: $("$PG_BIN/postgres" --version) at $DATABASE_URL" >&2
set +e
"$@"
status=$?
set -e
exit $status
