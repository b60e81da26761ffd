"""Read what one tick needs from the forge, in as few requests as the API allows.

Every list is read whole (the client paginates), once. Per-PR reads happen
only for open sprint PRs; history checks (earlier sprint PRs, open
sub-issues) only for the visions that could be pitched this tick, each kind
read at most once per tick however many visions it answers for
(`shell.pr_history`, `shell.subissues`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime

from architect.config import ProjectConfig
from architect.core import markers, rules, source
from architect.core.facts import Eligibility, VisionHistory
from architect.core.pitch_order import prerequisite_order
from architect.core.snapshot import Snapshot
from architect.core.sprint import read_marks, vision_of_branch, with_marks
from architect.core.steering import Steering
from architect.core.view import SprintPR
from architect.forge.models import Comment, Issue, PullRequest, User
from architect.forge.protocol import Forge
from architect.shell.cited import CitedReader
from architect.shell.closed_sprints import closed_sprints
from architect.shell.filed_sprints import read_filed
from architect.shell.forge_facts import with_writers
from architect.shell.pr_history import ClosedSprintPRs, SprintPRHistory, vision_of
from architect.shell.story import read_merged
from architect.shell.subissues import SubIssueLookup
from architect.shell.vision_gone import vision_gone

log = logging.getLogger("architect")


def read_snapshot(forge: Forge, config: ProjectConfig, *, now: datetime, bot: User,
                  prerequisites: Callable[[], str], filer_login: str = "",
                  visions: tuple[Issue, ...] | None = None,
                  changed: Mapping[int, Issue] | None = None) -> Snapshot:
    """`visions`: the open visions when they are known already (carried by the cursor);
    `changed`: the project repo's issues a look found updated since the last full read
    (None: no look; the issues a pitch cites are then read)."""
    s = config.architect
    if visions is None:
        visions = tuple(
            v for v in forge.list_issues(config.repo, state="open", labels=[s.vision_label],
                                         type="issues")
            # The forge drops unknown label names from the filter (and returns everything
            # when none is known), so the label is checked here again.
            if not v.is_pull and s.vision_label in v.label_names
        )
    sprints = tuple(_on_vision(forge, config, vision_gone(forge, config, sp, visions), visions)
                    for sp in _read_sprints(forge, config, bot))
    cited = CitedReader(forge, config, changed)
    sprints = tuple(_with_cited(cited, sp, bot) for sp in sprints)
    steering = replace(_steering(forge, config, bot, sprints), filer_login=filer_login)
    budget = s.max_open_pitches - len(sprints)
    candidates: tuple[VisionHistory, ...] = ()
    order: tuple[int, ...] = ()
    verdicts: dict[int, Eligibility] = {}
    listed: tuple[PullRequest, ...] | None = None
    known_open: frozenset[int] = frozenset()
    open_for = {sp.vision_number for sp in sprints}
    possible = [v for v in visions if rules.may_be_pitched(v, open_for, s.in_progress_label)]
    reads = _HistoryReads(SprintPRHistory(forge, config, bot.login),
                          SubIssueLookup(forge, config, bot.login))
    if budget > 0 and possible:
        order = tuple(prerequisite_order(prerequisites(), [(v.number, v.title) for v in possible]))
        found, verdicts, steering = _histories(forge, config, reads, steering, possible, order,
                                               budget)
        candidates = tuple(found)
    held, held_verdicts, steering = _rejected_beyond(forge, config, reads, steering, possible,
                                                     {h.vision.number for h in candidates})
    candidates, verdicts = (*candidates, *held), {**verdicts, **held_verdicts}
    listed, known_open = reads.prs.listed, reads.subs.listed_open
    # A vision in progress: its closed sprint PRs, listed once, answer both readers.
    own_closed = ClosedSprintPRs(forge, config)
    closed = tuple(closed_sprints(forge, config, bot, visions, open_for, listed=listed,
                                  closed=own_closed))
    merged = read_merged(forge, config, bot, visions, sprints, candidates, filer_login,
                         listed=listed, known_open=known_open, closed=own_closed)
    filed, steering = read_filed(forge, config, visions, merged, steering)
    return Snapshot(now=now, bot=bot, visions=visions, sprints=sprints, steering=steering,
                    candidates=candidates, pitch_order=order, verdicts=verdicts,
                    merged=merged, closed=closed, filed=filed)


def _read_sprints(forge: Forge, config: ProjectConfig, bot: User) -> list[SprintPR]:
    sprints: list[SprintPR] = []
    for pr in forge.list_pulls(config.ops_repo, state="open"):
        # A PR reopened after its branch was deleted names the branch in its label only.
        number = vision_of(pr)
        if number is None or pr.user.login != bot.login:
            continue
        comments = tuple(forge.list_comments(config.ops_repo, pr.number))
        # Reviews matter until the filing starts: an approval accepts the pitch, and a
        # request for changes revises it, during the design questions too.
        sprint = with_marks(SprintPR(pr, number, comments,
                                     branch_gone=vision_of_branch(pr.head.ref) != number),
                            bot.login)
        if not read_marks(sprint, bot.login).filing:
            sprint = replace(sprint, reviews=tuple(forge.list_reviews(config.ops_repo, pr.number)))
        sprints.append(sprint)
    return sprints


def _with_cited(reader: CitedReader, sprint: SprintPR, bot: User) -> SprintPR:
    """The files and issues its pitch cites, as they are now: until the filing starts,
    a change in them refreshes the pitch or asks again (`core.source`)."""
    was = source.recorded(sprint.pr.body)
    if was is None or read_marks(sprint, bot.login).filing:
        return sprint
    return replace(sprint, cited=reader.now(was))


def _on_vision(forge: Forge, config: ProjectConfig, sprint: SprintPR,
               visions: tuple[Issue, ...]) -> SprintPR:
    """The vision's comments since the pitch, read only when the vision moved after the
    PR last did: a comment moves an issue's `updated_at`, and the architect's own writes
    on the vision come before its later ones on the PR. So an idle sprint costs nothing."""
    vision = next((v for v in visions if v.number == sprint.vision_number), None)
    if vision is None or not vision.comments or vision.updated_at <= sprint.pr.updated_at:
        return sprint
    comments = tuple(c for c in forge.list_comments(config.repo, vision.number)
                     if c.created_at >= sprint.pr.created_at)
    return replace(sprint, vision_comments=comments)


def _steering(forge: Forge, config: ProjectConfig, bot: User,
              sprints: tuple[SprintPR, ...]) -> Steering:
    """Who may steer, read once per tick and only when someone's input matters."""
    s = config.architect
    base = Steering(bot_login=bot.login, reviewers=frozenset(s.reviewers),
                    bot_patterns=s.bot_account_globs)
    authors = set().union(*(read_marks(sprint, bot.login).authors for sprint in sprints),
                          *({c.user.login for c in sprint.vision_comments} for sprint in sprints))
    logins = sorted(login for login in authors if base.needs_lookup(login))
    if not logins:
        return base
    return with_writers(forge, config, base)


def _histories(forge: Forge, config: ProjectConfig, reads: _HistoryReads, steering: Steering,
               possible: list[Issue], order: tuple[int, ...], budget: int,
               ) -> tuple[list[VisionHistory], dict[int, Eligibility], Steering]:
    """The histories in pitch order, each with its verdict, until `budget` may be pitched;
    `reads`' lists (if they listed everything) answer later questions too."""
    by_number = {v.number: v for v in possible}
    found: list[VisionHistory] = []
    verdicts: dict[int, Eligibility] = {}
    eligible = 0
    for number in order:
        if eligible >= budget:
            break
        history, verdicts[number], steering = _history(forge, config, reads, steering,
                                                       by_number[number])
        found.append(history)
        if verdicts[number].ok:
            eligible += 1
    return found, verdicts, steering


# The rejection note on a vision (`markers.RejectedMark`), as the issue search finds it: a
# quoted phrase, exact with bleve and one LIKE with the database indexer.
REJECTED_QUERY = f'"{markers.MARK_OPEN.removeprefix("<!--").strip()} {markers.Kind.REJECTED}"'


def _rejected_beyond(forge: Forge, config: ProjectConfig, reads: _HistoryReads,
                     steering: Steering, possible: list[Issue], walked: set[int],
                     ) -> tuple[list[VisionHistory], dict[int, Eligibility], Steering]:
    """The visions a rejection holds that the walk for free slots did not reach (every slot
    full, or filled before them): shown as rejected, with their "pitch again" box, and never
    pitched from here. Only a vision with a comment can carry a rejection note; one search
    finds those that do (none is made while no such vision is left), then each one's history.
    The index lags: a rejection of the last seconds shows from the next tick."""
    rest = [v for v in possible if v.number not in walked and v.comments]
    if not rest:
        return [], {}, steering
    noted = {i.number for i in forge.list_issues(config.repo, state="open", type="issues",
                                                 labels=[config.architect.vision_label],
                                                 q=REJECTED_QUERY)}
    found: list[VisionHistory] = []
    verdicts: dict[int, Eligibility] = {}
    for vision in (v for v in rest if v.number in noted):
        history, verdict, steering = _history(forge, config, reads, steering, vision)
        if not verdict.ok:  # one asked to be pitched again waits for a slot: queued
            found.append(history)
            verdicts[vision.number] = verdict
    return found, verdicts, steering


@dataclass(frozen=True)
class _HistoryReads:
    prs: SprintPRHistory
    subs: SubIssueLookup


def _history(forge: Forge, config: ProjectConfig, reads: _HistoryReads, steering: Steering,
             vision: Issue) -> tuple[VisionHistory, Eligibility, Steering]:
    """The vision's earlier sprint PRs, then only what can still change the verdict.

    The steering that judges a history is final for it: writers are read before any
    comment whose author needs them is judged, and other verdicts do not depend on them.
    """
    prs = reads.prs.of(vision.number)
    if any(pr.state == "open" for pr in prs) or (
            any(pr.merged for pr in prs) and not vision.comments):
        # A merged sprint holds the vision unless a note on it says nothing was filed.
        held = VisionHistory(vision, prs, repo=config.repo)
        return held, rules.pitchable(held, steering), steering
    so_far = VisionHistory(vision, prs, repo=config.repo)
    if prs or vision.comments:
        # An earlier rejection, or a note that the model failed on its pitch, is a comment.
        comments = tuple(forge.list_comments(config.repo, vision.number))
        if any(steering.needs_lookup(c.user.login) for c in comments):
            # Only people who may steer can ask for a new pitch: a drive-by "+1" cannot.
            steering = with_writers(forge, config, steering)
        so_far = VisionHistory(vision, prs, comments, repo=config.repo,
                               own_change=_own_change(forge, config, vision, comments, steering))
        verdict = rules.pitchable(so_far, steering)
        if not verdict.ok:
            return so_far, verdict, steering  # held and quiet since: sub-issues would not change it
    whole = replace(so_far, open_sub_issues=reads.subs.open_for(vision.number, prs))
    return whole, rules.pitchable(whole, steering), steering


def _own_change(forge: Forge, config: ProjectConfig, vision: Issue,
                comments: tuple[Comment, ...], steering: Steering) -> datetime | None:
    """When the architect last changed the vision's labels, if that can matter: after its
    last notice, with no comment since to explain the vision's newer `updated_at`."""
    notice, _ = rules.last_rejection(comments, *steering.own_logins)
    if notice is None or vision.updated_at <= notice.updated_at or any(
            c.id > notice.id for c in comments):
        return None
    own = {login.lower() for login in steering.own_logins}
    events = forge.list_timeline(config.repo, vision.number, since=notice.updated_at)
    return max((e.created_at for e in events if e.type == "label" and e.user is not None
                and e.user.login.lower() in own), default=None)

