"""What a new pitch takes over from the vision's last sprint PR when that one stopped
(its vision slipped for too long, its branch was deleted, it was closed without a
reason): the answered design forks and the sections people added to its sprint file.

Read only when a vision with an earlier, unmerged sprint PR of the architect's is
pitched: that PR's comments (1 request) and its sprint file at its last commit (1),
which the forge keeps after the branch is deleted. A PR rejected with a person's
`REJECT:` carries nothing: its decisions were turned down with it.
"""

from __future__ import annotations

from dataclasses import dataclass

from architect.core import carry
from architect.core.answers import read_decision
from architect.core.facts import VisionHistory
from architect.core.ledger import Ledger
from architect.core.markers import CarriedMark
from architect.core.sprint import read_marks
from architect.core.view import SprintPR
from architect.forge.models import PullRequest
from architect.shell import writes
from architect.shell.steps.hands import Hands, sprint_path


@dataclass(frozen=True)
class Carried:
    pr: int = 0
    ledger: Ledger | None = None
    sections: tuple[str, ...] = ()

    def tell(self, hands: Hands, number: int) -> None:
        """The comment that carries the answered forks onto the new PR (its mark is what
        the design questions start from)."""
        if self.ledger is None:
            return
        writes.ensure_comment(hands.forge, hands.ops, number,
                              carry.carried_comment(self.pr, self.ledger), bot_login=hands.bot,
                              mark=CarriedMark(self.pr, self.ledger))


def carried_over(hands: Hands, history: VisionHistory | None, new_file: str) -> Carried:
    last = _last_stopped(history, hands.bot)
    if last is None:
        return Carried()
    comments = tuple(hands.forge.list_comments(hands.ops, last.number))
    if any(c.user.login != hands.bot and (d := read_decision(c.body, hands.bot)) is not None
           and d.word == "REJECT" and d.rest for c in comments):
        return Carried()
    marks = read_marks(SprintPR(last, 0, comments), hands.bot)
    old = hands.forge.get_file(hands.ops, sprint_path(marks.slug), ref=last.head.sha) \
        if marks.slug and last.head.sha else None
    sections = carry.human_sections(old.text, new_file) if old is not None else ()
    return Carried(last.number, carry.answered(marks.ledger), sections)


def _last_stopped(history: VisionHistory | None, bot: str) -> PullRequest | None:
    """The vision's newest sprint PR, when the architect opened it and it ended unmerged."""
    if history is None or not history.sprint_prs:
        return None
    last = max(history.sprint_prs, key=lambda pr: pr.number)
    if last.merged or last.state != "closed" or last.user.login != bot:
        return None
    return last
