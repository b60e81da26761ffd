"""The ledger of the design conversation: one `DesignFork` per question.

The ledger is rendered as `## Design forks` in the PR body and the sprint
file, but its trusted copy travels in the architect's own comments (see
`markers`), so a human who breaks the section by hand cannot change it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum


class ForkStatus(StrEnum):
    OPEN = "open"
    ANSWERED = "answered"  # an answer is recorded but a follow-up must settle it
    RESOLVED = "resolved"
    WITHDRAWN = "withdrawn"  # a follow-up of an option that a changed answer left behind


@dataclass(frozen=True)
class Answer:
    option: str | None  # a letter, or None for a free-text decision
    text: str  # the decision in words ("B — because …" or the model's summary)
    by: str  # login of the human who answered
    url: str  # link to the comment that carried the answer
    comment_id: int


@dataclass(frozen=True)
class DesignFork:
    number: int
    question: str
    options: tuple[tuple[str, str], ...]  # (letter, text)
    recommended: str
    why: str = ""
    answer: Answer | None = None
    status: ForkStatus = ForkStatus.OPEN
    round: int = 1
    hangs_on: tuple[int, str] | None = None  # (question, letter): a follow-up of that answer
    # Two people who may steer answered it differently ("@alice: B; @bob: A"): open until
    # one letter is written again; shown on the PR's design forks.
    contested: str = ""

    @property
    def letters(self) -> tuple[str, ...]:
        return tuple(letter for letter, _ in self.options)

    def option_text(self, letter: str) -> str:
        return dict(self.options).get(letter, "")

    def answered(self, answer: Answer, *, resolved: bool = True) -> DesignFork:
        status = ForkStatus.RESOLVED if resolved else ForkStatus.ANSWERED
        return replace(self, answer=answer, status=status, contested="")


@dataclass(frozen=True)
class Ledger:
    forks: tuple[DesignFork, ...] = field(default_factory=tuple)

    @property
    def unresolved(self) -> tuple[DesignFork, ...]:
        """Every fork the filing still waits on: unanswered, or answered pending a follow-up."""
        return tuple(f for f in self.forks if f.status in (ForkStatus.OPEN, ForkStatus.ANSWERED))

    @property
    def open(self) -> tuple[DesignFork, ...]:
        """The forks nobody has answered yet (`ForkStatus.OPEN`)."""
        return tuple(f for f in self.forks if f.status is ForkStatus.OPEN)

    @property
    def all_resolved(self) -> bool:
        return not self.unresolved

    @property
    def live(self) -> Ledger:
        """The forks that still count: what a plan is built from."""
        return Ledger(tuple(f for f in self.forks if f.status is not ForkStatus.WITHDRAWN))

    @property
    def next_number(self) -> int:
        return max((f.number for f in self.forks), default=0) + 1

    def get(self, number: int) -> DesignFork | None:
        return next((f for f in self.forks if f.number == number), None)

    def with_fork(self, fork: DesignFork) -> Ledger:
        others = tuple(f for f in self.forks if f.number != fork.number)
        return Ledger(tuple(sorted((*others, fork), key=lambda f: f.number)))

    def answer(self, number: int, answer: Answer, *, resolved: bool = True) -> Ledger:
        """Record an answer; a changed one withdraws the follow-ups of the old option
        and brings back those of the new one that an earlier change withdrew."""
        fork = self.get(number)
        if fork is None:
            return self
        before = fork.answer.option if fork.answer else None
        ledger = self.with_fork(fork.answered(answer, resolved=resolved))
        if before is not None and before != answer.option:
            ledger = ledger._cascade(number, before, withdraw=True)
        if answer.option is not None and before != answer.option:
            ledger = ledger._cascade(number, answer.option, withdraw=False)
        return ledger

    def _cascade(self, number: int, option: str, *, withdraw: bool) -> Ledger:
        ledger = self
        for child in self.forks:
            if child.hangs_on != (number, option):
                continue
            if withdraw and child.status is not ForkStatus.WITHDRAWN:
                status = ForkStatus.WITHDRAWN
            elif not withdraw and child.status is ForkStatus.WITHDRAWN:
                status = ForkStatus.RESOLVED if child.answer else ForkStatus.OPEN
            else:
                continue
            ledger = ledger.with_fork(replace(child, status=status))
            if child.answer is not None and child.answer.option is not None:
                ledger = ledger._cascade(child.number, child.answer.option, withdraw=withdraw)
        return ledger


def to_payload(ledger: Ledger) -> list[dict[str, object]]:
    """The ledger as JSON data, for the hidden payload of the architect's comments."""
    out: list[dict[str, object]] = []
    for fork in ledger.forks:
        item: dict[str, object] = {
            "n": fork.number,
            "q": fork.question,
            "o": [[letter, text] for letter, text in fork.options],
            "r": fork.recommended,
            "s": fork.status.value,
            "k": fork.round,
        }
        if fork.why:
            item["w"] = fork.why
        if fork.hangs_on is not None:
            item["h"] = [fork.hangs_on[0], fork.hangs_on[1]]
        if fork.contested:
            item["x"] = fork.contested
        if fork.answer is not None:
            a = fork.answer
            item["a"] = {"o": a.option, "t": a.text, "b": a.by, "u": a.url, "c": a.comment_id}
        out.append(item)
    return out


def from_payload(data: object) -> Ledger | None:
    """Parse a payload written by `to_payload`; None when it is not one."""
    if not isinstance(data, list):
        return None
    forks: list[DesignFork] = []
    try:
        for item in data:
            answer = None
            if isinstance(item.get("a"), dict):
                a = item["a"]
                answer = Answer(
                    option=a.get("o"), text=str(a.get("t", "")), by=str(a.get("b", "")),
                    url=str(a.get("u", "")), comment_id=int(a.get("c", 0)),
                )
            forks.append(
                DesignFork(
                    number=int(item["n"]),
                    question=str(item["q"]),
                    options=tuple((str(letter), str(text)) for letter, text in item["o"]),
                    recommended=str(item["r"]),
                    why=str(item.get("w", "")),
                    answer=answer,
                    status=ForkStatus(item.get("s", "open")),
                    round=int(item.get("k", 1)),
                    hangs_on=_hangs_on(item.get("h")),
                    contested=str(item.get("x", "")),
                )
            )
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    return Ledger(tuple(sorted(forks, key=lambda f: f.number)))


def _hangs_on(raw: object) -> tuple[int, str] | None:
    if isinstance(raw, list) and len(raw) == 2:
        return int(raw[0]), str(raw[1])
    return None
