"""Requests for changes: read from a review, kept in the pitch, filed with the plan.

A REQUEST_CHANGES review reaches the planner once, in revise mode. Its points
are written into the revised pitch's Risks as `Raised in review: …` lines and
carried into every later revision; the filing reads them back from the pitch,
which lives in the PR body, the only state that survives a restart. There each
point shapes the plan: an acceptance criterion of the task it names, or a
sub-issue of its own when it names none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from architect.core.schemas import SubIssue
from architect.core.text import keywords, normalize, one_line, slugify, visible_text
from architect.runners.offline.common import clip, kind_of, sentence

RAISED = "Raised in review: "  # in the pitch's Risks
ASKED = "Asked in review: "  # in a sub-issue's acceptance criteria
MAX_NOTES = 10
NOTE_LIMIT = 200  # short enough that the Risks bullet holds it whole, so it reads back whole
MAX_CRITERIA = 5  # the filing check's limit
# Words that say "do something" without saying what: they name no task.
_FILLER = keywords(
    "cover covers covering please sure handle handles support supports mention mentions "
    "consider think want wants need needs maybe adding added make include includes "
    "including missing forgot forget question"
)
_LEAD = re.compile(r"^(?:(?:also|please|pls|and|plus|then|could you|can you|we should)\b[\s,]*)+",
                   re.IGNORECASE)


def feedback_notes(feedback: str) -> list[str]:
    """The points of a review body: its bullets, or the whole text as one point."""
    lines = [line.strip() for line in visible_text(feedback).split("\n")]
    notes = [one_line(line[2:], NOTE_LIMIT) for line in lines if line[:2] in ("- ", "* ")]
    if not notes and feedback.strip():
        notes = [one_line(feedback, NOTE_LIMIT)]
    return [n for n in notes if n][:MAX_NOTES]


def raised_in(pitch_markdown: str) -> list[str]:
    """The review points an earlier revision wrote into the pitch's Risks."""
    risks = re.split(r"(?m)^## Risks[ \t]*$", visible_text(pitch_markdown), maxsplit=1)
    if len(risks) < 2:
        return []
    section = re.split(r"(?m)^## ", risks[1], maxsplit=1)[0]
    return [
        line[2 + len(RAISED) :].strip()
        for line in section.split("\n")
        if line.startswith("- " + RAISED) and line[2 + len(RAISED) :].strip()
    ][:MAX_NOTES]


def carried(earlier: Sequence[str], new: Sequence[str]) -> list[str]:
    """Every review's points, oldest first, each once."""
    found: dict[str, str] = {}
    for note in [*earlier, *new]:
        found.setdefault(normalize(note), note)
    return list(found.values())[-MAX_NOTES:]


def adjusted(new: Sequence[str], kept: int) -> str:
    """What the revision did with the review's points, for the PR comment."""
    if not new:
        return ""
    if len(new) == 1:
        text = "Adjusted: the review's point is listed in Risks, and the filing turns it"
    else:
        text = f"Adjusted: the review's {len(new)} points are listed in Risks, and the filing "
        text += "turns each"
    text += " into an acceptance criterion of the task it names, or into a sub-issue of its own."
    if kept == 1:
        text += " The point of an earlier review stays in the plan."
    elif kept:
        text += f" The {kept} points of earlier reviews stay in the plan."
    return text


def shape(
    plan: Sequence[tuple[SubIssue, str]], notes: Sequence[str], *, vision: int,
    common: frozenset[str] = frozenset(),
) -> list[SubIssue]:
    """The plan with each review point in it; `plan` pairs a sub-issue with its task's text."""
    subs = [sub for sub, _ in plan]
    words = [keywords(text) - common for _, text in plan]
    extra: list[SubIssue] = []
    for note in notes:
        wanted = keywords(note) - _FILLER - common
        overlaps = [len(wanted & w) for w in words]
        best = max(range(len(overlaps)), key=lambda i: overlaps[i], default=-1)
        if best >= 0 and overlaps[best]:
            subs[best] = _with_criterion(subs[best], f"{ASKED}{note}")
        else:
            extra.append(_own_sub_issue(note, vision, taken={s.id for s in [*subs, *extra]}))
    return [*subs, *extra]


def _with_criterion(sub: SubIssue, criterion: str) -> SubIssue:
    """The review's points go last; the vision's shared criteria give way to stay in limit."""
    asked = [c for c in sub.acceptance_criteria if c.startswith(ASKED)] + [criterion]
    rest = [c for c in sub.acceptance_criteria if not c.startswith(ASKED)]
    own, shared = rest[-1:], rest[:-1]
    room = max(MAX_CRITERIA - len(own) - len(asked), 0)
    criteria = [*shared[:room], *own, *asked][-MAX_CRITERIA:]
    return sub.model_copy(update={"acceptance_criteria": criteria})


def _own_sub_issue(note: str, vision: int, *, taken: set[str]) -> SubIssue:
    title = sentence(_LEAD.sub("", note).strip() or note).rstrip(".")
    base = f"review-{slugify(title, max_len=40) or 'point'}"
    ident, n = base, 1
    while ident in taken:
        n += 1
        ident = f"{base}-{n}"
    return SubIssue(
        id=ident,
        title=clip(title, 120),
        kind=kind_of(title),
        problem=(
            f"The review of the sprint pitch for vision #{vision} asked for it: “{note}”. "
            "No task of the vision's checklist covers it."
        ),
        proposed_solution=sentence(title),
        acceptance_criteria=[f"{clip(title, 200)} works as described", f"{ASKED}{note}"],
    )
