"""An answer round: the humans' comments read as picks, follow-ups, and a reply."""

from __future__ import annotations

from collections.abc import Sequence

from architect.core.inputs import HumanComment, PlannerInputs
from architect.core.ledger import DesignFork, Ledger
from architect.core.schemas import (
    MAX_FORKS,
    AnswerRound,
    ForkCondition,
    Interpretation,
    ProposedFork,
)
from architect.core.text import normalize, one_line
from architect.runners.offline.asking import to_fork
from architect.runners.offline.common import askable, listing
from architect.runners.offline.reading import read_answer
from architect.runners.offline.vision import OpenQuestion, StructuredVision, parse_vision


def answers(inputs: PlannerInputs) -> AnswerRound:
    vision = parse_vision(inputs.vision.body)
    ledger = inputs.ledger
    picks: dict[int, tuple[str, HumanComment]] = {}
    unread: list[HumanComment] = []
    # A comment the architect's grammar already read an answer from is not "unread".
    recorded = {f.answer.comment_id for f in ledger.forks if f.answer}
    for comment in inputs.new_comments:
        # A contested question is settled by its steerers writing the letter, not read here.
        found = read_answer(comment.body, [f for f in ledger.unresolved if not f.contested])
        picks.update({number: (letter, comment) for number, letter in found.items()})
        if not found and comment.id not in recorded:
            unread.append(comment)
    interpretations = [_interpret(ledger, number, *picks[number]) for number in sorted(picks)]
    chosen = {f.number: f.answer.option for f in ledger.live.forks if f.answer and f.answer.option}
    chosen.update({number: letter for number, (letter, _) in picks.items()})
    hung = _chosen_follow_ups(vision, ledger, chosen)
    follow_ups = _fresh_questions(vision, ledger, [q for q, _ in hung])
    origins = {normalize(q.text): at for q, at in hung}
    return AnswerRound(
        interpretations=interpretations,
        follow_ups=[_hanging(to_fork(q), origins.get(normalize(q.text))) for q in follow_ups],
        reply=_reply(ledger, picks, unread),
    )


def _interpret(ledger: Ledger, number: int, letter: str, comment: HumanComment) -> Interpretation:
    fork = ledger.get(number)
    text = fork.option_text(letter) if fork else ""
    # The acknowledgment names the author; the summary quotes what was read.
    summary = f"{letter}) {text} — “{one_line(comment.body, 160)}”"
    return Interpretation(question=number, option=letter, summary=summary, comment_id=comment.id)


def follow_up_questions(
    vision: StructuredVision, ledger: Ledger, chosen: dict[int, str]
) -> list[OpenQuestion]:
    """Follow-ups of the chosen options first, then the vision's questions not asked yet."""
    hung = [q for q, _ in _chosen_follow_ups(vision, ledger, chosen)]
    return _fresh_questions(vision, ledger, hung)


def _fresh_questions(
    vision: StructuredVision, ledger: Ledger, follow_ups: list[OpenQuestion]
) -> list[OpenQuestion]:
    """`follow_ups`, then the vision's questions, without any asked already."""
    asked = {normalize(f.question) for f in ledger.forks}
    found = [*follow_ups, *vision.questions]
    fresh: dict[str, OpenQuestion] = {}
    for question in askable(found):
        key = normalize(question.text)
        if key not in asked and key not in fresh:
            fresh[key] = question
    return list(fresh.values())[:MAX_FORKS]


def _chosen_follow_ups(
    vision: StructuredVision, ledger: Ledger, chosen: dict[int, str]
) -> list[tuple[OpenQuestion, tuple[int, str]]]:
    """Each follow-up of a chosen option, with the (question, letter) it hangs on."""
    by_text = {normalize(q.text): q for q in _all_questions(vision.questions)}
    found: list[tuple[OpenQuestion, tuple[int, str]]] = []
    for number in sorted(chosen):
        fork = ledger.get(number)
        question = by_text.get(normalize(fork.question)) if fork else None
        option = (
            next((o for o in question.options if o.letter == chosen[number]), None)
            if question
            else None
        )
        if option and option.follow_up:
            found.append((option.follow_up, (number, chosen[number])))
    return found


def _hanging(fork: ProposedFork, at: tuple[int, str] | None) -> ProposedFork:
    if at is None:
        return fork
    return fork.model_copy(update={"hangs_on": ForkCondition(question=at[0], option=at[1])})


def _all_questions(found: Sequence[OpenQuestion]) -> list[OpenQuestion]:
    flat: list[OpenQuestion] = []
    for question in found:
        flat.append(question)
        flat += _all_questions([o.follow_up for o in question.options if o.follow_up])
    return flat


def _reply(
    ledger: Ledger,
    picks: dict[int, tuple[str, HumanComment]],
    unread: Sequence[HumanComment],
) -> str:
    # No word about follow-ups: the comment lists them under its own heading.
    parts = [
        f"Read @{comment.author}'s comment as Q{number}: {letter}."
        for number, (letter, comment) in sorted(picks.items())
    ]
    still_open = [f for f in ledger.unresolved if f.number not in picks]
    if unread:
        who = list(dict.fromkeys(f"@{c.author}" for c in unread))
        parts.append(
            f"I could not read an answer in the comment{'s' if len(unread) > 1 else ''} "
            f"of {listing(who)}: I could not tell which option of which question it picks."
        )
        if still_open:
            parts.append(
                "Please answer as `Q<n>: <letter>`, one per line:\n"
                + "\n".join(_open_line(f) for f in still_open)
            )
    return "\n\n".join(parts)


def _open_line(fork: DesignFork) -> str:
    options = ", ".join(f"{letter}) {one_line(text, 60)}" for letter, text in fork.options)
    return f"- Q{fork.number}: {one_line(fork.question, 120)} — {options}"
