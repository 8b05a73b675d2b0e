#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the test suite (see .ci/run):
#   eval "export $(scripts/start-postgres.sh | tail -n 1)"   # sets DATABASE_URL
#   npm run test:api
#   scripts/stop-postgres.sh
# Installs the server binaries with apt when missing, creates a fresh cluster in a temp dir,
# listens only on 127.0.0.1 (port 54329, or the next free one; PGPORT_TEST overrides) with trust
# auth for the superuser `postgres`, and prints DATABASE_URL=... as its last stdout line.
# Tuned for tests, not for keeping data: fsync and synchronous_commit are off.
set -euo pipefail

state_root="${ATS_PG_ROOT:-${TMPDIR:-/tmp}/ats-postgres}"
port="${PGPORT_TEST:-54329}"

log() { echo "start-postgres: $*" >&2; }

find_server_bin() {
  local candidates
  candidates=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V || true)
  for dir in $candidates; do
    [ -x "$dir/postgres" ] && bin="$dir"
  done
  [ -n "${bin:-}" ]
}

bin=""
if ! find_server_bin; then
  if [ "$(id -u)" -ne 0 ]; then
    log "PostgreSQL server binaries are missing: sudo apt-get install -y postgresql"
    exit 1
  fi
  log "installing PostgreSQL (apt-get)..."
  # Only the binaries: no default cluster on port 5432, no service started by the package.
  mkdir -p /etc/postgresql-common
  echo "create_main_cluster = false" >/etc/postgresql-common/createcluster.conf
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends postgresql >&2
  find_server_bin || { log "no /usr/lib/postgresql/*/bin/postgres after install"; exit 1; }
fi
log "using $bin"

# initdb and postgres refuse to run as root: run them as the `postgres` OS user then.
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
  as_owner=(runuser -u postgres --)
fi

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
tries=0
while port_in_use "$port"; do
  tries=$((tries + 1))
  [ "$tries" -le 50 ] || { log "no free port from ${PGPORT_TEST:-54329} on"; exit 1; }
  port=$((port + 1))
done

mkdir -p "$state_root"
chmod 1777 "$state_root" 2>/dev/null || true
dir=$(mktemp -d "$state_root/cluster-$port.XXXXXX")
[ ${#as_owner[@]} -eq 0 ] || chown postgres: "$dir"

log "initdb in $dir/data"
"${as_owner[@]}" "$bin/initdb" --pgdata="$dir/data" --username=postgres --auth=trust \
  --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; rm -rf "$dir"; exit 1; }

options="-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir"
options+=" -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
options+=" -c max_connections=300 -c shared_buffers=128MB"
log "starting on 127.0.0.1:$port"
if ! "${as_owner[@]}" "$bin/pg_ctl" --pgdata="$dir/data" --log="$dir/server.log" \
  --options="$options" --wait --timeout=60 start >&2; then
  cat "$dir/server.log" >&2 || true
  rm -rf "$dir"
  exit 1
fi
echo "$dir" >"$state_root/port-$port"

# A password too, so the same URL works if someone switches the cluster to password auth.
"${as_owner[@]}" "$bin/psql" -X -q -h 127.0.0.1 -p "$port" -U postgres -d postgres \
  -c "ALTER ROLE postgres PASSWORD 'postgres'" >&2

log "ready (data in $dir; stop with scripts/stop-postgres.sh $port)"
echo "DATABASE_URL=postgres://postgres:postgres@127.0.0.1:$port/postgres"
