#!/usr/bin/env bats
# The forge calls, against the fake curl in tests/fakes.

setup() {
  export FACTORY_HOME="$BATS_TEST_DIRNAME/.."
  export PATH="$BATS_TEST_DIRNAME/fakes:$PATH"
  export FORGE_URL=http://forge.test FORGE_REPO=acme/app FORGE_TOKEN=test-token
  export FAKE_FORGE="$BATS_TEST_TMPDIR"
  . "$FACTORY_HOME/lib/log.sh"
  . "$FACTORY_HOME/lib/forge.sh"
}

@test "the oldest ready issue with closed dependencies comes first" {
  echo '[{"number": 4}, {"number": 9}]' > "$FAKE_FORGE/issues"
  echo '[{"state": "open"}]' > "$FAKE_FORGE/4-dependencies"
  echo '[]' > "$FAKE_FORGE/9-dependencies"
  run next_ready_issue
  [ "$output" = 9 ]
}

@test "the token is sent in a header, never in the URL" {
  echo '[]' > "$FAKE_FORGE/issues"
  run next_ready_issue
  ! grep -q test-token "$FAKE_FORGE/urls"
}
