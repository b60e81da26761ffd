#!/usr/bin/env bash
# dev agent: implement one issue and open a pull request for it.
#
# Runs inside a fresh worktree (see lib/agents.sh). The model works with the
# prompt in PROMPT.md and the issue's text; this script only prepares the
# branch, runs the model with a time limit, and opens the PR when the tests
# pass. A run that fails leaves a comment on the issue and the label blocked.
set -euo pipefail

FACTORY_HOME=${FACTORY_HOME:?}
. "$FACTORY_HOME/lib/log.sh"
. "$FACTORY_HOME/lib/config.sh"
. "$FACTORY_HOME/lib/forge.sh"

issue=${1:?usage: run.sh <issue>}
load_config "$FACTORY_HOME/conf/factory.conf"
branch="agent/issue-$issue"
git switch --quiet -c "$branch"

title=$(api GET "/repos/$FORGE_REPO/issues/$issue" | jq -r '.title')
body=$(api GET "/repos/$FORGE_REPO/issues/$issue" | jq -r '.body')
prompt=$(sed -e "s|{{ISSUE}}|$issue|g" "$FACTORY_HOME/agents/dev/PROMPT.md")

if ! timeout "${DEV_TIMEOUT:-45m}" claude -p --max-turns "${DEV_MAX_TURNS:-60}" \
    --permission-mode acceptEdits "$prompt

# Issue #$issue: $title

$body" > "$FACTORY_STATE/dev-$issue.out" 2>&1; then
  comment "$issue" "The dev agent stopped without finishing (see dev-$issue.out on the factory host)."
  set_label "$issue" blocked
  exit 1
fi

if ! make test > "$FACTORY_STATE/dev-$issue.test" 2>&1; then
  comment "$issue" "The dev agent's change fails \`make test\`; leaving it for a human."
  set_label "$issue" blocked
  exit 1
fi

git push --quiet origin "$branch"
api_json POST "/repos/$FORGE_REPO/pulls" "$(jq -n --arg t "$title" --arg h "$branch" \
  --arg b "Closes #$issue" '{title: $t, head: $h, base: "main", body: $b}')" >/dev/null
log_info "dev #$issue: opened a PR from $branch"
