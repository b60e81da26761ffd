"""`core/revision.py`: a review's points, the ones an answer leaves out, and the reply."""

from __future__ import annotations

from architect.core.revision import MAX_POINTS, NEXT_STEP, missing, points_reply, review_points
from architect.core.schemas import PointOutcome, ReviewPoint


def test_a_review_with_bullets_has_a_point_a_bullet_and_plain_text_is_one_point() -> None:
    assert review_points("Two things:\n- Drop the UI part\n* No hosted server\n") == [
        "Drop the UI part", "No hosted server"]
    assert review_points("Drop the UI part: the CLI is enough for now.") == [
        "Drop the UI part: the CLI is enough for now."]
    assert review_points("   ") == []
    assert len(review_points("\n".join(f"- point {n}" for n in range(20)))) == MAX_POINTS


def test_the_points_an_answer_leaves_out_are_named_in_order() -> None:
    answered = [ReviewPoint(point="Drop the UI", outcome=PointOutcome.CHANGED,
                            what="the page task is dropped")]
    assert missing("- Drop the UI\n- No Postgres", answered) == ["No Postgres"]
    assert missing("- Drop the UI", answered) == []


def test_the_reply_says_what_became_of_each_point_then_what_to_do_next() -> None:
    reply = points_reply([
        ReviewPoint(point="Drop the UI", outcome=PointOutcome.CHANGED, what="page dropped"),
        ReviewPoint(point="Keep it small", outcome=PointOutcome.KEPT, what="two tasks left"),
        ReviewPoint(point="Use Rust", outcome=PointOutcome.DECLINED, what="the repo is Python"),
    ])
    assert reply == (
        "What happened to each point of the review:\n"
        "- “Drop the UI” — changed: page dropped\n"
        "- “Keep it small” — kept: two tasks left\n"
        "- “Use Rust” — not changed: the repo is Python\n\n" + NEXT_STEP)
    assert points_reply([]) == NEXT_STEP
