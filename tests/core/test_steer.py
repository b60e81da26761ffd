"""The tick's plan with the dashboard's boxes among the signals (`core.steer`).
Pure: builders, no forge."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from architect.core import decide as decide_
from architect.core import visions
from architect.core.actions import AnswerBox, OpenPitch, PauseArchitect, ResumeArchitect
from architect.core.dashboard import Seen
from architect.core.markers import DashboardMark, SteeredMark
from architect.core.steer import NOT_STEERABLE, plan
from architect.core.table import SprintState
from architect.core.view import SprintPR
from architect.forge.models import Issue
from tests.builders import (
    VISION,
    a_rejected_history,
    a_snapshot,
    a_sprint_pr,
    a_vision,
    settings,
)


def seen(*ticked: str, paused: str = "", steerable: bool = True) -> Seen:
    lines = [DashboardMark("shop", paused=paused).render()]
    lines += [f"- [x] box <!-- architect: box id={box} -->" for box in ticked]
    return Seen(1, True, "\n".join(lines), steerable=steerable)


def test_pitch_again_is_answered_and_pitched_in_one_plan() -> None:
    snapshot = a_snapshot(history={VISION: a_rejected_history()})
    assert plan(snapshot, settings(), None).decision.actions == ()  # held by the rejection
    planned = plan(snapshot, settings(), seen(f"pitch-again-{VISION}"))
    answer, pitch = planned.decision.actions
    assert isinstance(answer, AnswerBox) and not answer.on_ops and answer.number == VISION
    assert answer.mark == SteeredMark(f"pitch-again-{VISION}", 500)  # answers the notice
    assert isinstance(pitch, OpenPitch) and pitch.vision_number == VISION


def test_a_plan_with_a_ticked_box_works_out_each_vision_and_sprint_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The offered boxes come from the facts and views the plan works out anyway; the
    answered vision is worked out again (its answer changes its verdict), nothing else."""
    rejected = a_rejected_history()
    sprint = a_sprint_pr(SprintState.AWAITING_DECISION, vision=VISION + 2, number=7)
    others = [a_vision(n, f"Vision {n}") for n in (VISION + 1, VISION + 2)]
    snapshot = a_snapshot(history={VISION: rejected}, sprints=[sprint],
                          visions=[rejected.vision, *others])
    facts: Counter[int] = Counter()
    views: Counter[int] = Counter()
    facts_of, view_of = visions.facts_of, decide_.view_of

    def count_facts(vision: Issue, *rest: Any) -> Any:
        facts[vision.number] += 1
        return facts_of(vision, *rest)

    def count_views(sprint: SprintPR, *rest: Any) -> Any:
        views[sprint.pr.number] += 1
        return view_of(sprint, *rest)

    monkeypatch.setattr(visions, "facts_of", count_facts)
    monkeypatch.setattr(decide_, "view_of", count_views)
    planned = plan(snapshot, settings(), seen(f"pitch-again-{VISION}"))
    assert {type(a) for a in planned.decision.actions} >= {AnswerBox, OpenPitch}
    assert facts == {VISION: 2, VISION + 1: 1}  # the sprint's table speaks for VISION + 2
    assert list(views.values()) == [1]


def test_a_box_nobody_may_steer_is_a_note_not_an_action() -> None:
    snapshot = a_snapshot(history={VISION: a_rejected_history()})
    planned = plan(snapshot, settings(), seen(f"pitch-again-{VISION}", steerable=False))
    assert planned.decision.actions == () and planned.notes == (NOT_STEERABLE,)


def test_paused_only_resume_counts_and_the_sprints_are_still_viewed() -> None:
    snapshot = a_snapshot(sprints=[a_sprint_pr(SprintState.AWAITING_DECISION)])
    paused = plan(snapshot, settings(), seen("pause"))
    assert [type(a) for a in paused.decision.actions] == [PauseArchitect]
    assert paused.paused_since and len(paused.decision.views) == 1
    still = plan(snapshot, settings(), seen("pause", paused="2026-11-25T10:00Z"))
    assert still.decision.actions == () and still.paused_since == "2026-11-25T10:00Z"
    resumed = plan(snapshot, settings(), seen("resume", paused="2026-11-25T10:00Z"))
    assert type(resumed.decision.actions[0]) is ResumeArchitect  # then the work, at once
    assert resumed.paused_since == "" and len(resumed.decision.actions) > 1
