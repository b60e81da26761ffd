"""What a tick knows of each open vision: the facts its row of `VISION_TABLE` is read from.

`decide` (which visions to pitch), `story` (which stories ended), `status` and
the dashboard all read a vision's state through these facts and that table.
The plan works them out once (`worked_out`) and carries them; a later snapshot
of the same tick (the boxes' answers in, or the tick's writes folded) works out
again only the visions whose inputs changed. Pure.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from architect.core.facts import Eligibility, MergedSprint, VisionFacts
from architect.core.snapshot import Snapshot
from architect.forge.models import Issue

if TYPE_CHECKING:
    # The settings' type only: the core reads values, never a file.
    from architect.config import ArchitectConfig

# All a vision's facts are worked out from: the issue, its open (or closed-this-tick) sprint
# PR, its filed merged sprint, its pitch verdict.
Inputs = tuple[Issue, int | None, MergedSprint | None, Eligibility | None]


@dataclass(frozen=True)
class KnownFacts:
    """Each open vision's facts (no pitch slot given: `turn` False), with what each was
    worked out from."""

    facts: Mapping[int, VisionFacts] = field(default_factory=dict)
    inputs: Mapping[int, Inputs] = field(default_factory=dict)

    def pitching(self, pitched: Collection[int]) -> dict[int, VisionFacts]:
        """The facts with the pitch slots given to `pitched` (the decision's pitches)."""
        return {n: replace(f, turn=True) if n in pitched else f for n, f in self.facts.items()}


def facts_of(vision: Issue, sprint_pr: int | None, story: MergedSprint | None,
             verdict: Eligibility | None, settings: ArchitectConfig) -> VisionFacts:
    """One vision's facts, with no pitch slot (`turn` is the decision's to give)."""
    return VisionFacts(
        sprint_pr=sprint_pr, turn=False,
        # A filed sprint's vision is in progress even while its lost label is put back.
        in_progress=(settings.in_progress_label in vision.label_names
                     or (story is not None and not story.done)),
        verdict=verdict, done=story is not None and story.done)


def worked_out(snapshot: Snapshot, settings: ArchitectConfig,
               known: KnownFacts | None = None, *, every: bool = False) -> KnownFacts:
    """Each open vision's facts; those `known` from the same inputs are carried.

    A vision with a sprint PR (open, or closed and not answered yet) is left out unless
    `every`: its sprint's table speaks for it (the board shows the sprint; no pitch, no
    story), and only `status` lists its row."""
    in_sprint = {sp.vision_number: sp.pr.number for sp in (*snapshot.sprints, *snapshot.closed)}
    stories: dict[int, MergedSprint] = {}
    for merged in snapshot.merged:
        if merged.filed:
            stories.setdefault(merged.vision_number, merged)  # the newest, as read
    facts: dict[int, VisionFacts] = {}
    inputs: dict[int, Inputs] = {}
    for vision in snapshot.visions:
        n = vision.number
        if n in in_sprint and not every:
            continue
        inputs[n] = (vision, in_sprint.get(n), stories.get(n), snapshot.verdicts.get(n))
        if known is not None and n in known.facts and known.inputs.get(n) == inputs[n]:
            facts[n] = known.facts[n]
        else:
            facts[n] = facts_of(*inputs[n], settings)
    return KnownFacts(facts, inputs)


def vision_facts(snapshot: Snapshot, settings: ArchitectConfig, *,
                 pitched: Collection[int]) -> dict[int, VisionFacts]:
    """Each open vision's facts; `pitched`: the visions this tick's decision pitches."""
    return worked_out(snapshot, settings, every=True).pitching(pitched)
