"""The dashboard is always true: each request of its render broken once (a 500, or the
write applied and its answer lost), and once the ticks settle the dashboard, like
everything else on the forge, is what a fault-free run leaves.

A render that failed leaves the tick unsettled (`TickReport.settled`, the cursor's
`settled`), so the next tick renders; "Recently finished" is found again from the
forge and from the tick's own writes, never only from a difference between two
renders that a failed one would lose.
"""

from __future__ import annotations

import re

import pytest

from tests.reliability.harness import (
    GIFT_BODY,
    Fault,
    FaultKind,
    Result,
    Run,
    judge,
    run_scenario,
)
from tests.world import OPS, PROJECT

TITLE = "Architect dashboard"


def play_to_progress(run: Run) -> None:
    """Accept and file one vision, reject another; then a developer closes one sub-issue:
    a tick whose only write is the render (the progress line), the last of the run."""
    w = run.world
    wish = w.vision("Wishlists")
    gift = w.vision("Gift cards", GIFT_BODY)
    run.settle("pitch")
    w.comment(run.pr_for(wish), "ACCEPT")
    w.comment(run.pr_for(gift), "REJECT: not this quarter", by="bob")
    run.settle("questions, rejection")
    w.comment(run.pr_for(wish), "Q1: B\nQ2: recommended")
    run.settle("answers, filing")
    developer = w.client("alice")
    first = min(i.number for i in developer.list_issues(PROJECT, state="open",
                                                         labels=["backlog"]))
    developer.edit_issue(PROJECT, first, state="closed")
    run.settle("progress")


def scenario(fault: Fault | None = None) -> Result:
    # With the cursor, as `architect run` keeps it: a tick that saw nothing change
    # reads nothing, so only an unsettled tick gets a failed render done again.
    return run_scenario(fault, play_fn=play_to_progress, cursor=True)


@pytest.fixture(scope="module")
def baseline() -> Result:
    result = scenario()
    assert not result.unsettled and not result.crashes
    return result


def dashboard_number(result: Result) -> int:
    (number,) = [i[0] for i in result.state[OPS]["issues"] if i[4] == TITLE]
    return number


def render_requests(result: Result) -> list[int]:
    """The render's requests: the dashboard created, its label looked up and created,
    and every edit of it (the ops repo's label writes of the tick's write probes share
    the label's path, and are broken too)."""
    api = f"/api/v1/repos/{OPS}"
    render = re.compile(rf"(POST {api}/issues|PATCH {api}/issues/{dashboard_number(result)}"
                        rf"|(GET|POST) {api}/labels)")
    return [i for i, line in enumerate(result.requests_log, start=1) if render.fullmatch(line)]


def test_the_baseline_renders_every_finish(baseline: Result) -> None:
    (body,) = [i[5] for i in baseline.state[OPS]["issues"] if i[4] == TITLE]
    finished = body[body.index("## Recently finished"):body.index("## The architect")]
    assert "rejected: not this quarter" in finished
    progress = body[body.index("## In progress"):body.index("## Waiting")]
    assert "sub-issues: 1 of " in progress
    assert len(render_requests(baseline)) >= 4  # created, then edited as the story moves


@pytest.mark.slow
@pytest.mark.parametrize("kind", [FaultKind.ERROR_500, FaultKind.LOST])
def test_each_render_request_broken_once_converges(baseline: Result, kind: FaultKind) -> None:
    for at in render_requests(baseline):
        verdict = judge(scenario(Fault(at, kind)), baseline)
        where = f"{kind} at request #{at} ({verdict.result.injected})"
        assert verdict.result.injected is not None, where
        assert verdict.result.crashes == () and verdict.result.unsettled == (), where
        assert verdict.dupes == {}, where
        assert verdict.diffs == [], where
