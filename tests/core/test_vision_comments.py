"""What people write on the vision of an open sprint (core/vision_comments.py): a decision or
an answer gets one reply pointing to the sprint PR; discussion gets none; someone who may not
steer is told once who may."""

from __future__ import annotations

from dataclasses import replace

from architect.core import markers
from architect.core.view import Signal, SprintPR
from architect.core.vision_comments import heard_on_vision, pointer
from architect.forge.models import Comment
from tests.builders import (
    BOT,
    OPS,
    PROJECT,
    REVIEWER,
    STRANGER,
    T0,
    a_comment,
    a_sprint_pr,
    a_steering,
    at,
)

ON_VISION = f"{PROJECT}/issues/7"
PR_URL = "http://forge.test/acme/shop-ops/pulls/1"


def on_vision(*comments: Comment) -> SprintPR:
    return replace(a_sprint_pr(), vision_comments=comments)


def said(body: str, *, by: str = REVIEWER, id_: int = 41) -> Comment:
    return a_comment(body, by=by, id_=id_, on=ON_VISION)


def test_a_decision_on_the_vision_by_someone_who_may_steer_is_heard() -> None:
    comment = said("ACCEPT")
    (signal,) = heard_on_vision(on_vision(comment), a_steering())
    assert (signal.login, signal.text, signal.source_id, signal.why) == (
        REVIEWER, "ACCEPT", 41, "")


def test_discussion_the_bots_words_and_comments_before_the_pitch_are_not() -> None:
    before = a_comment("REJECT: no", id_=42, at_=T0.replace(year=2025), on=ON_VISION)
    sprint = on_vision(said("Looking forward to it, cc @bob."), said("ACCEPT", by=BOT,
                                                                        id_=43), before)
    assert heard_on_vision(sprint, a_steering()) == ()


def test_a_comment_already_answered_is_not_heard_again() -> None:
    reply = a_comment("see the PR\n\n" + markers.UnclearMark(41, REVIEWER).render(), by=BOT,
                      id_=50, on=ON_VISION)
    assert heard_on_vision(on_vision(said("ACCEPT"), reply), a_steering()) == ()


def test_someone_who_may_not_steer_is_told_once_per_vision() -> None:
    first, second = said("ACCEPT", by=STRANGER), said("REJECT: meh", by=STRANGER, id_=44)
    (signal,) = heard_on_vision(on_vision(first, second), a_steering())
    assert (signal.source_id, signal.why) == (41, "not a steerer")
    told = a_comment("only …\n\n" + markers.UnclearMark(41, STRANGER).render(), by=BOT,
                     id_=60, at_=at(50), on=ON_VISION)
    assert heard_on_vision(on_vision(first, told, second), a_steering()) == ()


def test_the_pointer_names_the_pr_and_the_words_read_there() -> None:
    signal = Signal(REVIEWER, "ACCEPT, but keep it small", 41)
    text = pointer(signal, ops_repo=OPS, pr_number=1, pr_url=PR_URL, reviewers=())
    assert text.startswith(f"@{REVIEWER}, I read “ACCEPT, but keep it small” as a decision")
    assert f"its sprint PR, [{OPS}#1]({PR_URL}), so nothing happened" in text
    assert "`REJECT: <reason>`" in text and "`Q1: B`" in text
    assert text.endswith(markers.UnclearMark(41, REVIEWER).render())


def test_the_pointer_to_someone_who_may_not_steer_says_who_may() -> None:
    signal = Signal(STRANGER, "REJECT: too big", 44, why="not a steerer")
    text = pointer(signal, ops_repo=OPS, pr_number=1, pr_url=PR_URL, reviewers=(),
                   writers=("alice", "bob"))
    assert text.startswith(f"@{STRANGER}, I read “REJECT: too big”, but only people with "
                           f"write access to {OPS} (@alice, @bob) may accept")
    named = pointer(signal, ops_repo=OPS, pr_number=1, pr_url=PR_URL, reviewers=("carol",))
    assert "only @carol (the project's `reviewers`) may accept" in named
    assert "posted once per person on this vision" in named
