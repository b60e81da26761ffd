"""What the model said, made safe to act on. Pure.

Model text is neutralised (it may not carry hidden markers of its own), forks
are numbered by the architect and their recommendation checked against their
options, and free-text readings are credited to the comment they came from.
"""

from __future__ import annotations

from typing import TypeVar

from architect.core.inputs import HumanComment
from architect.core.ledger import Answer, DesignFork, Ledger
from architect.core.markers import neutralize
from architect.core.schemas import AnswerRound, Pitch, ProposedFork, SubIssue
from architect.core.text import one_line
from architect.errors import InvalidModelOutput

P = TypeVar("P", bound=Pitch)


def unread_by_model(free_text: tuple[HumanComment, ...], exc: InvalidModelOutput,
                    ledger: Ledger | None = None) -> str:
    why = one_line(str(exc).split(":", 1)[-1], 200).replace("`", "'")
    if not free_text:
        return (f"The model could not look for follow-up questions ({exc.what}: "
                f"{neutralize(why)}).")
    who = ", ".join(dict.fromkeys(f"@{c.author}" for c in free_text))
    # Answers recorded from the same comment are listed above: this is about the rest of it.
    recorded = {f.answer.comment_id for f in ledger.forks if f.answer} if ledger else set()
    rest = "the rest of " if all(c.id in recorded for c in free_text) else ""
    return (f"The model could not read {rest}the comment of {who} ({exc.what}: "
            f"{neutralize(why)}). Please answer as `Q<n>: <letter>` lines, which need "
            "no model.")


def numbered_fork(number: int, proposed: ProposedFork, round_: int,
                  ledger: Ledger | None = None) -> DesignFork:
    options = tuple((o.letter, neutralize(o.text)) for o in proposed.options)
    letters = [letter for letter, _ in options]
    recommended = proposed.recommended if proposed.recommended in letters else letters[0]
    return DesignFork(number, neutralize(proposed.question), options, recommended,
                      neutralize(proposed.why), round=round_,
                      hangs_on=_hangs_on(proposed, ledger))


def _hangs_on(proposed: ProposedFork, ledger: Ledger | None) -> tuple[int, str] | None:
    """The answer a follow-up depends on, when it names a real question and option."""
    cond = proposed.hangs_on
    parent = ledger.get(cond.question) if cond is not None and ledger is not None else None
    if cond is None or parent is None or cond.option not in parent.letters:
        return None
    return cond.question, cond.option


def interpret(ledger: Ledger, answer: AnswerRound, comments: tuple[HumanComment, ...],
               notes: list[str]) -> tuple[Ledger, list[int]]:
    read: list[int] = []
    by_id = {c.id: c for c in comments}
    if not comments:
        return ledger, read  # grammar answers only: they are recorded already
    for item in answer.interpretations:
        fork = ledger.get(item.question)
        if fork is None:
            notes.append(f"The model read an answer to Q{item.question}, which does not exist.")
            continue
        if item.option is not None and item.option not in fork.letters:
            notes.append(f"Q{fork.number}: {item.option} is not one of its options.")
            continue
        source = by_id.get(item.comment_id or -1, comments[0])
        if fork.contested and fork.answer is None:
            # Two who may steer disagree on it: settled by one of them writing the letter,
            # never by a reading of someone's words.
            notes.append(f"Q{fork.number} stays contested: the model read @{source.author}'s "
                         f"comment as {item.option or 'no letter'}, which is not recorded "
                         f"while it is contested (write `Q{fork.number}: <letter>`).")
            continue
        ledger = ledger.answer(fork.number, Answer(
            item.option, neutralize(item.summary), source.author, source.url, source.id),
            resolved=item.resolved)
        read.append(fork.number)
    return ledger, read


def clean_pitch(pitch: P) -> P:
    fields = pitch.model_dump()
    for key, value in fields.items():
        if isinstance(value, str):
            fields[key] = neutralize(value)
    return type(pitch).model_validate(fields)


def clean_sub(sub: SubIssue) -> SubIssue:
    data = sub.model_dump()
    for key in ("title", "problem", "proposed_solution"):
        data[key] = neutralize(data[key]).strip()
    data["acceptance_criteria"] = [neutralize(c) for c in sub.acceptance_criteria]
    data["affected_files"] = [neutralize(f) for f in sub.affected_files]
    return SubIssue.model_validate(data)
