"""The human words a model call hears (`core.heard`), from what the tick already read."""

from __future__ import annotations

from architect.core.facts import VisionHistory
from architect.core.heard import human_comments, rejected_pitch, vision_comments
from tests.builders import (
    BOT,
    PROJECT,
    REVIEWER,
    STRANGER,
    a_comment,
    a_rejected_history,
    a_steering,
    a_vision,
)


def test_people_are_heard_oldest_first_without_the_bot_or_empty_comments() -> None:
    comments = [a_comment("second", id_=3), a_comment("mine", by=BOT, id_=1),
                a_comment("  \n", id_=4), a_comment("first", by=STRANGER, id_=2)]
    heard = human_comments(comments, a_steering())
    assert [(h.author, h.body) for h in heard] == [(STRANGER, "first"), (REVIEWER, "second")]
    assert {h.may_steer for h in heard} == {None}  # not asked: not said


def test_on_the_vision_each_comment_says_whether_its_author_may_steer() -> None:
    on = f"{PROJECT}/issues/7"
    history = VisionHistory(a_vision(), (), (a_comment("keep it small", id_=1, on=on),
                                            a_comment("+1", by=STRANGER, id_=2, on=on)))
    heard = vision_comments(history, a_steering())
    assert [(h.author, h.may_steer) for h in heard] == [(REVIEWER, True), (STRANGER, False)]
    assert vision_comments(None, a_steering()) == ()


def test_the_rejected_pitch_is_the_one_the_last_notice_names() -> None:
    history = a_rejected_history(pr_number=1)
    pitch = rejected_pitch(history, BOT)
    assert pitch.startswith("## Vision issues\n\n- acme/shop#7 — Shoppers keep a wishlist")
    assert "## Recommendation" in pitch and "<!--" not in pitch
    other = a_rejected_history(pr_number=2)
    moved = VisionHistory(other.vision, history.sprint_prs, other.vision_comments)
    assert rejected_pitch(moved, BOT) == ""  # the notice names a PR the history lacks
    assert rejected_pitch(VisionHistory(a_vision()), BOT) == ""  # never rejected
    assert rejected_pitch(None, BOT) == ""
