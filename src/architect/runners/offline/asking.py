"""Design questions: the vision's `## Open questions` as forks to put to the humans."""

from __future__ import annotations

from collections.abc import Sequence

from architect.core.inputs import PlannerInputs
from architect.core.ledger import DesignFork
from architect.core.schemas import ForkProposal, Option, ProposedFork
from architect.core.text import one_line
from architect.runners.offline.common import MAX_FORKS, askable, sentence
from architect.runners.offline.reading import read_answer
from architect.runners.offline.vision import OpenQuestion, normalize, parse_vision


def questions(inputs: PlannerInputs) -> ForkProposal:
    vision = parse_vision(inputs.vision.body)
    asked = {normalize(f.question) for f in inputs.ledger.forks}
    fresh = [q for q in askable(vision.questions) if normalize(q.text) not in asked][:MAX_FORKS]
    guided = read_answer(inputs.guidance, _as_forks(fresh)) if inputs.guidance.strip() else {}
    forks = [to_fork(q, guided.get(n), inputs.guidance) for n, q in enumerate(fresh, start=1)]
    if forks:
        return ForkProposal(forks=forks)
    if vision.questions and not askable(vision.questions):
        reason = (
            "The vision's open questions have no lettered options, so there is nothing "
            "to choose between; the checklist is filed as written."
        )
    else:
        reason = (
            "The vision lists no open design questions; its checklist is specific "
            "enough to file as written."
        )
    return ForkProposal(forks=[], no_fork_reason=reason)


def to_fork(question: OpenQuestion, guided: str | None = None, guidance: str = "") -> ProposedFork:
    """The design fork for a vision question; `guided` is the letter the ACCEPT guidance names."""
    options = [Option(letter=o.letter, text=o.text) for o in question.options[:6]]
    recommended = question.recommended
    marked = next((o for o in question.options if o.recommended), None)
    why = (
        (sentence(marked.why) or "Marked (recommended) in the vision.")
        if marked
        else (f"No option is marked (recommended); {recommended} is the default.")
    )
    if guided:
        recommended = guided
        why = f"Your guidance with ACCEPT points to it: “{one_line(guidance, 160)}”"
    twists = [
        f"{o.letter} leads to a follow-up: {o.follow_up.text}"
        for o in question.options
        if o.follow_up and len(o.follow_up.options) >= 2
    ]
    if twists:
        why = f"{why} ({'; '.join(twists)})"
    return ProposedFork(question=question.text, options=options, recommended=recommended, why=why)


def _as_forks(found: Sequence[OpenQuestion]) -> list[DesignFork]:
    """Vision questions as ledger forks numbered 1…n, to read guidance against them."""
    return [
        DesignFork(
            number=n,
            question=q.text,
            options=tuple((o.letter, o.text) for o in q.options),
            recommended=q.recommended,
        )
        for n, q in enumerate(found, start=1)
    ]
