"""Design questions: the vision's `## Open questions` as forks to put to the humans."""

from __future__ import annotations

from collections.abc import Sequence

from architect.core.inputs import PlannerInputs
from architect.core.ledger import DesignFork
from architect.core.schemas import MAX_FORKS, ForkProposal, Option, ProposedFork, Verdict
from architect.core.text import normalize, one_line
from architect.runners.offline.common import askable, sentence
from architect.runners.offline.pitching import ALL_DONE, NO_CHECKLIST, verdict_of
from architect.runners.offline.reading import read_answer
from architect.runners.offline.vision import OpenQuestion, parse_vision


def questions(inputs: PlannerInputs) -> ForkProposal:
    vision = parse_vision(inputs.vision.body)
    verdict, reason = verdict_of(vision, inputs.max_sub_issues)
    if reason in (NO_CHECKLIST, ALL_DONE):
        # An ACCEPT cannot turn an empty vision into a plan: asking or filing would pretend.
        return ForkProposal(forks=[], no_fork_reason=_nothing_to_plan(inputs, reason))
    asked = {normalize(f.question) for f in inputs.ledger.forks}
    fresh = [q for q in askable(vision.questions) if normalize(q.text) not in asked][:MAX_FORKS]
    guided = read_answer(inputs.guidance, _as_forks(fresh)) if inputs.guidance.strip() else {}
    forks = [to_fork(q, guided.get(n), inputs.guidance) for n, q in enumerate(fresh, start=1)]
    if forks:
        return ForkProposal(forks=forks)
    if verdict is Verdict.NO_GO:
        return ForkProposal(
            forks=[],
            no_fork_reason=(
                f"the vision asks none, but {reason}. The pitch proposes a split into "
                "smaller visions; until the vision is split (or `max_sub_issues` raised), "
                "the filing check stops the plan."
            ),
        )
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


def _nothing_to_plan(inputs: PlannerInputs, reason: str) -> str:
    number = inputs.vision.number
    if reason == ALL_DONE:
        said = f"every task of vision #{number} is already checked off, so there is nothing to file"
        fix = f"add or uncheck tasks on #{number}"
    else:
        said = f"vision #{number} has no checklist to plan from, so there is nothing to file"
        fix = f"write the vision first on #{number}: its goal, and its tasks as `- [ ]` items"
    return (
        f"{said}. The pitch said NO-GO for this reason, and an ACCEPT does not change it. "
        f"To go on, {fix}, then reply on this PR and the sub-issues are planned from it; "
        "or close the pitch with `REJECT: <reason>`."
    )


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
