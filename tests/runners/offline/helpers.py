"""Builders for the planner tests: requests, inputs and ledgers as the lifecycle makes them."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

from architect.core.inputs import HumanComment, PlannerInputs, ProjectContext, VisionInput
from architect.core.ledger import Answer, DesignFork, Ledger
from architect.core.schemas import (
    AnswerRound,
    ForkProposal,
    LessonsDigest,
    Pitch,
    ProposedFork,
    RevisedPitch,
    SubIssuePlan,
)
from architect.runners.base import Mode, ModelRequest
from architect.runners.offline import OfflinePlanner

T = TypeVar("T", bound=BaseModel)

SCHEMAS: dict[Mode, type[BaseModel]] = {
    Mode.PITCH: Pitch,
    Mode.REVISE: RevisedPitch,
    Mode.QUESTIONS: ForkProposal,
    Mode.ANSWERS: AnswerRound,
    Mode.FILE: SubIssuePlan,
    Mode.DIGEST: LessonsDigest,
}


def planner_inputs(
    body: str = "", *, title: str = "A vision", number: int = 7, **fields: Any
) -> PlannerInputs:
    fields.setdefault("context", ProjectContext())
    return PlannerInputs(project="demo", vision=VisionInput(number, title, body), **fields)


def request(mode: Mode, inputs: PlannerInputs, schema: type[T] | None = None) -> ModelRequest[Any]:
    return ModelRequest(
        mode=mode,
        schema=schema or SCHEMAS[mode],
        system="(the offline planner never reads this)",
        context="",
        prompt="",
        inputs=inputs,
        session_key="pr-12",
    )


def pitch(body: str, **fields: Any) -> Pitch:
    return _run(Mode.PITCH, body, Pitch, **fields)


def revise(body: str, **fields: Any) -> RevisedPitch:
    return _run(Mode.REVISE, body, RevisedPitch, **fields)


def questions(body: str, **fields: Any) -> ForkProposal:
    return _run(Mode.QUESTIONS, body, ForkProposal, **fields)


def answers(body: str, **fields: Any) -> AnswerRound:
    return _run(Mode.ANSWERS, body, AnswerRound, **fields)


def file(body: str, **fields: Any) -> SubIssuePlan:
    return _run(Mode.FILE, body, SubIssuePlan, **fields)


def digest(*entries: str, lessons: str = "") -> LessonsDigest:
    inputs = planner_inputs(context=ProjectContext(lessons=lessons), journal_entries=entries)
    output = OfflinePlanner().run(request(Mode.DIGEST, inputs)).output
    assert isinstance(output, LessonsDigest)
    return output


def _run(mode: Mode, body: str, schema: type[T], **fields: Any) -> T:
    output = OfflinePlanner().run(request(mode, planner_inputs(body, **fields), schema)).output
    assert isinstance(output, schema)
    return output


def comment(body: str, *, id: int = 101, author: str = "alice") -> HumanComment:
    return HumanComment(id=id, author=author, body=body, url=f"http://forge/c/{id}")


def ledger_of(
    *forks: ProposedFork, first: int = 1, round: int = 1, base: Ledger | None = None
) -> Ledger:
    """The ledger after the lifecycle posted `forks` as questions numbered from `first`."""
    ledger = base or Ledger()
    for number, fork in enumerate(forks, start=first):
        options = tuple((o.letter, o.text) for o in fork.options)
        ledger = ledger.with_fork(
            DesignFork(number, fork.question, options, fork.recommended, fork.why, round=round)
        )
    return ledger


def answered(
    ledger: Ledger, number: int, option: str | None, text: str, *, by: str = "alice"
) -> Ledger:
    """The ledger after a human's answer to question `number` was recorded."""
    fork = ledger.get(number)
    assert fork is not None
    answer = Answer(option=option, text=text, by=by, url="http://forge/c/1", comment_id=1)
    return ledger.with_fork(fork.answered(answer))
