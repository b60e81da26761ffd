"""A whole lifecycle with one forge request broken: the forge ends as without the fault.

The full matrix (every request x every fault kind) runs in bench/faults.py;
here: the response of every comment the bot posts is lost once (every kind of
comment marker must be recognised on the next tick), plus a seeded sample of
the other faults. Each run is compared with a fault-free run of the same
scripted humans: bodies, titles, states, labels, branches, files, comments in
order, dependencies and journal entries, with nothing duplicated.
"""

from __future__ import annotations

import random
import re

import pytest

from architect.core import markers
from tests.reliability.harness import (
    Fault,
    FaultKind,
    Result,
    judge,
    object_counts,
    run_scenario,
)
from tests.world import BOT, OPS, PROJECT

# Real processes, servers or fault matrices: out of the fast lane (`-m "not slow"`).
pytestmark = pytest.mark.slow

SEED = 20261125
SAMPLE = 40


@pytest.fixture(scope="module")
def baseline() -> Result:
    result = run_scenario()
    assert not result.unsettled and not result.crashes
    return result


def _comment_posts(baseline: Result) -> list[int]:
    return [i for i, line in enumerate(baseline.requests_log, start=1)
            if re.fullmatch(r"POST /api/v1/repos/[^ ]+/issues/\d+/comments", line)]


def _check(fault: Fault, baseline: Result) -> None:
    verdict = judge(run_scenario(fault), baseline)
    where = f"fault {fault.kind} at request #{fault.at} ({verdict.result.injected})"
    assert verdict.result.injected is not None, f"{where}: the scenario made fewer requests"
    assert verdict.result.crashes == (), where
    assert verdict.result.unsettled == (), where
    assert verdict.dupes == {}, where
    assert verdict.diffs == [], where


def test_the_scenario_leaves_every_kind_of_mark(baseline: Result) -> None:
    kinds: set[str] = set()
    for repo in (PROJECT, OPS):
        for thread in baseline.state[repo]["comments"].values():
            for login, body in thread:
                if login == BOT:
                    found = [m.kind for m in markers.parse_markers(body)]
                    # Every comment of the bot holds one marker; the plan's, once its
                    # sub-issues are filed, also the filed one (the filing said once).
                    assert len(found) == 1 or sorted(found) == ["filed", "plan"], body
                    kinds.update(found)
    assert kinds >= {"footer", "revised", "questions", "answers", "plan", "filing-check",
                     "filed", "rejected", "story", "reminder", "parked"}
    counts = object_counts(baseline.state)
    assert counts[f"{PROJECT}: issues"] == 8  # 3 visions, 2 + 3 sub-issues
    assert counts[f"{OPS}: pull requests"] == 4  # 3 pitches and one after the rejection
    assert len(baseline.state["journal"]) == 3
    # The story's end: the wishlist closed, the gift cards parked, the newsletter (its
    # label stripped by hand) in progress again.
    issues = {i[0]: (i[2], i[6]) for i in baseline.state[PROJECT]["issues"]}
    assert issues[1] == ("closed", ["vision"])
    assert issues[3] == ("open", ["in-progress", "vision"])
    parked = [p for p in baseline.state[OPS]["issues"] if "parked" in p[6]]
    assert len(parked) == 1 and parked[0][2] == "open"


def test_every_comment_post_whose_answer_is_lost_is_recognised(baseline: Result) -> None:
    posts = _comment_posts(baseline)
    assert len(posts) >= 15
    for at in posts:
        _check(Fault(at, FaultKind.LOST), baseline)


def test_a_seeded_sample_of_faults_converges(baseline: Result) -> None:
    rng = random.Random(SEED)
    points = [Fault(at, kind) for at in range(1, baseline.requests + 1) for kind in FaultKind]
    for fault in rng.sample(points, SAMPLE):
        _check(fault, baseline)


def test_a_lost_merge_still_journals_the_sprint(baseline: Result) -> None:
    """Found by the matrix: the journal entry came after the merge, and a merged PR is
    never read again, so a lost merge answer lost the entry for good."""
    merges = [i for i, line in enumerate(baseline.requests_log, start=1)
              if line.endswith("/merge")]
    assert merges
    _check(Fault(merges[0], FaultKind.LOST), baseline)


def test_a_reply_to_a_failed_filing_check_reaches_the_plan_after_a_crash(
        baseline: Result) -> None:
    """Found by the matrix: when the acknowledgment of the reply was posted but its answer
    lost, the next tick planned without the reply and failed the same check again."""
    ack = [i for i, line in enumerate(baseline.requests_log, start=1)
           if line == f"POST /api/v1/repos/{OPS}/issues/3/comments"]
    # footer, no-questions note, filing check, acknowledgment of bob's reply, plan (the
    # filing is said by editing the plan comment, not by a comment of its own)
    assert len(ack) == 5
    _check(Fault(ack[3], FaultKind.LOST), baseline)
    _check(Fault(ack[4], FaultKind.ERROR_500), baseline)
