"""A filing's record on its own PR: which planned sub-issue became which issue.

The plan comment is edited after each issue the filing creates, so a retry knows
from the PR itself what it filed, even when a human rewrote a filed issue's body
and its `decomposed-from` marker went with it. An issue whose record was lost
(the forge's answer to the create, or the edit itself, never came back) is still
found by that marker: the fallback, merged under the record.
"""

from __future__ import annotations

from collections.abc import Mapping

from architect.core import render
from architect.core.markers import PlanMark, marks_of
from architect.core.schemas import SubIssue
from architect.forge.models import Comment
from architect.forge.protocol import Forge


class FilingRecord:
    def __init__(self, forge: Forge, repo: str, comment: Comment,
                 subs: tuple[SubIssue, ...], bot_login: str, *, project: str) -> None:
        self.forge = forge
        self.repo = repo
        self.project = project  # the repo the sub-issues are filed on, named in the plan
        self.comment = comment
        self.subs = subs
        planned = {s.id for s in subs}
        self.done: dict[str, int] = {
            sub_id: number for _, mark in marks_of(PlanMark, [comment], bot_login)
            for sub_id, number in mark.filed if sub_id in planned}

    @property
    def complete(self) -> bool:
        return all(s.id in self.done for s in self.subs)

    def note(self, filed: Mapping[str, int]) -> None:
        """Record these filings on the PR; what the record says already stays."""
        merged = {**filed, **self.done}
        if merged == self.done:
            return
        self.done = merged
        self.comment = self.forge.edit_comment(self.repo, self.comment.id,
                                               render.plan_comment(
                                                   self.subs, self.done,
                                                   repo=self.project, overlaps=render.overlaps_of(
                                                       self.comment.body)))
