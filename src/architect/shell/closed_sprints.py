"""Sprint PRs a human closed or merged that the architect has not answered yet.

Only while a vision carries `in-progress` without an open sprint PR can such a
PR be waiting: the answer removes that label last. Then one request lists the
PRs closed most recently (none when the tick listed every PR of the ops repo
already); who closed one is read (its timeline) only for a PR that will be
answered.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from architect.config import ProjectConfig
from architect.core import markers
from architect.core.sprint import SprintPR, vision_of_branch
from architect.forge.models import Issue, PullRequest, User
from architect.forge.protocol import Forge

# One page: a sprint PR closed longer ago than the last this many closed PRs of the ops
# repo was seen (and answered) by the ticks in between.
WINDOW = 50


def closed_sprints(forge: Forge, config: ProjectConfig, bot: User, visions: tuple[Issue, ...],
                   open_for: set[int], *,
                   listed: Sequence[PullRequest] | None = None) -> list[SprintPR]:
    label = config.architect.in_progress_label
    waiting = {v.number for v in visions if label in v.label_names} - open_for
    if not waiting:
        return []
    found: list[SprintPR] = []
    for pr in _recently_closed(forge, config, listed):
        # A deleted branch leaves `head.ref` as refs/pull/N/head; `head.label` keeps its name.
        number = vision_of_branch(pr.head.ref) or vision_of_branch(pr.head.label)
        if number not in waiting or pr.user.login != bot.login:
            continue
        waiting.discard(number)  # newest first: only a vision's last sprint PR speaks
        sprint = _unanswered(forge, config, bot, pr, number)
        if sprint is not None:
            found.append(sprint)
    return found


def _recently_closed(forge: Forge, config: ProjectConfig,
                     listed: Sequence[PullRequest] | None) -> list[PullRequest]:
    if listed is None:
        return forge.recently_closed_pulls(config.ops_repo, limit=WINDOW)
    closed = [pr for pr in listed if pr.state == "closed" and pr.closed_at is not None]
    closed.sort(key=lambda pr: (pr.closed_at, pr.number), reverse=True)
    return closed[:WINDOW]


def _unanswered(forge: Forge, config: ProjectConfig, bot: User, pr: PullRequest,
                number: int) -> SprintPR | None:
    if not pr.merged:
        # The close event is written with the PR's `closed_at`: a minute's margin for clocks
        # that round differently, and the read stays a page.
        since = pr.closed_at - timedelta(minutes=1) if pr.closed_at is not None else None
        events = forge.list_timeline(config.ops_repo, pr.number, since=since)
        closer = next((e.user.login for e in reversed(events)
                       if e.type == "close" and e.user is not None), "someone")
        # Its comments, for a `REJECT: …` its closer wrote before closing it by hand.
        comments = tuple(forge.list_comments(config.ops_repo, pr.number))
        return SprintPR(pr, number, comments, closed_by=closer)
    merger = pr.merged_by.login if pr.merged_by is not None else "someone"
    if merger == bot.login:
        return None  # the architect merges only after filing
    comments = tuple(forge.list_comments(config.ops_repo, pr.number))
    own = [m for _, m in markers.read_marks(comments, bot.login)]
    # Filed already (merged just before the architect did), or not our pitch (the bash
    # architect's, whose filings left no mark): nothing is missing.
    if any(isinstance(m, markers.FiledMark) for m in own) or not any(
            isinstance(m, markers.FooterMark) for m in own):
        return None
    return SprintPR(pr, number, comments, closed_by=merger)
