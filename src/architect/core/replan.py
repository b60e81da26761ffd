"""Re-planning a filed sprint: what people ask after filing, and where the proposal stands.

Pure. A merged sprint PR (with its vision still open) is read as a `FiledSprint`;
`assess` reads the comments written on it and on the vision since the architect
last took them in, and returns a `ReplanView` whose state is a row of
`core.table.REPLAN_TABLE`:

    REPLAN: / a changed answer / REJECT:  ──▶ a proposal (comment with a `replan` mark)
    ACCEPT  ──▶ applied, each change once (`replan-done outcome=applied`)
    REJECT: ──▶ dropped, nothing changed    any other comment ──▶ a new proposal

A proposal never touches a sub-issue on which work has started (`started`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from architect.core import markers, words
from architect.core.answers import (
    ParsedAnswer,
    parse_comment,
)
from architect.core.inputs import HumanComment
from architect.core.ledger import Answer, Ledger, from_payload, to_payload
from architect.core.replan_schema import ReplanProposal
from architect.core.replies import who_may_steer
from architect.core.words import Family, Sense
from architect.forge.models import Comment, Issue

if TYPE_CHECKING:
    from architect.core.facts import MergedSprint
    from architect.core.steering import Steering
    from architect.core.view import ReplanState, SprintPR

def read_word(body: str, bot_login: str) -> tuple[str, str] | None:
    """The decision word a comment starts with (ACCEPT, REJECT or REPLAN: the registry's,
    as on a filed sprint) and the words after it."""
    said = words.read_clear(body, bot_login, filed=True)
    if said is None or said.family is None:
        return None
    return said.family.value, said.rest


def answers_in(body: str, ledger: Ledger) -> tuple[ParsedAnswer, ...]:
    """The answers a comment gives to the ledger's questions (the one place the re-plan
    reads answers: a richer parser replaces it)."""
    return parse_comment(body, ledger.forks).answers


# -- what the tick read ---------------------------------------------------------

@dataclass(frozen=True)
class SubNow:
    """A sub-issue of the sprint as the tick read it."""

    issue: Issue
    linked: bool = False  # an open pull request or a branch names it


@dataclass(frozen=True)
class FiledSprint:
    """A merged sprint whose vision is open, with what was said on it since the filing."""

    merged: MergedSprint
    sprint: SprintPR  # the merged PR with its comments, as the steps know a sprint PR
    comments: tuple[Comment, ...]  # on the merged sprint PR
    vision_comments: tuple[Comment, ...] = ()
    subs: tuple[SubNow, ...] | None = None  # read only when a request or an ACCEPT needs them

    @property
    def number(self) -> int:
        return self.merged.pr.number


@dataclass(frozen=True)
class Proposal:
    """The open proposal: its comment, and what it would do."""

    comment: Comment
    mark: markers.ReplanMark

    @property
    def n(self) -> int:
        return self.mark.n

    @property
    def plan(self) -> ReplanProposal:
        return ReplanProposal.model_validate(self.mark.payload.get("plan", {}))

    @property
    def ledger(self) -> Ledger:
        return from_payload(self.mark.payload.get("ledger")) or Ledger()

    @property
    def requests(self) -> tuple[HumanComment, ...]:
        said = self.mark.payload.get("requests", [])
        return tuple(HumanComment(int(r["id"]), str(r["author"]), str(r["body"]), str(r["url"]))
                     for r in said if isinstance(r, dict))


@dataclass(frozen=True)
class Reply:
    """One reply the architect owes a comment written after filing."""

    comment: HumanComment
    text: str
    once_per: str = ""  # a login: one reply per person (someone who may not steer)


@dataclass(frozen=True)
class ReplanView:
    filed: FiledSprint
    slug: str
    ledger: Ledger  # the decisions as they stand (after every applied re-plan)
    design_ledger: Ledger  # as the sprint was filed
    proposal: Proposal | None = None  # the open one
    requests: tuple[HumanComment, ...] = ()  # what asks for a (new) proposal
    accept: HumanComment | None = None
    reject: HumanComment | None = None
    replies: tuple[Reply, ...] = ()
    seen: int = 0  # the newest comment this view takes in
    stale: str = ""  # why the open proposal no longer fits the sub-issues ("": it does)
    remind: bool = False  # set by `with_clock`
    applied: tuple[tuple[int, markers.ReplanDoneMark], ...] = ()  # (comment id, mark)
    added: tuple[int, ...] = ()  # sub-issues applied re-plans filed
    bodies: Mapping[int, str] = field(default_factory=dict)  # number → digest of our body
    state: ReplanState | None = None  # set by `core.table.classify_replan`
    last_n: int = 0  # the highest proposal number used (proposed, applied, dropped, failed)

    @property
    def number(self) -> int:
        return self.filed.number

    @property
    def next_n(self) -> int:
        """The next proposal's number: after every proposal and outcome so far."""
        return self.last_n + 1

    @property
    def applied_entries(self) -> tuple[str, ...]:
        """The `## Re-plans` lines of the re-plans applied so far, oldest first."""
        return tuple(str((m.payload or {}).get("entry", ""))
                     for _, m in sorted(self.applied, key=lambda item: item[1].n)
                     if (m.payload or {}).get("entry"))

    @property
    def numbers(self) -> tuple[int, ...]:
        """Every sub-issue of the sprint: filed, then added by re-plans."""
        return tuple(dict.fromkeys((*self.filed.merged.filed, *self.added)))


def needs_subs(view: ReplanView) -> bool:
    """Whether the tick must read the sub-issues: to propose, to check or to apply."""
    return bool(view.requests or view.accept or (view.proposal and view.proposal.mark.started))


# -- reading the comments -------------------------------------------------------

def assess(filed: FiledSprint, steering: Steering, *, slug: str, design: Ledger) -> ReplanView:
    """The view without its state (see `core.table.classify_replan`)."""
    bot = steering.bot_login
    own = list(markers.read_marks((*filed.comments, *filed.vision_comments), bot))
    own += [(c, m) for c, m in markers.read_marks(filed.vision_comments, steering.filer_login)
            if steering.filer_login and steering.filer_login != bot]
    done = {m.n: (c, m) for c, m in own if isinstance(m, markers.ReplanDoneMark)}
    proposals = [(c, m) for c, m in own if isinstance(m, markers.ReplanMark)]
    applied = tuple((c.id, m) for c, m in done.values() if m.outcome == "applied")
    ledger = design
    bodies: dict[int, str] = {}
    added: list[int] = []
    for _, mark in sorted(applied, key=lambda item: item[1].n):
        payload = mark.payload or {}
        ledger = from_payload(payload.get("ledger")) or ledger
        bodies.update({int(k): str(v) for k, v in dict(payload.get("bodies", {})).items()})
        added += [int(n) for n in payload.get("added", [])]
    open_ = next((Proposal(c, m) for c, m in reversed(proposals) if m.n not in done), None)
    taken = max([0, *(c.id for c, m in own if isinstance(m, markers.FiledMark)),
                 *(m.seen for _, m in proposals),
                 *(int(m.payload.get("seen", 0)) for _, m in done.values() if m.payload)])
    answered = {m.comment for _, m in own if isinstance(m, markers.ReplanReplyMark)}
    told = {m.login for _, m in own if isinstance(m, markers.ReplanReplyMark) and m.login}
    fresh = sorted((c for c in (*filed.comments, *filed.vision_comments)
                    if c.id > taken and c.id not in answered and not steering.is_bot(c.user.login)),
                   key=lambda c: c.id)
    last_n = max([0, *(m.n for _, m in proposals), *done])
    view = ReplanView(filed, slug, ledger, design, open_, applied=applied,
                      added=tuple(added), bodies=bodies, last_n=last_n)
    return _heard(view, fresh, steering, told)


def _heard(view: ReplanView, fresh: list[Comment], steering: Steering,
           told: set[str]) -> ReplanView:
    bot = steering.bot_login
    requests: list[HumanComment] = []
    replies: list[Reply] = []
    accept = reject = None
    for comment in fresh:
        said = HumanComment(comment.id, comment.user.login, comment.body, comment.html_url)
        word = read_word(comment.body, bot)
        answers = answers_in(comment.body, view.ledger)
        # One reading of the comment, as a pitch's decision is read ("Sounds good, I think").
        reading = words.read(comment.body, bot)
        agrees = word is None and reading.sense is Sense.LIKELY
        undecided = word is None and reading.sense is Sense.NOT_DECISION
        asks = word is not None or bool(answers) or agrees or undecided
        if not steering.may_steer(comment.user.login):
            if asks and said.author not in told:
                told.add(said.author)
                replies.append(Reply(said, not_a_steerer(said.author, steering.steerers()),
                                     once_per=said.author))
            continue
        if undecided:  # "Don't accept this yet": read, and said so, never acted on
            replies.append(Reply(said, not_decided(view, said)))
            continue
        if view.proposal is not None and not requests:
            if word is not None and word[0] == "ACCEPT":
                accept = said
                break
            if word is not None and word[0] == "REJECT":
                reject = said
                break
        asked = word is not None and word[0] in ("REJECT", Family.REPLAN)
        if asked or (answers and changed_answers(view.ledger, said)):
            requests.append(said)
        elif view.proposal is not None and not agrees and (
                word is None and comment.body.strip()):
            requests.append(said)  # any other comment on a proposal asks for a new one
        elif asks:
            replies.append(Reply(said, nothing_to_do(view, said, word, bool(answers))))
    seen = max((c.id for c in fresh), default=0) if requests else 0
    return replace(view, requests=tuple(requests), accept=accept, reject=reject,
                   replies=tuple(replies), seen=seen)


def changed_answers(ledger: Ledger, comment: HumanComment) -> tuple[tuple[int, str, str], ...]:
    """The answers a comment changes: (question, new letter, its reason)."""
    found: list[tuple[int, str, str]] = []
    for item in answers_in(comment.body, ledger):
        fork = ledger.get(item.question)
        if fork is None:
            continue
        letter = fork.recommended if item.choice == "recommended" else item.choice
        current = fork.answer.option if fork.answer else None
        if letter in fork.letters and letter != current:
            found.append((fork.number, letter, item.reason))
    return tuple(found)


def new_ledger(ledger: Ledger, requests: Sequence[HumanComment]) -> Ledger:
    """The ledger with every answer the requests change, in order."""
    for said in requests:
        for number, letter, reason in changed_answers(ledger, said):
            fork = ledger.get(number)
            assert fork is not None  # `changed_answers` found it
            text = fork.option_text(letter) + (f" — {reason}" if reason else "")
            ledger = ledger.answer(number, Answer(letter, text, said.author, said.url, said.id))
    return ledger


def rejects_all(requests: Sequence[HumanComment], bot_login: str) -> str:
    """The reason of a `REJECT:` among the requests ("" when none): drop what is left."""
    for said in requests:
        word = read_word(said.body, bot_login)
        if word is not None and word[0] == "REJECT":
            return word[1] or "rejected after filing"
    return ""


def not_a_steerer(login: str, writers: Sequence[str] = ()) -> str:
    """`writers`: who may steer, read this tick, while `reviewers` is empty."""
    if writers:
        who = who_may_steer((), writers, "people with write access to the ops repo")
        return (f"@{login}, only {who} may change this sprint's plan; one of them can write "
                "`REPLAN: <what changes>` here.")
    return (f"@{login}, only the project's reviewers (or, when none are configured, the "
            "people with write access to the ops repo) may change this sprint's plan; a "
            "reviewer can write `REPLAN: <what changes>` here.")


def not_decided(view: ReplanView, said: HumanComment) -> str:
    what = (f"re-plan proposal {view.proposal.n} stays open" if view.proposal is not None
            else "nothing changes")
    return (f"@{said.author}, [your comment]({said.url}) names a decision word but does not "
            f"decide: {what}. `ACCEPT` applies a proposal, `REJECT: <reason>` drops it, and "
            "`REPLAN: <what changes>` asks for one.")


def nothing_to_do(view: ReplanView, said: HumanComment, word: tuple[str, str] | None,
                  answers: bool) -> str:
    if word is not None and word[0] not in ("ACCEPT", "REJECT", Family.REPLAN):
        # A word of the registry for an open sprint (`HOLD`, `RESUME`): nothing to hold here.
        then = (f"`ACCEPT` applies re-plan proposal {view.proposal.n}; `REJECT: <reason>` "
                f"drops re-plan proposal {view.proposal.n}." if view.proposal is not None
                else "To change its plan, write `REPLAN: <what changes>` or a changed answer "
                "(`Q1: B`).")
        return (f"@{said.author}, this sprint is filed, so `{word[0]}` has nothing to act on: "
                f"it acts on a sprint PR until its sub-issues are filed. {then}")
    if view.proposal is not None:
        return (f"@{said.author}, [your comment]({said.url}) reads as agreement, but only "
                f"`ACCEPT` applies re-plan proposal {view.proposal.n}; `REJECT: <reason>` "
                "drops it.")
    unreadable = _unreadable(view.ledger, said) if answers else []
    if unreadable:
        return (f"@{said.author}, nothing in [your comment]({said.url}) changes the plan: "
                + " ".join(unreadable) + " To change an answer, write `Q<n>: <letter>` "
                "with one of its options, or `REPLAN: <what changes>`.")
    if answers:
        return (f"@{said.author}, the answers in [your comment]({said.url}) are what the "
                "sprint was filed with: nothing to change. To change the plan, write a "
                "different answer (`Q1: B`) or `REPLAN: <what changes>`.")
    if word is not None and word[0] == "ACCEPT":
        return (f"@{said.author}, this sprint is filed and no re-plan proposal is open, so "
                "there is nothing to accept. To change the plan, write `REPLAN: <what "
                "changes>` or a changed answer (`Q1: B`).")
    return (f"@{said.author}, this sprint is filed. To change its plan, write `REPLAN: <what "
            "changes>`, a changed answer (`Q1: B`), or `REJECT: <reason>` to drop what is "
            "left; a proposal then answers, and `ACCEPT` applies it.")


def _unreadable(ledger: Ledger, said: HumanComment) -> list[str]:
    """What an answer names that the ledger does not have (a question, an option)."""
    found: list[str] = []
    numbers = [f.number for f in ledger.forks]
    for item in answers_in(said.body, ledger):
        fork = ledger.get(item.question)
        if fork is None:
            found.append(f"Q{item.question} is not a question of this sprint (it has "
                         f"Q{min(numbers, default=1)}–Q{max(numbers, default=1)}).")
        elif item.choice != "recommended" and item.choice not in fork.letters:
            found.append(f"{item.choice} is not an option of Q{fork.number} "
                         f"({', '.join(fork.letters)}).")
    return found


def payload(plan: ReplanProposal, ledger: Ledger, requests: Sequence[HumanComment],
            rebuilt: str) -> dict[str, object]:
    return {"plan": plan.model_dump(mode="json", exclude={"reasoning"}),
            "ledger": to_payload(ledger), "rebuilt": rebuilt,
            "requests": [{"id": r.id, "author": r.author, "body": r.body[:2000], "url": r.url}
                         for r in requests]}
