"""Faults while the architect answers what humans did outside its grammar: a sprint
PR closed without `REJECT:`, one merged before filing, a vision closed under its
sprint (paused, then stopped after `stop_after`). Every request of those answers is
broken in turn (lost answer, 500): the forge ends as without the fault, nothing
duplicated."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tests.reliability.harness import Fault, FaultKind, Result, Run, judge, run_scenario
from tests.world import OPS, PROJECT, SteppingClock

# Real processes, servers or fault matrices: out of the fast lane (`-m "not slow"`).
pytestmark = pytest.mark.slow


def play_human_moves(run: Run) -> None:
    w = run.world
    closed = w.vision("Wishlists")
    merged = w.vision("Gift cards")
    gone = w.vision("Newsletter")
    run.settle("pitch")
    bob = w.client("bob")
    if run.pr_for(closed):
        bob.edit_pull(OPS, run.pr_for(closed), state="closed")
    if run.pr_for(merged):
        bob.merge_pull(OPS, run.pr_for(merged), style="merge")
    if run.pr_for(gone):
        w.client("alice").edit_issue(PROJECT, gone, state="closed")
    run.settle("closed, merged, vision gone (its sprint paused)")
    run.at = SteppingClock().start + timedelta(days=2)  # past stop_after (1d): it stops
    run.settle("the paused sprint stops")
    w.comment(closed, "Smaller, please: only the list.", repo=PROJECT)
    run.settle("pitch again")


@pytest.fixture(scope="module")
def baseline() -> Result:
    result = run_scenario(play_fn=play_human_moves)
    assert not result.unsettled and not result.crashes
    return result


def test_the_scenario_answers_each_move_once(baseline: Result) -> None:
    project = baseline.state[PROJECT]
    notes = [body for thread in project["comments"].values() for _, body in thread]
    assert sum("was closed by @bob without a `REJECT:` reason" in n for n in notes) == 1
    assert sum("was merged by @bob before its sub-issues were filed" in n for n in notes) == 1
    assert sum(f"was stopped: its vision {PROJECT}#3 was closed" in n for n in notes) == 1
    assert len(baseline.state["journal"]) == 3


def test_every_request_of_the_answers_may_fail(baseline: Result) -> None:
    log = baseline.requests_log
    # From the first read after the humans' moves to the end of the answers.
    writes = [i for i, line in enumerate(log, start=1)
              if not line.startswith("GET ") and i > _after_pitches(baseline)]
    assert len(writes) >= 8
    for at in writes:
        for kind in (FaultKind.LOST, FaultKind.ERROR_500):
            verdict = judge(run_scenario(Fault(at, kind), play_fn=play_human_moves), baseline)
            where = f"fault {kind} at request #{at} ({verdict.result.injected})"
            assert verdict.result.crashes == (), where
            assert verdict.result.unsettled == (), where
            assert verdict.dupes == {}, where
            assert verdict.diffs == [], where


def _after_pitches(baseline: Result) -> int:
    """The number of the last request of the first phase (the pitches' footers)."""
    posts = [i for i, line in enumerate(baseline.requests_log, start=1)
             if line == f"POST /api/v1/repos/{OPS}/issues/3/comments"]
    return posts[0]
