"""What the offline planner's modes share: limits, text helpers, vision reading."""

from __future__ import annotations

import re
from collections.abc import Sequence

from architect.core.inputs import PlannerInputs
from architect.core.text import keywords, one_line
from architect.runners.offline.vision import OpenQuestion, StructuredVision

MAX_ITEMS = 60  # more than any sprint should hold; the filing check explains the excess
RAISED = "Raised in review: "  # a review's point, in the pitch's Risks (`review`)


def out_of_scope(vision: StructuredVision) -> str:
    shown = [one_line(s, 100).rstrip(".") for s in vision.out_of_scope[:5]]
    return "Out of scope: " + "; ".join(shown) + "."


def vision_keywords(inputs: PlannerInputs, vision: StructuredVision) -> frozenset[str]:
    text = " ".join([inputs.vision.title, vision.goal[:2000], *(i.text for i in vision.items[:60])])
    return keywords(text)


def askable(found: Sequence[OpenQuestion]) -> list[OpenQuestion]:
    return [q for q in found if len(q.options) >= 2]


def sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text + "." if text and text[-1] not in ".!?" else text


def clip(text: str, limit: int) -> str:
    text = text.strip()
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    return (cut.rsplit(" ", 1)[0] if " " in cut[limit // 2 :] else cut) + "…"


def bullets(lines: Sequence[str], *, limit: int) -> str:
    shown = [f"- {one_line(line, 300)}" for line in lines[:limit]]
    if len(lines) > limit:
        shown.append(f"- … and {len(lines) - limit} more")
    return "\n".join(shown)


def plural(n: int, word: str, many: str = "") -> str:
    """`1 task`, `3 tasks`, and `no tasks` rather than a bare zero."""
    return f"{n if n else 'no'} {word if n == 1 else many or word + 's'}"


def listing(names: Sequence[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


_KINDS = {
    "fix": "fix",
    "fixes": "fix",
    "bug": "fix",
    "bugfix": "fix",
    "docs": "docs",
    "doc": "docs",
    "document": "docs",
    "documentation": "docs",
    "test": "test",
    "tests": "test",
    "testing": "test",
    "refactor": "refactor",
    "refactoring": "refactor",
    "chore": "chore",
}


def kind_of(text: str) -> str:
    first = re.match(r"[a-z]+", text.strip().lower())
    return _KINDS.get(first.group(0), "feature") if first else "feature"
