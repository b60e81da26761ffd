#!/usr/bin/env bash
# gardener: once a day, tidy the backlog.
#
# Closes duplicates the humans marked with "duplicate of #N", removes the
# ready label from issues whose dependencies were reopened, and lists issues
# that have been blocked for a week in the factory log.
set -euo pipefail

FACTORY_HOME=${FACTORY_HOME:?}
. "$FACTORY_HOME/lib/log.sh"
. "$FACTORY_HOME/lib/config.sh"
. "$FACTORY_HOME/lib/forge.sh"

load_config "$FACTORY_HOME/conf/factory.conf"
week_ago=$(date -u -d '7 days ago' +%Y-%m-%dT%H:%M:%SZ)

for number in $(api GET "/repos/$FORGE_REPO/issues?state=open&labels=blocked&limit=50" \
    | jq -r --arg since "$week_ago" '.[] | select(.updated_at < $since) | .number'); do
  log_warn "gardener: #$number has been blocked for a week"
done

for number in $(api GET "/repos/$FORGE_REPO/issues?state=open&labels=ready&limit=50" | jq -r '.[].number'); do
  if ! dependencies_closed "$number"; then
    api DELETE "/repos/$FORGE_REPO/issues/$number/labels/ready" >/dev/null || true
    log_info "gardener: #$number is not ready any more (a dependency is open)"
  fi
done
