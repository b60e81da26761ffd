# config.sh: read conf/factory.conf, then the environment on top.
#
# The file holds KEY=value lines only; it is never sourced, so that a value
# cannot run a command. Secrets are not in it: FORGE_TOKEN and the model's
# key come from the environment (systemd credentials on the factory host).

load_config() {
  file=$1
  [ -r "$file" ] || die "cannot read $file"
  while IFS='=' read -r key value; do
    case "$key" in
      ''|'#'*) continue ;;
      *[!A-Z0-9_]*) die "$file: bad key '$key'" ;;
    esac
    # The environment wins: a key already set is kept.
    if [ -z "${!key:-}" ]; then
      printf -v "$key" '%s' "$value"
      export "${key?}"
    fi
  done < "$file"
  : "${FORGE_URL:?FORGE_URL is not set}"
  : "${FORGE_REPO:?FORGE_REPO is not set}"
  : "${FORGE_TOKEN:?FORGE_TOKEN is not set (environment only)}"
  FACTORY_STATE=${FACTORY_STATE:-/var/lib/factory}
  FACTORY_LOCK=${FACTORY_LOCK:-$FACTORY_STATE/factory.lock}
  MIN_FREE_MB=${MIN_FREE_MB:-2000}
  mkdir -p "$FACTORY_STATE"
}

check_memory() {
  free_mb=$(awk '/MemAvailable/ { print int($2 / 1024) }' /proc/meminfo)
  [ "$free_mb" -ge "$MIN_FREE_MB" ]
}
