#!/usr/bin/env bash
# review agent: read one agent PR and post a review (approve or request changes).
set -euo pipefail

FACTORY_HOME=${FACTORY_HOME:?}
. "$FACTORY_HOME/lib/log.sh"
. "$FACTORY_HOME/lib/config.sh"
. "$FACTORY_HOME/lib/forge.sh"

pr=${1:?usage: run.sh <pr>}
load_config "$FACTORY_HOME/conf/factory.conf"

diff=$(api GET "/repos/$FORGE_REPO/pulls/$pr.diff")
verdict=$(printf '%s' "$diff" | timeout "${REVIEW_TIMEOUT:-15m}" claude -p \
  --output-format json "Review this diff against AGENTS.md. Answer with JSON:
{\"event\": \"APPROVED\" or \"REQUEST_CHANGES\", \"body\": \"...\"}") || {
  log_warn "review #$pr: the model failed; trying again next pass"
  exit 1
}

event=$(printf '%s' "$verdict" | jq -r '.result | fromjson | .event')
text=$(printf '%s' "$verdict" | jq -r '.result | fromjson | .body')
api_json POST "/repos/$FORGE_REPO/pulls/$pr/reviews" \
  "$(jq -n --arg e "$event" --arg b "$text" '{event: $e, body: $b}')" >/dev/null
log_info "review #$pr: $event"
