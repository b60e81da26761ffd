# log.sh: one line per event, to stderr and to the factory log.
#
# Lines look like `2025-03-02T10:14:03Z INFO dev #42: opened PR #57`, so that
# `grep '#42'` over the log tells the story of one issue.

FACTORY_LOG=${FACTORY_LOG:-/var/log/factory/factory.log}

_log() {
  level=$1
  shift
  line="$(date -u +%Y-%m-%dT%H:%M:%SZ) $level $*"
  printf '%s\n' "$line" >&2
  if [ -w "$(dirname "$FACTORY_LOG")" ]; then
    printf '%s\n' "$line" >> "$FACTORY_LOG"
  fi
}

log_info() { _log INFO "$@"; }
log_warn() { _log WARN "$@"; }
log_error() { _log ERROR "$@"; }

die() {
  log_error "$@"
  exit 1
}
