"""A sprint PR as the tick read it and the view of it (`core.view`): the values the tables,
the actions, `status` and the board read, and what their properties derive."""

from __future__ import annotations

from dataclasses import replace

from architect.core import render
from architect.core.table import SprintState
from architect.core.view import Brief, Marks, ReplanState, Signal, SprintView, State
from architect.core.words import Family
from architect.forge.models import Review, ReviewState
from tests.builders import (
    BOT,
    OTHER_REVIEWER,
    PROJECT,
    REVIEWER,
    VISION,
    VISION_TITLE,
    a_comment,
    a_pitch,
    a_plan,
    a_pull,
    a_review,
    a_sprint_pr,
    pr_body,
    two_forks,
)


def no_marks(**changes: object) -> Marks:
    """The marks of a sprint PR the bot has not written on yet."""
    empty = Marks(own=(), slug="", has_footer=False, ledger=None, round=0, heard_up_to=0,
                  plan=None, plan_comment=None, filed=(), revised=frozenset(),
                  read=frozenset(), last_check=0, blocked=False, candidates=(),
                  clarified=frozenset())
    return replace(empty, **changes)  # type: ignore[arg-type]


def a_view(**changes: object) -> SprintView:
    view = SprintView(sprint=a_sprint_pr(), state=SprintState.AWAITING_DECISION,
                      slug="7-shoppers-keep-a-wishlist", ledger=None)
    return replace(view, **changes)  # type: ignore[arg-type]


def test_a_sprint_state_is_a_state_and_the_replan_states_say_what_status_shows() -> None:
    assert isinstance(SprintState.AWAITING_DECISION, State)
    assert [str(s) for s in ReplanState] == [
        "re-plan accepted", "re-plan accepted, sub-issues changed", "re-plan rejected",
        "re-plan requested", "re-plan unanswered", "re-plan proposed", "filed"]


def test_marks_are_filing_once_a_plan_is_posted_or_an_issue_filed() -> None:
    assert not no_marks().filing
    assert no_marks(plan=a_plan()).filing
    assert no_marks(filed=(31,)).filing


def test_the_authors_are_whoever_wrote_a_candidate_comment_or_a_review() -> None:
    marks = no_marks(candidates=(a_comment("ACCEPT", by=REVIEWER),
                                 a_comment("Q1: B", by=BOT, id_=2)),
                     reviews=(a_review(by=OTHER_REVIEWER),
                              Review(id=9, state=ReviewState.REQUEST_REVIEW)))
    assert marks.authors == {REVIEWER, BOT, OTHER_REVIEWER}  # a team request has nobody
    assert no_marks().authors == set()


def test_a_view_is_approved_by_an_accepting_signal_or_once_the_questions_started() -> None:
    assert not a_view().approved
    assert a_view(guidance=(Signal(REVIEWER, "ACCEPT", 5),)).approved
    assert a_view(ledger=two_forks()).approved


def test_a_views_number_is_its_pull_requests() -> None:
    assert a_view(sprint=replace(a_sprint_pr(), pr=a_pull(number=12))).number == 12


def test_of_gives_the_signals_of_the_kinds_asked_oldest_first() -> None:
    hold = Signal(REVIEWER, "HOLD", 3, kind=Family.HOLD)
    resume = Signal(REVIEWER, "RESUME", 4, kind=Family.RESUME)
    again = Signal(OTHER_REVIEWER, "HOLD", 6, kind=Family.HOLD)
    view = a_view(said=(hold, resume, again))
    assert view.of(Family.HOLD) == (hold, again)
    assert view.of(Family.HOLD, Family.RESUME) == (hold, resume, again)
    assert view.of(Family.REPLAN) == ()


def test_the_brief_is_the_pitch_without_the_bots_sections_with_the_guidance_and_ledger() -> None:
    ledger = two_forks()
    sprint = replace(a_sprint_pr(), pr=a_pull(body=pr_body(ledger=ledger)))
    pitch = render.pitch_markdown(VISION, VISION_TITLE, a_pitch(), repo=PROJECT).strip()
    assert a_view(sprint=sprint, ledger=ledger).brief("keep it small") == Brief(
        pitch, "keep it small", ledger)

