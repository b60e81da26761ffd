#!/usr/bin/env bats

setup() { export PATH="$BATS_TEST_DIRNAME/fakes:$PATH"; }

@test "deploy switches every host" {
  run bin/shipit deploy fixtures/app-1.tar.gz
  [ "$status" -eq 0 ]
}
