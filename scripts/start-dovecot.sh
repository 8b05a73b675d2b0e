#!/usr/bin/env bash
# Starts a throwaway Dovecot IMAP server for tests (see .ci/run and apps/api/test/dovecot.ts):
#   eval "export $(scripts/start-dovecot.sh | tail -n 1)"   # sets IMAP_TEST_URL and DOVECOT_DIR
#   ...
#   scripts/stop-dovecot.sh "$DOVECOT_DIR"
#   scripts/start-dovecot.sh --install-only               # only makes sure Dovecot is installed
# Installs `dovecot-imapd` with apt when missing (no system service is started), then runs a
# Dovecot of its own in a temp dir: unprivileged (as the calling user, or as the `dovecot` OS user
# when called as root), IMAP without TLS on 127.0.0.1 only (port 14300, or the next free one;
# DOVECOT_PORT_TEST overrides), mailboxes in Maildir under the temp dir, each user in a
# passwd-file of its own, `$DOVECOT_DIR/users/<user>` holding `<user>:{PLAIN}<password>::::` (a
# new file is read at the next login, so a test may add users at any time; Dovecot re-reads a
# changed one at most once a second). One user `ats` with password `ats` exists from the start.
# Several servers may run side by side: each has its own dir and port.
# Prints `IMAP_TEST_URL=imap://ats:ats@127.0.0.1:<port> DOVECOT_DIR=<dir>` as its last stdout line.
set -euo pipefail

state_root="${ATS_DOVECOT_ROOT:-${TMPDIR:-/tmp}/ats-dovecot}"
port="${DOVECOT_PORT_TEST:-14300}"

log() { echo "start-dovecot: $*" >&2; }

install_dovecot() {
  command -v dovecot >/dev/null 2>&1 && return 0
  [ -x /usr/sbin/dovecot ] && return 0
  local apt=(apt-get)
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      apt=(sudo -n apt-get)
    else
      log "Dovecot is missing: sudo apt-get install -y dovecot-imapd"
      exit 1
    fi
  fi
  log "installing Dovecot (apt-get)..."
  export DEBIAN_FRONTEND=noninteractive
  # The package would start a system-wide Dovecot on ports 143/993: forbid that while installing
  # (Debian's policy-rc.d convention; exit 101 = action forbidden), unless a policy exists already.
  local policy=/usr/sbin/policy-rc.d own_policy=""
  if [ ! -e "$policy" ] && [ "$(id -u)" -eq 0 ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod 755 "$policy"
    own_policy=1
  fi
  local status=0
  {
    "${apt[@]}" update -qq >&2 &&
      "${apt[@]}" -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends \
        dovecot-imapd >&2
  } || status=$?
  [ -z "$own_policy" ] || rm -f "$policy"
  [ "$status" -eq 0 ] || { log "apt-get failed ($status)"; exit 1; }
  [ -x /usr/sbin/dovecot ] || { log "no /usr/sbin/dovecot after install"; exit 1; }
}

install_dovecot
[ "${1:-}" != "--install-only" ] || exit 0
dovecot_bin=$(command -v dovecot || echo /usr/sbin/dovecot)

# Dovecot runs as one OS user for everything (login, auth, mail): the caller, or when root a
# non-root user of the package's, so that nothing of the test server runs privileged.
if [ "$(id -u)" -eq 0 ]; then
  run_user=dovecot
  id "$run_user" >/dev/null 2>&1 ||
    useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$run_user"
  as_user=(runuser -u "$run_user" --)
else
  run_user=$(id -un)
  as_user=()
fi
run_uid=$(id -u "$run_user")
run_group=$(id -gn "$run_user")

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

mkdir -p "$state_root"
chmod 1777 "$state_root" 2>/dev/null || true

write_config() {
  local dir=$1 port=$2
  cat >"$dir/dovecot.conf" <<EOF
# Written by scripts/start-dovecot.sh: a test server, not for real mail.
instance_name = ats-dovecot-$port
base_dir = $dir/run
state_dir = $dir/state
log_path = $dir/dovecot.log
info_log_path = $dir/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = $run_user
default_internal_group = $run_group
default_login_user = $run_user
first_valid_uid = $run_uid
last_valid_uid = $run_uid
mail_location = maildir:~/Maildir
mail_uid = $run_user
mail_gid = $run_group
namespace inbox {
  inbox = yes
  separator = /
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Trash {
    special_use = \\Trash
    auto = subscribe
  }
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $dir/users/%u
}
userdb {
  driver = passwd-file
  args = username_format=%u $dir/users/%u
  default_fields = uid=$run_user gid=$run_group home=$dir/home/%u
}
protocol imap {
  mail_max_userip_connections = 200
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = $port
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service auth {
  user = $run_user
}
service auth-worker {
  user = $run_user
}
EOF
}

tries=0
while :; do
  tries=$((tries + 1))
  [ "$tries" -le 50 ] || { log "no free port from ${DOVECOT_PORT_TEST:-14300} on"; exit 1; }
  if port_in_use "$port"; then
    port=$((port + 1))
    continue
  fi
  dir=$(mktemp -d "$state_root/instance-$port.XXXXXX")
  chmod 755 "$dir"
  mkdir -p "$dir/run" "$dir/state" "$dir/home"
  mkdir -p "$dir/users"
  printf 'ats:{PLAIN}ats::::\n' >"$dir/users/ats"
  chmod 755 "$dir/users"
  chmod 644 "$dir/users/ats"
  touch "$dir/dovecot.log"
  write_config "$dir" "$port"
  # The test may add users (files under users/); Dovecot's own dirs belong to its user.
  [ ${#as_user[@]} -eq 0 ] || chown -R "$run_user:$run_group" "$dir/run" "$dir/state" \
    "$dir/home" "$dir/dovecot.log"
  # Dovecot forks into the background once its listeners are bound, so a port taken meanwhile
  # by another run fails here, and the next port is tried.
  if (cd / && "${as_user[@]}" "$dovecot_bin" -c "$dir/dovecot.conf") >"$dir/start.log" 2>&1; then
    break
  fi
  log "could not start on port $port: $(tail -n 3 "$dir/start.log" "$dir/dovecot.log" | tr '\n' ' ')"
  rm -rf "$dir"
  port=$((port + 1))
done

# Wait until the greeting answers.
for _ in $(seq 1 100); do
  if exec 3<>"/dev/tcp/127.0.0.1/$port" 2>/dev/null; then
    greeting=""
    read -r -t 2 greeting <&3 || true
    exec 3>&- 3<&-
    case "$greeting" in "* OK"*) break ;; esac
  fi
  sleep 0.1
done
case "${greeting:-}" in
"* OK"*) ;;
*)
  log "Dovecot on port $port does not answer"
  cat "$dir/dovecot.log" >&2 || true
  exit 1
  ;;
esac
echo "$dir" >"$state_root/port-$port"

log "ready on 127.0.0.1:$port (dir $dir; stop with scripts/stop-dovecot.sh $dir)"
echo "IMAP_TEST_URL=imap://ats:ats@127.0.0.1:$port DOVECOT_DIR=$dir"
