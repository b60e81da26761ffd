"""When the next time-based step falls due, so that a tick with nothing changed on the
forge skips its full read only until then. Pure.

Each rule looks at what a full read saw and answers the earliest moment one of
its steps becomes due (a reminder to a reviewer, parking a quiet sprint), or
None. `shell.tick` keeps the earliest in the state dir with the cursor.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from architect.core.snapshot import Snapshot

if TYPE_CHECKING:
    from architect.config import ArchitectConfig

Deadline = Callable[[Snapshot, "ArchitectConfig"], datetime | None]

# The time-based rules: each added here is honoured by incremental ticks.
RULES: tuple[Deadline, ...] = ()


def next_deadline(snapshot: Snapshot, settings: ArchitectConfig,
                  rules: tuple[Deadline, ...] = RULES) -> datetime | None:
    due = [when for rule in rules if (when := rule(snapshot, settings)) is not None]
    return min(due, default=None)
