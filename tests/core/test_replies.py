"""The one reply to a comment the architect will not act on (`core.replies`): which
comments get one (`why_unclear`, `wants_steering`), whom it names (`who_may_steer`) and
its exact words (`reply`). Pure."""

from __future__ import annotations

import pytest

from architect.core import markers
from architect.core.ledger import DesignFork
from architect.core.replies import NAMED, Why, reply, wants_steering, who_may_steer, why_unclear
from tests.builders import BOT, OTHER_REVIEWER, REVIEWER, STRANGER

HOW = ("- To go ahead: reply `ACCEPT` (anything after it is guidance for the design "
       "questions), or approve the PR with a review.\n"
       "- To decline: reply `REJECT: <reason>`.")
MARK = markers.UnclearMark(41).render()
A_PASTE = "ACCEPT\n\n" + markers.UnclearMark(3).render()


@pytest.mark.parametrize("body", ["ACCEPT", "REJECT: too big for now"])
def test_a_decision_needs_no_reply_and_steers(body: str) -> None:
    assert why_unclear(body, BOT) is None
    assert wants_steering(body, BOT, started=False)


@pytest.mark.parametrize("body", ["Looking forward to it, cc @bob.", "> ACCEPT\n\nhmm"])
def test_plain_discussion_and_a_quoted_decision_are_left_alone(body: str) -> None:
    assert why_unclear(body, BOT) is None
    assert not wants_steering(body, BOT, started=True)


def test_a_paste_of_the_bots_own_text_is_nobodys_decision() -> None:
    assert why_unclear(A_PASTE, BOT) is None
    assert not wants_steering(A_PASTE, BOT, started=True)


def test_agreement_that_is_not_a_decision_gets_the_likely_reply() -> None:
    assert why_unclear("+1", BOT) is Why.LIKELY


@pytest.mark.parametrize("body", ["Q1: B", "B", "option B"])
def test_an_answer_before_any_question_is_on_the_wrong_pr(body: str) -> None:
    assert why_unclear(body, BOT) is Why.WRONG_PR


@pytest.mark.parametrize("body", ["Don't accept this yet", "Should we accept this?"])
def test_a_sentence_about_the_decision_is_not_one(body: str) -> None:
    assert why_unclear(body, BOT) is Why.NOT_DECISION


def test_an_answer_by_someone_who_may_not_steer_wants_steering() -> None:
    assert wants_steering("Q1: B", BOT, started=False)


def test_a_bare_yes_is_a_vote_on_the_pitch_and_an_answer_once_the_questions_are_asked(
        ) -> None:
    assert wants_steering("yes", BOT, started=False)  # likely agreement: told once
    assert wants_steering("yes", BOT, started=True)  # every recommendation
    assert not wants_steering("cc @bob", BOT, started=True)


def test_the_wrong_pr_reply_says_nothing_was_recorded_and_where_answers_go() -> None:
    assert reply(Why.WRONG_PR, "bob", "Q1: B", 41, ()) == (
        "@bob, I read “Q1: B” as an answer to a design question, but this pitch is still "
        "awaiting its decision and has no design questions yet, so nothing was recorded. "
        "Answers belong here once the questions are posted (after `ACCEPT`), or on the "
        f"sprint PR whose questions you meant.\n\n{HOW}\n\n{MARK}")


def test_the_wrong_pr_reply_names_the_prs_whose_questions_are_open() -> None:
    text = reply(Why.WRONG_PR, "bob", "Q1: B", 41, (), asking=(3, 5))
    assert "or on the sprint PR whose questions you meant (open questions: #3, #5).\n\n" in text


def test_the_read_back_sits_between_the_head_and_the_words_to_write() -> None:
    text = reply(Why.WRONG_PR, "bob", "Q1: B", 41, (), read_back="I read: Q1 → B.")
    assert text.endswith(f"you meant.\n\nI read: Q1 → B.\n\n{HOW}\n\n{MARK}")


def test_a_long_comment_is_quoted_on_one_line_cut_at_80() -> None:
    text = reply(Why.WRONG_PR, "bob", "x" * 200 + "\nmore", 41, ())
    assert text.startswith("@bob, I read “" + "x" * 79 + "…” as an answer")


@pytest.mark.parametrize(("said", "read_as"), [
    ("Don't accept this yet", "not a decision (it says not to, or not yet)"),
    ("Should we accept this?", "a question, not a decision"),
    ("ACCEPT if the tests pass", "an approval with a condition (“if the tests pass”), not a "
                                 "decision: say whether it holds, then write the decision"),
])
def test_the_not_a_decision_reply_says_how_it_was_read(said: str, read_as: str) -> None:
    assert reply(Why.NOT_DECISION, "bob", said, 41, ()) == (
        f"@bob, I read “{said}” as {read_as}, so nothing happened.\n\n{HOW}\n\n{MARK}")


def test_the_likely_reply_to_agreement_and_its_read_back() -> None:
    head = ("@bob, I read “+1” as agreement, but the architect acts only on a decision it "
            "cannot misread, so nothing happened yet.")
    assert reply(Why.LIKELY, "bob", "+1", 41, ()) == f"{head}\n\n{HOW}\n\n{MARK}"
    assert reply(Why.LIKELY, "bob", "+1", 41, (), read_back="Said: +1") == (
        f"{head}\n\nSaid: +1\n\n{HOW}\n\n{MARK}")


def test_the_likely_reply_to_a_refusal_says_refusal() -> None:
    assert reply(Why.LIKELY, "bob", "-1", 41, ()) == (
        "@bob, I read “-1” as a refusal, but the architect acts only on a decision it cannot "
        f"misread, so nothing happened yet.\n\n{HOW}\n\n{MARK}")


def test_a_reply_to_a_review_carries_the_reviews_mark() -> None:
    for why, text in ((Why.LIKELY, "+1"), (Why.WRONG_PR, "Q1: B")):
        assert reply(why, "bob", text, 41, (), review=True).endswith(
            markers.UnclearMark(41, review=True).render())


def test_someone_who_may_not_steer_is_told_who_may_once() -> None:
    assert reply(Why.NOT_STEERER, STRANGER, "REJECT: too big", 41, (REVIEWER,)) == (
        f"@{STRANGER}, I read “REJECT: too big”, but only @{REVIEWER} (the project's "
        "`reviewers`) may accept, reject or answer the design questions of this sprint, so "
        "nothing happened. Ask one of them, or a maintainer to add you. (This note is posted "
        "once per person on this PR.)\n\n" + markers.UnclearMark(41, STRANGER).render())


def test_without_reviewers_the_reply_names_the_writers_read_this_tick() -> None:
    text = reply(Why.NOT_STEERER, STRANGER, "ACCEPT", 41, (),
                 writers=(REVIEWER, OTHER_REVIEWER))
    assert (f"but only people with write access to this repository (@{REVIEWER}, "
            f"@{OTHER_REVIEWER}) may accept") in text


def test_who_may_steer_is_the_reviewers_when_there_are_any() -> None:
    assert who_may_steer(("alice", "bob"), ("carol",), "people with write access") == (
        "@alice, @bob (the project's `reviewers`)")


def test_who_may_steer_is_the_rule_with_the_writers_a_few_by_name() -> None:
    rule = "people with write access to acme/shop-ops"
    assert who_may_steer((), (), rule) == rule
    assert who_may_steer((), ("alice",), rule) == f"{rule} (@alice)"
    writers = tuple(f"w{n}" for n in range(NAMED + 2))
    named = ", ".join(f"@w{n}" for n in range(NAMED))
    assert who_may_steer((), writers, rule) == f"{rule} ({named} and 2 more)"
    assert who_may_steer((), writers[:NAMED], rule) == f"{rule} ({named})"


# -- issue 27: a stranger's comment read with the steerers' reader ----------------------

@pytest.mark.parametrize("body", [
    "Great work, thank you all for pushing this forward!",
    "Awesome, been hoping for this one. Thanks!",
    "Will this also land in the self-hosted edition?",
])
def test_praise_and_a_question_about_the_feature_by_a_stranger_stay_unanswered(
        body: str) -> None:
    assert not wants_steering(body, BOT, started=False)


@pytest.mark.parametrize("body", [
    "+1, please ship this",
    "Could you hold off until the API is stable?",
    "Kabul ediyorum, iyi fikir.",
])
def test_a_say_on_the_decision_by_a_stranger_is_told_who_may_steer(body: str) -> None:
    assert wants_steering(body, BOT, started=False)


def _forks() -> tuple[DesignFork, ...]:
    return tuple(DesignFork(n, f"Question {n}?", (("A", "one way"), ("B", "the other")), "A")
                 for n in (1, 2))


@pytest.mark.parametrize("body", [
    "Mi voto: A y luego B.", "我选A，然后B", "| 1 | 2 |\n|---|---|\n| A | B |"])
def test_letters_by_a_stranger_on_the_questions_are_answers(body: str) -> None:
    assert wants_steering(body, BOT, started=True, forks=_forks())


@pytest.mark.parametrize(("body", "says"), [
    ("+1 would love this, I lose my dark mode setting every other week", True),
    ("+1, would love this!", True),
    ("Nice writeup", False),  # praise, not a vote
    ("Nice, thanks for working on it!", False),
])
def test_a_vote_from_someone_who_may_not_steer_is_a_say(body: str, says: bool) -> None:
    assert wants_steering(body, BOT, started=False) is says
