#!/usr/bin/env bash
# Stops the throwaway Dovecot server(s) started by scripts/start-dovecot.sh and deletes their mail.
#   scripts/stop-dovecot.sh                  # every server it started
#   scripts/stop-dovecot.sh 14300            # the one on that port
#   scripts/stop-dovecot.sh "$DOVECOT_DIR"   # the one in that dir
set -euo pipefail

state_root="${ATS_DOVECOT_ROOT:-${TMPDIR:-/tmp}/ats-dovecot}"

dirs=()
if [ $# -gt 0 ]; then
  for arg in "$@"; do
    if [ -d "$arg" ]; then
      dirs+=("$arg")
    elif [ -f "$state_root/port-$arg" ]; then
      dirs+=("$(cat "$state_root/port-$arg")")
    else
      echo "stop-dovecot: nothing recorded for $arg" >&2
    fi
  done
else
  shopt -s nullglob
  for state in "$state_root"/port-*; do dirs+=("$(cat "$state")"); done
fi

status=0
for dir in "${dirs[@]}"; do
  pid_file="$dir/run/master.pid"
  if [ -f "$pid_file" ]; then
    pid=$(cat "$pid_file")
    if kill -TERM "$pid" 2>/dev/null; then
      # The master stops its children before it exits.
      for _ in $(seq 1 100); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.05
      done
      kill -0 "$pid" 2>/dev/null && { kill -KILL "$pid" 2>/dev/null || true; }
    fi
  fi
  # Its state file names the dir; remove both.
  for state in "$state_root"/port-*; do
    [ -f "$state" ] && [ "$(cat "$state")" = "$dir" ] && rm -f "$state"
  done
  rm -rf "$dir" || status=1
  echo "stop-dovecot: stopped and removed $dir" >&2
done
exit "$status"
