"""A new pitch starts from what people gave the stopped one (`core.carry`). Pure."""

from __future__ import annotations

from dataclasses import replace

from architect.core.carry import (
    answered,
    carried_comment,
    carried_note,
    human_sections,
    start_from,
    with_sections,
)
from architect.core.ledger import Answer, ForkStatus, Ledger
from tests.builders import a_fork, two_forks

OLD_FILE = """# Sprint: Wishlists

## Vision issues

- acme/shop#7

## Notes from legal

Keep no personal data.

## Design forks

### Q1: Where?
"""
NEW_FILE = "# Sprint: Wishlists\n\n## Vision issues\n\n- acme/shop#7\n"


def test_only_answered_live_forks_carry() -> None:
    withdrawn = replace(a_fork(3, "Gone?", answer="A"), status=ForkStatus.WITHDRAWN)
    ledger = two_forks().with_fork(withdrawn)
    assert answered(ledger) is None  # open ones and a withdrawn answer: nothing worth it
    kept = answered(ledger.answer(1, Answer("B", "DB", "alice", "u", 9)))
    assert kept is not None and [f.number for f in kept.forks] == [1]
    assert answered(None) is None


def test_a_persons_section_carries_and_the_architects_own_do_not() -> None:
    assert human_sections(OLD_FILE, NEW_FILE) == (
        "## Notes from legal\n\nKeep no personal data.",)
    assert "## Notes from legal\n\nKeep no personal data." in with_sections(
        NEW_FILE, human_sections(OLD_FILE, NEW_FILE))


def test_answers_carry_to_the_same_question_by_their_options_words() -> None:
    old = two_forks().answer(1, Answer("B", "DB", "alice", "u", 9))
    new = Ledger((a_fork(1, "Where are WISHLISTS kept?",
                         options=(("A", "In the database"), ("B", "Elsewhere"))),))
    ledger, moved = start_from(new, answered(old))
    assert moved == (1,)
    assert ledger.get(1).answer.option == "A"  # type: ignore[union-attr]  # its words, moved
    reworded = Ledger((replace(a_fork(1), options=(("A", "x"), ("B", "y"))),))
    assert start_from(reworded, answered(old)) == (reworded, ())  # no option like it
    assert start_from(new, None) == (new, ())


def test_the_carried_comment_and_note_name_the_stopped_pr() -> None:
    ledger = Ledger((a_fork(1, answer="B"),))
    comment = carried_comment(4, ledger)
    assert comment.startswith("The last sprint PR of this vision (#4) stopped before it was "
                              "filed.")
    assert "- Where are wishlists kept? → " in comment and "(@alice)" in comment
    assert carried_note(4, (1, 3)) == ("Answered on #4 before it stopped, and kept: Q1, Q3 "
                                       "(answer one again to change it).")
    assert carried_note(4, ()) == ""
