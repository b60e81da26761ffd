"""The forge's state: plain dataclasses, id sequences, lookups and persistence.

Everything here is data. The HTTP handlers (``api_*.py``) decide what a
request does; they read and change a `Store` while holding its lock. Ids are
global per table, as in Forgejo's database; issue numbers are per repository
and shared by issues and pull requests.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import json
import os
import tempfile
import threading
import types
import typing
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from architect.emulator.git import Commit
from architect.emulator.indexer import IssueIndex
from architect.emulator.search import BLEVE, DB, INDEXERS, Document

Clock = Callable[[], datetime]


def utc_seconds(moment: datetime) -> datetime:
    """A clock reading as the store keeps it: UTC, whole seconds (Forgejo stores unix seconds)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).replace(microsecond=0)


def system_clock() -> datetime:
    return datetime.now(UTC)


def hash_secret(secret: str) -> str:
    """Tokens and passwords are kept hashed, so a data file holds no usable secret."""
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True)
class Settings:
    """Where a real forge is configured or slow, and tests want to see the effect."""

    issue_indexer: str = BLEVE  # `[indexer] ISSUE_INDEXER_TYPE`: "bleve" (default) or "db"
    index_delay: timedelta = timedelta(0)  # until a change is found by `q`
    merge_check: timedelta = timedelta(0)  # a PR's mergeability check after a push

    def __post_init__(self) -> None:
        if self.issue_indexer not in INDEXERS:
            raise ValueError(f"unknown issue indexer {self.issue_indexer!r}: "
                             f"use one of {', '.join(INDEXERS)}")


@dataclass
class User:
    id: int
    login: str
    email: str
    password_hash: str
    created: datetime
    is_admin: bool = False
    full_name: str = ""
    must_change_password: bool = False
    visibility: str = "public"
    restricted: bool = False
    last_login: datetime | None = None


@dataclass
class Token:
    id: int
    user_id: int
    name: str
    token_hash: str
    last_eight: str
    scopes: list[str]
    created: datetime


@dataclass
class Label:
    id: int
    repo_id: int
    name: str
    color: str  # "#rrggbb", as Forgejo stores it
    description: str = ""
    exclusive: bool = False
    is_archived: bool = False


@dataclass
class Review:
    id: int
    user_id: int
    state: str  # APPROVED | REQUEST_CHANGES | COMMENT | PENDING | REQUEST_REVIEW
    body: str
    commit_id: str
    submitted: datetime
    updated: datetime
    official: bool = False
    dismissed: bool = False
    stale: bool = False
    comment_id: int = 0


@dataclass
class Pull:
    id: int
    head_branch: str
    base_branch: str
    head_sha: str
    merge_base: str
    merged: bool = False
    merged_at: datetime | None = None
    merged_by_id: int | None = None
    merge_commit_sha: str | None = None
    allow_maintainer_edit: bool = False
    reviews: list[Review] = field(default_factory=list)
    checking_until: datetime | None = None  # the mergeability check after a push


@dataclass
class Issue:
    id: int
    repo_id: int
    number: int
    poster_id: int
    title: str
    body: str
    created: datetime
    updated: datetime
    state: str = "open"
    closed_at: datetime | None = None
    label_ids: list[int] = field(default_factory=list)
    assignee_ids: list[int] = field(default_factory=list)
    num_comments: int = 0  # plain comments + review summaries, as Forgejo counts them
    comment_ids: list[int] = field(default_factory=list)  # plain comments only
    blocked_by: list[int] = field(default_factory=list)  # issue ids this one depends on
    due_date: datetime | None = None
    is_locked: bool = False
    pull: Pull | None = None


@dataclass
class Comment:
    id: int
    issue_id: int
    repo_id: int
    user_id: int
    body: str
    created: datetime
    updated: datetime
    kind: str = "comment"  # "comment" or "review" (a review summary, not listed)


@dataclass
class Hook:
    id: int
    repo_id: int
    type: str
    url: str
    content_type: str
    secret: str
    events: list[str]  # fine-grained flags, e.g. "issue_comment", "pull_request_review"
    active: bool
    created: datetime
    updated: datetime
    branch_filter: str = ""
    authorization_header: str = ""
    http_method: str = "post"
    # The GitHub events of a hook made through the GitHub dialect, which then delivers
    # GitHub's payloads and headers instead of Forgejo's (None: a Forgejo hook).
    github_events: list[str] | None = None


@dataclass
class Repo:
    id: int
    owner_id: int
    name: str
    created: datetime
    updated: datetime
    description: str = ""
    private: bool = False
    default_branch: str = "main"
    collaborators: dict[int, str] = field(default_factory=dict)  # user id -> read|write|admin
    branches: dict[str, str] = field(default_factory=dict)  # name -> head commit sha
    commits: dict[str, Commit] = field(default_factory=dict)
    labels: dict[int, Label] = field(default_factory=dict)
    issues: dict[int, Issue] = field(default_factory=dict)  # number -> issue
    comment_ids: list[int] = field(default_factory=list)
    hooks: dict[int, Hook] = field(default_factory=dict)
    next_index: int = 1


@dataclass
class State:
    """Everything that is persisted."""

    users: dict[int, User] = field(default_factory=dict)
    tokens: dict[int, Token] = field(default_factory=dict)
    repos: dict[int, Repo] = field(default_factory=dict)
    comments: dict[int, Comment] = field(default_factory=dict)
    sequences: dict[str, int] = field(default_factory=dict)


class Store:
    """State plus the indexes that make lookups cheap, behind one lock."""

    def __init__(self, clock: Clock | None = None, state: State | None = None,
                 settings: Settings | None = None) -> None:
        self.lock = threading.RLock()
        self._clock = clock or system_clock
        self._frozen: datetime | None = None
        self.state = state or State()
        self.settings = settings or Settings()
        self.revision = 0  # bumped by every change; the data file is written when it moved
        self._reindex()

    # -- time and ids --------------------------------------------------------
    def now(self) -> datetime:
        if self._frozen is not None:
            return self._frozen
        return utc_seconds(self._clock())

    @contextmanager
    def request_time(self) -> Iterator[datetime]:
        """One clock reading for a whole request, as Forgejo stamps one operation.

        A comment and the `updated_at` it bumps on its issue then carry the same
        second, whatever the clock does between the two writes.
        """
        self._frozen = utc_seconds(self._clock())
        try:
            yield self._frozen
        finally:
            self._frozen = None

    def next_id(self, table: str) -> int:
        value = self.state.sequences.get(table, 0) + 1
        self.state.sequences[table] = value
        return value

    def skip_id(self, table: str, value: int) -> None:
        """Make sure `table`'s next id is not `value` (a gap, as a real database may have)."""
        if self.state.sequences.get(table, 0) + 1 == value:
            self.state.sequences[table] = value

    def touch(self) -> None:
        self.revision += 1

    # -- indexes ---------------------------------------------------------------
    def _reindex(self) -> None:
        self.users_by_login = {u.login.lower(): u for u in self.state.users.values()}
        self.tokens_by_hash = {t.token_hash: t for t in self.state.tokens.values()}
        self.repos_by_name = {
            (self.state.users[r.owner_id].login.lower(), r.name.lower()): r
            for r in self.state.repos.values()
        }
        self.issues_by_id = {i.id: i for r in self.state.repos.values() for i in r.issues.values()}
        # Pull requests per repository, so that a push does not scan every issue.
        self.pulls_by_repo: dict[int, list[Issue]] = {}
        for issue in self.issues_by_id.values():
            if issue.pull is not None:
                self.pulls_by_repo.setdefault(issue.repo_id, []).append(issue)
        # What a restarted server finds: an index that caught up while it was down.
        # The db indexer keeps no index: `q` reads the live rows.
        self.search = None if self.settings.issue_indexer == DB else IssueIndex(
            self.settings.index_delay)
        if self.search is not None:
            now = self.now()
            for issue in self.issues_by_id.values():
                self.search.update(issue.id, self.document(issue), now, at_once=True)

    def add_user(self, user: User) -> None:
        self.state.users[user.id] = user
        self.users_by_login[user.login.lower()] = user

    def add_token(self, token: Token) -> None:
        self.state.tokens[token.id] = token
        self.tokens_by_hash[token.token_hash] = token

    def add_repo(self, repo: Repo) -> None:
        self.state.repos[repo.id] = repo
        owner = self.state.users[repo.owner_id].login.lower()
        self.repos_by_name[(owner, repo.name.lower())] = repo

    def add_issue(self, repo: Repo, issue: Issue) -> None:
        repo.issues[issue.number] = issue
        self.issues_by_id[issue.id] = issue
        self.reindex(issue)

    def document(self, issue: Issue) -> Document:
        """What the issue indexer stores: title, content and the plain comments."""
        comments = (self.state.comments[c].body for c in issue.comment_ids)
        return Document.of(issue.number, issue.title, issue.body, tuple(comments))

    def reindex(self, issue: Issue) -> None:
        """Queue the issue for the indexer, as Forgejo does on every change to it."""
        if self.search is not None:
            self.search.update(issue.id, self.document(issue), self.now())

    def searchable(self, issue: Issue) -> Document | None:
        """The issue as `q` sees it now: the index's copy, or the row for the db indexer."""
        if self.search is None:
            return self.document(issue)
        return self.search.document(issue.id, self.now())

    def remove_issue(self, repo: Repo, issue: Issue) -> None:
        """Delete an issue or PR with its comments and the dependencies that name it."""
        del repo.issues[issue.number]
        self.issues_by_id.pop(issue.id, None)
        if issue.pull is not None:
            self.pulls_by_repo[repo.id] = [p for p in self.pulls(repo) if p.id != issue.id]
        gone = {c.id for c in self.state.comments.values() if c.issue_id == issue.id}
        for comment_id in gone:
            del self.state.comments[comment_id]
        repo.comment_ids = [i for i in repo.comment_ids if i not in gone]
        for other in self.issues_by_id.values():
            if issue.id in other.blocked_by:
                other.blocked_by.remove(issue.id)

    def index_pull(self, issue: Issue) -> None:
        """Record that `issue` (already added) is a pull request."""
        self.pulls_by_repo.setdefault(issue.repo_id, []).append(issue)

    def pulls(self, repo: Repo) -> list[Issue]:
        return self.pulls_by_repo.get(repo.id, [])

    def user(self, user_id: int) -> User:
        return self.state.users[user_id]

    def user_by_login(self, login: str) -> User | None:
        return self.users_by_login.get(login.lower())

    def repo(self, owner: str, name: str) -> Repo | None:
        return self.repos_by_name.get((owner.lower(), name.lower()))

    def repo_by_id(self, repo_id: int) -> Repo:
        return self.state.repos[repo_id]

    def token(self, secret: str) -> Token | None:
        return self.tokens_by_hash.get(hash_secret(secret))

    # -- persistence -------------------------------------------------------------
    def save(self, path: Path) -> None:
        """Write the state atomically: a temporary file in the same directory, then rename."""
        data = json.dumps(_encode(self.state), separators=(",", ":"))
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(data)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    @classmethod
    def load(cls, path: Path, clock: Clock | None = None,
             settings: Settings | None = None) -> Store:
        """The store saved in `path`; DataFileError names the file and what is wrong."""
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise DataFileError(path, exc.strerror or str(exc)) from exc
        except UnicodeDecodeError as exc:
            raise DataFileError(path, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
        except json.JSONDecodeError as exc:
            raise DataFileError(path, f"not JSON: {exc.msg} at line {exc.lineno}, "
                                      f"column {exc.colno}") from exc
        try:
            return cls(clock, _decode(State, raw), settings)
        # The decoder trusts the layout it wrote; anything else fails somewhere inside it.
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            what = f"missing key {exc}" if isinstance(exc, KeyError) else str(exc)
            raise DataFileError(path, f"not a forge data file ({what})") from exc


class DataFileError(ValueError):
    """A `--data` file that cannot be loaded; the message says which file, why, and the fix."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"the forge data file {path} cannot be loaded: {problem}. Fix it, or "
                         "move it away to start an empty forge that saves there.")
        self.path = path


# -- generic (de)serialisation of the dataclasses above ------------------------------


def _encode(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, bytes):
        return base64.b64encode(value).decode()
    if isinstance(value, dict):
        return {str(k): _encode(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_encode(v) for v in value]
    return value


def _decode(kind: Any, raw: Any) -> Any:
    if raw is None:
        return None
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in typing.get_args(kind) if a is not type(None)]
        return _decode(inner[0], raw)
    if origin is dict:
        key_type, value_type = typing.get_args(kind)
        return {key_type(k): _decode(value_type, v) for k, v in raw.items()}
    if origin is list:
        (item_type,) = typing.get_args(kind)
        return [_decode(item_type, v) for v in raw]
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = typing.get_type_hints(kind)
        later = _ADDED_LATER.get(kind, frozenset())
        return kind(
            **{
                f.name: _decode(hints[f.name], raw[f.name])
                for f in dataclasses.fields(kind)
                if f.name in raw or f.name not in later
            }
        )
    if kind is datetime:
        return datetime.fromisoformat(raw)
    if kind is bytes:
        return base64.b64decode(raw)
    return raw


# Fields added after data files were first written: absent from an older file, they
# keep their defaults. Any other missing key means the file is not a forge's.
_ADDED_LATER: dict[type, frozenset[str]] = {
    Commit: frozenset({"committer", "committer_email", "authored"}),
    Hook: frozenset({"github_events"}),
}
