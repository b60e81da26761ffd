"""Filing: one sub-issue per open checklist item, shaped by the sprint's decisions."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from architect.core.inputs import PlannerInputs
from architect.core.ledger import DesignFork, ForkStatus
from architect.core.schemas import SubIssue, SubIssuePlan
from architect.core.text import keywords, one_line
from architect.runners.offline.common import MAX_ITEMS, clip, kind_of, out_of_scope, sentence
from architect.runners.offline.dependencies import resolve_dependencies
from architect.runners.offline.review import (
    dropped_ids,
    narrowed_in,
    raised_in,
    scoped,
    shape,
    without,
)
from architect.runners.offline.vision import ChecklistItem, StructuredVision, parse_vision


def file(inputs: PlannerInputs) -> SubIssuePlan:
    # What a revision dropped (its lines in the pitch's Complexity) is not filed.
    vision = without(parse_vision(inputs.vision.body), dropped_ids(inputs.pitch_markdown))
    items = vision.open_items[:MAX_ITEMS]
    deps, _ = resolve_dependencies(items)
    decided = [f for f in inputs.ledger.forks if f.status is ForkStatus.RESOLVED and f.answer]
    common = _common_words(items)
    narrowed = narrowed_in(inputs.pitch_markdown)  # what a revision narrowed, as it said
    plan = [
        (
            _narrowed(_sub_issue(
                inputs, vision, item, deps=deps.get(item.id, ()), decided=decided, common=common
            ), narrowed),
            item.text,
        )
        for item in items
    ]
    asked = raised_in(inputs.pitch_markdown) if items else []
    return SubIssuePlan(sub_issues=shape(plan, asked, vision=inputs.vision.number, common=common))


def _narrowed(sub: SubIssue, narrowed: dict[str, str]) -> SubIssue:
    return scoped(sub, narrowed[sub.id]) if sub.id in narrowed else sub


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
    # The decisions themselves are stated once, under the body's `## Design decisions`
    # (`shaped_by`); the solution says how the task is done in the vision's own words.
    solution = [_solution(vision, item, deps, common)]
    if vision.out_of_scope:
        solution.append(out_of_scope(vision))
    return SubIssue(
        id=item.id,
        title=clip(item.text, 120),
        kind=kind_of(item.text),
        problem=_problem(inputs, vision, item),
        proposed_solution="\n\n".join(solution),
        affected_files=list(item.files[:3]),
        acceptance_criteria=_criteria(vision, item, common),
        depends_on=list(deps),
        shaped_by=[f.number for f in used],
    )


def _said_about(vision: StructuredVision, item: ChecklistItem,
                common: frozenset[str]) -> list[str]:
    """The vision's sentences (goal, why, context) that share a word with the task, best
    first: what it says about this part in its own words."""
    sentences = _sentences(f"{vision.goal} {vision.why} {vision.context}")
    # Its own words first; the words most tasks share only when nothing else matches.
    for words in (keywords(item.text) - common, keywords(item.text)):
        found = sorted((-len(said_words & words), index, said)
                       for index, (said_words, said) in enumerate(sentences)
                       if said_words & words)
        if found:
            return [said for _, _, said in found]
    return []


@lru_cache(maxsize=4)
def _sentences(prose: str) -> tuple[tuple[frozenset[str], str], ...]:
    """The prose's sentences with their words, read once per vision (not once per task);
    the first 200 are plenty to quote from."""
    said = re.split(r"(?<=[.!?])\s+", " ".join(prose[:40_000].split()))
    return tuple((keywords(s), one_line(s, 300)) for s in said[:200] if s.strip())


def _solution(vision: StructuredVision, item: ChecklistItem, deps: tuple[str, ...],
              common: frozenset[str]) -> str:
    parts = []
    said = _said_about(vision, item, common)
    if said:
        parts.append(f"The vision asks for it so: “{said[0]}”")
    if item.files:
        parts.append("Change " + ", ".join(f"`{f}`" for f in item.files[:3]) + ".")
    if deps:
        parts.append("Build on " + ", ".join(f"`{d}`" for d in deps) + ", filed before it.")
    if not parts:
        parts.append(f"Do this part of the vision: {sentence(item.text)}")
    return " ".join(parts)


def _criteria(vision: StructuredVision, item: ChecklistItem,
              common: frozenset[str]) -> list[str]:
    """The vision's acceptance lines about this task (all of them when none names it), and
    what the vision says of the task, as a check someone can make."""
    words = keywords(item.text) - common or keywords(item.text)
    named = [a for a in vision.acceptance if keywords(a) & words]
    criteria = [one_line(a, 300) for a in (named or list(vision.acceptance))[:3]]
    said = _said_about(vision, item, common)
    if said and not named:
        criteria.append(f"Does what the vision says of it: “{clip(said[0], 240)}”")
    if item.files:
        criteria.append("The change is in " + ", ".join(f"`{f}`" for f in item.files[:3])
                        + ", with a test of it.")
    if not criteria:
        criteria.append(f"A test shows this part done: {clip(sentence(item.text), 200)}")
    return criteria[:5]


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
