"""Filing: one sub-issue per open checklist item, shaped by the sprint's decisions."""

from __future__ import annotations

import re
from collections.abc import Sequence

from architect.core.inputs import PlannerInputs
from architect.core.ledger import DesignFork, ForkStatus
from architect.core.schemas import SubIssue, SubIssuePlan
from architect.core.text import keywords, one_line
from architect.runners.offline.common import MAX_ITEMS, clip, kind_of, out_of_scope, sentence
from architect.runners.offline.dependencies import resolve_dependencies
from architect.runners.offline.review import raised_in, shape
from architect.runners.offline.vision import ChecklistItem, StructuredVision, parse_vision


def file(inputs: PlannerInputs) -> SubIssuePlan:
    vision = parse_vision(inputs.vision.body)
    items = vision.open_items[:MAX_ITEMS]
    deps, _ = resolve_dependencies(items)
    decided = [f for f in inputs.ledger.forks if f.status is ForkStatus.RESOLVED and f.answer]
    common = _common_words(items)
    plan = [
        (
            _sub_issue(
                inputs, vision, item, deps=deps.get(item.id, ()), decided=decided, common=common
            ),
            item.text,
        )
        for item in items
    ]
    asked = raised_in(inputs.pitch_markdown) if items else []
    return SubIssuePlan(sub_issues=shape(plan, asked, vision=inputs.vision.number, common=common))


def _sub_issue(
    inputs: PlannerInputs,
    vision: StructuredVision,
    item: ChecklistItem,
    *,
    deps: tuple[str, ...],
    decided: Sequence[DesignFork],
    common: frozenset[str],
) -> SubIssue:
    words = keywords(item.text)
    relevant = [f for f in decided if words & _fork_words(f, common)]
    used = relevant or list(decided)
    solution = [sentence(item.text)]
    if used:
        head = (
            "Decided in the design conversation:"
            if relevant
            else "Decisions of this sprint (none names this task's words, so all are listed):"
        )
        solution.append(head + "\n" + "\n".join(_decision_line(f) for f in used))
    if vision.out_of_scope:
        solution.append(out_of_scope(vision))
    shared = [one_line(a, 300) for a in vision.acceptance[:4]]
    return SubIssue(
        id=item.id,
        title=clip(item.text, 120),
        kind=kind_of(item.text),
        problem=_problem(inputs, vision, item),
        proposed_solution="\n\n".join(solution),
        affected_files=list(item.files[:3]),
        acceptance_criteria=[*shared, f"{clip(item.text, 200)} works as described"],
        depends_on=list(deps),
        shaped_by=[f.number for f in used],
    )


def _problem(inputs: PlannerInputs, vision: StructuredVision, item: ChecklistItem) -> str:
    goal = clip(vision.goal, 600) or inputs.vision.title
    parts = [f"Vision #{inputs.vision.number} ({inputs.vision.title}) asks for: {goal}"]
    if vision.why:
        parts.append(f"Why: {clip(vision.why, 400)}")
    parts.append(f"This issue covers one part of it: {sentence(item.text)}")
    return "\n\n".join(parts)


def _fork_words(fork: DesignFork, common: frozenset[str]) -> frozenset[str]:
    """The words a decision is about: its question's, and its answer's unless common."""
    answer = fork.answer
    chosen = fork.option_text(answer.option) if answer and answer.option else ""
    said = keywords(f"{chosen} {answer.text if answer else ''}")
    return keywords(fork.question) | (said - common)


def _common_words(items: Sequence[ChecklistItem]) -> frozenset[str]:
    """Words in most tasks ("todo" in a todo app) say nothing about which task a decision shapes."""
    if len(items) < 3:
        return frozenset()
    counts: dict[str, int] = {}
    for item in items:
        for word in keywords(item.text):
            counts[word] = counts.get(word, 0) + 1
    return frozenset(w for w, n in counts.items() if n * 2 > len(items))


def _decision_line(fork: DesignFork) -> str:
    answer = fork.answer
    if answer is None:
        return f"- Q{fork.number}: {one_line(fork.question, 120)}"
    if not answer.option:
        return f"- Q{fork.number}: {one_line(fork.question, 120)} → {one_line(answer.text, 200)}"
    decision = f"{answer.option}) {one_line(fork.option_text(answer.option), 120)}"
    # "B — because …", "B) blue", "B because …": the letter is shown already ("A cron …" stays).
    letter = re.escape(answer.option)
    lead = rf"^\s*{letter}(?:\s*[).:—–-]+\s*|\s+(?=(?:because|since|as)\b)|\s*$)"
    extra = re.sub(lead, "", answer.text, flags=re.IGNORECASE).strip()
    option = fork.option_text(answer.option)
    if option and extra.lower().startswith(option.lower()):
        extra = extra[len(option) :].lstrip(" —–-:;,.")
    if extra:
        decision += f" — {one_line(extra, 200)}"
    by = f" (@{answer.by})" if answer.by and f"@{answer.by}" not in extra else ""
    return f"- Q{fork.number}: {one_line(fork.question, 120)} → {decision}{by}"
