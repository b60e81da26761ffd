"""Whether an open sprint's vision still holds it: closed, deleted or unlabelled.

The tick lists open visions that carry the label; a sprint whose vision is not
among them is told apart by one read of that issue, only for such sprints.
"""

from __future__ import annotations

from dataclasses import replace

from architect.config import ProjectConfig
from architect.core.view import SprintPR
from architect.errors import ForgeNotFound
from architect.forge.models import Issue
from architect.forge.protocol import Forge


def vision_gone(forge: Forge, config: ProjectConfig, sprint: SprintPR,
                visions: tuple[Issue, ...]) -> SprintPR:
    """The sprint, with why its vision no longer holds it when that is so; a vision closed
    or unlabelled may come back (`vision_slipped`), a deleted one cannot."""
    number = sprint.vision_number
    if any(v.number == number for v in visions):
        return sprint
    label = config.architect.vision_label
    # Said on the ops repo too, where a bare #N would name one of its own items.
    ref = f"{config.repo}#{number}"
    try:
        vision = forge.get_issue(config.repo, number)
    except ForgeNotFound:
        return replace(sprint, vision_gone=f"its vision {ref} was deleted")
    if vision.state == "closed":
        return replace(sprint, vision_gone=f"its vision {ref} was closed", vision_slipped=True)
    if label not in vision.label_names:
        return replace(sprint, vision_gone=f"its vision {ref} lost the `{label}` label",
                       vision_slipped=True)
    return sprint  # listed a moment ago: changed between the two reads; the next tick sees
