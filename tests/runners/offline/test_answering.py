"""An answer round (runners/offline/answering.py): the humans' comments read as picks, the
follow-ups they open, and the reply that says what was read and what was not."""

from __future__ import annotations

from architect.runners.offline.answering import answers, follow_up_questions
from architect.runners.offline.vision import parse_vision
from tests.runners.offline import helpers as h
from tests.runners.offline.helpers import EXPORT, asked


def test_the_follow_up_of_a_chosen_option_comes_before_questions_not_asked_yet() -> None:
    vision = parse_vision(EXPORT)
    ledger = h.ledger_of(h.questions(EXPORT).forks[0])  # only Q1 asked
    assert [q.text for q in follow_up_questions(vision, ledger, {})] == ["Who may export?"]
    ledger = asked()
    assert [q.text for q in follow_up_questions(vision, ledger, {2: "B"})] == [
        "Do admins see private notes?"]
    assert follow_up_questions(vision, ledger, {2: "A"}) == []


def test_a_round_without_comments_reads_nothing_and_asks_nothing_new() -> None:
    round_ = answers(h.planner_inputs(EXPORT, ledger=asked()))
    assert round_.interpretations == [] and round_.follow_ups == []


def test_a_comment_naming_an_option_is_read_as_that_answer() -> None:
    round_ = h.answers(
        EXPORT,
        ledger=asked(),
        new_comments=(h.comment("Admins too, they run the GDPR requests.", id=55),),
    )

    (reading,) = round_.interpretations
    assert (reading.question, reading.option, reading.comment_id, reading.resolved) == (
        2,
        "B",
        55,
        True,
    )
    # The acknowledgment names @alice once; the summary only quotes her.
    assert reading.summary.startswith("B) Admins too — “Admins too, they run")
    assert "@alice" not in reading.summary
    assert [f.question for f in round_.follow_ups] == ["Do admins see private notes?"]
    assert round_.follow_ups[0].recommended == "A"
    assert "Read @alice's comment as Q2: B." in round_.reply
    # What is still open is the acknowledgment's to list, once (see render.answers_comment).
    assert "Q1" not in round_.reply
    # The comment lists the follow-ups under its own heading: the reply does not announce them.
    assert "Follow-up" not in round_.reply


def test_a_grammar_answer_in_the_ledger_brings_its_follow_up() -> None:
    ledger = h.answered(asked(), 2, "B", "B because GDPR")
    round_ = h.answers(EXPORT, ledger=ledger)

    assert round_.interpretations == []
    assert [f.question for f in round_.follow_ups] == ["Do admins see private notes?"]
    # The acknowledgment lists what is still open, once: the reply does not repeat it.
    assert "Still open" not in round_.reply
    assert round_.follow_ups[0].hangs_on is not None
    assert (round_.follow_ups[0].hangs_on.question, round_.follow_ups[0].hangs_on.option) == (
        2,
        "B",
    )


def test_follow_ups_are_asked_once_and_not_for_options_not_chosen() -> None:
    ledger = h.answered(asked(), 2, "B", "B")
    round_ = h.answers(EXPORT, ledger=ledger)
    ledger = h.ledger_of(*round_.follow_ups, first=ledger.next_number, round=2, base=ledger)

    assert h.answers(EXPORT, ledger=ledger).follow_ups == []
    assert h.answers(EXPORT, ledger=h.answered(asked(), 2, "A", "A")).follow_ups == []


def test_questions_beyond_the_first_five_come_as_follow_ups() -> None:
    body = "- [ ] t\n## Open questions\n" + "".join(
        f"{n}. Question {n}?\n - A) x\n - B) y\n" for n in range(1, 8)
    )
    ledger = h.ledger_of(*h.questions(body).forks)
    follow_ups = h.answers(body, ledger=ledger).follow_ups
    assert [f.question for f in follow_ups] == ["Question 6?", "Question 7?"]


def test_unread_comments_of_two_people_are_named_in_one_sentence() -> None:
    round_ = h.answers(EXPORT, ledger=asked(), new_comments=(
        h.comment("hmm", author="bob"), h.comment("not sure", author="carol")))

    assert "I could not read an answer in the comments of @bob and @carol:" in round_.reply

