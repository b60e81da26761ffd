"""When the next time-based step falls due (`core.deadlines`). Pure: builders."""

from __future__ import annotations

from datetime import timedelta

from architect.core.deadlines import next_deadline, nudges, pauses
from architect.core.sprint import view_of
from architect.core.table import SprintState
from tests.builders import a_sprint_pr, a_steering, settings


def test_the_earliest_reminder_or_stop_of_the_open_sprints() -> None:
    asking = view_of(a_sprint_pr(SprintState.QUESTIONS_OPEN, number=1), a_steering())
    paused = view_of(a_sprint_pr(SprintState.PAUSED, number=2, vision=8), a_steering())
    config = settings(remind_after="3d", stop_after="1d")
    assert asking.asked_at is not None and paused.paused_at is not None
    assert nudges([asking, paused], config) == asking.asked_at + timedelta(days=3)
    assert pauses([asking, paused], config) == paused.paused_at + timedelta(days=1)
    assert next_deadline([asking, paused], config) == paused.paused_at + timedelta(days=1)
    assert next_deadline([asking], config, rules=()) is None  # each rule must be listed


def test_nothing_waits_on_time_when_no_sprint_does() -> None:
    waiting = view_of(a_sprint_pr(SprintState.AWAITING_DECISION), a_steering())
    assert next_deadline([waiting], settings()) is None
    assert next_deadline([], settings()) is None
