"""A review asking for changes, point by point: what it asks, and the reply saying what
happened to each point and what the reviewer does next. Pure.

Every runner answers a revision with `RevisedPitch.points`; `addressed` holds it to
each point of the review, so no point is passed over in silence.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from architect.core.schemas import PointOutcome, ReviewPoint
from architect.core.text import one_line, visible_text

MAX_POINTS = 10
POINT_LIMIT = 200  # a point quoted whole in the reply
NEXT_STEP = ("Next: reply `ACCEPT` to go on with the plan as revised, `REJECT: <reason>` to "
             "decline it, or review again with the changes still wanted.")
_SAID = {PointOutcome.KEPT: "kept", PointOutcome.CHANGED: "changed",
         PointOutcome.DECLINED: "not changed"}


# A change asked in a comment before the decision ("Drop the UI part: the CLI is enough",
# "Please split it into storage and settings page", "Keep the export but only CSV"): a
# verb of changing first in a sentence, about a part (not "drop it", "skip this one",
# which refuse the whole pitch), not asked as a question.
_CHANGE = re.compile(
    r"(?:^|(?<=[.!;\n]))\s*(?:please\s+|let'?s\s+|we\s+should\s+|i'?d\s+(?:like\s+to\s+)?)?"
    r"(?:drop|remove|cut|leave\s+out|take\s+out|split|narrow|limit|trim|scope\s+down|replace"
    r"|add|include|move|rename|keep\s+(?!it\b|this\b)\w[\w\s-]*?\bbut\s+only)\b"
    r"(?!\s+(?:it|this|that|the\s+(?:pitch|sprint|pr|proposal|whole\s+thing)|this\s+"
    r"(?:one|pitch|sprint|proposal))\b)(?P<rest>[^.!?\n]*)(?=[.!\n]|$)",
    re.IGNORECASE)


def asks_a_change(text: str) -> bool:
    """Whether a comment (its own words) asks for a change to the pitch before the
    decision, as a request for changes would."""
    return any(m.group("rest").strip() for m in _CHANGE.finditer(text.strip()))


def review_points(feedback: str) -> list[str]:
    """The points of a review body: its bullets, or the whole text as one point."""
    lines = [line.strip() for line in visible_text(feedback).split("\n")]
    points = [one_line(line[2:], POINT_LIMIT) for line in lines if line[:2] in ("- ", "* ")]
    if not points and feedback.strip():
        points = [one_line(feedback, POINT_LIMIT)]
    return [p for p in points if p][:MAX_POINTS]


def missing(feedback: str, answered: Sequence[ReviewPoint]) -> list[str]:
    """The review's points the answer leaves unanswered (by count, in order: a model words
    a point its own way)."""
    return review_points(feedback)[len(answered):]


def points_reply(answered: Sequence[ReviewPoint]) -> str:
    """Each point with what happened to it, then what the reviewer does next."""
    lines = [f"- “{one_line(p.point, POINT_LIMIT)}” — {_SAID[p.outcome]}: "
             f"{one_line(p.what, 400)}" for p in answered]
    head = "What happened to each point of the review:\n" + "\n".join(lines) if lines else ""
    return "\n\n".join(part for part in (head, NEXT_STEP) if part)
