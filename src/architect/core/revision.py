"""A review asking for changes, point by point: what it asks, and the reply saying what
happened to each point and what the reviewer does next. Pure.

Every runner answers a revision with `RevisedPitch.points`; `addressed` holds it to
each point of the review, so no point is passed over in silence.
"""

from __future__ import annotations

from collections.abc import Sequence

from architect.core.schemas import PointOutcome, ReviewPoint
from architect.core.text import one_line, visible_text

MAX_POINTS = 10
POINT_LIMIT = 200  # a point quoted whole in the reply
NEXT_STEP = ("Next: reply `ACCEPT` to go on with the plan as revised, `REJECT: <reason>` to "
             "decline it, or review again with the changes still wanted.")
_SAID = {PointOutcome.KEPT: "kept", PointOutcome.CHANGED: "changed",
         PointOutcome.DECLINED: "not changed"}


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
