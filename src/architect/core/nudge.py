"""Design questions nobody answers: one reminder a round, then the sprint is parked. Pure.

The clock is the snapshot's `now`; the questions' age is that of the bot's last
design comment, so any round (an answer, a discussion the architect replied to)
starts it again; so does a `RESUME` after it (the time on hold was no waiting).
Parking puts the label on before its note: the label alone already stops every
nudge, and the note is finished by the next tick.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from architect.core import markers
from architect.core.actions import NudgeSprint
from architect.core.sprint import PARKED_LABEL
from architect.core.table import SprintState, classify
from architect.core.view import SprintView
from architect.core.words import Family


def with_clock(view: SprintView, now: datetime, *, remind_after: timedelta,
               park_after: timedelta) -> SprintView:
    """The view with `due` set when its open questions waited too long.

    Parking happens once a round: a sprint whose `parked` label a human took off
    is not parked again until the next round; one whose label went on before its
    note (a tick killed between the two) is due until the note is there.
    """
    waiting = view.state in (SprintState.QUESTIONS_OPEN, SprintState.PARKED)
    asked = _asked(view)
    if not waiting or asked is None:
        return view
    waited = now - asked
    if waited >= park_after and markers.ParkedMark not in view.nudged:
        due = "park"
    elif view.state is SprintState.QUESTIONS_OPEN and waited >= remind_after and not view.nudged:
        # Not after a parking either: its note said as much, and a human unparked it.
        due = "remind"
    else:
        return view
    timed = replace(view, due=due, asked_at=asked)
    return replace(timed, state=classify(timed))


def _asked(view: SprintView) -> datetime | None:
    """When the open questions' clock started: the bot's last design comment, or a
    `RESUME` written after it."""
    if view.asked_at is None:
        return None
    return max([view.asked_at, *(s.at for s in view.of(Family.RESUME) if s.at is not None)])


def due_at(view: SprintView, *, remind_after: timedelta,
           park_after: timedelta) -> datetime | None:
    """When `with_clock` will first find this sprint due for a reminder or the parking:
    the moment an incremental tick must read fully, though nothing changed on the forge.
    A view `with_clock` already found due is read as the row it came from."""
    state = view.state
    if state in (SprintState.REMINDER_DUE, SprintState.PARK_DUE):
        state = SprintState.PARKED if view.parked else SprintState.QUESTIONS_OPEN
    asked = _asked(view)
    if state not in (SprintState.QUESTIONS_OPEN, SprintState.PARKED) or asked is None:
        return None
    times = []
    if markers.ParkedMark not in view.nudged:
        times.append(asked + park_after)
    if state is SprintState.QUESTIONS_OPEN and not view.nudged:
        times.append(asked + remind_after)
    return min(times, default=None)


def _whom(whom: tuple[str, ...]) -> str:
    return " ".join(f"@{login}" for login in whom) or "Whoever accepted this pitch"


def _open_list(waiting: tuple[int, ...]) -> str:
    return ", ".join(f"Q{n}" for n in waiting) or "the open questions"


def reminder(action: NudgeSprint, waited: timedelta) -> str:
    return (f"{_whom(action.whom)}: {_open_list(action.waiting)} here have waited "
            f"{waited.days} days for an answer. Reply with `Q1: A` lines (or in your own "
            "words), or `REJECT: <reason>` to drop the sprint. This is the only reminder for "
            "this round.\n\n" + markers.ReminderMark(action.round).render())


def parked_note(action: NudgeSprint, waited: timedelta) -> str:
    return (f"{_whom(action.whom)}: no answer for {waited.days} days, so this sprint is parked "
            f"(label `{PARKED_LABEL}`); the architect does nothing more here until someone who "
            "may steer comments. Answer the open questions, or comment anything to pick it up "
            "again; `REJECT: <reason>` drops it.\n\n"
            + markers.ParkedMark(action.round).render())
