"""What one tick read from the forge, as a value (read in `shell.snapshot`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from architect.core.eligibility import Eligibility
from architect.core.sprint import SprintPR
from architect.core.steering import Steering
from architect.core.story import MergedSprint
from architect.forge.models import Comment, Issue, PullRequest, User


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


@dataclass(frozen=True)
class Snapshot:
    now: datetime
    bot: User
    visions: tuple[Issue, ...]
    sprints: tuple[SprintPR, ...]
    steering: Steering
    candidates: tuple[VisionHistory, ...] = ()
    pitch_order: tuple[int, ...] = ()
    # Sprint PRs a human closed or merged whose vision still carries `in-progress`.
    closed: tuple[SprintPR, ...] = ()
    merged: tuple[MergedSprint, ...] = ()  # open visions' merged sprints (`shell.story`)
    # Each candidate's `rules.pitchable` verdict, by vision number: data, worked out
    # outside. The shell judges while it reads (the verdicts decide how far it reads);
    # `decide.judged` fills in any it did not, so `status` never runs the rules again.
    verdicts: Mapping[int, Eligibility] = field(default_factory=dict)

    def vision(self, number: int) -> Issue | None:
        return next((v for v in self.visions if v.number == number), None)
