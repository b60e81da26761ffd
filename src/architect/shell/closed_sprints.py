"""Sprint PRs a human closed or merged that the architect has not answered yet.

Only while a vision carries `in-progress` without an open sprint PR can such a
PR be waiting: the answer removes that label last. Such a vision's closed
sprint PRs are listed once a tick (its branch: `pr_history.ClosedSprintPRs`),
and the merged sprints are read from the same lists (`story.read_merged`). On
most ticks the newest is the one the architect merged, which needs no answer;
only otherwise is it looked for among the PRs closed most recently (one more
request). When the tick listed every PR of the ops repo already, both come from
that list. Who closed one is read (its timeline) only for a PR that will be
answered.

GitHub's PR lists do not say who merged a PR (`pull-request-simple` has no
`merged_by`): a merged sprint PR whose body records its filing (`## Filed:`, which
the architect writes before it merges) needs no answer whoever merged it, so no
tick after a filing asks who did, or reads its comments, on either forge. Only a PR
merged before its filing is read once more (`get_pull`), to name its merger in the
answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from architect.config import ProjectConfig
from architect.core import markers
from architect.core.render import filed_numbers
from architect.core.view import SprintPR
from architect.forge.models import Issue, PullRequest, User
from architect.forge.protocol import Forge
from architect.shell.pr_history import ClosedSprintPRs, vision_of

# One page: a sprint PR closed longer ago than the last this many closed PRs of the ops
# repo was seen (and answered) by the ticks in between.
WINDOW = 50


def closed_sprints(forge: Forge, config: ProjectConfig, bot: User, visions: tuple[Issue, ...],
                   open_for: set[int], *,
                   listed: Sequence[PullRequest] | None = None,
                   closed: ClosedSprintPRs | None = None) -> list[SprintPR]:
    label = config.architect.in_progress_label
    waiting = {v.number for v in visions if label in v.label_names} - open_for
    if not waiting:
        return []
    if listed is not None:
        last = _newest(_listed_closed(listed), waiting, bot)
    else:
        last = _waiting_answers(forge, config, bot, waiting,
                                closed or ClosedSprintPRs(forge, config))
    found = (_unanswered(forge, config, bot, pr, number) for pr, number in last)
    return [sprint for sprint in found if sprint is not None]


def _newest(prs: Sequence[PullRequest], waiting: set[int],
            bot: User) -> list[tuple[PullRequest, int]]:
    """Each waiting vision's first sprint PR in `prs` (newest first), in their order."""
    waiting = set(waiting)
    last: list[tuple[PullRequest, int]] = []
    for pr in prs:
        number = vision_of(pr)  # a deleted branch's name is kept in `head.label`
        if number not in waiting or pr.user.login != bot.login:
            continue
        waiting.discard(number)  # newest first: only a vision's last sprint PR speaks
        last.append((pr, number))
    return last


def _waiting_answers(forge: Forge, config: ProjectConfig, bot: User, waiting: set[int],
                     closed: ClosedSprintPRs) -> list[tuple[PullRequest, int]]:
    """The last sprint PRs of `waiting` that may need an answer, from each one's own list.

    A vision's last sprint PR that the architect merged itself needs none. Any other is
    answered only when it is among the WINDOW PRs closed last (what one page of them
    showed before the lists were shared): a later sprint PR of the same branch closed
    later, so when any of the vision's PRs is on that page its last one is too.
    """
    speaking: set[int] = set()
    for number in sorted(waiting):
        newest = sorted(closed.of(number), key=lambda pr: (_closed_at(pr), pr.number),
                        reverse=True)
        for pr, _ in _newest(newest, {number}, bot):
            if not _answered_by_merge(pr, bot):
                speaking.add(number)
    if not speaking:
        return []
    return _newest(forge.recently_closed_pulls(config.ops_repo, limit=WINDOW), speaking, bot)


def _answered_by_merge(pr: PullRequest, bot: User) -> bool:
    """Merged by the architect, or after the filing its body records (the architect
    writes `## Filed:` after the `Sprint filed` comment): either way nothing is missing,
    and who merged it need not be known (GitHub's lists do not say)."""
    merger = pr.merged_by.login if pr.merged_by is not None else None
    return pr.merged and (merger == bot.login or bool(filed_numbers(pr.body)))


def _merger(pr: PullRequest) -> str:
    return pr.merged_by.login if pr.merged_by is not None else "someone"


def _closed_at(pr: PullRequest) -> datetime:
    return pr.closed_at or pr.created_at


def _listed_closed(listed: Sequence[PullRequest]) -> list[PullRequest]:
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
    if _answered_by_merge(pr, bot):
        return None  # the architect merges only after filing
    if pr.merged_by is None:  # a list that does not say who merged (GitHub's)
        pr = forge.get_pull(config.ops_repo, pr.number)
    merger = _merger(pr)
    if merger == bot.login:
        return None
    comments = tuple(forge.list_comments(config.ops_repo, pr.number))
    own = [m for _, m in markers.read_marks(comments, bot.login)]
    # Filed already (merged just before the architect did), or not our pitch (the bash
    # architect's, whose filings left no mark): nothing is missing.
    if any(isinstance(m, markers.FiledMark) for m in own) or not any(
            isinstance(m, markers.FooterMark) for m in own):
        return None
    return SprintPR(pr, number, comments, closed_by=merger)
