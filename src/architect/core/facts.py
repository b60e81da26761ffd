"""What the forge said about the visions, as values: the snapshot's facts (read in the shell),
a vision's pitch verdict, and the facts its row of `VISION_TABLE` is read from.

At the bottom of the core: the rules, the story and the actions read these;
they import no logic.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from architect.forge.models import Comment, Issue, PullRequest


@dataclass(frozen=True)
class VisionHistory:
    """What the forge remembers of earlier sprints for one vision."""

    vision: Issue
    sprint_prs: tuple[PullRequest, ...] = ()
    vision_comments: tuple[Comment, ...] = ()
    open_sub_issues: tuple[int, ...] = ()
    # The architect's own last label change on the vision (its timeline), read only when
    # the vision changed after the last notice: removing `in-progress` is no activity.
    own_change: datetime | None = None
    # The project repo the vision and its sub-issues are on (the config's `repo`): the
    # verdict names them `owner/repo#N`, since the dashboard shows it on the ops repo.
    repo: str = ""


@dataclass(frozen=True)
class MergedSprint:
    """A vision's newest merged sprint PR, and what the tick read of its sub-issues."""

    vision_number: int
    pr: PullRequest
    filed: tuple[int, ...]
    closed: tuple[Issue, ...]  # the sub-issues read closed, in filing order
    open_sub: int | None  # the first one read open (the reading stops there)
    branch_left: bool  # its head branch still exists
    # When the architect posted its summary (read only once every sub-issue is closed).
    summarized_at: datetime | None = None
    # How many of `filed` are closed, counted exactly (None: not counted this tick).
    closed_count: int | None = None

    @property
    def done(self) -> bool:
        return bool(self.filed) and self.open_sub is None

    @property
    def progress(self) -> str:
        """`sub-issues: 2 of 5 closed`, as far as the tick counted."""
        if self.done:
            return f"sub-issues: {len(self.filed)} of {len(self.filed)} closed"
        if self.closed_count is not None:
            return f"sub-issues: {self.closed_count} of {len(self.filed)} closed"
        return f"sub-issues: at least {len(self.closed)} of {len(self.filed)} closed"


@dataclass(frozen=True)
class Eligibility:
    """Whether a vision may be pitched, and why (`rules.pitchable`, judged in the shell)."""

    ok: bool
    reason: str
    rejection_reason: str = ""


class VisionState(StrEnum):
    """A vision's state: the first row of `table.VISION_TABLE` its facts meet."""

    IN_SPRINT = "in sprint PR"
    TO_BE_PITCHED = "to be pitched"
    COMPLETED = "completed"
    IN_PROGRESS = "in progress"
    NOT_PITCHED = "not pitched"
    QUEUED = "queued"


@dataclass(frozen=True)
class VisionFacts:
    """What a tick knows of one open vision issue."""

    sprint_pr: int | None  # its open sprint PR
    turn: bool  # a free pitch slot falls to it, in the order of prerequisites.md
    in_progress: bool  # it carries the `in-progress` label
    verdict: Eligibility | None  # the history checks, when the tick read its history
    done: bool = False  # its merged sprint filed sub-issues, and every one is closed
