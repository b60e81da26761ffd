#!/usr/bin/env bats
# One pass at a time: a second pass exits at once and says so.

setup() {
  export FACTORY_HOME="$BATS_TEST_DIRNAME/.."
  . "$FACTORY_HOME/lib/log.sh"
  . "$FACTORY_HOME/lib/lock.sh"
  LOCK="$BATS_TEST_TMPDIR/factory.lock"
}

@test "the first pass takes the lock" {
  run take_lock "$LOCK"
  [ "$status" -eq 0 ]
}

@test "a second pass does not get it while the first holds it" {
  flock -n "$LOCK" sleep 2 &
  sleep 0.2
  run take_lock "$LOCK"
  [ "$status" -ne 0 ]
  wait
}
