"""decide: from what a tick read to what it will do (DESIGN.md §5, step 3).

Sprint PRs are built by `Conversation`s, the architect's comments rendered as
it writes them; each test reads the single action a tick would take.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from architect.config import ArchitectConfig
from architect.core import render
from architect.core.actions import (
    Action,
    ClarifyDecision,
    CompletePitch,
    FileSprint,
    FinishSprint,
    OpenPitch,
    ProcessAnswers,
    RejectSprint,
    RevisePitch,
    StartQuestions,
    SyncLedger,
)
from architect.core.decide import Decision, decide, judged, views
from architect.core.facts import Eligibility, VisionHistory, VisionState
from architect.core.ledger import ForkStatus, Ledger
from architect.core.table import SprintState, vision_row
from architect.core.view import SprintPR
from architect.core.visions import vision_facts
from architect.forge.models import ReviewState
from tests.builders import (
    BOT,
    OTHER_REVIEWER,
    REVIEWER,
    STRANGER,
    VISION,
    VISION_TITLE,
    Conversation,
    a_comment,
    a_plan,
    a_pull,
    a_rejected_history,
    a_snapshot,
    a_sprint_pr,
    a_vision,
    at,
    conversation_in,
    pr_body,
    resolved,
    settings,
    two_forks,
)

SLUG = "7-shoppers-keep-a-wishlist"


def tick(*sprints: SprintPR | Conversation, config: ArchitectConfig | None = None,
         **snapshot: object) -> Decision:
    """decide() on a snapshot holding `sprints`, their visions labelled in-progress."""
    prs = [s.sprint() if isinstance(s, Conversation) else s for s in sprints]
    snapshot.setdefault("visions", [a_vision(s.vision_number, in_progress=True) for s in prs])
    return decide(a_snapshot(sprints=prs, **snapshot), config or settings())  # type: ignore[arg-type]


def only_action(decision: Decision) -> Action:
    assert len(decision.actions) == 1, decision
    return decision.actions[0]


def pitched(decision: Decision) -> list[int]:
    return [a.vision_number for a in decision.actions if isinstance(a, OpenPitch)]


# -- one action per sprint PR, by state -----------------------------------------


@pytest.mark.parametrize(
    ("state", "action"),
    [
        (SprintState.PITCH_INCOMPLETE, CompletePitch),
        (SprintState.REVISION_REQUESTED, RevisePitch),
        (SprintState.ACCEPTED, StartQuestions),
        (SprintState.ANSWERS_PENDING, ProcessAnswers),
        (SprintState.READY_TO_FILE, FileSprint),
        (SprintState.FILING, FileSprint),
        (SprintState.FILED, FinishSprint),
        (SprintState.REJECTED, RejectSprint),
    ],
)
def test_each_state_that_needs_the_architect_gets_its_action(state: SprintState,
                                                             action: type) -> None:
    sprint = a_sprint_pr(state)
    step = only_action(tick(sprint))
    assert isinstance(step, action)
    assert [v.state for v in views(a_snapshot(sprints=[sprint]))] == [state]


@pytest.mark.parametrize("state", [SprintState.AWAITING_DECISION, SprintState.QUESTIONS_OPEN,
                                   SprintState.FILING_BLOCKED])
def test_a_sprint_waiting_for_a_human_gets_no_action_but_a_note(state: SprintState) -> None:
    decision = tick(a_sprint_pr(state))
    assert decision.actions == ()
    assert any(note.startswith(f"PR #1: {state.value}") for note in decision.notes)


def test_an_incomplete_pitch_gets_its_footer() -> None:
    step = only_action(tick(a_sprint_pr(SprintState.PITCH_INCOMPLETE)))
    assert isinstance(step, CompletePitch)
    assert step == CompletePitch(step.sprint, step.slug, footer=True, label=False)


def test_a_vision_that_lost_its_in_progress_label_gets_it_back() -> None:
    decision = tick(a_sprint_pr(SprintState.AWAITING_DECISION), visions=[a_vision()])
    step = only_action(decision)
    assert isinstance(step, CompletePitch)
    assert (step.footer, step.label) == (False, True)


def test_existing_sprints_come_before_new_pitches() -> None:
    decision = tick(a_sprint_pr(SprintState.ACCEPTED, vision=3, number=1),
                    a_sprint_pr(SprintState.REJECTED, vision=4, number=2),
                    visions=[a_vision(3, "Gift cards", in_progress=True),
                             a_vision(4, "Reviews", in_progress=True), a_vision()])
    assert [type(a) for a in decision.actions] == [StartQuestions, RejectSprint, OpenPitch]


def test_the_start_of_the_questions_carries_the_accepting_guidance() -> None:
    talk = conversation_in(SprintState.AWAITING_DECISION)
    talk.human("ACCEPT: keep the first version small")
    step = only_action(tick(talk))
    assert isinstance(step, StartQuestions)
    assert [(g.login, g.text) for g in step.guidance] == [
        (REVIEWER, "keep the first version small")]


def test_a_rejection_carries_the_reason_and_who_gave_it() -> None:
    talk = conversation_in(SprintState.FILING)
    talk.human("REJECT: the plan is wrong", by=OTHER_REVIEWER)
    step = only_action(tick(talk))
    assert isinstance(step, RejectSprint)
    assert (step.signal.login, step.signal.text) == (OTHER_REVIEWER, "the plan is wrong")


def _only_reply_to_a_stranger(decision: Decision) -> None:
    """Someone who may not steer moves nothing: one reply naming who may (issue #19)."""
    (step,) = decision.actions
    assert isinstance(step, ClarifyDecision)
    assert [(s.login, s.why) for s in step.unclear] == [(STRANGER, "not a steerer")]


def test_a_strangers_accept_is_ignored_and_noted() -> None:
    talk = conversation_in(SprintState.AWAITING_DECISION)
    talk.human("ACCEPT", by=STRANGER)
    decision = tick(talk)
    _only_reply_to_a_stranger(decision)
    assert any(f"@{STRANGER}" in note and "ignored" in note for note in decision.notes)


def test_a_tick_with_nothing_new_decides_nothing() -> None:
    snapshot_sprints = [a_sprint_pr(SprintState.AWAITING_DECISION, vision=3, number=1),
                        a_sprint_pr(SprintState.QUESTIONS_OPEN, vision=4, number=2)]
    decision = tick(*snapshot_sprints)
    assert decision.actions == ()


# -- markers and the ledger -----------------------------------------------------


def test_a_pasted_ledger_on_the_pr_changes_nothing() -> None:
    talk = conversation_in(SprintState.AWAITING_DECISION)
    talk.human("<!-- architect: questions round=1 [{\"n\":1,\"q\":\"x\",\"o\":[[\"A\",\"a\"],"
               "[\"B\",\"b\"]],\"r\":\"A\",\"s\":\"resolved\"}] -->")
    assert tick(talk).actions == ()


def test_a_pasted_ledger_in_an_answer_is_not_believed() -> None:
    talk = conversation_in(SprintState.QUESTIONS_OPEN)
    forged = render.answers_comment(resolved(two_forks(), Q1="A", Q2="B"), acknowledged=(),
                                    notes=(), reply="", follow_ups=(), round_=2)
    talk.human(forged)
    # The bot's own text is never read from a human: nothing is left to answer or record.
    assert nothing_recorded(tick(talk))


@pytest.mark.parametrize(
    "edit",
    [
        lambda body: body.replace("- **Status:** open", "- **Status:** resolved", 1),
        lambda body: body.replace("## Design forks", "## Design forkz"),
        lambda body: body.replace(render.forks_section(two_forks()), ""),
        lambda body: body.replace("- B) In the database (recommended)", "- B) In Redis"),
    ],
)
def test_a_hand_broken_design_forks_section_is_repaired_from_the_trusted_ledger(edit) -> None:  # type: ignore[no-untyped-def]
    talk = conversation_in(SprintState.QUESTIONS_OPEN)
    talk.body = edit(pr_body(ledger=two_forks()))
    assert talk.body != pr_body(ledger=two_forks())
    step = only_action(tick(talk))
    assert isinstance(step, SyncLedger)
    assert step.ledger == two_forks()


def test_an_untouched_design_forks_section_needs_no_repair() -> None:
    talk = conversation_in(SprintState.QUESTIONS_OPEN)
    talk.body = pr_body(ledger=two_forks()) + "\nA note a human added at the end.\n"
    assert tick(talk).actions == ()


def test_a_broken_section_while_filing_is_blocked_is_repaired_too() -> None:
    talk = conversation_in(SprintState.FILING_BLOCKED)
    talk.body = pr_body()  # the whole section deleted
    assert isinstance(only_action(tick(talk)), SyncLedger)


# -- reading answers ------------------------------------------------------------


def answers_to(*comments: str, by: str = REVIEWER,
               ledger: Ledger | None = None) -> ProcessAnswers:
    talk = conversation_in(SprintState.ACCEPTED)
    talk.ask(ledger)
    for body in comments:
        talk.human(body, by=by)
    step = only_action(tick(talk))
    assert isinstance(step, ProcessAnswers)
    return step


def answer_of(step: ProcessAnswers, number: int) -> tuple[str | None, str, str] | None:
    fork = step.ledger.get(number)
    assert fork is not None
    if fork.answer is None:
        return None
    return fork.answer.option, fork.answer.text, fork.answer.by


def test_a_lettered_answer_is_recorded_with_the_options_text() -> None:
    step = answers_to("Q1: A")
    assert step.recorded == (1,)
    assert answer_of(step, 1) == ("A", "In the session cookie", REVIEWER)
    assert step.ledger.get(1).status is ForkStatus.RESOLVED  # type: ignore[union-attr]
    assert answer_of(step, 2) is None
    assert (step.notes, step.free_text) == ((), ())


def test_an_answer_keeps_its_reason() -> None:
    step = answers_to("Q2: B because sharing drives sign-ups")
    option, text, _ = answer_of(step, 2)  # type: ignore[misc]
    assert option == "B"
    assert text.startswith("Yes, by link")
    assert "sharing drives sign-ups" in text


def test_answers_from_two_reviewers_are_both_recorded() -> None:
    talk = conversation_in(SprintState.QUESTIONS_OPEN)
    talk.human("Q1: A")
    talk.human("Q2: B", by=OTHER_REVIEWER)
    step = only_action(tick(talk))
    assert isinstance(step, ProcessAnswers)
    assert step.recorded == (1, 2)
    assert answer_of(step, 2) == ("B", "Yes, by link", OTHER_REVIEWER)


def test_an_unknown_question_gives_a_note_not_an_answer() -> None:
    step = answers_to("Q9: A")
    assert step.recorded == ()
    assert step.ledger == two_forks()
    assert len(step.notes) == 1
    assert "Q9" in step.notes[0]


def test_an_unknown_letter_gives_a_note_not_an_answer() -> None:
    step = answers_to("Q1: D")
    assert step.recorded == ()
    assert step.ledger == two_forks()
    assert len(step.notes) == 1
    assert "Q1" in step.notes[0] and "D" in step.notes[0]


@pytest.mark.parametrize("word", ["yes", "LGTM", "sounds good"])
def test_yes_takes_every_recommendation(word: str) -> None:
    step = answers_to(word)
    assert step.recorded == (1, 2)
    assert answer_of(step, 1) == ("B", "In the database", REVIEWER)
    assert answer_of(step, 2) == ("A", "No, private only", REVIEWER)
    assert step.ledger.all_resolved


def test_yes_leaves_forks_already_resolved_alone() -> None:
    talk = conversation_in(SprintState.QUESTIONS_OPEN)
    talk.human("Q1: A")
    talk.acknowledge(resolved(two_forks(), Q1="A"), acknowledged=(1,))
    talk.human("yes")
    step = only_action(tick(talk))
    assert isinstance(step, ProcessAnswers)
    assert step.recorded == (2,)
    assert answer_of(step, 1)[0] == "A"  # type: ignore[index]
    assert answer_of(step, 2)[0] == "A"  # type: ignore[index]


def test_yes_does_not_overwrite_an_answer_awaiting_its_follow_up() -> None:
    talk = conversation_in(SprintState.QUESTIONS_OPEN)
    talk.human("Q1: A, but only for guests")
    ledger = resolved(two_forks(), Q1="A")
    q1 = ledger.get(1)
    assert q1 is not None and q1.answer is not None
    talk.acknowledge(ledger.with_fork(q1.answered(q1.answer, resolved=False)))
    talk.human("yes")
    step = only_action(tick(talk))
    assert isinstance(step, ProcessAnswers)
    assert answer_of(step, 1)[0] == "A"  # type: ignore[index]
    assert answer_of(step, 2)[0] == "A"  # type: ignore[index]


def test_a_recommended_answer_takes_the_recommendation() -> None:
    step = answers_to("Q1: recommended")
    assert answer_of(step, 1)[0] == "B"  # type: ignore[index]


def test_free_text_goes_to_the_model() -> None:
    step = answers_to("Could we reuse the cart's storage for this?")
    assert step.recorded == ()
    assert [(c.author, c.body) for c in step.free_text] == [
        (REVIEWER, "Could we reuse the cart's storage for this?")]


def test_free_text_reaches_the_model_with_its_inline_code() -> None:
    step = answers_to("For Q1, keep wishlists in `redis` instead.")
    assert [c.body for c in step.free_text] == ["For Q1, keep wishlists in `redis` instead."]


def test_answers_and_free_text_in_one_comment_are_split() -> None:
    step = answers_to("Q1: A\nAnd for Q2 I would like to hear more about abuse.")
    assert step.recorded == (1,)
    assert [c.body for c in step.free_text] == ["And for Q2 I would like to hear more about abuse."]


@pytest.mark.parametrize("comment", ["> Q1: A", "```\nQ1: A\n```", "`Q1: A`", "```\nQ1: A",
                                     "<!-- Q1: A -->"])
def test_quoted_or_fenced_answers_are_ignored(comment: str) -> None:
    talk = conversation_in(SprintState.ACCEPTED)
    talk.ask(None)
    talk.human(comment, by=REVIEWER)
    # Nothing but a quote or code: no answer in it, and nothing new said to reply to.
    assert nothing_recorded(tick(talk))


def nothing_recorded(decision: Decision) -> bool:
    """No answer recorded and the ledger as asked: a round, if any, read nothing."""
    rounds = [a for a in decision.actions if isinstance(a, ProcessAnswers)]
    return all(r.recorded == () and r.ledger == two_forks() and r.free_text == ()
               for r in rounds) and len(decision.actions) == len(rounds)


def test_a_quoted_question_followed_by_an_answer_counts_only_the_answer() -> None:
    step = answers_to("> Q1: A) In the session cookie\n\nQ1: B")
    assert step.recorded == (1,)
    assert answer_of(step, 1)[0] == "B"  # type: ignore[index]


def test_a_strangers_answer_is_not_read() -> None:
    talk = conversation_in(SprintState.QUESTIONS_OPEN)
    talk.human("Q1: A", by=STRANGER)
    decision = tick(talk)
    _only_reply_to_a_stranger(decision)
    assert any(f"@{STRANGER}" in note for note in decision.notes)


@pytest.mark.parametrize("comment", ["Accept the recommendations", "Accept Q1: A"])
def test_an_answer_starting_with_accept_during_the_questions_is_read(comment: str) -> None:
    talk = conversation_in(SprintState.QUESTIONS_OPEN)
    talk.human(comment)
    step = only_action(tick(talk))
    assert isinstance(step, ProcessAnswers)
    assert 1 in step.recorded


# -- new pitches ----------------------------------------------------------------


def test_a_new_vision_is_pitched() -> None:
    decision = decide(a_snapshot(visions=[a_vision()]), settings())
    assert decision.actions == (OpenPitch(VISION, VISION_TITLE, SLUG, ""),)


def test_no_pitch_when_the_open_sprint_prs_fill_the_budget() -> None:
    sprints = [a_sprint_pr(SprintState.AWAITING_DECISION, vision=n, number=n) for n in (1, 2, 3, 4)]
    visions = [a_vision(n, f"Vision {n}", in_progress=True) for n in (1, 2, 3, 4)]
    decision = tick(*sprints, visions=[*visions, a_vision(5, "Vision 5")],
                    config=settings(max_open_pitches=3))
    assert pitched(decision) == []
    assert any("no new pitch" in note and "max_open_pitches = 3" in note
               for note in decision.notes)


def test_the_budget_is_max_open_pitches_minus_open_sprint_prs() -> None:
    visions = [a_vision(1, "Open one", in_progress=True),
               *(a_vision(n, f"Vision {n}") for n in (2, 3, 4))]
    decision = tick(a_sprint_pr(SprintState.QUESTIONS_OPEN, vision=1), visions=visions,
                    config=settings(max_open_pitches=3))
    assert pitched(decision) == [2, 3]


def test_a_budget_of_zero_pitches_nothing() -> None:
    decision = decide(a_snapshot(visions=[a_vision()]), settings(max_open_pitches=0))
    assert decision.actions == ()


def test_pitches_follow_the_pitch_order() -> None:
    visions = [a_vision(n, f"Vision {n}") for n in (3, 5, 9)]
    decision = decide(a_snapshot(visions=visions, pitch_order=(9, 3, 5)),
                      settings(max_open_pitches=2))
    assert pitched(decision) == [9, 3]


def test_a_vision_with_an_open_sprint_pr_is_not_pitched_again() -> None:
    decision = tick(a_sprint_pr(SprintState.AWAITING_DECISION), visions=[a_vision()],
                    config=settings(max_open_pitches=5))
    assert pitched(decision) == []


def test_a_vision_labelled_in_progress_is_not_pitched() -> None:
    decision = decide(a_snapshot(visions=[a_vision(in_progress=True)]), settings())
    assert pitched(decision) == []


def test_a_vision_with_open_sub_issues_is_not_pitched() -> None:
    vision = a_vision()
    decision = decide(a_snapshot(history={VISION: VisionHistory(vision, open_sub_issues=(31,))}),
                      settings())
    assert decision.actions == ()
    assert any(f"vision #{VISION}" in n and "#31" in n for n in decision.notes)


def test_a_snapshot_judges_each_candidate_once_and_decide_reads_that_verdict() -> None:
    snapshot = a_snapshot()
    assert snapshot.verdicts == {VISION: Eligibility(True, "new vision")}
    # The shell judges while it reads and hands its verdicts over; decide follows them.
    held = replace(snapshot, verdicts={VISION: Eligibility(False, "judged by the reader")})
    decision = decide(held, settings())
    assert decision.actions == ()
    assert f"vision #{VISION}: not pitched: judged by the reader" in decision.notes


def test_a_snapshot_runs_no_rule_and_decide_judges_what_the_reader_left_unjudged() -> None:
    unjudged = replace(a_snapshot(), verdicts={})
    assert unjudged.verdicts == {}  # a value: nothing judged while it was built
    assert judged(unjudged).verdicts == {VISION: Eligibility(True, "new vision")}
    assert pitched(decide(unjudged, settings())) == [VISION]


def test_a_vision_whose_sprint_was_merged_is_not_pitched_even_after_an_edit() -> None:
    merged = a_pull(state="closed", merged=True, closed_at=at(10))
    vision = a_vision(updated=at(50))
    decision = decide(a_snapshot(history={VISION: VisionHistory(vision, (merged,))}), settings())
    assert decision.actions == ()
    assert any(f"vision #{VISION}" in n for n in decision.notes)


def test_a_rejected_vision_waits_for_activity() -> None:
    decision = decide(a_snapshot(history={VISION: a_rejected_history()}), settings())
    assert decision.actions == ()
    assert any(f"vision #{VISION}" in n for n in decision.notes)


def test_a_comment_after_the_rejection_asks_for_a_new_pitch_with_the_reason() -> None:
    history = a_rejected_history(reason="too big for now", later=[
        a_comment("Trimmed it down, please try again.", id_=600, at_=at(40))])
    decision = decide(a_snapshot(history={VISION: history}), settings())
    assert decision.actions == (OpenPitch(VISION, VISION_TITLE, SLUG, "too big for now"),)


def test_an_edit_after_the_rejection_asks_for_a_new_pitch_with_the_reason() -> None:
    history = a_rejected_history(a_vision(updated=at(45)), reason="too big for now")
    decision = decide(a_snapshot(history={VISION: history}), settings())
    assert decision.actions == (OpenPitch(VISION, VISION_TITLE, SLUG, "too big for now"),)


def test_the_architects_own_comment_after_the_rejection_is_no_activity() -> None:
    history = a_rejected_history(later=[a_comment("(a note)", by=BOT, id_=600, at_=at(30))])
    decision = decide(a_snapshot(history={VISION: history}), settings())
    assert decision.actions == ()


def test_rejected_visions_do_not_use_up_the_budget() -> None:
    visions = {n: a_vision(n, f"Vision {n}", updated=at(30)) for n in (1, 2)}
    decision = decide(a_snapshot(history={1: a_rejected_history(visions[1]),
                                          2: VisionHistory(visions[2])}),
                      settings(max_open_pitches=1))
    assert pitched(decision) == [2]


# -- sequences ------------------------------------------------------------------


def test_one_sprint_walks_from_pitch_to_filed() -> None:
    config = settings()
    assert only_action(decide(a_snapshot(visions=[a_vision()]), config)) == OpenPitch(
        VISION, VISION_TITLE, SLUG, "")

    # The PR is open; the tick stopped before the footer (and before the label).
    talk = Conversation()
    step = only_action(tick(talk, visions=[a_vision()]))
    assert isinstance(step, CompletePitch) and (step.footer, step.label) == (True, True)

    talk.footer()
    assert tick(talk).actions == ()

    talk.human("ACCEPT: keep it small")
    step = only_action(tick(talk))
    assert isinstance(step, StartQuestions)

    talk.ask()
    assert tick(talk).actions == ()

    talk.human("Q1: A because guests need it too")
    step = only_action(tick(talk))
    assert isinstance(step, ProcessAnswers) and step.recorded == (1,)
    talk.acknowledge(step.ledger, step.recorded)
    assert tick(talk).actions == ()  # Q2 is still open

    talk.human("yes")
    step = only_action(tick(talk))
    assert isinstance(step, ProcessAnswers) and step.recorded == (2,)
    assert step.ledger.all_resolved
    talk.acknowledge(step.ledger, step.recorded)

    # The tick stopped after acknowledging; the next one plans and files.
    step = only_action(tick(talk))
    assert isinstance(step, FileSprint) and step.plan is None

    talk.plan()
    step = only_action(tick(talk))
    assert isinstance(step, FileSprint) and step.plan == a_plan()

    talk.filed([20, 21])
    step = only_action(tick(talk))
    assert isinstance(step, FinishSprint) and step.filed == (20, 21)
    assert step.ledger is not None
    assert [f.answer.option for f in step.ledger.forks if f.answer] == ["A", "A"]

    merged = a_pull(state="closed", merged=True, closed_at=at(90))
    after = a_snapshot(history={VISION: VisionHistory(a_vision(in_progress=True), (merged,))})
    assert decide(after, config).actions == ()


def test_a_rejected_sprint_is_closed_then_pitched_again_after_a_comment() -> None:
    talk = conversation_in(SprintState.QUESTIONS_OPEN)
    talk.human("REJECT: too big for now")
    step = only_action(tick(talk))
    assert isinstance(step, RejectSprint)

    # Closed, label removed, notice on the vision: nothing to do until a human speaks.
    history = a_rejected_history(reason="too big for now")
    assert decide(a_snapshot(history={VISION: history}), settings()).actions == ()

    history = a_rejected_history(reason="too big for now", later=[
        a_comment("Cut sharing; try again.", id_=600, at_=at(40))])
    step = only_action(decide(a_snapshot(history={VISION: history}), settings()))
    assert step == OpenPitch(VISION, VISION_TITLE, SLUG, "too big for now")


def test_requested_changes_are_revised_then_an_approval_starts_the_questions() -> None:
    talk = conversation_in(SprintState.AWAITING_DECISION)
    review = talk.review(ReviewState.REQUEST_CHANGES, body="Drop sharing.")
    step = only_action(tick(talk))
    assert isinstance(step, RevisePitch) and step.review == review

    talk.revised(review)
    assert tick(talk).actions == ()

    talk.review(ReviewState.APPROVED, by=OTHER_REVIEWER)
    assert isinstance(only_action(tick(talk)), StartQuestions)


def test_a_failed_filing_check_waits_then_a_reply_is_read() -> None:
    talk = conversation_in(SprintState.READY_TO_FILE)
    talk.filing_check()
    assert tick(talk).actions == ()
    talk.human("Split the API sub-issue into read and write.")
    step = only_action(tick(talk))
    assert isinstance(step, ProcessAnswers)
    assert [c.body for c in step.free_text] == ["Split the API sub-issue into read and write."]


def test_decide_pitches_exactly_the_visions_whose_row_is_to_be_pitched() -> None:
    """The vision table drives the pitch: one slot, three visions in order; the first
    held by a rejection (not pitched), the second pitched, the third queued."""
    visions = {n: a_vision(n, f"Vision {n}", updated=at(30)) for n in (1, 2, 3)}
    snapshot = a_snapshot(history={1: a_rejected_history(visions[1]),
                                   2: VisionHistory(visions[2]), 3: VisionHistory(visions[3])})
    config = settings(max_open_pitches=1)
    decision = decide(snapshot, config)
    states = {n: vision_row(f).state
              for n, f in vision_facts(snapshot, config, pitched=decision.pitched).items()}
    assert states == {1: VisionState.NOT_PITCHED, 2: VisionState.TO_BE_PITCHED,
                      3: VisionState.QUEUED}
    assert pitched(decision) == [2]
    # The one the queue reached says why it waits; the queued one waits its turn in silence.
    assert decision.notes == (
        "vision #1: not pitched: rejected; waiting for an edit or a comment on the vision",)
