#!/usr/bin/env bash
# Stops the throwaway server(s) started by scripts/start-postgres.sh and deletes their data.
#   scripts/stop-postgres.sh          # every server it started
#   scripts/stop-postgres.sh 54329    # the one on that port
set -euo pipefail

state_root="${ATS_PG_ROOT:-${TMPDIR:-/tmp}/ats-postgres}"

if [ $# -gt 0 ]; then
  state_files=("$state_root/port-$1")
else
  shopt -s nullglob
  state_files=("$state_root"/port-*)
fi

as_owner=()
# The postgres user may not enter the caller's directory; run from / to keep its tools quiet.
cd /
[ "$(id -u)" -ne 0 ] || as_owner=(runuser -u postgres --)

status=0
for state in "${state_files[@]}"; do
  [ -f "$state" ] || { echo "stop-postgres: nothing recorded in $state" >&2; status=1; continue; }
  dir=$(cat "$state")
  if [ -f "$dir/data/postmaster.pid" ]; then
    bin="/usr/lib/postgresql/$(cat "$dir/data/PG_VERSION")/bin"
    "${as_owner[@]}" "$bin/pg_ctl" --pgdata="$dir/data" --mode=fast --wait stop >&2 || status=1
  fi
  rm -rf "$dir" "$state"
  echo "stop-postgres: stopped and removed $dir" >&2
done
exit "$status"
