"""The comment corpus: real-looking comments, each with the outcomes it allows, run end to end.

`tests/data/comments/corpus.toml` holds the comments (one `[[comment]]` table each;
see its header). `run` writes each on its own sprint PR of one embedded forge, at
the stage it names, runs `run_tick` as `architect run` does, and reads what a
person would see: was the PR closed, were the design questions posted, did the
bot reply to that comment, what did the ledger record from it.

Outcomes: `accept` (the design questions were posted), `reject` (the PR was
closed), `reply` (one reply to that comment, marked `unclear comment=<id>`),
`answers` (the answers round recorded letters from it: exactly `answers`),
`ack` (an answers round read it and recorded nothing from it), `hold` (the sprint is on
hold: the one reply to it says so), `none`.
When a later comment makes a question contested (two people who may steer, two
letters), the round's acknowledgment naming it is the case's reply; the other
questions' letters are the writers' to record, and only a letter recorded for the
contested question is a misread.
A *misread* is a decision or a letter the comment did not mean; *partial* is an answers
round that recorded only letters the comment meant but not all of them (not held, no
misread: the issue counts a wrong action or a wrong letter recorded); *silent* is
`none` where the corpus allows no silence; *asked back* is a `reply` to a comment whose
case allows no reply (a certain comment the bot should have acted on). At the design
questions an answers round's acknowledgment that names the writer is their one reply
(it says what was read and that nothing was recorded), so it meets `reply` too.

More keys (the format the corpus writers were given):
`stage = "questions3"` (the three questions of `ATTACHMENTS_VISION`), `kind` (a PR
review: "COMMENT", "APPROVED", "REQUEST_CHANGES", its body the text), `then` /
`then_by` (a later comment written before the next tick: the outcome is of both),
and `source`, `note`, `split` (kept for the bench's figures, never read by the run).
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

from architect.core import markers
from architect.emulator.setup import ForgeSetupError
from architect.forge.models import Comment
from architect.shell.pr_history import vision_of
from tests.world import (
    ATTACHMENTS_VISION,
    BOT,
    OPS,
    PROJECT,
    SETTINGS_VISION,
    World,
    make_world,
)

CORPUS = Path(__file__).parent / "data" / "comments" / "corpus.toml"
OUTCOMES = ("accept", "reject", "reply", "answers", "ack", "hold", "none")
STAGES = ("pitch", "questions", "questions3")
KINDS = ("comment", "COMMENT", "APPROVED", "REQUEST_CHANGES")
VISIONS = {"pitch": SETTINGS_VISION, "questions": SETTINGS_VISION,
           "questions3": ATTACHMENTS_VISION}
WHERE = ("pr", "vision")
# A case the forge refuses to write (a request for changes with no body): not counted.
UNWRITABLE = "unwritable"  # on the sprint PR, or on its vision (project repo)


@dataclass(frozen=True)
class Case:
    text: str
    stage: str
    by: str
    allowed: tuple[str, ...]
    answers: dict[int, str] = field(default_factory=dict)
    says: str = ""  # words the bot's reply or acknowledgment must contain
    where: str = "pr"
    kind: str = "comment"  # or the state of a PR review whose body is `text`
    then: str = ""  # a later comment, written before the next tick
    then_by: str = ""
    source: str = ""
    note: str = ""
    split: str = ""

    @property
    def decision(self) -> bool:
        """A case that means a decision on the pitch (accept or reject allowed)."""
        return bool({"accept", "reject"} & set(self.allowed))

    @property
    def answer(self) -> bool:
        return "answers" in self.allowed


@dataclass(frozen=True)
class Result:
    case: Case
    outcome: str
    recorded: dict[int, str]
    said: str  # the bot's reply or acknowledgment to it, "" when none
    # Acted on again by a tick with nothing new: the reading changed between two ticks.
    unstable: bool = False

    @property
    def misread(self) -> bool:
        """A decision, or a letter, the comment did not mean; or an action taken on a
        later tick with nothing new (the first tick's outcome was not the reader's last)."""
        if self.unstable:
            return True
        if (self.outcome in ("accept", "reject", "hold")
                and self.outcome not in self.case.allowed):
            return True
        if self.recorded and "answers" not in self.case.allowed:
            return True
        return self.outcome == "answers" and any(
            self.case.answers.get(n) != letter for n, letter in self.recorded.items())

    @property
    def partial(self) -> bool:
        """Every letter recorded was meant, but some that were meant were not recorded (the
        round's acknowledgment asks for them): no misread, and not held either."""
        return (self.outcome == "answers" and not self.misread
                and self.recorded != self.case.answers)

    @property
    def silent(self) -> bool:
        return self.outcome == "none" and "none" not in self.case.allowed

    @property
    def asked_back(self) -> bool:
        """A reply to a comment that allows none: a certain decision or answer not acted on."""
        return self._replied and "reply" not in self.case.allowed

    @property
    def _replied(self) -> bool:
        return self.outcome == "reply" or (
            self.outcome == "ack" and "ack" not in self.case.allowed
            and f"@{self.case.by}" in self.said)

    @property
    def ok(self) -> bool:
        met = self.outcome in self.case.allowed or (
            self._replied and "reply" in self.case.allowed)
        return (met and not self.misread and not self.partial and not self.silent
                and self.case.says in self.said)


def load(path: Path = CORPUS) -> list[Case]:
    """The corpus, checked: an unknown stage or outcome is a mistake in the file."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    cases = []
    for n, item in enumerate(data["comment"], 1):
        allowed = item["outcome"]
        allowed = (allowed,) if isinstance(allowed, str) else tuple(allowed)
        stage = item.get("stage", "pitch")
        where = item.get("where", "pr")
        kind = item.get("kind", "comment")
        if (stage not in STAGES or where not in WHERE or kind not in KINDS
                or not set(allowed) <= set(OUTCOMES)):
            raise ValueError(f"{path.name} entry {n}: stage {stage!r}, where {where!r}, kind "
                             f"{kind!r} or outcome {allowed!r} unknown")
        if kind != "comment" and where != "pr":
            raise ValueError(f"{path.name} entry {n}: a review is written on the sprint PR")
        answers = {int(k.lstrip("Qq")): v for k, v in item.get("answers", {}).items()}
        by = item.get("by", "alice")
        cases.append(Case(item["text"], stage, by, allowed, answers, item.get("says", ""),
                          where, kind, item.get("then", ""), item.get("then_by", "") or by,
                          item.get("source", ""), item.get("note", ""),
                          item.get("split", "")))
    return cases


def run(cases: list[Case], tmp: Path, *, strict: bool = True) -> list[Result]:
    """`strict`: a second tick that acts again fails the run (the suite); otherwise the
    comments on the PRs it acted on are counted as misread (the bench's figures)."""
    results: dict[int, Result] = {}
    for stage, where in ((s, w) for s in STAGES for w in WHERE):
        staged = [(i, c) for i, c in enumerate(cases) if (c.stage, c.where) == (stage, where)]
        if not staged:
            continue
        folder = tmp / f"{stage}-{where}"
        folder.mkdir()
        world = make_world(folder, max_open_pitches=len(staged) + 1)
        prs = _sprint_prs(world, len(staged), VISIONS[stage], ask=stage != "pitch")
        written = {i: (prs[k], _write(world, prs[k], case)) for k, (i, case) in enumerate(staged)}
        world.tick()
        for i, case in staged:
            number, ids = written[i]
            results[i] = _outcome(world, case, number, ids)
        again = world.tick()
        if again.decision.actions and strict:
            raise AssertionError("a second tick acted again: "
                                 + "; ".join(a.describe() for a in again.decision.actions))
        acted = {a.describe().split(":", 1)[0] for a in again.decision.actions}
        for i, _ in staged:
            if f"PR #{written[i][0]}" in acted:
                results[i] = replace(results[i], unstable=True)
    return [results[i] for i in range(len(cases))]


def counts(results: list[Result]) -> Counter[str]:
    tally: Counter[str] = Counter(r.outcome for r in results)
    results = [r for r in results if r.outcome != UNWRITABLE]
    tally["misread"] = sum(r.misread for r in results)
    tally["partial"] = sum(r.partial for r in results)
    tally["silent"] = sum(r.silent for r in results)
    tally["asked back"] = sum(r.asked_back for r in results)
    return tally


def _sprint_prs(world: World, n: int, vision: str, *, ask: bool) -> list[int]:
    """`n` sprint PRs awaiting their decision (or with their questions asked)."""
    for k in range(n):
        world.vision(f"Vision {k + 1}", vision)
    world.tick()
    numbers = sorted(pr.number for pr in world.bot.list_pulls(OPS, state="open"))
    assert len(numbers) == n, f"{len(numbers)} sprint PRs for {n} comments"
    if ask:
        for number in numbers:
            world.comment(number, "ACCEPT")
        world.tick()
    return numbers


@dataclass(frozen=True)
class _Written:
    first: int  # the comment's id, or the review's
    review: bool
    then: int = 0  # the later comment's id, 0 when none
    since: int = 0  # the newest comment id before the case was written


def _write(world: World, number: int, case: Case) -> _Written:
    """The comment (or review), on the sprint PR or on its vision, and its later comment."""
    repo, where = OPS, number
    if case.where == "vision":
        vision = vision_of(world.bot.get_pull(OPS, number))
        assert vision is not None
        repo, where = PROJECT, vision
    since = max((c.id for c in world.bot.list_comments(repo, where)), default=0)
    if case.kind != "comment":
        try:
            first = world.review(number, case.kind, case.text, by=case.by)
        except ForgeSetupError:
            return _Written(0, True, 0, since)  # the forge takes no such review

    else:
        first = world.comment(where, case.text, by=case.by, repo=repo)
    then = world.comment(where, case.then, by=case.then_by, repo=repo) if case.then else 0
    return _Written(first, case.kind != "comment", then, since)


def _outcome(world: World, case: Case, number: int, ids: _Written) -> Result:
    if not ids.first:
        return Result(case, UNWRITABLE, {}, "")
    pr = world.bot.get_pull(OPS, number)
    later = [c for c in world.bot.list_comments(OPS, number)
             if c.user.login == BOT and c.id > ids.since]
    marks = [(c, m) for c in later for m in markers.marks_in(c.body)]
    replies = marks
    if case.where == "vision":
        vision = vision_of(pr)
        assert vision is not None
        replies = [(c, m) for c in world.bot.list_comments(PROJECT, vision)
                   if c.user.login == BOT and c.id > ids.since
                   for m in markers.marks_in(c.body)]
    reply = next((c.body for c, m in replies if isinstance(m, markers.UnclearMark)
                  and ((m.comment == ids.first and m.review == ids.review)
                       or (ids.then and m.comment == ids.then and not m.review))), "")
    # A request for changes is answered by the revised pitch: its one reply.
    reply = reply or next((c.body for c, m in replies if isinstance(m, markers.RevisedMark)
                           and m.review == ids.first and m.comment == (not ids.review)), "")
    if pr.state == "closed" and not pr.merged:
        return Result(case, "reject", {}, _last(later))
    if reply:
        return Result(case, "hold" if reply.startswith("On hold") else "reply", {}, reply)
    if case.stage == "pitch" and any(isinstance(m, markers.QuestionsMark) for _, m in marks):
        return Result(case, "accept", {}, "")
    mine = {i for i in (ids.then, 0 if ids.review else ids.first) if i}
    round_ = next(((c, m) for c, m in marks
                   if isinstance(m, markers.AnswersMark)
                   and (mine & set(m.read) or (ids.review and ids.first in m.reviews))), None)
    if round_ is None:
        return Result(case, "none", {}, "")
    ack, mark = round_
    recorded = {f.number: f.answer.option or "?" for f in (mark.ledger.forks if mark.ledger
                                                           else ())
                if f.answer is not None and (f.answer.comment_id in mine or (
                    ids.review and f.answer.comment_id == ids.first
                    and ids.first in mark.reviews))}
    contested = {int(n) for n in _CONTESTED.findall(ack.body)}
    if contested and case.then:
        # Two people answered one question differently: the round's one reply names it.
        # The other questions' answers are theirs to record; only the contested one must
        # stay unrecorded (a letter recorded for it is still counted as misread).
        return Result(case, "reply", {n: a for n, a in recorded.items() if n in contested},
                      ack.body)
    return Result(case, "answers" if recorded else "ack", recorded, ack.body)


_CONTESTED = re.compile(r"\bQ(\d+) is contested\b")


def _last(comments: list[Comment]) -> str:
    return comments[-1].body if comments else ""
