"""The offline planner (runners/offline/planner.py): one runner, each mode answered by its
module (whose own tests are in test_<module>.py), checked against the schema; the same
inputs give the same answers, and any vision gets a valid one."""

from __future__ import annotations

import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from architect.core.filing import check_plan
from architect.core.schemas import Pitch
from architect.errors import InvalidModelOutput
from architect.runners.base import Mode, Runner, Usage
from architect.runners.offline.planner import OfflinePlanner
from tests.runners.offline import helpers as h
from tests.runners.offline.helpers import CONTEXT, EXPORT, decided
from tests.runners.offline.test_vision import FRAGMENTS


def test_it_is_a_runner_that_is_always_ready_and_costs_nothing() -> None:
    planner: Runner = OfflinePlanner()
    planner.check_ready()
    planner.drop_session("pr-12")
    result = planner.run(h.request(Mode.PITCH, h.planner_inputs(EXPORT)))

    assert planner.name == "offline"
    assert result.usage == Usage() and result.session_id is None


def test_a_schema_that_does_not_fit_the_mode_is_invalid_output() -> None:
    with pytest.raises(InvalidModelOutput, match="RevisedPitch"):
        OfflinePlanner().run(
            h.request(Mode.PITCH, h.planner_inputs(EXPORT), h.SCHEMAS[Mode.REVISE])
        )


# ---------------------------------------------------------------- digest


def entry(pr: int, reason: str, outcome: str = "rejected") -> str:
    return (
        f"# PR #{pr}: {outcome}\n\n- Vision: #{pr + 1} — Vision {pr}\n"
        f"- Date: 2025-01-0{pr % 9 + 1} 10:00 UTC\n"
        f"- Outcome: {outcome}\n\n{reason}\n"
    )


def test_digest_lists_rejection_reasons_once_each() -> None:
    lessons = h.digest(
        entry(1, "REJECT: too much infra"),
        entry(2, "Too much   infra"),
        entry(3, "Q1: A, Q2: B", outcome="merged"),
        "A bare reason with no header",
        lessons="# Lessons learned\n\n- an older lesson\n",
    ).lessons

    assert lessons.startswith("# Lessons learned\n")
    assert "- an older lesson\n" in lessons
    assert "- too much infra (vision #2 — Vision 1)\n" in lessons
    assert lessons.count("infra") == 1
    assert "Q1: A" not in lessons
    assert "- A bare reason with no header\n" in lessons


def test_digest_stays_within_two_kilobytes_keeping_the_newest() -> None:
    entries = [entry(n, f"reason number {n} " + "x" * 150) for n in range(40)]
    lessons = h.digest(*entries).lessons

    assert len(lessons.encode()) <= 2048
    assert "reason number 39" in lessons and "reason number 0 " not in lessons


def test_digest_of_nothing_is_a_heading() -> None:
    assert h.digest().lessons.startswith("# Lessons learned")


# ---------------------------------------------------------------- determinism and robustness


def every_mode(body: str) -> list[Any]:
    ledger = decided()
    comments = (h.comment("Admins too"), h.comment("no idea", id=2, author="bob"))
    common: dict[str, Any] = {"context": CONTEXT, "ledger": ledger, "new_comments": comments}
    return [
        h.pitch(body, rejection_reason="too big", **common),
        h.revise(body, feedback="- smaller", **common),
        h.questions(body, guidance="ACCEPT", **common),
        h.answers(body, **common),
        h.file(body, **common),
        h.digest(body),
    ]


def test_same_inputs_same_output() -> None:
    first = [o.model_dump() for o in every_mode(EXPORT)]
    second = [o.model_dump() for o in every_mode(EXPORT)]
    assert first == second


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=12)), max_size=40))
def test_every_mode_answers_any_vision_with_a_valid_object(parts: list[str]) -> None:
    for output in every_mode("".join(parts)):
        assert output.model_validate(output.model_dump()) == output


def test_a_megabyte_vision_is_planned_in_a_few_seconds() -> None:
    body = EXPORT * (1_000_000 // len(EXPORT))
    started = time.process_time()
    pitch = h.pitch(body)
    plan = h.file(body)
    assert time.process_time() - started < 3.0
    assert isinstance(pitch, Pitch) and len(plan.sub_issues) == 60


@settings(max_examples=80, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=12)), max_size=40))
def test_a_plan_from_any_vision_passes_the_filing_check_but_for_cycles(parts: list[str]) -> None:
    plan = h.file("".join(parts), ledger=decided())
    problems = check_plan(plan.sub_issues, max_sub_issues=60, known_labels=())
    allowed = ("The plan has no sub-issues.", "The dependencies form a cycle")
    assert all(p.startswith(allowed) for p in problems), problems


