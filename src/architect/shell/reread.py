"""A tick's second read of the forge, for its dashboard, at the cost of what it wrote.

After a tick that acted, the dashboard shows what the tick made of the forge:
the snapshot is read and decided again. Most of it is what the first read saw:
the tick wrote to a few sprints and visions only. `Remembered` wraps the forge
of the first read and remembers its answers; every write that goes through it
(the actions', the filer's, the journal's) forgets what it can have changed:

* an issue or PR written to (a comment, a label, an edit, a merge, a dependency),
  or named in a body written (`#N`, `owner/name#N`: the forge records a
  reference on it), is read again: its comments, reviews, timeline, itself;
* a listing of issues by state and labels (the visions, ⌈V/50⌉ pages) keeps the
  issues not written to and reads each written one alone, unless one may have
  joined it (created, labelled, reopened: then it is listed again);
* a file is read again once its repo's branches, files or merges changed.

What is not remembered (the PR listings, searches, branches) is read again.
So the second read renders what a whole read would, for everything the tick
wrote; what others change meanwhile the next tick reads, as it would anyway.
A write it does not know forgets everything: the second read is then whole.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, TypeVar, cast

from architect.errors import ForgeNotFound
from architect.forge.models import (
    Branch,
    Comment,
    FileChange,
    FileContent,
    Issue,
    Label,
    PullRequest,
    Review,
    TimelineEvent,
    User,
)
from architect.forge.protocol import Forge, IssueState, IssueType

T = TypeVar("T")
N = TypeVar("N", Issue, PullRequest)
# Forgejo's references are narrower; a wider net only reads an issue more.
_MENTION = re.compile(r"(?:(?<![\w/.-])([\w.-]+/[\w.-]+))?#(\d+)")
# Reads that are never remembered: they go to the forge each time.
_READ_AGAIN = frozenset({
    "get_repo", "collaborator_permission", "list_collaborators", "get_user", "changed_since",
    "comments_changed_since", "list_labels", "list_pulls", "recently_closed_pulls",
    "get_branch", "list_branches", "probe_write", "list_files", "list_dependencies",
    "list_hooks", "stats", "search_issues",
})


@dataclass
class _Memory:
    answers: dict[Hashable, Any] = field(default_factory=dict)
    written: set[tuple[str, int]] = field(default_factory=set)  # (repo, number)
    # What may have joined a listing it was not in: created (repo, its labels, a PR?),
    # labels added to a number, a number opened or closed.
    created: list[tuple[str, frozenset[str], bool]] = field(default_factory=list)
    labelled: dict[tuple[str, int], set[str]] = field(default_factory=dict)
    reopened: set[tuple[str, int]] = field(default_factory=set)
    files: set[str] = field(default_factory=set)  # repos whose branches or files changed
    comment_of: dict[tuple[str, int], int] = field(default_factory=dict)  # id → number

    def clear(self) -> None:
        """Forget everything, in place: every wrapper around the tick's clients shares it."""
        fresh = _Memory()
        for name in vars(fresh):
            setattr(self, name, getattr(fresh, name))

    def joined(self, repo: str, listed: set[int], state: IssueState, labels: set[str],
               type: IssueType | None) -> bool:
        """Whether an issue the listing did not hold may hold its filter now."""
        created = any(
            r == repo and state != "closed" and labels <= names
            and (type is None or is_pull == (type == "pulls"))
            for r, names, is_pull in self.created)
        labelled = any(r == repo and n not in listed and (not labels or added & labels)
                       for (r, n), added in self.labelled.items())
        return created or labelled or any(r == repo and n not in listed
                                          for r, n in self.reopened)


class Remembered:
    """The forge, remembering what was read; `replay` answers from what is still true."""

    def __init__(self, forge: Forge, memory: _Memory | None = None, *,
                 replay: bool = False, records: bool = True) -> None:
        self._forge = forge
        self._memory = memory if memory is not None else _Memory()
        self._replay = replay
        self._records = records

    @classmethod
    def around(cls, forge: Forge) -> tuple[Forge, Remembered]:
        """The forge to read and write through (typed as one), and its memory."""
        remembered = cls(forge)
        return cast(Forge, remembered), remembered

    def writer(self, forge: Forge) -> Forge:
        """A client whose writes this memory must forget; what it reads is not remembered
        (the filer's token may see otherwise; the filing's backlog need not stay in memory)."""
        return cast(Forge, Remembered(forge, self._memory, records=False))

    def replay(self) -> Forge:
        """A forge that answers each remembered read the tick's writes left true."""
        return cast(Forge, Remembered(self._forge, self._memory, replay=True))

    def forget(self) -> None:
        self._memory.clear()

    # -- reads ------------------------------------------------------------------
    def _recall(self, key: Hashable, still: bool, read: Callable[[], T]) -> T:
        # The models are frozen; a list is copied both ways, so that no reader's sort or
        # append changes what another is given.
        if self._replay and still and key in self._memory.answers:
            return cast(T, copy.copy(self._memory.answers[key]))
        answer = read()
        if self._records:
            self._memory.answers[key] = copy.copy(answer)
        return answer

    def _unwritten(self, repo: str, number: int) -> bool:
        return (repo.lower(), number) not in self._memory.written  # names ignore case

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # not the forge's: copying or unpickling asks for these
            raise AttributeError(name)
        attribute = getattr(self._forge, name)
        if name not in _READ_AGAIN:  # a write this memory does not know
            self._memory.clear()
        return attribute

    def current_user(self) -> User:
        return self._recall(("user",), True, self._forge.current_user)

    def list_assignees(self, repo: str) -> list[User]:
        return self._recall(("assignees", repo), True, lambda: self._forge.list_assignees(repo))

    def get_issue(self, repo: str, number: int) -> Issue:
        return self._recall(("issue", repo, number), self._unwritten(repo, number),
                            lambda: self._forge.get_issue(repo, number))

    def list_comments(self, repo: str, number: int) -> list[Comment]:
        comments = self._recall(("comments", repo, number), self._unwritten(repo, number),
                                lambda: self._forge.list_comments(repo, number))
        self._memory.comment_of.update({(repo, c.id): number for c in comments})
        return comments

    def list_reviews(self, repo: str, number: int) -> list[Review]:
        return self._recall(("reviews", repo, number), self._unwritten(repo, number),
                            lambda: self._forge.list_reviews(repo, number))

    def list_timeline(self, repo: str, number: int, *,
                      since: datetime | None = None) -> list[TimelineEvent]:
        return self._recall(("timeline", repo, number, since), self._unwritten(repo, number),
                            lambda: self._forge.list_timeline(repo, number, since=since))

    def get_pull(self, repo: str, number: int) -> PullRequest:
        # A deleted branch changes the PR's head: branch writes forget it too.
        return self._recall(("pull", repo, number),
                            self._unwritten(repo, number) and repo not in self._memory.files,
                            lambda: self._forge.get_pull(repo, number))

    def get_file(self, repo: str, path: str, *, ref: str | None = None) -> FileContent | None:
        return self._recall(("file", repo, path, ref), repo not in self._memory.files,
                            lambda: self._forge.get_file(repo, path, ref=ref))

    def list_issues(self, repo: str, *, state: IssueState = "open", labels: Sequence[str] = (),
                    type: IssueType | None = None, since: datetime | None = None,
                    created_by: str | None = None, q: str | None = None) -> list[Issue]:
        def read() -> list[Issue]:
            return self._forge.list_issues(repo, state=state, labels=labels, type=type,
                                           since=since, created_by=created_by, q=q)

        if since is not None or created_by is not None or q is not None:
            return read()  # filters an issue alone cannot be checked against
        key = ("issues", repo, state, tuple(labels), type)
        listed: list[Issue] | None = self._memory.answers.get(key)
        if not self._replay or listed is None or self._memory.joined(
                repo, {i.number for i in listed}, state, set(labels), type):
            return self._recall(key, False, read)
        kept = []
        for issue in listed:
            if self._unwritten(repo, issue.number):
                kept.append(issue)
                continue
            try:
                now = self.get_issue(repo, issue.number)
            except ForgeNotFound:
                continue
            if (state in ("all", now.state) and set(labels) <= set(now.label_names)
                    and (type is None or now.is_pull == (type == "pulls"))):
                kept.append(now)
        return kept

    # -- writes -------------------------------------------------------------------
    def _wrote(self, repo: str, *numbers: int, body: str | None = None) -> None:
        self._memory.written.update((repo.lower(), n) for n in numbers)
        for named, number in _MENTION.findall(body or ""):
            self._memory.written.add(((named or repo).lower(), int(number)))

    def _edited(self, repo: str, number: int, body: str | None, state: str | None) -> None:
        self._wrote(repo, number, body=body)
        if state is not None:  # opened or closed: it may join a listing it was not in
            self._memory.reopened.add((repo, number))

    def _created(self, create: Callable[[], T]) -> T:
        try:
            return create()
        except Exception:
            self._memory.clear()  # it may be there all the same, under a number not known
            raise

    def _new(self, repo: str, created: N, labels: Iterable[str], is_pull: bool,
             body: str) -> N:
        self._memory.created.append((repo, frozenset(labels), is_pull))
        self._wrote(repo, created.number, body=body)
        return created

    def create_issue(self, repo: str, *, title: str, body: str,
                     label_ids: Sequence[int] = ()) -> Issue:
        created = self._created(lambda: self._forge.create_issue(
            repo, title=title, body=body, label_ids=label_ids))
        return self._new(repo, created, created.label_names, created.is_pull, body)

    def edit_issue(self, repo: str, number: int, *, title: str | None = None,
                   body: str | None = None,
                   state: Literal["open", "closed"] | None = None) -> Issue:
        self._edited(repo, number, body, state)
        return self._forge.edit_issue(repo, number, title=title, body=body, state=state)

    def add_issue_labels(self, repo: str, number: int, labels: Sequence[str]) -> list[Label]:
        self._wrote(repo, number)
        self._memory.labelled.setdefault((repo, number), set()).update(labels)
        return self._forge.add_issue_labels(repo, number, labels)

    def remove_issue_label(self, repo: str, number: int, label: str) -> None:
        self._wrote(repo, number)
        self._forge.remove_issue_label(repo, number, label)

    def create_label(self, repo: str, *, name: str, color: str, description: str = "") -> Label:
        return self._forge.create_label(repo, name=name, color=color, description=description)

    def create_comment(self, repo: str, number: int, body: str) -> Comment:
        self._wrote(repo, number, body=body)
        created = self._created(lambda: self._forge.create_comment(repo, number, body))
        self._memory.comment_of[(repo, created.id)] = number
        return created

    def edit_comment(self, repo: str, comment_id: int, body: str) -> Comment:
        number = self._memory.comment_of.get((repo, comment_id))
        if number is None:  # on an issue this tick never read: whatever it is, read again
            self._memory.clear()
        else:
            self._wrote(repo, number, body=body)
        return self._forge.edit_comment(repo, comment_id, body)

    def create_pull(self, repo: str, *, title: str, body: str, head: str,
                    base: str) -> PullRequest:
        created = self._created(lambda: self._forge.create_pull(
            repo, title=title, body=body, head=head, base=base))
        return self._new(repo, created, (), True, body)  # listings without a type hold PRs

    def edit_pull(self, repo: str, number: int, *, title: str | None = None,
                  body: str | None = None,
                  state: Literal["open", "closed"] | None = None) -> PullRequest:
        self._edited(repo, number, body, state)
        return self._forge.edit_pull(repo, number, title=title, body=body, state=state)

    def merge_pull(self, repo: str, number: int, *, style: str = "merge",
                   message: str | None = None) -> None:
        self._wrote(repo, number, body=message)
        self._memory.reopened.add((repo, number))  # closed now
        self._memory.files.add(repo)
        self._forge.merge_pull(repo, number, style=style, message=message)

    def create_branch(self, repo: str, branch: str, from_ref: str) -> Branch:
        self._memory.files.add(repo)
        return self._forge.create_branch(repo, branch, from_ref)

    def delete_branch(self, repo: str, branch: str) -> None:
        self._memory.files.add(repo)
        self._forge.delete_branch(repo, branch)

    def create_file(self, repo: str, path: str, text: str, *, branch: str,
                    message: str) -> FileContent:
        self._memory.files.add(repo)
        return self._forge.create_file(repo, path, text, branch=branch, message=message)

    def update_file(self, repo: str, path: str, text: str, *, sha: str, branch: str,
                    message: str) -> FileContent:
        self._memory.files.add(repo)
        return self._forge.update_file(repo, path, text, sha=sha, branch=branch,
                                       message=message)

    def change_files(self, repo: str, changes: Sequence[FileChange], *, branch: str,
                     message: str) -> None:
        self._memory.files.add(repo)
        self._forge.change_files(repo, changes, branch=branch, message=message)

    def add_dependency(self, repo: str, number: int, *, depends_on: int) -> None:
        self._wrote(repo, number, depends_on)
        self._forge.add_dependency(repo, number, depends_on=depends_on)
