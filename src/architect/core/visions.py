"""What a tick knows of each open vision: the facts its row of `VISION_TABLE` is read from.

`decide` (which visions to pitch), `story` (which stories ended), `status` and
the dashboard all read a vision's state through these facts and that table.
Pure.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from architect.core.facts import VisionFacts
from architect.core.snapshot import Snapshot
from architect.forge.models import Issue

if TYPE_CHECKING:
    # The settings' type only: the core reads values, never a file.
    from architect.config import ArchitectConfig


def facts_of(vision: Issue, snapshot: Snapshot, settings: ArchitectConfig, *,
             turn: bool) -> VisionFacts:
    """`turn`: a free pitch slot falls to it, in the order of `prerequisites.md`."""
    in_sprint = {sp.vision_number: sp.pr.number for sp in (*snapshot.sprints, *snapshot.closed)}
    story = next((m for m in snapshot.merged if m.vision_number == vision.number and m.filed),
                 None)
    return VisionFacts(
        sprint_pr=in_sprint.get(vision.number), turn=turn,
        # A filed sprint's vision is in progress even while its lost label is put back.
        in_progress=(settings.in_progress_label in vision.label_names
                     or (story is not None and not story.done)),
        verdict=snapshot.verdicts.get(vision.number),
        done=story is not None and story.done)


def vision_facts(snapshot: Snapshot, settings: ArchitectConfig, *,
                 pitched: Collection[int]) -> dict[int, VisionFacts]:
    """Each open vision's facts; `pitched`: the visions this tick's decision pitches."""
    return {vision.number: facts_of(vision, snapshot, settings, turn=vision.number in pitched)
            for vision in snapshot.visions}
