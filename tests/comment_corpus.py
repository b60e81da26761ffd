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
A *misread* is a decision or a letter the comment did not mean; *silent* is
`none` where the corpus allows no silence.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from architect.core import markers
from architect.forge.models import Comment
from architect.shell.pr_history import vision_of
from tests.world import BOT, OPS, PROJECT, SETTINGS_VISION, World, make_world

CORPUS = Path(__file__).parent / "data" / "comments" / "corpus.toml"
OUTCOMES = ("accept", "reject", "reply", "answers", "ack", "hold", "none")
STAGES = ("pitch", "questions")
WHERE = ("pr", "vision")  # on the sprint PR, or on its vision (project repo)


@dataclass(frozen=True)
class Case:
    text: str
    stage: str
    by: str
    allowed: tuple[str, ...]
    answers: dict[int, str] = field(default_factory=dict)
    says: str = ""  # words the bot's reply or acknowledgment must contain
    where: str = "pr"


@dataclass(frozen=True)
class Result:
    case: Case
    outcome: str
    recorded: dict[int, str]
    said: str  # the bot's reply or acknowledgment to it, "" when none

    @property
    def misread(self) -> bool:
        """A decision, or a letter, the comment did not mean."""
        if (self.outcome in ("accept", "reject", "hold")
                and self.outcome not in self.case.allowed):
            return True
        if self.recorded and "answers" not in self.case.allowed:
            return True
        return self.outcome == "answers" and self.recorded != self.case.answers

    @property
    def silent(self) -> bool:
        return self.outcome == "none" and "none" not in self.case.allowed

    @property
    def ok(self) -> bool:
        return (self.outcome in self.case.allowed and not self.misread and not self.silent
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
        if stage not in STAGES or where not in WHERE or not set(allowed) <= set(OUTCOMES):
            raise ValueError(f"corpus entry {n}: stage {stage!r}, where {where!r} or outcome "
                             f"{allowed!r} unknown")
        answers = {int(k.lstrip("Qq")): v for k, v in item.get("answers", {}).items()}
        cases.append(Case(item["text"], stage, item.get("by", "alice"), allowed, answers,
                          item.get("says", ""), where))
    return cases


def run(cases: list[Case], tmp: Path) -> list[Result]:
    results: dict[int, Result] = {}
    for stage, where in ((s, w) for s in STAGES for w in WHERE):
        staged = [(i, c) for i, c in enumerate(cases) if (c.stage, c.where) == (stage, where)]
        if not staged:
            continue
        folder = tmp / f"{stage}-{where}"
        folder.mkdir()
        world = make_world(folder, max_open_pitches=len(staged) + 1)
        prs = _sprint_prs(world, len(staged), ask=stage == "questions")
        written = {i: (prs[k], _write(world, prs[k], case)) for k, (i, case) in enumerate(staged)}
        world.tick()
        for i, case in staged:
            number, comment_id = written[i]
            results[i] = _outcome(world, case, number, comment_id)
        again = world.tick()
        if again.decision.actions:
            raise AssertionError("a second tick acted again: "
                                 + "; ".join(a.describe() for a in again.decision.actions))
    return [results[i] for i in range(len(cases))]


def counts(results: list[Result]) -> Counter[str]:
    tally: Counter[str] = Counter(r.outcome for r in results)
    tally["misread"] = sum(r.misread for r in results)
    tally["silent"] = sum(r.silent for r in results)
    return tally


def _sprint_prs(world: World, n: int, *, ask: bool) -> list[int]:
    """`n` sprint PRs awaiting their decision (or with their questions asked)."""
    for k in range(n):
        world.vision(f"Settings {k + 1}", SETTINGS_VISION)
    world.tick()
    numbers = sorted(pr.number for pr in world.bot.list_pulls(OPS, state="open"))
    assert len(numbers) == n, f"{len(numbers)} sprint PRs for {n} comments"
    if ask:
        for number in numbers:
            world.comment(number, "ACCEPT")
        world.tick()
    return numbers


def _write(world: World, number: int, case: Case) -> int:
    """The comment, on the sprint PR or on its vision."""
    if case.where == "vision":
        vision = vision_of(world.bot.get_pull(OPS, number))
        assert vision is not None
        return world.comment(vision, case.text, by=case.by, repo=PROJECT)
    return world.comment(number, case.text, by=case.by)


def _outcome(world: World, case: Case, number: int, comment_id: int) -> Result:
    pr = world.bot.get_pull(OPS, number)
    later = [c for c in world.bot.list_comments(OPS, number)
             if c.user.login == BOT and c.id > comment_id]
    marks = [(c, m) for c in later for m in markers.marks_in(c.body)]
    replies = marks
    if case.where == "vision":
        vision = vision_of(pr)
        assert vision is not None
        replies = [(c, m) for c in world.bot.list_comments(PROJECT, vision)
                   if c.user.login == BOT and c.id > comment_id
                   for m in markers.marks_in(c.body)]
    reply = next((c.body for c, m in replies
                  if isinstance(m, markers.UnclearMark) and m.comment == comment_id), "")
    if pr.state == "closed" and not pr.merged:
        return Result(case, "reject", {}, _last(later))
    if reply:
        return Result(case, "hold" if reply.startswith("On hold") else "reply", {}, reply)
    if case.stage == "pitch" and any(isinstance(m, markers.QuestionsMark) for _, m in marks):
        return Result(case, "accept", {}, "")
    round_ = next(((c, m) for c, m in marks
                   if isinstance(m, markers.AnswersMark) and comment_id in m.read), None)
    if round_ is None:
        return Result(case, "none", {}, "")
    ack, mark = round_
    recorded = {f.number: f.answer.option or "?" for f in (mark.ledger.forks if mark.ledger
                                                           else ())
                if f.answer is not None and f.answer.comment_id == comment_id}
    return Result(case, "answers" if recorded else "ack", recorded, ack.body)


def _last(comments: list[Comment]) -> str:
    return comments[-1].body if comments else ""
