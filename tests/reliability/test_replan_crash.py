"""A re-plan applied by `architect run` processes killed halfway: the forge ends as
without the kill, nothing doubled (issues, notes, the record on the proposal)."""

from __future__ import annotations

import re

import pytest

from tests.deadlines import within
from tests.e2e.test_replan_e2e import REPLANNED
from tests.reliability.crash import crash_run
from tests.reliability.harness import (
    Fault,
    FaultKind,
    Run,
    differences,
    duplicates,
    judge,
    run_scenario,
)
from tests.world import PROJECT

# Each test plays the whole story several times (the first with ~40 `architect run`
# processes): minutes on two busy cores, so its guard against a hang scales as every wait does.
pytestmark = [pytest.mark.slow, pytest.mark.timeout(within(120))]


def play_replan(run: Run) -> None:
    """Wishlists filed; the vision changes, @bob takes the API issue, @alice changes Q1;
    the proposal is accepted, and applying it is the story's last work."""
    w = run.world
    vision = w.vision("Wishlists")
    run.settle("pitch")
    w.comment(run.pr_for(vision), "ACCEPT")
    run.settle("questions")
    w.comment(run.pr_for(vision), "Q1: B\nQ2: recommended")
    run.settle("filing")
    pr = run.pr_for(vision, state="closed")
    w.setup.edit_issue(PROJECT, vision, body=REPLANNED, token=w.tokens["alice"])
    api = next(i for i in w.bot.list_issues(PROJECT, state="open", labels=["backlog"])
               if "id: api -->" in i.body)
    w.setup.edit_issue(PROJECT, api.number, assignees=["bob"], token=w.tokens["alice"])
    w.comment(pr, "Actually, Q1: A — sorry")
    run.settle("proposal")
    w.comment(pr, "ACCEPT")
    run.settle("apply")


def test_a_kill_during_the_apply_then_a_tick_leaves_the_forge_of_a_run_without_kills() -> None:
    baseline = crash_run({}, play_fn=play_replan)
    assert baseline.crashes == () and baseline.unsettled == ()
    # The apply is the tick before the last (the last has nothing to do).
    start = sum(baseline.tick_requests[:-2])
    requests = baseline.tick_requests[-2]
    assert requests > 10  # notes, closes, edits, the new issue, the sprint file, the record
    for share in (0.25, 0.6, 0.95):
        killed = crash_run({start + max(1, int(requests * share)): 0.0}, play_fn=play_replan)
        assert killed.kills == 1, share
        assert killed.crashes == () and killed.unsettled == (), share
        assert duplicates(killed.state, baseline.state) == {}, share
        assert differences(killed.state, baseline.state) == [], share


def test_every_write_of_the_apply_whose_answer_is_lost_is_done_once() -> None:
    """In process: each write the apply sends (a note, a close, an edit, the new issue,
    the record on the proposal, the sprint file, the vision's note, the done-mark) has its
    answer lost once; the next tick recognises it and the forge ends as without the fault."""
    baseline = run_scenario(play_fn=play_replan)
    assert not baseline.unsettled and not baseline.crashes
    applied = _apply_writes(baseline.requests_log)
    assert len(applied) >= 10
    for at in applied:
        verdict = judge(run_scenario(Fault(at, FaultKind.LOST), play_fn=play_replan), baseline)
        where = f"lost answer of {baseline.requests_log[at - 1]} (#{at})"
        assert verdict.result.injected is not None, where
        assert verdict.result.crashes == () and verdict.result.unsettled == (), where
        assert verdict.dupes == {} and verdict.diffs == [], where


def _apply_writes(log: tuple[str, ...]) -> list[int]:
    """The apply's writes (1-based): from the proposal's record (the first edit of a
    comment after the proposal was posted) to the done-mark (the last comment on the PR)."""
    pattern = re.compile(r"POST /api/v1/repos/acme/shop-ops/issues/\d+/comments")
    posts = [i for i, line in enumerate(log, start=1) if pattern.fullmatch(line)]
    same = [i for i in posts if log[i - 1] == log[posts[-1] - 1]]
    proposal, done = same[-2], same[-1]
    start = next(i for i in range(proposal + 1, done)
                 if log[i - 1].startswith("PATCH") and "/issues/comments/" in log[i - 1])
    return [i for i in range(start, done + 1)
            if log[i - 1].split(" ")[0] in ("POST", "PATCH", "PUT", "DELETE")]
