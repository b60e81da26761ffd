"""The tick's writes, as the forge answered them, for the one render at its end.

`Recorded` passes every call to the forge it wraps and keeps a `Wrote` for
each write that changes what the dashboard shows (`core.after` folds them into
the snapshot). It remembers no read: nothing is ever answered from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, cast

from architect.core.after import Wrote
from architect.forge.models import Comment, Issue, Label, PullRequest
from architect.forge.protocol import Forge


class Recorded:
    """A forge whose writes are kept in `writes` (shared by the tick's clients)."""

    def __init__(self, forge: Forge, writes: list[Wrote]) -> None:
        self._forge = forge
        self.writes = writes

    @classmethod
    def around(cls, forge: Forge, writes: list[Wrote]) -> Forge:
        return cast(Forge, cls(forge, writes))

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._forge, name)

    def create_comment(self, repo: str, number: int, body: str) -> Comment:
        created = self._forge.create_comment(repo, number, body)
        self.writes.append(Wrote(repo, number, comment=created))
        return created

    def edit_comment(self, repo: str, comment_id: int, body: str) -> Comment:
        edited = self._forge.edit_comment(repo, comment_id, body)
        self.writes.append(Wrote(repo, 0, comment=edited, edited=True))
        return edited

    def create_pull(self, repo: str, *, title: str, body: str, head: str,
                    base: str) -> PullRequest:
        created = self._forge.create_pull(repo, title=title, body=body, head=head, base=base)
        self.writes.append(Wrote(repo, created.number, pull=created))
        return created

    def edit_pull(self, repo: str, number: int, *, title: str | None = None,
                  body: str | None = None,
                  state: Literal["open", "closed"] | None = None) -> PullRequest:
        edited = self._forge.edit_pull(repo, number, title=title, body=body, state=state)
        self.writes.append(Wrote(repo, number, pull=edited))
        return edited

    def merge_pull(self, repo: str, number: int, *, style: str = "merge",
                   message: str | None = None) -> None:
        self._forge.merge_pull(repo, number, style=style, message=message)
        self.writes.append(Wrote(repo, number, merged=True))

    def edit_issue(self, repo: str, number: int, *, title: str | None = None,
                   body: str | None = None,
                   state: Literal["open", "closed"] | None = None) -> Issue:
        edited = self._forge.edit_issue(repo, number, title=title, body=body, state=state)
        self.writes.append(Wrote(repo, number, issue=edited))
        return edited

    def add_issue_labels(self, repo: str, number: int, labels: Sequence[str]) -> list[Label]:
        now = self._forge.add_issue_labels(repo, number, labels)
        self.writes.append(Wrote(repo, number, labels=tuple(now)))
        return now

    def remove_issue_label(self, repo: str, number: int, label: str) -> None:
        self._forge.remove_issue_label(repo, number, label)
        self.writes.append(Wrote(repo, number, unlabelled=label))

    def delete_branch(self, repo: str, branch: str) -> None:
        self._forge.delete_branch(repo, branch)
        self.writes.append(Wrote(repo, 0, deleted_branch=branch))
