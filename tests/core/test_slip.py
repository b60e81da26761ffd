"""A vision that slipped pauses its sprint first (`core.slip`). Pure: builders."""

from __future__ import annotations

from datetime import timedelta

from architect.core.slip import paused_note, resumed_note, stop_at, with_pause
from architect.core.sprint import view_of
from architect.core.table import SprintState
from tests.builders import a_sprint_pr, a_steering

DAY = timedelta(days=1)


def test_a_paused_sprint_stops_once_its_pause_lasted_stop_after() -> None:
    view = view_of(a_sprint_pr(SprintState.PAUSED), a_steering())
    assert view.paused_at is not None and view.state is SprintState.PAUSED
    assert stop_at(view, stop_after=DAY) == view.paused_at + DAY
    assert with_pause(view, view.paused_at + DAY - timedelta(seconds=1), stop_after=DAY) is view
    stopping = with_pause(view, view.paused_at + DAY, stop_after=DAY)
    assert stopping.due == "stop" and stopping.state is not SprintState.PAUSED


def test_a_sprint_whose_vision_did_not_slip_never_stops_on_time() -> None:
    view = view_of(a_sprint_pr(SprintState.QUESTIONS_OPEN), a_steering())
    assert stop_at(view, stop_after=DAY) is None
    assert with_pause(view, view.sprint.pr.created_at + 30 * DAY, stop_after=DAY) is view


def test_the_notes_say_how_to_resume_and_carry_their_marks() -> None:
    note = paused_note("its vision acme/shop#7 was closed", 42, "1d", "vision")
    assert note.startswith("Paused: its vision acme/shop#7 was closed.\n\nNothing more is asked")
    assert "put the `vision` label back within 1d of this note (`stop_after`)" in note
    assert note.endswith("<!-- architect: paused since=42 -->")
    assert resumed_note(42).endswith("<!-- architect: resumed pause=42 -->")
