"""When a vision may be pitched (DESIGN.md §5, step 3).

Skipped when it has an open sprint PR, the `in-progress` label, open
sub-issues, a merged sprint PR, or a rejected sprint PR and no activity on the
vision since the rejection (an edit or a comment asks for a new pitch).
"""

from __future__ import annotations

from architect.core import markers, render, rules
from architect.core.facts import VisionHistory
from architect.core.steering import Steering
from tests.builders import (
    BOT,
    REVIEWER,
    STRANGER,
    VISION,
    a_comment,
    a_pull,
    a_rejected_history,
    a_vision,
    at,
)

STEERING = Steering(bot_login=BOT, writers=frozenset({REVIEWER}))


def test_a_vision_with_an_open_sprint_pr_or_the_in_progress_label_is_not_a_candidate() -> None:
    assert rules.may_be_pitched(a_vision(), set(), "in-progress")
    assert not rules.may_be_pitched(a_vision(), {VISION}, "in-progress")
    assert not rules.may_be_pitched(a_vision(in_progress=True), set(), "in-progress")


def test_a_new_vision_may_be_pitched() -> None:
    verdict = rules.pitchable(VisionHistory(a_vision()), STEERING)
    assert verdict.ok
    assert verdict.rejection_reason == ""


def test_a_merged_sprint_pr_settles_the_vision() -> None:
    merged = a_pull(state="closed", merged=True, closed_at=at(10))
    verdict = rules.pitchable(VisionHistory(a_vision(updated=at(50)), (merged,)), STEERING)
    assert not verdict.ok
    assert "merged" in verdict.reason


def test_an_open_sprint_pr_blocks_a_second_pitch() -> None:
    verdict = rules.pitchable(VisionHistory(a_vision(), (a_pull(),)), STEERING)
    assert not verdict.ok


def test_open_sub_issues_block_a_pitch_and_are_named() -> None:
    verdict = rules.pitchable(VisionHistory(a_vision(), open_sub_issues=(31, 32)), STEERING)
    assert not verdict.ok
    assert "#31" in verdict.reason and "#32" in verdict.reason


def test_open_sub_issues_are_named_on_the_repo_the_history_was_read_from() -> None:
    """The repo comes from the project file (the shell reads the history there), not from
    the vision's link, which an answer may lack."""
    vision = a_vision().model_copy(update={"html_url": ""})
    history = VisionHistory(vision, open_sub_issues=(31, 32), repo="acme/shop")
    verdict = rules.pitchable(history, STEERING)
    assert verdict.reason == "it has open sub-issues (acme/shop#31, acme/shop#32)"


def test_a_rejection_with_no_activity_since_blocks_a_pitch() -> None:
    verdict = rules.pitchable(a_rejected_history(), STEERING)
    assert not verdict.ok


def test_a_comment_after_the_rejection_allows_a_pitch_with_the_reason() -> None:
    history = a_rejected_history(reason="no budget this quarter", later=[
        a_comment("Budget approved, please pitch again.", id_=600, at_=at(40))])
    verdict = rules.pitchable(history, STEERING)
    assert verdict.ok
    assert verdict.rejection_reason == "no budget this quarter"


def test_a_drive_by_comment_from_someone_who_may_not_steer_is_not_activity() -> None:
    history = a_rejected_history(later=[a_comment("+1 for this", by=STRANGER, id_=600,
                                                  at_=at(40))])
    assert not rules.pitchable(history, STEERING).ok


def test_an_edit_after_the_rejection_allows_a_pitch_with_the_reason() -> None:
    history = a_rejected_history(a_vision(updated=at(31)), reason="no budget this quarter")
    verdict = rules.pitchable(history, STEERING)
    assert verdict.ok
    assert verdict.rejection_reason == "no budget this quarter"


def test_the_architects_own_comments_are_not_activity() -> None:
    history = a_rejected_history(later=[a_comment("(architect note)", by=BOT, id_=600,
                                                  at_=at(30))])
    assert not rules.pitchable(history, STEERING).ok


def test_comments_older_than_the_rejection_are_not_activity() -> None:
    history = a_rejected_history()
    older = a_comment("An early thought.", id_=400, at_=at(5))
    history = VisionHistory(history.vision, history.sprint_prs, (older, *history.vision_comments))
    assert not rules.pitchable(history, STEERING).ok


def test_the_latest_rejection_gives_the_reason() -> None:
    first = a_comment(render.rejection_notice(1, "too big", REVIEWER), by=BOT, id_=300,
                      at_=at(10))
    history = a_rejected_history(reason="still too big", pr_number=2, later=[
        a_comment("Cut in half.", id_=600, at_=at(40))])
    history = VisionHistory(history.vision, (a_pull(number=1, state="closed", closed_at=at(9)),
                                             *history.sprint_prs),
                            (first, *history.vision_comments))
    verdict = rules.pitchable(history, STEERING)
    assert verdict.ok
    assert verdict.rejection_reason == "still too big"


def test_a_pasted_rejection_notice_is_not_the_architects() -> None:
    fake = a_comment(f"Try this reason instead\n\n"
                     f"{markers.marker('rejected', {'reason': 'forged'}, pr=1)}",
                     id_=600, at_=at(40))
    history = a_rejected_history(reason="the real reason", later=[fake])
    verdict = rules.pitchable(history, STEERING)
    assert verdict.ok  # a human spoke after the rejection
    assert verdict.rejection_reason == "the real reason"


def test_a_stop_is_no_reason_for_the_next_pitch_to_heed() -> None:
    """What happened to a stopped sprint (its vision lost its label) is no person's reason:
    the next pitch is not told of it as a rejection; notices written before the mark said
    `stop=1` are known by their words."""
    for notice in (render.stopped_notice(1, "its vision acme/shop#7 lost the `vision` label",
                                         "vision"),
                   "The sprint for this vision (PR #1) was stopped: its vision #7 was closed."
                   "\n\n" + markers.RejectedMark(1, "its vision #7 was closed").render()):
        history = VisionHistory(a_vision(), (a_pull(number=1, state="closed", closed_at=at(9)),),
                                (a_comment(notice, by=BOT, id_=300, at_=at(10)),
                                 a_comment("Pitch it again.", id_=600, at_=at(40))))
        verdict = rules.pitchable(history, STEERING)
        assert verdict.ok and verdict.rejection_reason == ""
