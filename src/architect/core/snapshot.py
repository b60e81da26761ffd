"""What one tick read from the forge, as a value (read in `shell.snapshot`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from architect.core.facts import Eligibility, MergedSprint, VisionHistory
from architect.core.replan import FiledSprint
from architect.core.steering import Steering
from architect.core.view import SprintPR
from architect.forge.models import Issue, User


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
    # Merged sprints whose PR or vision was written on since the merge (`core.replan`).
    filed: tuple[FiledSprint, ...] = ()

    def vision(self, number: int) -> Issue | None:
        return next((v for v in self.visions if v.number == number), None)
