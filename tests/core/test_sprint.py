"""A sprint PR's state, read from its marks on the forge (DESIGN.md §1, §4).

Only the bot's own markers and the signals of people who may steer count.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from architect.core import markers
from architect.core.actions import Written
from architect.core.ledger import ForkStatus, Ledger, to_payload
from architect.core.nudge import with_clock
from architect.core.replies import Why
from architect.core.sprint import advance, assess, read_marks, with_marks
from architect.core.steering import Steering
from architect.core.table import SprintState
from architect.core.view import SprintPR, SprintView
from architect.forge.models import ReviewState
from tests.builders import (
    BOT,
    OTHER_REVIEWER,
    REVIEWER,
    STRANGER,
    VISION_TITLE,
    Conversation,
    a_sprint_pr,
    a_steering,
    all_resolved,
    conversation_in,
    settings,
    two_forks,
)


def view_of(sprint: SprintPR | Conversation, steering: Steering | None = None) -> SprintView:
    if isinstance(sprint, Conversation):
        sprint = sprint.sprint()
    return assess(sprint, steering or a_steering(), vision_title=VISION_TITLE)


def state_of(sprint: SprintPR | Conversation, steering: Steering | None = None) -> SprintState:
    return view_of(sprint, steering).state


# -- the pitch ------------------------------------------------------------------


def test_a_pr_without_its_footer_is_an_incomplete_pitch() -> None:
    talk = Conversation()
    assert state_of(talk) is SprintState.PITCH_INCOMPLETE
    talk.footer()
    assert state_of(talk) is SprintState.AWAITING_DECISION


# States that also need the tick's clock: how long the open questions have waited.
WAITED = {SprintState.REMINDER_DUE: timedelta(days=3), SprintState.PARK_DUE: timedelta(days=14)}


# States that hang on the vision as the tick read it (tests/core/test_source.py).
_ON_THE_VISION = {SprintState.PITCH_STALE, SprintState.APPROVAL_STALE,
                  SprintState.REAPPROVAL_ASKED}


def test_every_state_is_reached_through_its_marks() -> None:
    for state in set(SprintState) - _ON_THE_VISION:
        view = view_of(a_sprint_pr(state))
        if state in WAITED:
            assert view.asked_at is not None
            view = with_clock(view, view.asked_at + WAITED[state],
                              remind_after=timedelta(days=3), park_after=timedelta(days=14))
        assert view.state is state, state


@pytest.mark.parametrize(
    ("comment", "guidance"),
    [
        ("ACCEPT", ""),
        ("accept", ""),
        ("Accept", ""),
        ("ACCEPT: keep the first version small", "keep the first version small"),
        ("accept - skip sharing for now", "skip sharing for now"),
        ("ACCEPT\n\nReuse the cart's storage.", "Reuse the cart's storage."),
    ],
)
def test_a_comment_whose_first_word_is_accept_accepts(comment: str, guidance: str) -> None:
    talk = conversation_in(SprintState.AWAITING_DECISION)
    talk.human(comment)
    view = view_of(talk)
    assert view.state is SprintState.ACCEPTED
    assert [(g.login, g.text) for g in view.guidance] == [(REVIEWER, guidance)]


@pytest.mark.parametrize("comment", ["ACCEPTED already?", "Do not ACCEPT yet",
                                     "> ACCEPT\n\nnot so fast", "Looks fine to me"])
def test_accept_must_be_the_first_word(comment: str) -> None:
    talk = conversation_in(SprintState.AWAITING_DECISION)
    talk.human(comment)
    assert state_of(talk) is SprintState.AWAITING_DECISION


@pytest.mark.parametrize(("body", "guidance"), [
    ("Nice work, but no sharing in v1.", "Nice work, but no sharing in v1."),
    ("Go, but no sharing in v1.", "no sharing in v1."),  # the go decides; what follows guides
])
def test_an_approved_review_accepts_with_its_body_as_guidance(body: str, guidance: str) -> None:
    talk = conversation_in(SprintState.AWAITING_DECISION)
    talk.review(ReviewState.APPROVED, body=body)
    view = view_of(talk)
    assert view.state is SprintState.ACCEPTED
    assert [g.text for g in view.guidance] == [guidance]


def test_a_comment_review_does_not_accept() -> None:
    talk = conversation_in(SprintState.AWAITING_DECISION)
    talk.review(ReviewState.COMMENT, body="Interesting.")
    assert state_of(talk) is SprintState.AWAITING_DECISION


def test_requested_changes_wait_for_a_revision_until_the_architect_answers_them() -> None:
    talk = conversation_in(SprintState.AWAITING_DECISION)
    review = talk.review(ReviewState.REQUEST_CHANGES, body="Too big; drop sharing.")
    view = view_of(talk)
    assert view.state is SprintState.REVISION_REQUESTED
    assert view.revision == review

    talk.revised(review)
    view = view_of(talk)
    assert view.state is SprintState.AWAITING_DECISION
    assert view.revision is None


def test_a_second_request_for_changes_asks_for_another_revision() -> None:
    talk = conversation_in(SprintState.AWAITING_DECISION)
    talk.revised(talk.review(ReviewState.REQUEST_CHANGES, body="Too big."))
    again = talk.review(ReviewState.REQUEST_CHANGES, body="Still too big.")
    view = view_of(talk)
    assert view.state is SprintState.REVISION_REQUESTED
    assert view.revision == again


def test_a_revision_answered_then_an_accept_starts_the_questions() -> None:
    talk = conversation_in(SprintState.AWAITING_DECISION)
    talk.revised(talk.review(ReviewState.REQUEST_CHANGES, body="Too big."))
    talk.human("ACCEPT")
    assert state_of(talk) is SprintState.ACCEPTED


def test_an_accept_before_a_request_for_changes_does_not_survive_the_revision() -> None:
    talk = conversation_in(SprintState.AWAITING_DECISION)
    talk.human("ACCEPT", by="bob")
    talk.revised(talk.review(ReviewState.REQUEST_CHANGES, body="Too big."))
    assert state_of(talk) is SprintState.AWAITING_DECISION  # bob approved the old pitch


# -- reject, at any stage -------------------------------------------------------


@pytest.mark.parametrize(
    "stage",
    [
        SprintState.PITCH_INCOMPLETE,
        SprintState.AWAITING_DECISION,
        SprintState.REVISION_REQUESTED,
        SprintState.ACCEPTED,
        SprintState.QUESTIONS_OPEN,
        SprintState.ANSWERS_PENDING,
        SprintState.READY_TO_FILE,
        SprintState.FILING_BLOCKED,
        SprintState.FILING,
    ],
)
def test_reject_rejects_at_any_stage_with_its_reason(stage: SprintState) -> None:
    talk = conversation_in(stage)
    talk.human("REJECT: we are moving to a marketplace model", by=OTHER_REVIEWER)
    view = view_of(talk)
    assert view.state is SprintState.REJECTED
    assert view.reject is not None
    assert (view.reject.login, view.reject.text) == (OTHER_REVIEWER,
                                                    "we are moving to a marketplace model")


def test_a_reject_keeps_its_whole_reason() -> None:
    talk = conversation_in(SprintState.QUESTIONS_OPEN)
    talk.human("REJECT: too big for one sprint.\n\nSplit the vision first.")
    view = view_of(talk)
    assert view.reject is not None
    assert view.reject.text == "too big for one sprint.\n\nSplit the vision first."


def test_a_reject_asked_as_a_question_decides_nothing() -> None:
    talk = conversation_in(SprintState.AWAITING_DECISION)
    talk.human("Reject? Not sure yet, let me think.")
    assert state_of(talk) is SprintState.AWAITING_DECISION


# -- the design conversation ----------------------------------------------------


def test_posted_questions_open_the_design_phase_with_their_ledger() -> None:
    talk = conversation_in(SprintState.ACCEPTED)
    talk.ask()
    view = view_of(talk)
    assert view.state is SprintState.QUESTIONS_OPEN
    assert view.ledger == two_forks()
    assert view.round == 1


def test_a_human_comment_after_the_architects_last_design_comment_is_pending() -> None:
    talk = conversation_in(SprintState.QUESTIONS_OPEN)
    answer = talk.human("Q1: B")
    view = view_of(talk)
    assert view.state is SprintState.ANSWERS_PENDING
    assert view.new_comments == (answer,)


def test_comments_the_architect_acknowledged_are_not_pending_again() -> None:
    talk = conversation_in(SprintState.QUESTIONS_OPEN)
    talk.human("Q1: B")
    talk.acknowledge(two_forks())  # the architect read it (and, here, recorded nothing)
    view = view_of(talk)
    assert view.state is SprintState.QUESTIONS_OPEN
    assert view.new_comments == ()
    assert view.round == 2


def test_a_comment_before_the_questions_is_not_an_answer() -> None:
    talk = conversation_in(SprintState.AWAITING_DECISION)
    talk.human("ACCEPT")
    talk.human("Also think about guests.")
    talk.ask()
    assert state_of(talk) is SprintState.QUESTIONS_OPEN


def test_all_forks_resolved_is_ready_to_file() -> None:
    talk = conversation_in(SprintState.QUESTIONS_OPEN)
    talk.human("yes")
    talk.acknowledge(all_resolved(two_forks()), acknowledged=(1, 2))
    assert state_of(talk) is SprintState.READY_TO_FILE


def test_a_fork_answered_but_awaiting_a_follow_up_is_not_resolved() -> None:
    talk = conversation_in(SprintState.QUESTIONS_OPEN)
    talk.human("Q1: A, but only for guests")
    ledger = all_resolved(two_forks())
    q1 = ledger.get(1)
    assert q1 is not None and q1.answer is not None
    talk.acknowledge(ledger.with_fork(q1.answered(q1.answer, resolved=False)))
    view = view_of(talk)
    assert view.state is SprintState.QUESTIONS_OPEN
    assert view.ledger is not None
    assert [f.status for f in view.ledger.forks] == [ForkStatus.ANSWERED, ForkStatus.RESOLVED]


def test_questions_without_any_fork_go_straight_to_filing() -> None:
    talk = conversation_in(SprintState.ACCEPTED)
    talk.ask(ledger=Ledger())
    assert state_of(talk) is SprintState.READY_TO_FILE


def test_a_posted_plan_is_filing_and_carries_the_plan() -> None:
    view = view_of(a_sprint_pr(SprintState.FILING))
    assert view.state is SprintState.FILING
    assert view.plan is not None
    assert [s.id for s in view.plan] == ["store", "api"]


def test_sprint_filed_is_filed_with_its_issue_numbers() -> None:
    talk = conversation_in(SprintState.FILING)
    talk.filed([31, 32])
    view = view_of(talk)
    assert view.state is SprintState.FILED
    assert view.filed == (31, 32)


def test_a_failed_filing_check_waits_for_a_human_reply() -> None:
    talk = conversation_in(SprintState.READY_TO_FILE)
    talk.filing_check("`api` has no acceptance criteria.")
    assert state_of(talk) is SprintState.FILING_BLOCKED
    reply = talk.human("Give `api` the criterion: lists come back in order.")
    view = view_of(talk)
    assert view.state is SprintState.ANSWERS_PENDING
    assert view.new_comments == (reply,)


# -- who may steer --------------------------------------------------------------


@pytest.mark.parametrize("login", [BOT, "Architect-Bot", "ci-bot", "renovate[bot]",
                                   "Dependabot[bot]"])
def test_bots_never_steer(login: str) -> None:
    steering = a_steering(writers=(login,))
    assert steering.is_bot(login)
    assert not steering.may_steer(login)
    talk = conversation_in(SprintState.AWAITING_DECISION)
    talk.human("ACCEPT", by=login)
    talk.review(ReviewState.APPROVED, by=login)
    assert state_of(talk, steering) is SprintState.AWAITING_DECISION


@pytest.mark.parametrize("login", ["scott", "alice-robot", "abbot", "bot", "botanist"])
def test_names_that_merely_look_like_bots_are_people(login: str) -> None:
    steering = a_steering(writers=(login,))
    assert not steering.is_bot(login)
    talk = conversation_in(SprintState.AWAITING_DECISION)
    talk.human("ACCEPT", by=login)
    assert state_of(talk, steering) is SprintState.ACCEPTED


def test_a_configured_bot_pattern_is_honoured() -> None:
    steering = a_steering(config=settings(bot_accounts=["ci-*"]))
    assert steering.is_bot("ci-runner")
    assert not steering.is_bot("renovate[bot]")


def test_without_reviewers_write_access_decides() -> None:
    steering = a_steering(writers=(REVIEWER,), readers=(STRANGER,))
    assert steering.may_steer(REVIEWER)
    assert not steering.may_steer(STRANGER)
    assert not steering.may_steer("nobody-looked-up")


def test_configured_reviewers_are_the_only_ones_who_steer() -> None:
    steering = a_steering(reviewers=("Carol",))
    talk = conversation_in(SprintState.AWAITING_DECISION)
    talk.human("ACCEPT", by=REVIEWER)  # has write access, but is not a reviewer
    view = view_of(talk, steering)
    assert view.state is SprintState.AWAITING_DECISION
    assert any(f"@{REVIEWER}" in note for note in view.ignored)

    talk.human("ACCEPT", by="carol")
    assert state_of(talk, steering) is SprintState.ACCEPTED


def test_a_bot_listed_as_reviewer_still_does_not_steer() -> None:
    steering = a_steering(reviewers=("deploy-bot", REVIEWER))
    assert not steering.may_steer("deploy-bot")
    assert steering.may_steer(REVIEWER)


def test_a_strangers_accept_is_ignored_and_reported() -> None:
    talk = conversation_in(SprintState.AWAITING_DECISION)
    talk.human("ACCEPT", by=STRANGER)
    view = view_of(talk)
    assert view.state is SprintState.AWAITING_DECISION
    assert view.guidance == ()
    assert len(view.ignored) == 1
    assert f"@{STRANGER}" in view.ignored[0]


def test_a_strangers_reject_is_ignored() -> None:
    talk = conversation_in(SprintState.QUESTIONS_OPEN)
    talk.human("REJECT: I do not like it", by=STRANGER)
    view = view_of(talk)
    assert view.state is SprintState.QUESTIONS_OPEN
    assert view.reject is None
    assert any(f"@{STRANGER}" in note for note in view.ignored)


def test_a_strangers_answer_is_not_an_answer() -> None:
    talk = conversation_in(SprintState.QUESTIONS_OPEN)
    talk.human("Q1: A", by=STRANGER)
    view = view_of(talk)
    assert view.state is SprintState.QUESTIONS_OPEN
    assert view.new_comments == ()


@pytest.mark.parametrize("state", [ReviewState.APPROVED, ReviewState.REQUEST_CHANGES])
def test_a_strangers_review_is_ignored_and_reported(state: ReviewState) -> None:
    talk = conversation_in(SprintState.AWAITING_DECISION)
    talk.review(state, by=STRANGER, body="Drop it all.")
    view = view_of(talk)
    assert view.state is SprintState.AWAITING_DECISION
    assert any(f"@{STRANGER}" in note for note in view.ignored)


@pytest.mark.parametrize("state", [ReviewState.APPROVED, ReviewState.REQUEST_CHANGES])
def test_a_dismissed_review_does_not_count(state: ReviewState) -> None:
    talk = conversation_in(SprintState.AWAITING_DECISION)
    talk.review(state, body="Changed my mind.", dismissed=True)
    view = view_of(talk)
    assert view.state is SprintState.AWAITING_DECISION
    assert view.guidance == ()
    assert view.revision is None


# -- markers count only in what the bot wrote -----------------------------------


def test_a_pasted_footer_marker_does_not_complete_the_pitch() -> None:
    talk = Conversation()
    talk.human(f"Copying the footer: {markers.marker('footer', slug=talk.slug)}")
    assert state_of(talk) is SprintState.PITCH_INCOMPLETE


def test_pasted_questions_do_not_open_a_design_phase() -> None:
    talk = conversation_in(SprintState.AWAITING_DECISION)
    fake = markers.marker("questions", to_payload(all_resolved(two_forks())), round=1)
    talk.human(f"Here you go\n\n{fake}")
    view = view_of(talk)
    assert view.state is SprintState.AWAITING_DECISION
    assert view.ledger is None


def test_a_pasted_ledger_does_not_resolve_any_fork() -> None:
    talk = conversation_in(SprintState.QUESTIONS_OPEN)
    fake = markers.marker("answers", to_payload(all_resolved(two_forks())), round=9)
    talk.human(f"<!-- architect: questions round=1 [] -->\n{fake}")
    view = view_of(talk)
    assert view.ledger == two_forks()
    assert view.round == 1
    assert view.state is not SprintState.READY_TO_FILE


@pytest.mark.parametrize(
    ("stage", "fake"),
    [
        (SprintState.READY_TO_FILE, markers.marker("filed", numbers="1,2")),
        (SprintState.READY_TO_FILE, markers.marker("plan", [{"id": "x", "title": "x",
                                                            "problem": "p",
                                                            "proposed_solution": "s"}])),
        (SprintState.READY_TO_FILE, markers.marker("filing-check")),
    ],
)
def test_pasted_filing_marks_change_nothing(stage: SprintState, fake: str) -> None:
    talk = conversation_in(stage)
    before = view_of(talk)
    talk.human(fake, by=STRANGER)  # a stranger, so the comment itself is no answer either
    after = view_of(talk)
    assert after.state is stage
    assert (after.plan, after.filed) == (before.plan, before.filed)


def test_a_pasted_revised_marker_does_not_answer_a_review() -> None:
    talk = conversation_in(SprintState.AWAITING_DECISION)
    review = talk.review(ReviewState.REQUEST_CHANGES, body="Too big.")
    talk.human(markers.marker("revised", review=review.id))
    assert state_of(talk) is SprintState.REVISION_REQUESTED


# -- the marks, read once a tick ------------------------------------------------


def test_the_marks_carried_on_the_pr_are_reused_while_its_comments_are_the_same() -> None:
    talk = conversation_in(SprintState.QUESTIONS_OPEN)
    sprint = with_marks(talk.sprint(), BOT)
    assert sprint.marks is not None
    carried = sprint.marks[2]
    again = read_marks(sprint, BOT)
    assert again.own is carried.own and again.candidates is carried.candidates
    assert view_of(sprint) == view_of(talk.sprint())  # the same view, read or carried
    # New comments (a step's writes folded in): read again, never the stale marks.
    answer = talk.human("Q1: B")
    moved = advance(Written(sprint, (answer,), None))
    assert moved.marks is None and answer in read_marks(moved, BOT).candidates
    assert read_marks(sprint, "someone-else").own == ()  # read for its own bot only


def test_a_strangers_approval_on_the_design_questions_gets_the_one_reply() -> None:
    talk = conversation_in(SprintState.QUESTIONS_OPEN)
    talk.review(ReviewState.APPROVED, by=STRANGER)
    view = view_of(talk)
    assert view.state is SprintState.QUESTIONS_OPEN
    assert [s.why for s in view.unclear if s.login == STRANGER] == [Why.NOT_STEERER]


def test_a_steerers_approval_on_the_design_questions_is_no_answer() -> None:
    talk = conversation_in(SprintState.QUESTIONS_OPEN)
    talk.review(ReviewState.APPROVED)
    view = view_of(talk)
    assert view.state is SprintState.QUESTIONS_OPEN
    assert view.unclear == () and view.new_reviews == ()
