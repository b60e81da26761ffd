"""The snapshot as the tick left it: its own writes folded into what it read. Pure.

The dashboard is rendered once, at the end of the tick, from this: not from a
second read or a second plan. Each write the tick made is a fact the forge
would now report (a PR opened, a comment posted, a label put on or taken off,
a PR closed or merged, a vision closed), so the fold is what the next full
read would find of everything the tick touched. What others changed meanwhile
the next tick reads, as it would anyway (the tick's own writes move the
cursor's watermarks, so that tick reads fully and renders what it finds).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from architect.core import rules
from architect.core.decide import timed_views
from architect.core.facts import MergedSprint, VisionHistory
from architect.core.render import filed_numbers
from architect.core.replan import FiledSprint, ReplanView
from architect.core.replan_views import replan_views
from architect.core.snapshot import Snapshot
from architect.core.sprint import vision_of_branch
from architect.core.view import SprintPR, SprintView
from architect.forge.models import Comment, Issue, Label, PullRequest

if TYPE_CHECKING:
    from architect.config import ArchitectConfig


@dataclass(frozen=True)
class Wrote:
    """One write of the tick, with what the forge answered (None: it said nothing)."""

    repo: str
    number: int
    comment: Comment | None = None  # a comment posted
    pull: PullRequest | None = None  # a PR opened or edited, as the forge returned it
    issue: Issue | None = None  # an issue edited, as the forge returned it
    labels: tuple[Label, ...] | None = None  # the issue's labels after the write
    unlabelled: str = ""  # a label taken off
    merged: bool = False
    deleted_branch: str = ""  # on Forgejo, deleting a PR's head branch closes the PR
    # `comment` is an edit of an earlier one (its thread unknown: `number` is 0): the
    # render reads what it now says (a reason given later); the fold leaves it out.
    edited: bool = False


def after(snapshot: Snapshot, writes: Sequence[Wrote], *, repo: str,
          ops_repo: str) -> Snapshot:
    """`snapshot` with `writes` folded in, in the order they were made."""
    for wrote in writes:
        if wrote.edited:
            continue
        if wrote.repo == ops_repo:
            snapshot = _on_ops(snapshot, wrote)
        elif wrote.repo == repo:
            snapshot = _on_project(snapshot, wrote)
    return snapshot


def _on_ops(snapshot: Snapshot, wrote: Wrote) -> Snapshot:
    sprints = {sp.pr.number: sp for sp in snapshot.sprints}
    if wrote.deleted_branch:
        gone = next((sp for sp in snapshot.sprints if sp.pr.head.ref == wrote.deleted_branch),
                    None)
        if gone is None:
            return snapshot
        return _closed(snapshot, replace(gone, pr=gone.pr.model_copy(update={"state": "closed"})))
    sprint = sprints.get(wrote.number)
    filed = next((f for f in snapshot.filed if f.number == wrote.number), None)
    if sprint is None and filed is not None and wrote.comment is not None:
        return _on_filed(snapshot, filed, wrote.comment)  # a re-plan's word on a merged PR
    if sprint is None and filed is not None and wrote.pull is not None:
        return _refiled(snapshot, wrote.pull)  # a re-plan's `## Filed:` on a merged PR
    if sprint is None:
        opened = wrote.pull
        vision = vision_of_branch(opened.head.ref) if opened is not None else None
        if opened is None or vision is None or opened.state != "open":
            return snapshot
        return replace(snapshot, sprints=(*snapshot.sprints, SprintPR(opened, vision, ())))
    if wrote.comment is not None:
        sprint = replace(sprint, comments=(*sprint.comments, wrote.comment))
    if wrote.pull is not None:
        sprint = replace(sprint, pr=wrote.pull)
    if wrote.labels is not None or wrote.unlabelled:
        sprint = replace(sprint, pr=sprint.pr.model_copy(update={"labels": [
            label for label in (wrote.labels if wrote.labels is not None else sprint.pr.labels)
            if label.name != wrote.unlabelled]}))
    if wrote.merged:
        return _merged(snapshot, sprint)
    if sprint.pr.state == "closed":
        return _closed(snapshot, sprint)
    return replace(snapshot, sprints=tuple(sprint if sp.pr.number == wrote.number else sp
                                           for sp in snapshot.sprints))


def _on_filed(snapshot: Snapshot, filed: FiledSprint, comment: Comment) -> Snapshot:
    comments = (*filed.comments, comment)
    now = replace(filed, comments=comments, sprint=replace(filed.sprint, comments=comments))
    return replace(snapshot, filed=tuple(now if f is filed else f for f in snapshot.filed))


def _refiled(snapshot: Snapshot, pr: PullRequest) -> Snapshot:
    merged = tuple(replace(m, pr=pr, filed=filed_numbers(pr.body)) if m.pr.number == pr.number
                   else m for m in snapshot.merged)
    return replace(snapshot, merged=merged)


def _sub_closed(snapshot: Snapshot, issue: Issue) -> Snapshot:
    """A sub-issue of a merged sprint the tick closed (a re-plan dropping it)."""
    merged = tuple(replace(m, closed_count=m.closed_count + 1)
                   if issue.number in m.filed and m.closed_count is not None else m
                   for m in snapshot.merged)
    return replace(snapshot, merged=merged)


def _without(snapshot: Snapshot, sprint: SprintPR) -> Snapshot:
    number = sprint.pr.number
    return replace(snapshot, sprints=tuple(sp for sp in snapshot.sprints
                                           if sp.pr.number != number),
                   closed=tuple(sp for sp in snapshot.closed if sp.pr.number != number))


def _merged(snapshot: Snapshot, sprint: SprintPR) -> Snapshot:
    pr = sprint.pr.model_copy(update={"state": "closed", "merged": True})
    filed = filed_numbers(pr.body)
    story = MergedSprint(sprint.vision_number, pr, filed, (), filed[0] if filed else None,
                         branch_left=False, closed_count=0)
    rest = tuple(m for m in snapshot.merged if m.vision_number != sprint.vision_number)
    return replace(_without(snapshot, sprint), merged=(*rest, story))


def _closed(snapshot: Snapshot, sprint: SprintPR) -> Snapshot:
    """Ended without a merge: its vision's history now holds the closed PR, so the rules
    judge it again (a rejection holds it until someone asks for a new pitch)."""
    number = sprint.vision_number
    vision = snapshot.vision(number)
    folded = _without(snapshot, sprint)
    if vision is None:
        return folded
    known = next((h for h in snapshot.candidates if h.vision.number == number), None)
    history = known or VisionHistory(vision)
    history = replace(history, sprint_prs=(*(p for p in history.sprint_prs
                                              if p.number != sprint.pr.number), sprint.pr))
    return _history(folded, history)


def _history(snapshot: Snapshot, history: VisionHistory) -> Snapshot:
    number = history.vision.number
    others = tuple(h for h in snapshot.candidates if h.vision.number != number)
    # The snapshot carries verdicts as data: the changed history is judged again here.
    verdicts = {**snapshot.verdicts, number: rules.pitchable(history, snapshot.steering)}
    return replace(snapshot, candidates=(*others, history), verdicts=verdicts)


def _on_project(snapshot: Snapshot, wrote: Wrote) -> Snapshot:
    vision = snapshot.vision(wrote.number)
    if vision is None:
        if wrote.issue is not None and wrote.issue.state == "closed":
            return _sub_closed(snapshot, wrote.issue)
        return snapshot
    # A sprint a human closed is answered by the note on its vision: it ends there.
    ended = next((sp for sp in snapshot.closed if sp.vision_number == wrote.number), None)
    if ended is not None:
        snapshot = _closed(snapshot, ended)
    if wrote.issue is not None:
        vision = wrote.issue
    labels = wrote.labels if wrote.labels is not None else tuple(vision.labels)
    vision = vision.model_copy(update={"labels": [
        label for label in labels if label.name != wrote.unlabelled]})
    if vision.state != "open":
        return replace(snapshot, visions=tuple(v for v in snapshot.visions
                                               if v.number != wrote.number))
    visions = tuple(vision if v.number == wrote.number else v for v in snapshot.visions)
    snapshot = replace(snapshot, visions=visions)
    known = next((h for h in snapshot.candidates if h.vision.number == wrote.number), None)
    if known is None and wrote.comment is None:
        return snapshot
    # A note on a vision not judged yet starts its history: a rejection the tick closes
    # next is judged with it, as the next read would.
    known = known or VisionHistory(vision)
    comments = (*known.vision_comments, wrote.comment) if wrote.comment else \
        known.vision_comments
    return _history(snapshot, replace(known, vision=vision, vision_comments=comments))



def views_after(views: Sequence[SprintView], snapshot: Snapshot,
                settings: ArchitectConfig) -> tuple[SprintView, ...]:
    """The sprint views of the folded snapshot: the decision's, carried, for every sprint
    the tick did not write to; worked out again only for those it did."""
    kept = {view.number: view for view in views}

    def same(sprint: SprintPR) -> bool:  # models hold lists: compared, not hashed
        view = kept.get(sprint.pr.number)
        return view is not None and view.sprint == sprint

    every = (*snapshot.sprints, *snapshot.closed)
    changed = [sp for sp in every if not same(sp)]
    fresh = iter(timed_views(replace(snapshot, sprints=tuple(changed), closed=()), settings))
    return tuple(kept[sp.pr.number] if same(sp) else next(fresh) for sp in every)


def replans_after(replans: Sequence[ReplanView], snapshot: Snapshot,
                  settings: ArchitectConfig) -> tuple[ReplanView, ...]:
    """The re-plan views of the folded snapshot, as `views_after` does for the sprints:
    the decision's, carried, for every filed sprint the tick did not write to."""
    kept = {view.filed.number: view for view in replans}

    def same(filed: FiledSprint) -> bool:
        view = kept.get(filed.number)
        return view is not None and view.filed == filed

    changed = [f for f in snapshot.filed if not same(f)]
    if not changed:
        return tuple(kept[f.number] for f in snapshot.filed)
    fresh = iter(replan_views(replace(snapshot, filed=tuple(changed)), settings))
    return tuple(kept[f.number] if same(f) else next(fresh) for f in snapshot.filed)
