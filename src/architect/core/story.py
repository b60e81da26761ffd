"""The end of a vision's story: its merged sprint, its sub-issues, its summary. Pure.

A merged sprint PR says which sub-issues were filed (`## Filed: #a #b` in its
body). While any of them is open the vision keeps `in-progress` (put back if
lost, whatever happened to the sprint PR); once all are closed the vision gets
one summary, loses the label and, with `close_vision_when_done`, is closed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from architect.core import markers
from architect.core.actions import CompleteVision, RepairMerged
from architect.core.facts import MergedSprint, VisionFacts, VisionState
from architect.core.snapshot import Snapshot
from architect.core.table import vision_row
from architect.core.text import one_line
from architect.forge.models import Issue, PullRequest

if TYPE_CHECKING:
    from architect.config import ArchitectConfig

# Forgejo keeps no reason for a close: a label the team uses for "won't do" is the one
# thing the issue's JSON says about it.
NOT_PLANNED_LABELS = ("wontfix", "won't fix", "not planned", "duplicate", "invalid")


def not_planned(issue: Issue) -> str | None:
    """The label that says the issue was closed without being done, if any."""
    return next((label.name for label in issue.labels
                 if label.name.lower() in NOT_PLANNED_LABELS), None)


def story_actions(snapshot: Snapshot, settings: ArchitectConfig,
                  facts: Mapping[int, VisionFacts]) -> list[CompleteVision | RepairMerged]:
    """For each open vision with a merged sprint and no open one: keep or end its story."""
    open_for = {s.vision_number for s in snapshot.sprints}
    actions: list[CompleteVision | RepairMerged] = []
    for merged in snapshot.merged:
        vision = snapshot.vision(merged.vision_number)
        if vision is None or merged.vision_number in open_for or not merged.filed:
            continue
        labelled = settings.in_progress_label in vision.label_names
        # No facts: it has a sprint PR, closed and not answered yet (its story goes on).
        worked = facts.get(vision.number)
        if worked is not None and vision_row(worked).state is VisionState.COMPLETED:
            said = merged.summarized_at
            if said is not None and not labelled and (
                    vision.updated_at.replace(microsecond=0) > said.replace(microsecond=0)):
                continue  # the story ended, and a human reopened the vision since: leave it
            if labelled or settings.close_vision_when_done:
                actions.append(CompleteVision(merged, close=settings.close_vision_when_done))
        elif not labelled or merged.branch_left:
            actions.append(RepairMerged(merged.vision_number, merged.pr.number,
                                        label=not labelled, branch=merged.branch_left))
    return actions


# -- what the vision is told ----------------------------------------------------

def pitched_notice(pr: PullRequest) -> str:
    # A PR without a link yet (a dry run's) is named once, not "PR #1 (PR #1 …)".
    where = (f"{pr.html_url} (PR #{pr.number} on the ops repo)" if pr.html_url
             else f"PR #{pr.number} on the ops repo")
    return (f"Pitched as a sprint: {where}. Reply there with `ACCEPT`, or `REJECT: <reason>`."
            "\n\n"
            + markers.StoryMark(markers.StoryEvent.PITCHED, pr.number).render())


def filed_notice(pr_number: int, filed: Sequence[int],
                 titles: Mapping[int, str] | None = None) -> str:
    """On the vision (the project repo, where `#N` is its own issue): each with its title."""
    known = titles or {}
    listing = "\n".join(f"- #{n}" + (f" {one_line(known[n], 150)}" if n in known else "")
                        for n in filed)
    return (f"Its sprint (PR #{pr_number}) filed these sub-issues:\n\n{listing}\n\n"
            "This vision keeps the `in-progress` label until all of them are closed.\n\n"
            + markers.StoryMark(markers.StoryEvent.FILED, pr_number).render())


def summary(merged: MergedSprint, *, close: bool) -> str:
    done = [i for i in merged.closed if not_planned(i) is None]
    dropped = [(i, not_planned(i)) for i in merged.closed if not_planned(i) is not None]
    lines = [f"Every sub-issue filed by its sprint (PR #{merged.pr.number}) is closed."]
    if done:
        lines += ["", "Closed as done:", *(f"- #{i.number} {i.title}" for i in done)]
    if dropped:
        lines += ["", "Closed as not planned:",
                  *(f"- #{i.number} {i.title} (label `{label}`)" for i, label in dropped)]
    lines += ["", "(Forgejo records no reason for a close: an issue counts as not planned when "
              f"it carries one of the labels {', '.join(f'`{n}`' for n in NOT_PLANNED_LABELS)}.)",
              "", "Removed `in-progress`" + ("; closing this vision." if close else "."),
              "", markers.StoryMark(markers.StoryEvent.COMPLETED, merged.pr.number).render()]
    return "\n".join(lines)
