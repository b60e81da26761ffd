"""What `architect status` says above the table: why ticks may not do their work.

The project disabled (no active flag), a label the lifecycle needs missing on
the project repo, and the run lock held by another process (with who holds
it). Read from the state directory and one forge request.
"""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass
from datetime import datetime

from architect.config import ProjectConfig
from architect.core.setup_lines import missing_label_line, wanted_labels
from architect.forge.client import rfc3339
from architect.forge.protocol import Forge
from architect.shell.guards import (
    Holder,
    RunLock,
    disabled_since,
    is_active,
    lock_path,
    moment_of,
)


@dataclass(frozen=True)
class ProjectNotes:
    active: bool
    missing_labels: tuple[str, ...]
    lock: Holder | None
    disabled_since: datetime | None = None  # when `architect disable` ran, if noted
    paused_since: str = ""  # paused from the dashboard (its mark), if it is

    def lines(self, config: ProjectConfig) -> list[str]:
        found = []
        if not self.active:
            since = f" since {short(self.disabled_since)}" if self.disabled_since else ""
            found.append(f"{config.name} is disabled{since}: ticks skip it and send the forge "
                         "nothing (run `architect enable`)" if since else
                         f"{config.name} is disabled: ticks skip it (run `architect enable`)")
        if self.paused_since:
            found.append(f"{config.name} is paused from the dashboard since "
                         f"{self.paused_since}: ticks read only the dashboard (tick "
                         "\"resume the architect\" there)")
        found += [missing_label_line(config.repo, name) for name in self.missing_labels]
        if self.lock is not None:
            found.append(f"a tick is running: the run lock is held by {self.lock.describe()}")
        return found

    def as_dict(self) -> dict[str, object]:
        return {"active": self.active, "missing_labels": list(self.missing_labels),
                "lock": self.lock.__dict__ if self.lock else None,
                "disabled_since": json_time(self.disabled_since),
                "paused_since": json_time(moment_of(self.paused_since))}


def short(moment: datetime) -> str:
    """A time for eyes: to the minute, in UTC."""
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def json_time(moment: datetime | None) -> str | None:
    """A time for programs: RFC 3339 in UTC, to the second."""
    return rfc3339(moment) if moment is not None else None


def project_notes(forge: Forge, config: ProjectConfig) -> ProjectNotes:
    existing = {label.name for label in forge.list_labels(config.repo)}
    missing = tuple(name for name in wanted_labels(config) if name not in existing)
    return ProjectNotes(is_active(config.project_state_dir), missing,
                        lock_holder(config), disabled_since(config.project_state_dir))


def lock_holder(config: ProjectConfig) -> Holder | None:
    """The holder of the run lock while its process lives (the kernel frees the lock of a
    dead one, whose holder file may stay behind)."""
    holder = RunLock(lock_path(config.project_state_dir)).holder()
    if holder is None or holder.host != socket.gethostname():
        return holder
    try:
        os.kill(holder.pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:
        return holder  # alive, another user's
    return holder
