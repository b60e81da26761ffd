"""What the offline planner's modes share: limits, text helpers, vision reading."""

from __future__ import annotations

from collections.abc import Sequence

from architect.core.inputs import PlannerInputs
from architect.core.text import one_line
from architect.runners.offline.vision import OpenQuestion, StructuredVision, keywords

MAX_FORKS = 5
MAX_ITEMS = 60  # more than any sprint should hold; the filing check explains the excess


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
    return f"{n} {word if n == 1 else many or word + 's'}"
