"""The tick's plan with the dashboard's boxes among the signals (`core.steer`).
Pure: builders, no forge."""

from __future__ import annotations

from architect.core.actions import AnswerBox, OpenPitch, PauseArchitect, ResumeArchitect
from architect.core.dashboard import Seen
from architect.core.markers import DashboardMark, SteeredMark
from architect.core.steer import NOT_STEERABLE, plan
from architect.core.table import SprintState
from tests.builders import (
    VISION,
    a_rejected_history,
    a_snapshot,
    a_sprint_pr,
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
