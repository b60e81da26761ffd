"""A vision that slipped (closed, or its label removed) pauses its sprint first. Pure.

A slip is often a mistake: the sprint waits `stop_after` from its pause note before
it stops, and a vision back in time resumes it with everything kept. The clock is
the snapshot's `now`; the pause's age is that of the bot's pause note.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from architect.core import markers
from architect.core.table import classify
from architect.core.view import SprintView


def with_pause(view: SprintView, now: datetime, *, stop_after: timedelta) -> SprintView:
    """The view with `due` "stop" once its pause has lasted `stop_after`, its vision
    still not back."""
    when = stop_at(view, stop_after=stop_after)
    if when is None or now < when:
        return view
    stopping = replace(view, due="stop")
    return replace(stopping, state=classify(stopping))


def stop_at(view: SprintView, *, stop_after: timedelta) -> datetime | None:
    """When a paused sprint stops, if its vision does not come back before: the moment an
    incremental tick must read fully, though nothing changed on the forge."""
    if view.paused_at is None or not view.sprint.vision_slipped:
        return None
    return view.paused_at + stop_after


def paused_note(reason: str, since: int, stop_after: str, vision_label: str) -> str:
    """The one note on the PR when its vision slips. Its own time starts the pause, so the
    text names no clock: a retried write says the same."""
    return (f"Paused: {reason}.\n\nNothing more is asked or filed for now, and this PR stays "
            f"open with everything it holds (the answered design forks, the branch, the "
            f"sprint file). Reopen the vision or put the `{vision_label}` label back within "
            f"{stop_after} of this note (`stop_after`) to resume where it was; after that "
            "the sprint stops.\n\n" + markers.PausedMark(since).render())


def resumed_note(pause: int) -> str:
    return ("Resumed: the vision is open and labelled again, so the sprint goes on where it "
            "was paused, with everything it held.\n\n"
            + markers.ResumedMark(pause).render())
