"""Read what one tick needs from the forge, in as few requests as the API allows.

Every list is read whole (the client paginates), once. Per-PR reads happen
only for open sprint PRs; history checks (earlier sprint PRs, open
sub-issues) only for the visions that could be pitched this tick, each kind
read at most once per tick however many visions it answers for
(`shell.pr_history`, `shell.subissues`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime

from architect.config import ProjectConfig
from architect.core import rules
from architect.core.snapshot import Snapshot, VisionHistory
from architect.core.sprint import SprintPR, read_marks, vision_of_branch
from architect.core.steering import Steering
from architect.forge.models import Comment, Issue, User
from architect.forge.protocol import Forge
from architect.shell.pr_history import SprintPRHistory
from architect.shell.subissues import SubIssueLookup

log = logging.getLogger("architect")


def read_snapshot(forge: Forge, config: ProjectConfig, *, now: datetime, bot: User,
                  prerequisites: Callable[[], str]) -> Snapshot:
    s = config.architect
    visions = tuple(
        v for v in forge.list_issues(config.repo, state="open", labels=[s.vision_label],
                                     type="issues")
        # The forge drops unknown label names from the filter (and returns everything
        # when none is known), so the label is checked here again.
        if not v.is_pull and s.vision_label in v.label_names
    )
    sprints = tuple(_read_sprints(forge, config, bot))
    steering = _steering(forge, config, bot, sprints)
    budget = s.max_open_pitches - len(sprints)
    candidates: tuple[VisionHistory, ...] = ()
    order: tuple[int, ...] = ()
    open_for = {sp.vision_number for sp in sprints}
    possible = [v for v in visions if rules.may_be_pitched(v, open_for, s.in_progress_label)]
    if budget > 0 and possible:
        from architect.runners.offline.vision import prerequisite_order

        order = tuple(prerequisite_order(prerequisites(), [(v.number, v.title) for v in possible]))
        found, steering = _histories(forge, config, bot, steering, possible, order, budget)
        candidates = tuple(found)
    return Snapshot(now=now, bot=bot, visions=visions, sprints=sprints, steering=steering,
                    candidates=candidates, pitch_order=order)


def _read_sprints(forge: Forge, config: ProjectConfig, bot: User) -> list[SprintPR]:
    sprints: list[SprintPR] = []
    for pr in forge.list_pulls(config.ops_repo, state="open"):
        number = vision_of_branch(pr.head.ref)
        if number is None or pr.user.login != bot.login:
            continue
        comments = tuple(forge.list_comments(config.ops_repo, pr.number))
        # Reviews matter until the filing starts: an approval accepts the pitch, and a
        # request for changes revises it, during the design questions too.
        sprint = SprintPR(pr, number, comments)
        if not read_marks(sprint, bot.login).filing:
            sprint = replace(sprint, reviews=tuple(forge.list_reviews(config.ops_repo, pr.number)))
        sprints.append(sprint)
    return sprints


def _steering(forge: Forge, config: ProjectConfig, bot: User,
              sprints: tuple[SprintPR, ...]) -> Steering:
    """Who may steer, read once per tick and only when someone's input matters."""
    s = config.architect
    base = Steering(bot_login=bot.login, reviewers=frozenset(s.reviewers),
                    bot_patterns=s.bot_account_globs)
    authors = set().union(*(read_marks(sprint, bot.login).authors for sprint in sprints))
    logins = sorted(login for login in authors if base.needs_lookup(login))
    if not logins:
        return base
    return _with_writers(forge, config, base)


def _with_writers(forge: Forge, config: ProjectConfig, steering: Steering) -> Steering:
    # The assignees are exactly the users with write access, and unlike other users'
    # permissions any reader of the repo may list them: one request, no admin right.
    writers = frozenset(u.login for u in forge.list_assignees(config.ops_repo))
    return replace(steering, writers=writers)


def _histories(forge: Forge, config: ProjectConfig, bot: User, steering: Steering,
               possible: list[Issue],
               order: tuple[int, ...], budget: int) -> tuple[list[VisionHistory], Steering]:
    by_number = {v.number: v for v in possible}
    found: list[VisionHistory] = []
    eligible = 0
    reads = _HistoryReads(SprintPRHistory(forge, config, bot.login),
                          SubIssueLookup(forge, config, bot.login))
    for number in order:
        if eligible >= budget:
            break
        history, steering = _history(forge, config, reads, steering, by_number[number])
        found.append(history)
        if rules.pitchable(history, steering).ok:
            eligible += 1
    return found, steering


@dataclass(frozen=True)
class _HistoryReads:
    prs: SprintPRHistory
    subs: SubIssueLookup


def _history(forge: Forge, config: ProjectConfig, reads: _HistoryReads, steering: Steering,
             vision: Issue) -> tuple[VisionHistory, Steering]:
    """The vision's earlier sprint PRs, then only what can still change the verdict."""
    prs = reads.prs.of(vision.number)
    if any(pr.merged or pr.state == "open" for pr in prs):
        return VisionHistory(vision, prs), steering
    comments: tuple[Comment, ...] = ()
    if prs or vision.comments:
        # An earlier rejection, or a note that the model failed on its pitch, is a comment.
        comments = tuple(forge.list_comments(config.repo, vision.number))
        if any(steering.needs_lookup(c.user.login) for c in comments):
            # Only people who may steer can ask for a new pitch: a drive-by "+1" cannot.
            steering = _with_writers(forge, config, steering)
        so_far = VisionHistory(vision, prs, comments)
        if not rules.pitchable(so_far, steering).ok:
            return so_far, steering  # held and quiet since: sub-issues would not change it
    subs = reads.subs.open_for(vision.number, prs)
    return VisionHistory(vision, prs, comments, subs), steering

