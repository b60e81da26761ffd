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


# A realistic structured vision the mode tests share: tasks with ids, files and `after:`
# notes (one unknown), a checked item, two questions (one with a follow-up), one without
# options, risks, out of scope and acceptance.
EXPORT = """\
Let users export their notes so that they can leave the app with their data.

## Why
Support gets a mail a week asking for a way out; a GDPR request is a manual job today.

## Tasks
- [ ] Add an export service that writes a ZIP of Markdown files (id: export-core; files: notes/export.py)
- [ ] Add `notes export` to the CLI (id: export-cli; after: export-core; files: notes/cli.py)
- [ ] Queue large exports in a nightly cron job (after: export-core; files: notes/jobs.py, deploy/cron.yaml, deploy/worker.yaml, deploy/extra.yaml)
- [ ] Docs: explain the export format (after: Add `notes export` to the CLI, unknown-thing; files: docs/export.md)
- [x] Notes are stored as Markdown already

## Open questions
1. Which format do attachments take?
   - A) Files next to the note
   - B) Inlined as base64 (recommended: one file per note)
2. Who may export?
   - A) Only the owner
   - B) Admins too
     - If B: Do admins see private notes?
       - A) Never (recommended)
       - B) With an audit log entry
- Should exports expire?

## Risks
- Big accounts make big ZIPs.

## Out of scope
- Importing.

## Acceptance
- `pytest` passes.
- The export opens in any Markdown editor.
"""  # noqa: E501


CONTEXT = ProjectContext(
    vision_md=(
        "# notes\n\nPeople own their notes: export and import are first-class.\n\n"
        "## Style\nKeep it small.\n"
    ),
    agents_md="",
    code_summary="notes/cli.py\nnotes/store.py\n",
)


def asked() -> Ledger:
    """EXPORT's two questions, asked and open."""
    return ledger_of(*questions(EXPORT).forks)


def decided() -> Ledger:
    """EXPORT's two questions, answered (Q1 by letter, Q2 in words)."""
    ledger = asked()
    ledger = answered(ledger, 1, "A", "A — editors open them", by="carol")
    return answered(ledger, 2, None, "Owners only, admins use the database", by="dan")
