"""Read the merged sprints of open visions (their story's end is written in `steps.story`).

One list call per vision in progress finds its merged sprint PR (the body
included, so its `## Filed` line comes free); then its sub-issues are read only
until the first one still open, which on most ticks is the first; while any
vision is in progress, one list of the issues closed since its merge counts them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from architect.config import ProjectConfig
from architect.core.facts import MergedSprint, VisionHistory
from architect.core.markers import StoryEvent, StoryMark, find_vision, marks_of
from architect.core.render import filed_numbers
from architect.core.sprint import branch_for, vision_of_branch
from architect.core.view import SprintPR
from architect.errors import ForgeNotFound
from architect.forge.models import Issue, PullRequest, User
from architect.forge.protocol import Forge
from architect.shell.logs import outcome_log
from architect.shell.pr_history import ClosedSprintPRs, vision_of

# What the step did: each line reads "would: …" in a dry run (shell/logs.py).
log = outcome_log


def read_merged(forge: Forge, config: ProjectConfig, bot: User, visions: Sequence[Issue],
                sprints: Sequence[SprintPR], histories: Sequence[VisionHistory],
                filer_login: str = "", *,
                listed: Sequence[PullRequest] | None = None,
                known_open: frozenset[int] = frozenset(),
                closed: ClosedSprintPRs | None = None) -> tuple[MergedSprint, ...]:
    """The newest merged sprint of each open vision that has one and no open sprint.

    A vision in progress is the usual case: one list of its own sprint PRs (the
    head filter, as a pitch candidate's history is read; nothing that grows with
    other visions' PRs). A vision that lost its label was read as a pitch
    candidate, and its history holds its merged PRs already. When the tick listed
    every PR of the ops repo (`listed`), that list answers for the labelled ones too;
    a sub-issue its listing found open (`known_open`) is not read again. The lists of
    `closed` are shared with the reading of the sprints a human closed.
    """
    busy = {s.vision_number for s in sprints}
    labelled = {v.number for v in visions if config.architect.in_progress_label in v.label_names
                and v.number not in busy}
    prs = [pr for h in histories if h.vision.number not in busy for pr in h.sprint_prs]
    if listed is not None:
        prs += [pr for pr in listed if pr.state == "closed" and vision_of(pr) in labelled]
    else:
        closed = closed or ClosedSprintPRs(forge, config)
        for vision in sorted(labelled):
            prs += closed.of(vision)
    newest: dict[int, PullRequest] = {}
    wanted = labelled | {h.vision.number for h in histories} - busy
    for pr in prs:
        number = find_vision(pr.body) or vision_of_branch(pr.head.ref)
        if not pr.merged or pr.user.login != bot.login or number is None or number not in wanted:
            continue
        if number not in newest or pr.number > newest[number].number:
            newest[number] = pr
    own = {bot.login, filer_login or bot.login}
    merged = [_merged(forge, config, number, pr, own, known_open)
              for number, pr in sorted(newest.items())]
    return tuple(_counted(forge, config, merged))


def _counted(forge: Forge, config: ProjectConfig,
             merged: Sequence[MergedSprint]) -> list[MergedSprint]:
    """Each vision in progress with its exact count of closed sub-issues.

    The reading of sub-issues stops at the first open one; the count comes from one
    list of the issues closed since the earliest merge among them (a close updates an
    issue, so `since` finds it), once a tick and only while some vision is in progress.
    A sub-issue closed before its sprint merged is counted when the reading found it.
    """
    waiting = [m for m in merged if m.filed and not m.done]
    if not waiting:
        return list(merged)
    since = min(m.pr.merged_at or m.pr.created_at for m in waiting)
    closed_now = {i.number for i in forge.list_issues(config.repo, state="closed",
                                                      type="issues", since=since)}
    return [replace(m, closed_count=len(set(m.filed) & (closed_now | {i.number for i in m.closed})))
            if m in waiting else m for m in merged]


def _merged(forge: Forge, config: ProjectConfig, vision: int, pr: PullRequest,
            own: set[str], known_open: frozenset[int] = frozenset()) -> MergedSprint:
    filed = filed_numbers(pr.body)
    closed: list[Issue] = []
    open_sub = None
    for number in filed:
        if number in known_open:
            open_sub = number
            break
        try:
            issue = forge.get_issue(config.repo, number)
        except ForgeNotFound:
            continue  # deleted: nothing left to wait for
        if issue.state == "open":
            open_sub = number
            break
        closed.append(issue)
    summarized_at = None
    if filed and open_sub is None:  # the end: was it told already? (one read, once at the end)
        comments = forge.list_comments(config.repo, vision)
        summarized_at = max((c.created_at for login in own
                             for c, m in marks_of(StoryMark, comments, login)
                             if m.event is StoryEvent.COMPLETED and m.pr == pr.number),
                            default=None)
    # Forgejo reports a deleted head branch as the PR's own ref (refs/pull/N/head).
    return MergedSprint(vision, pr, filed, tuple(closed), open_sub,
                        branch_left=pr.head.ref == branch_for(vision),
                        summarized_at=summarized_at)
