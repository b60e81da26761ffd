# forge.sh: the few Forgejo API calls the factory makes, with curl and jq.
#
# Every call sends the token in a header (never in the URL, which ends up in
# logs), fails on HTTP errors, and retries reads twice on 5xx.

api() {
  method=$1
  path=$2
  shift 2
  curl --silent --show-error --fail-with-body --retry 2 --retry-delay 3 \
    -X "$method" \
    -H "Authorization: token $FORGE_TOKEN" \
    -H 'Accept: application/json' \
    "$FORGE_URL/api/v1$path" "$@"
}

api_json() {
  method=$1
  path=$2
  body=$3
  api "$method" "$path" -H 'Content-Type: application/json' --data "$body"
}

# The oldest open issue labelled ready whose dependencies are all closed.
next_ready_issue() {
  for number in $(api GET "/repos/$FORGE_REPO/issues?state=open&type=issues&labels=ready&sort=oldest&limit=50" \
      | jq -r '.[].number'); do
    if dependencies_closed "$number"; then
      echo "$number"
      return 0
    fi
  done
  return 1
}

dependencies_closed() {
  number=$1
  open=$(api GET "/repos/$FORGE_REPO/issues/$number/dependencies" | jq '[.[] | select(.state == "open")] | length')
  [ "$open" = 0 ]
}

open_agent_prs() {
  api GET "/repos/$FORGE_REPO/pulls?state=open&limit=50" \
    | jq -r '.[] | select(.head.ref | startswith("agent/")) | .number'
}

review_done() {
  pr=$1
  head=$(api GET "/repos/$FORGE_REPO/pulls/$pr" | jq -r '.head.sha')
  api GET "/repos/$FORGE_REPO/pulls/$pr/reviews" \
    | jq -e --arg sha "$head" 'any(.[]; .commit_id == $sha and .user.login == env.FORGE_BOT)' >/dev/null
}

comment() {
  number=$1
  text=$2
  api_json POST "/repos/$FORGE_REPO/issues/$number/comments" "$(jq -n --arg b "$text" '{body: $b}')" >/dev/null
}

set_label() {
  number=$1
  label=$2
  api_json POST "/repos/$FORGE_REPO/issues/$number/labels" "$(jq -n --arg l "$label" '{labels: [$l]}')" >/dev/null
}
