"""The forge of a dry run: reads go to the real forge, writes are only logged.

`architect run --dry-run` runs the very loop a tick runs, on this forge, so it
lists every action the tick would take (answers, then the filing, then the
merge) by the same code path. Each write answers with the value the forge
would have returned, built from the request itself, so the steps that follow
act on it as they would on the real answer.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal

from architect.core.text import one_line
from architect.forge.models import (
    Branch,
    BranchRef,
    Comment,
    FileChange,
    FileContent,
    Hook,
    Issue,
    Label,
    PullRequest,
    User,
)
from architect.forge.protocol import READS, Forge

log = logging.getLogger("architect")
# Far above any id a forge has handed out: what a dry run "creates" never collides
# with what it read, and is newer than all of it, as a real write would be.
_FIRST_ID = 10**12


class DryForge:
    def __init__(self, forge: Forge, now: datetime) -> None:
        self._forge = forge
        self._at = now
        self._next = _FIRST_ID
        self._me: User | None = None
        self._numbers: dict[str, int] = {}  # the next issue number, per repo
        # The comments this run "posted", by the id it made up: an edit of one names
        # where it is, since the made-up id means nothing to a reader.
        self._posted: dict[int, str] = {}

    def _id(self) -> int:
        self._next += 1
        return self._next

    def _number(self, repo: str) -> int:
        """The number the forge would give the next issue or PR of `repo`.

        Issues and PRs share one index; a dry run that files reads the repo's
        list once to predict it (a number deleted at the top is not reused by
        Forgejo, so that case is off by its gap).
        """
        if repo not in self._numbers:
            found = self._forge.list_issues(repo, state="all")
            self._numbers[repo] = max((i.number for i in found), default=0)
        self._numbers[repo] += 1
        return self._numbers[repo]

    def _would(self, what: str) -> None:
        log.info("would:   %s", what)

    def _now(self) -> datetime:
        # The moment of a write that does not happen: the tick's own `now`, which
        # follows everything it read.
        return self._at

    # -- reads: the real forge -------------------------------------------------
    def __getattr__(self, name: str) -> Any:
        # Only the protocol's reads go through; anything else a step calls is a write
        # this class must answer itself, and fails here rather than reach the forge.
        if name not in READS:
            raise AttributeError(f"DryForge has no {name!r}: a write must be logged, "
                                 "not sent")
        return getattr(self._forge, name)

    def current_user(self) -> User:
        if self._me is None:
            self._me = self._forge.current_user()
        return self._me

    # -- writes: logged, answered as the forge would ---------------------------
    def create_issue(self, repo: str, *, title: str, body: str,
                     label_ids: Sequence[int] = ()) -> Issue:
        number, now = self._number(repo), self._now()
        self._would(f"file {repo}#{number}: {title}")
        return Issue(id=number, number=number, title=title, body=body, state="open",
                     user=self.current_user(), created_at=now, updated_at=now)

    def edit_issue(self, repo: str, number: int, *, title: str | None = None,
                   body: str | None = None,
                   state: Literal["open", "closed"] | None = None) -> Issue:
        self._would(f"edit {repo}#{number}")
        return self._forge.get_issue(repo, number).model_copy(
            update=_edited(title=title, body=body, state=state))

    def add_issue_labels(self, repo: str, number: int, labels: Sequence[str]) -> list[Label]:
        self._would(f"label {repo}#{number}: {', '.join(labels)}")
        known = self._forge.get_issue(repo, number).labels
        return [*known, *(Label(id=0, name=name) for name in labels
                          if name not in {k.name for k in known})]

    def remove_issue_label(self, repo: str, number: int, label: str) -> None:
        self._would(f"unlabel {repo}#{number}: {label}")

    def create_label(self, repo: str, *, name: str, color: str, description: str = "") -> Label:
        self._would(f"create the label {name} on {repo}")
        return Label(id=self._id(), name=name, color=color, description=description)

    def create_comment(self, repo: str, number: int, body: str) -> Comment:
        first = body.strip().splitlines()[0] if body.strip() else ""
        self._would(f"comment on {repo}#{number}: {one_line(first, 100)}"
                    if first else f"comment on {repo}#{number}")
        now, made_up = self._now(), self._id()
        self._posted[made_up] = f"{repo}#{number}"
        return Comment(id=made_up, body=body, user=self.current_user(), created_at=now,
                       updated_at=now)

    def edit_comment(self, repo: str, comment_id: int, body: str) -> Comment:
        posted = self._posted.get(comment_id)
        self._would(f"edit the new comment on {posted}" if posted
                    else f"edit comment {comment_id} on {repo}")
        now = self._now()
        return Comment(id=comment_id, body=body, user=self.current_user(), created_at=now,
                       updated_at=now)

    def create_pull(self, repo: str, *, title: str, body: str, head: str,
                    base: str) -> PullRequest:
        number, now = self._number(repo), self._now()
        self._would(f"open {repo}#{number}: {title}")
        return PullRequest(id=number, number=number, title=title, body=body, state="open",
                           user=self.current_user(), head=BranchRef(ref=head),
                           base=BranchRef(ref=base), created_at=now, updated_at=now)

    def edit_pull(self, repo: str, number: int, *, title: str | None = None,
                  body: str | None = None,
                  state: Literal["open", "closed"] | None = None) -> PullRequest:
        what = "close" if state == "closed" else "edit"
        self._would(f"{what} {repo}#{number}")
        return self._forge.get_pull(repo, number).model_copy(
            update=_edited(title=title, body=body, state=state))

    def merge_pull(self, repo: str, number: int, *, style: str = "merge",
                   message: str | None = None) -> None:
        self._would(f"merge {repo}#{number}")

    def create_branch(self, repo: str, branch: str, from_ref: str) -> Branch:
        self._would(f"create the branch {branch} on {repo}")
        return Branch(name=branch)

    def delete_branch(self, repo: str, branch: str) -> None:
        self._would(f"delete the branch {branch} on {repo}")

    def create_file(self, repo: str, path: str, text: str, *, branch: str,
                    message: str) -> FileContent:
        self._would(f"write {path} on {repo}@{branch}")
        return FileContent(path=path, sha="", text=text)

    def update_file(self, repo: str, path: str, text: str, *, sha: str, branch: str,
                    message: str) -> FileContent:
        self._would(f"write {path} on {repo}@{branch}")
        return FileContent(path=path, sha=sha, text=text)

    def change_files(self, repo: str, changes: Sequence[FileChange], *, branch: str,
                     message: str) -> None:
        self._would(f"change {len(changes)} file(s) on {repo}@{branch}")

    def link_sub_issue(self, repo: str, parent: int, child: int) -> None:
        self._would(f"attach {repo}#{child} as a sub-issue of #{parent}")

    def add_dependency(self, repo: str, number: int, *, depends_on: int) -> None:
        self._would(f"record that {repo}#{number} depends on #{depends_on}")

    def remove_dependency(self, repo: str, number: int, *, depends_on: int) -> None:
        self._would(f"record that {repo}#{number} no longer depends on #{depends_on}")

    def create_hook(self, repo: str, *, url: str, secret: str,
                    events: Sequence[str]) -> Hook:
        self._would(f"register a webhook on {repo}")
        return Hook(id=self._id(), type="forgejo", active=True, events=list(events))


def _edited(**fields: str | None) -> dict[str, str]:
    """The fields an edit sets: those it was given."""
    return {name: value for name, value in fields.items() if value is not None}
