"""Questions nobody answers (`core.nudge`): one reminder a round, then the parking. Pure."""

from __future__ import annotations

from datetime import datetime, timedelta

from architect.core.actions import NudgeSprint
from architect.core.nudge import due_at, parked_note, reminder, with_clock
from architect.core.sprint import view_of
from architect.core.table import SprintState
from architect.core.view import SprintView
from tests.builders import a_sprint_pr, a_steering

REMIND, PARK = timedelta(days=3), timedelta(days=14)


def open_questions() -> tuple[SprintView, datetime]:
    view = view_of(a_sprint_pr(SprintState.QUESTIONS_OPEN), a_steering())
    assert view.asked_at is not None
    return view, view.asked_at


def test_a_reminder_falls_due_after_remind_after_and_the_parking_after_park_after() -> None:
    view, asked = open_questions()
    assert due_at(view, remind_after=REMIND, park_after=PARK) == asked + REMIND
    early = with_clock(view, asked + REMIND - timedelta(seconds=1),
                       remind_after=REMIND, park_after=PARK)
    assert early is view
    remind = with_clock(view, asked + REMIND, remind_after=REMIND, park_after=PARK)
    assert (remind.due, remind.state) == ("remind", SprintState.REMINDER_DUE)
    park = with_clock(view, asked + PARK, remind_after=REMIND, park_after=PARK)
    assert (park.due, park.state) == ("park", SprintState.PARK_DUE)
    # A view already found due is read as the row it came from.
    assert due_at(remind, remind_after=REMIND, park_after=PARK) == asked + REMIND


def test_a_sprint_waiting_on_no_questions_is_never_nudged() -> None:
    view = view_of(a_sprint_pr(SprintState.AWAITING_DECISION), a_steering())
    assert due_at(view, remind_after=REMIND, park_after=PARK) is None
    assert with_clock(view, view.sprint.pr.created_at + PARK * 2, remind_after=REMIND,
                      park_after=PARK) is view


def test_the_notes_name_whom_what_and_how_long() -> None:
    view, asked = open_questions()
    action = NudgeSprint(view.sprint, asked_at=asked, park=False,
                         whom=("alice",), waiting=(1, 2), round=1)
    assert reminder(action, timedelta(days=3, hours=5)).startswith(
        "@alice: Q1, Q2 here have waited 3 days for an answer.")
    assert parked_note(action, PARK).startswith(
        "@alice: no answer for 14 days, so this sprint is parked (label `parked`)")
    nobody = NudgeSprint(view.sprint, asked_at=asked, park=False, whom=(),
                         waiting=(), round=1)
    assert reminder(nobody, REMIND).startswith(
        "Whoever accepted this pitch: the open questions here have waited 3 days")
