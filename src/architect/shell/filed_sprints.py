"""Read what was said on merged sprints since their merge, and their sub-issues when needed.

A merged sprint PR (or its vision) that nobody wrote on since the merge costs
nothing: a comment moves an issue's `updated_at`, and the merged PR and the vision
come with the tick's lists already. Only then are the PR's comments read (and the
vision's, when it moved too); the sub-issues, and the project's open pull requests
and branches that may name them, only when a request, an ACCEPT or an unfinished
apply needs them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from architect.config import ProjectConfig
from architect.core.facts import MergedSprint
from architect.core.replan import FiledSprint, SubNow, needs_subs
from architect.core.replan_views import replan_view
from architect.core.steering import Steering
from architect.core.view import SprintPR
from architect.errors import ForgeNotFound
from architect.forge.models import Issue
from architect.forge.protocol import Forge
from architect.shell.forge_facts import with_writers

# A branch named for an issue: `12-fix`, `issue-12`, `fix/12-login`.
_BRANCH_NUMBER = re.compile(
    r"(?:^|[/_-])(?:issue|issues|fix|feat|feature|bug)?[-_]?(\d+)(?=[/_-]|$)", re.IGNORECASE)
_MENTION = re.compile(r"#(\d+)\b")


def read_filed(forge: Forge, config: ProjectConfig, visions: Sequence[Issue],
               merged: Sequence[MergedSprint],
               steering: Steering) -> tuple[tuple[FiledSprint, ...], Steering]:
    """The merged sprints written on since their merge, and the steering that judges them."""
    found: list[FiledSprint] = []
    by_number = {v.number: v for v in visions}
    for sprint in merged:
        vision = by_number.get(sprint.vision_number)
        pr = sprint.pr
        since = pr.merged_at or pr.updated_at
        if vision is None or not sprint.filed or (
                pr.updated_at <= since and vision.updated_at <= since):
            continue
        comments = tuple(forge.list_comments(config.ops_repo, pr.number))
        on_vision = tuple(c for c in forge.list_comments(config.repo, vision.number)
                          if c.created_at >= since) if vision.updated_at > since else ()
        authors = {c.user.login for c in (*comments, *on_vision)}
        if steering.writers is None and any(steering.needs_lookup(a) for a in authors):
            steering = with_writers(forge, config, steering)
        found.append(FiledSprint(sprint, SprintPR(pr, sprint.vision_number, comments),
                                 comments, on_vision))
    views = {f.number: replan_view(f, steering) for f in found}
    needed = {f.number for f in found if needs_subs(views[f.number])}
    if not needed:
        return tuple(found), steering
    linked = _linked(forge, config)
    return tuple(replace(f, subs=read_subs(forge, config, views[f.number].numbers, linked))
                 if f.number in needed else f for f in found), steering


def read_subs(forge: Forge, config: ProjectConfig, numbers: Sequence[int],
              linked: frozenset[int]) -> tuple[SubNow, ...]:
    subs: list[SubNow] = []
    for number in numbers:
        try:
            issue = forge.get_issue(config.repo, number)
        except ForgeNotFound:
            continue  # deleted: nothing to re-plan
        subs.append(SubNow(issue, number in linked))
    return tuple(subs)


def _linked(forge: Forge, config: ProjectConfig) -> frozenset[int]:
    """The issues an open pull request or a branch of the project names: work started."""
    named: set[int] = set()
    for pr in forge.list_pulls(config.repo, state="open"):
        named |= {int(n) for n in _MENTION.findall(f"{pr.title}\n{pr.body}")}
        named |= {int(n) for n in _BRANCH_NUMBER.findall(pr.head.ref)}
    for branch in forge.list_branches(config.repo):
        named |= {int(n) for n in _BRANCH_NUMBER.findall(branch)}
    return frozenset(named)
