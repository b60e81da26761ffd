"""Where the last full read left each repository, and whether anything moved since. Pure.

Forgejo filters an issue list by `since` on `updated_at`: inclusive, at whole
seconds. A watermark is the newest `updated_at` a full read saw on a repo (the
forge's clock) with the items that had exactly that second; a later list
`since` the watermark that holds only those items, unchanged, means nothing
moved. Edited comments do not move their issue: their own `updated_at` does,
so the open sprint PRs' comments are watched the same way, from what the full
read saw of them (docs/forgejo-behaviour.md, "What moves updated_at").

Whenever a watermark cannot be proved exact it is left with nothing seen, so
the next look reads fully rather than risk missing a change: the list was cut
by its page (its newest is then only a lower bound), the forge sent no clock,
or the forge's clock still stood in the newest second (an item seen could
change again within it). A second the clock proved over is not asked again, for
issues as for comments: a crowded second is paged once, then left behind.

Between full reads the cursor also carries two lists that rarely change and cost
the most to read again: the open visions (a page per 50) and the dashboard issue.
A tick that reads because something changed takes them from the cursor with the
look's page laid over them (that page holds every issue of the repo updated since
the watermark, whole): the same list a fresh read would give, except for an issue
deleted outright, which no list shows. So the visions are read afresh at least
once per `full_read_every`; a deleted dashboard shows as a 404 when it is written.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from architect.forge.models import Comment, Issue, Page

Stamp = tuple[int, datetime]  # (issue number or comment id, updated_at)
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
SECOND = timedelta(seconds=1)
# The forge's clock must be this far past the newest second to prove it over: a proxy's
# Date (nginx sets its own) may run a little ahead of the forge's.
SKEW = timedelta(seconds=2)


@dataclass(frozen=True)
class Watermark:
    at: datetime
    seen: frozenset[Stamp] = frozenset()

    @property
    def since(self) -> datetime:
        """What the next look asks from: once the forge's clock proved the watermark's
        second over (something seen), nothing can be written in it any more, so the
        look starts a second later and a crowded second costs nothing."""
        return self.at + SECOND if self.seen else self.at

    def still(self, page: Page[Issue] | Page[Comment]) -> bool:
        """Nothing in `page` (a list `since` self.at) is new."""
        return page.total <= len(page.items) and all(stamp(i) in self.seen for i in page.items)


@dataclass(frozen=True)
class Cursor:
    repos: Mapping[str, Watermark]
    # The comments of the open sprint PRs (`tracked`) as the full read saw them, from the
    # ops repo's watermark on: an edited answer is the one change that matters there.
    comments: Watermark | None
    full_read_at: datetime  # the local clock: only measures time between full reads
    deadline: datetime | None = None  # the earliest time-based step the full read foresaw
    settled: bool = True  # every action of that tick done: nothing to retry
    tracked: frozenset[int] = frozenset()
    setup: str = ""  # a digest of the project file: a new max_open_pitches changes decisions
    # The open visions as the last read saw them (None: not kept), and when the forge
    # last listed them: carried lists are laid over, never older than `full_read_every`.
    visions: tuple[Issue, ...] | None = None
    visions_at: datetime | None = None
    # Where and by which label they were listed: another repo or label lists afresh.
    visions_repo: str = ""
    visions_label: str = ""
    dashboard: Issue | None = None  # the dashboard issue as the last read saw it
    dashboard_repo: str = ""

    def due(self, now: datetime, every: timedelta, setup: str = "") -> str | None:
        """Why the next tick must read fully whatever changed, or None."""
        if setup != self.setup:
            return "the project's configuration changed"
        if not self.settled:
            return "the last tick left work to retry"
        if now - self.full_read_at >= every:
            return "full_read_every has passed"
        if self.deadline is not None and now >= self.deadline:
            return "a time-based step is due"
        return None

    def issues_still(self, pages: Mapping[str, Page[Issue]]) -> bool:
        return all((mark := self.repos.get(repo)) is not None and mark.still(page)
                   for repo, page in pages.items())


@dataclass(frozen=True)
class Look:
    """What one look at the forge found: each repo's page since its watermark."""

    issues: Mapping[str, Page[Issue]]
    marks: Mapping[str, Watermark | None]  # each repo's watermark as of this look
    comments: Page[Comment] | None = None  # the ops repo's, asked only while all else is still
    previous: Cursor | None = None  # the cursor this look started from

    def cursor(self, ops_repo: str, sprints: Mapping[int, Sequence[Comment]], *,
               full_read_at: datetime, deadline: datetime | None, settled: bool,
               setup: str = "", kept: Kept | None = None) -> Cursor:
        """The cursor to keep after the full read that followed this look; `sprints` are
        the open sprint PRs' comments it read, `kept` the lists it carries on."""
        ops = self.marks.get(ops_repo)
        clock = self.issues[ops_repo].server_time
        comments = None
        if ops is not None:
            comments = comment_mark(ops.at, clock, [c for cs in sprints.values() for c in cs])
        kept = kept or Kept()
        return Cursor({repo: m for repo, m in self.marks.items() if m is not None}, comments,
                      full_read_at, deadline, settled, frozenset(sprints), setup,
                      kept.visions, kept.visions_at, kept.visions_repo, kept.visions_label,
                      kept.dashboard, kept.dashboard_repo)

    def changed(self, repo: str) -> dict[int, Issue] | None:
        """Every issue of `repo` updated since the cursor, by number; None when this look
        cannot say (no watermark to list from, or a page cut short)."""
        page = self.issues.get(repo)
        if (page is None or self.previous is None or repo not in self.previous.repos
                or page.total > len(page.items)):
            return None
        return {i.number: i for i in page.items}


@dataclass(frozen=True)
class Kept:
    """What a read hands the next one through the cursor (see the module's docstring)."""

    visions: tuple[Issue, ...] | None = None
    visions_at: datetime | None = None
    visions_repo: str = ""
    visions_label: str = ""
    dashboard: Issue | None = None
    dashboard_repo: str = ""


def carried_visions(look: Look, repo: str, label: str, *, now: datetime,
                    every: timedelta) -> Kept | None:
    """The open visions as a fresh list would give them, from the cursor's with the look's
    changes laid over (newest first, as the forge lists them); None: list them afresh
    (nothing kept, kept for another repo or label, or kept for `every` already)."""
    old, changed = look.previous, look.changed(repo)
    if (old is None or changed is None or old.visions is None or old.visions_at is None
            or (old.visions_repo, old.visions_label) != (repo, label)
            or now - old.visions_at >= every):
        return None
    by_number = {v.number: v for v in old.visions if v.number not in changed}
    for number, issue in changed.items():
        if not issue.is_pull and issue.state == "open" and label in issue.label_names:
            by_number[number] = issue
    visions = sorted(by_number.values(), key=lambda v: (v.created_at, v.number), reverse=True)
    return Kept(tuple(visions), old.visions_at, repo, label)


def carried_dashboard(look: Look, ops_repo: str, is_ours: Callable[[Issue], bool]
                      ) -> Issue | None:
    """The dashboard the last read saw, or the look's newer copy of it; None: find it
    afresh. A dashboard made since shows in the look as an issue the cursor does not
    hold: found afresh then, as it is when the cursor holds none."""
    old, changed = look.previous, look.changed(ops_repo)
    if (old is None or old.dashboard is None or old.dashboard_repo != ops_repo
            or changed is None):
        return None
    if any(is_ours(i) for n, i in changed.items() if n != old.dashboard.number):
        return None  # another issue of the bot's with the mark: let `find` choose
    newer = changed.get(old.dashboard.number, old.dashboard)
    return newer if is_ours(newer) else None


def stamp(item: Issue | Comment) -> Stamp:
    return (item.number if isinstance(item, Issue) else item.id, item.updated_at)


def watermark(old: Watermark | None, page: Page[Issue]) -> Watermark | None:
    """The new watermark after a list `since` old.at (everything if old is None).

    Its time is always an `updated_at` the forge wrote, never the clock it answered
    with (a proxy's Date may run ahead of the forge and skip changes). A page cut
    short gives a lower bound, which only makes the next look list more.
    """
    stamps = [stamp(i) for i in page.items]
    if not stamps:  # nothing since: the old watermark holds (with nothing there yet, EPOCH)
        return old or Watermark(EPOCH, frozenset({(0, EPOCH)}))
    newest = max(at for _, at in stamps)
    clock = page.server_time
    if page.total > len(stamps) or clock is None or clock < newest + SKEW:
        return Watermark(newest)
    return Watermark(newest, frozenset(s for s in stamps if s[1] == newest))


def comment_mark(at: datetime, clock: datetime | None, read: Iterable[Comment]) -> Watermark:
    """The comments a full read saw updated at or after `at`. One written at or after the
    look's second (`clock`) could change again within it unseen: it is left out, and the
    next look reads fully.

    Once the clock proves `at`'s second over, the next look asks from the second after:
    a crowded second (a bot commenting on 60 issues at once) would otherwise fill every
    later look's one page, and no tick would be incremental again while the repo rests.
    """
    if clock is None:
        return Watermark(at)
    if clock >= at + SKEW:
        at += SECOND
    return Watermark(at, frozenset(stamp(c) for c in read if at <= c.updated_at < clock))


_ON = re.compile(r"/(?:pulls|issues)/(\d+)#issuecomment-\d+$")


def comment_on(comment: Comment) -> int | None:
    """The number of the issue or PR a comment is on, from its web link."""
    match = _ON.search(comment.html_url)
    return int(match.group(1)) if match else None


def quiet(cursor: Cursor, look: Look) -> bool:
    """Nothing moved on any repo since the cursor, edited sprint comments included."""
    if not cursor.issues_still(look.issues):
        return False
    if not cursor.tracked:
        return True
    page = look.comments
    if cursor.comments is None or page is None or page.total > len(page.items):
        return False
    return all(stamp(c) in cursor.comments.seen for c in page.items
               if comment_on(c) in cursor.tracked)


# -- the state file's JSON --------------------------------------------------------

def dumps(cursor: Cursor) -> str:
    def mark(m: Watermark | None) -> object:
        if m is None:
            return None
        return {"at": m.at.isoformat(), "seen": sorted([n, t.isoformat()] for n, t in m.seen)}

    return json.dumps({
        "repos": {repo: mark(m) for repo, m in cursor.repos.items()},
        "comments": mark(cursor.comments),
        "full_read_at": cursor.full_read_at.isoformat(),
        "deadline": cursor.deadline.isoformat() if cursor.deadline else None,
        "settled": cursor.settled,
        "tracked": sorted(cursor.tracked),
        "setup": cursor.setup,
        "visions": (None if cursor.visions is None
                    else [v.model_dump(mode="json") for v in cursor.visions]),
        "visions_at": cursor.visions_at.isoformat() if cursor.visions_at else None,
        "visions_repo": cursor.visions_repo,
        "visions_label": cursor.visions_label,
        "dashboard": cursor.dashboard.model_dump(mode="json") if cursor.dashboard else None,
        "dashboard_repo": cursor.dashboard_repo,
    }, indent=1) + "\n"


def loads(text: str) -> Cursor | None:
    """The cursor a file holds; None for anything unreadable (the next tick reads fully)."""
    try:
        data = json.loads(text)
        kept = _kept(data)
        return Cursor(
            repos={repo: m for repo, raw in data["repos"].items()
                   if (m := _mark(raw)) is not None},
            comments=_mark(data["comments"]),
            full_read_at=datetime.fromisoformat(data["full_read_at"]),
            deadline=datetime.fromisoformat(data["deadline"]) if data["deadline"] else None,
            settled=bool(data["settled"]),
            tracked=frozenset(int(n) for n in data["tracked"]),
            setup=str(data["setup"]),
            visions=kept.visions, visions_at=kept.visions_at, visions_repo=kept.visions_repo,
            visions_label=kept.visions_label, dashboard=kept.dashboard,
            dashboard_repo=kept.dashboard_repo,
        )
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


def _kept(data: dict[str, object]) -> Kept:
    """The carried lists; a cursor written before they were kept carries none."""
    visions, at, board = data.get("visions"), data.get("visions_at"), data.get("dashboard")
    if visions is not None and not isinstance(visions, list):
        raise TypeError("visions is a list")
    return Kept(None if visions is None else tuple(Issue.model_validate(v) for v in visions),
                datetime.fromisoformat(str(at)) if at else None,
                str(data.get("visions_repo", "")), str(data.get("visions_label", "")),
                Issue.model_validate(board) if board else None,
                str(data.get("dashboard_repo", "")))


def _mark(raw: object) -> Watermark | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise TypeError("a watermark is an object")
    seen: Iterable[list[object]] = raw["seen"]
    return Watermark(datetime.fromisoformat(raw["at"]),
                     frozenset((int(str(n)), datetime.fromisoformat(str(t))) for n, t in seen))
