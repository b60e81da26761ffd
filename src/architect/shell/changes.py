"""An incremental tick: ask each repo what changed since the last full read, first.

With nothing changed the tick is over after three requests, whatever the size
of the project: each repo's issues and PRs `since` its watermark (state=all,
one page), and the ops repo's comments since then, for the open sprint PRs'
(an edited answer does not move its PR's `updated_at`). A full read costs the
first two more. A full read follows when something changed,
when `full_read_every` has passed (deleted comments and deleted branches of
closed PRs move nothing), when the last tick left work to retry or a
time-based step falls due (`core.deadlines`), and whenever the state dir holds
no cursor yet. The look a full read starts with gives the next cursor, so
whatever changes during the read is seen by the next tick.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from architect.config import ProjectConfig
from architect.core import cursor as cursors
from architect.core.cursor import Cursor, Look, Watermark, watermark
from architect.forge.models import Issue, Page
from architect.forge.protocol import Forge
from architect.runners.state_file import write_private

log = logging.getLogger("architect")

PAGE = 50  # a look lists one page: more changes than that can only mean "read fully"
FILE = "cursor.json"


@dataclass(frozen=True)
class Changes:
    """The cursor of one project, kept in its state dir."""

    path: Path
    every: timedelta
    setup: str  # the project file's digest: a changed one reads fully

    @classmethod
    def of(cls, config: ProjectConfig) -> Changes:
        settings = config.architect
        digest = hashlib.sha256(config.model_dump_json().encode()).hexdigest()[:16]
        return cls(config.project_state_dir / FILE, settings.full_read_every or settings.interval,
                   digest)

    def load(self) -> Cursor | None:
        try:
            return cursors.loads(self.path.read_text())
        except OSError:
            return None

    def save(self, cursor: Cursor) -> None:
        # Private (it holds the visions' and the dashboard's text) and whole: a tick
        # killed mid-write leaves the old cursor.
        write_private(self.path, cursors.dumps(cursor))


def look(forge: Forge, config: ProjectConfig, cursor: Cursor | None, now: datetime,
         changes: Changes) -> Look:
    """Each repo's changes since its watermark; the sprint PRs' comments only while nothing
    else says the tick must read fully anyway."""
    pages, marks = {}, {}
    for repo in config.repos:
        old = cursor.repos.get(repo) if cursor is not None else None
        pages[repo] = page = _changes(forge, repo, old)
        marks[repo] = watermark(old, page)
    comments = None
    if (cursor is not None and cursor.tracked and cursor.comments is not None
            and cursor.due(now, changes.every, changes.setup) is None
            and cursor.issues_still(pages)):
        comments = forge.comments_changed_since(config.ops_repo, cursor.comments.at, limit=PAGE)
    return Look(pages, marks, comments, previous=cursor)


def _changes(forge: Forge, repo: str, old: Watermark | None) -> Page[Issue]:
    """One page; every change since the watermark when it holds more (a burst of them,
    or many items in its very second), so that the new watermark is exact. Without a
    watermark the first page's newest is a lower bound, not worth the whole repo."""
    page = forge.changed_since(repo, old.since if old else None, limit=PAGE)
    if old is None or page.total <= len(page.items):
        return page
    every = forge.list_issues(repo, state="all", since=old.since)
    # The first page's clock came first: for the rest it only errs on the side of caution.
    return Page(every, len(every), page.server_time)


def why_full(cursor: Cursor | None, look: Look, now: datetime, changes: Changes) -> str | None:
    """Why this tick reads fully (None: nothing changed, the tick is done)."""
    if cursor is None:
        return "no cursor in the state dir yet"
    due = cursor.due(now, changes.every, changes.setup)
    if due is not None:
        return due
    if not cursors.quiet(cursor, look):
        return "something changed on the forge"
    return None
