"""Human edits under faults: a person edits their answer and the PR description while
the architect works, and every write the architect makes then (the re-read answer
round, the PR body and sprint file kept around the person's text, the filing's
record on its plan comment) is broken once; the forge ends as without the fault."""

from __future__ import annotations

import re

import pytest

from tests.reliability.harness import (
    NOTE,
    Fault,
    FaultKind,
    Result,
    judge,
    play_edits,
    run_scenario,
)
from tests.world import OPS, PROJECT

# Real processes, servers or fault matrices: out of the fast lane (`-m "not slow"`).
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def baseline() -> Result:
    result = run_scenario(play_fn=play_edits)
    assert not result.unsettled and not result.crashes
    return result


_PROBE = re.compile(r"POST /api/v1/repos/[^/]+/[^/]+/(branches|labels)")


def _writes(baseline: Result, *methods: str) -> list[tuple[int, str]]:
    """The bot's writes, without the permission probes every tick makes."""
    return [(i, line) for i, line in enumerate(baseline.requests_log, start=1)
            if line.split()[0] in methods and not _PROBE.fullmatch(line)]


def test_the_story_ends_with_the_edit_followed_and_the_note_kept(baseline: Result) -> None:
    ops = baseline.state[OPS]
    ((number, _, state, *_),) = [i for i in ops["issues"] if i[1]]
    assert state == "closed" and ops["pulls"][number][1]  # merged
    body = next(i[5] for i in ops["issues"] if i[0] == number)
    assert NOTE in body
    assert "- **Answer:** B) On the server" in body
    assert "### Q3: How are settings synced?" in body
    filed = [i for i in baseline.state[PROJECT]["issues"] if "backlog" in i[6]]
    assert len(filed) == 2
    edits = [line for _, line in _writes(baseline, "PATCH")]
    assert any("/issues/comments/" in line for line in edits)  # the filing's record


@pytest.mark.parametrize(("kind", "methods"), [(FaultKind.LOST, ("POST", "PUT", "PATCH")),
                                               (FaultKind.ERROR_500, ("PUT", "PATCH"))])
def test_every_write_broken_once_converges(baseline: Result, kind: FaultKind,
                                           methods: tuple[str, ...]) -> None:
    writes = _writes(baseline, *methods)
    assert len(writes) >= 8
    for at, line in writes:
        verdict = judge(run_scenario(Fault(at, kind), play_fn=play_edits), baseline)
        where = f"fault {kind} at request #{at} ({line})"
        assert verdict.result.crashes == (), where
        assert verdict.result.unsettled == (), where
        assert verdict.dupes == {}, where
        assert verdict.diffs == [], where
