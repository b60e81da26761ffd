"""When the next time-based step falls due, so that a tick with nothing changed on the
forge skips its full read only until then. Pure.

Each rule looks at what a full read saw and answers the earliest moment one of
its steps becomes due (a reminder to a reviewer, parking a quiet sprint), or
None. `shell.tick` keeps the earliest in the state dir with the cursor.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from architect.core.nudge import due_at
from architect.core.replan import ReplanView
from architect.core.replan_views import reminder_due
from architect.core.slip import stop_at
from architect.core.view import SprintView

if TYPE_CHECKING:
    from architect.config import ArchitectConfig

# Each rule reads the sprint views the tick's decision holds (`Decision.views`).
Deadline = Callable[[Sequence[SprintView], "ArchitectConfig"], datetime | None]


def nudges(views: Sequence[SprintView], settings: ArchitectConfig) -> datetime | None:
    """The first reminder or parking of open questions nobody answers."""
    due = [when for view in views if view.sprint.pr.state == "open"
           and (when := due_at(view, remind_after=settings.remind_after,
                               park_after=settings.park_after)) is not None]
    return min(due, default=None)


def pauses(views: Sequence[SprintView], settings: ArchitectConfig) -> datetime | None:
    """The first stop of a sprint paused because its vision slipped."""
    due = [when for view in views if view.sprint.pr.state == "open"
           and (when := stop_at(view, stop_after=settings.stop_after)) is not None]
    return min(due, default=None)


# The time-based rules: each added here is honoured by incremental ticks.
RULES: tuple[Deadline, ...] = (nudges, pauses)


def replan_reminders(replans: Sequence[ReplanView], settings: ArchitectConfig,
                     ) -> datetime | None:
    """The first reminder of a re-plan proposal nobody answered (a filed sprint's)."""
    due = [when for view in replans
           if (when := reminder_due(view, remind_after=settings.remind_after)) is not None]
    return min(due, default=None)


def next_deadline(views: Sequence[SprintView], settings: ArchitectConfig,
                  rules: tuple[Deadline, ...] = RULES,
                  replans: Sequence[ReplanView] = ()) -> datetime | None:
    due = [when for rule in rules if (when := rule(views, settings)) is not None]
    if (when := replan_reminders(replans, settings)) is not None:
        due.append(when)
    return min(due, default=None)
