"""The pure parts of a re-plan (`core.replan`): the words and the changed answers."""

from __future__ import annotations

from architect.core.inputs import HumanComment
from architect.core.ledger import Answer, DesignFork, ForkStatus, Ledger
from architect.core.replan import changed_answers, new_ledger, read_word
from architect.core.words import Family

BOT = "architect-bot"
Q1 = DesignFork(1, "Where are wishlists kept?", (("A", "In the session cookie"),
                                                  ("B", "In the database")), "B",
                answer=Answer("B", "In the database", "alice", "", 1),
                status=ForkStatus.RESOLVED)
LEDGER = Ledger((Q1,))


def said(body: str) -> HumanComment:
    return HumanComment(9, "alice", body, "http://forge.test/c/9")


def test_the_replan_word_is_read_as_the_other_decision_words_are() -> None:
    assert read_word("REPLAN: drop the page", BOT) == (Family.REPLAN, "drop the page")
    assert read_word("**replan** — add a CSV export", BOT) == (Family.REPLAN, "add a CSV export")
    assert read_word("@architect-bot Replan: drop it", BOT) == (Family.REPLAN, "drop it")
    assert read_word("REJECT: we changed our minds", BOT) == ("REJECT", "we changed our minds")
    assert read_word("Replan? not sure", BOT) is None
    assert read_word("replanning is hard", BOT) is None


def test_only_an_answer_that_differs_from_the_ledger_is_a_change() -> None:
    assert changed_answers(LEDGER, said("Actually, Q1: A — sorry")) == ((1, "A", "sorry"),)
    assert changed_answers(LEDGER, said("Q1: B")) == ()
    assert changed_answers(LEDGER, said("Q1: D")) == ()  # not an option: never mapped
    after = new_ledger(LEDGER, [said("Q1: A")])
    fork = after.get(1)
    assert fork is not None and fork.answer is not None and fork.answer.option == "A"
    assert fork.answer.by == "alice" and fork.answer.comment_id == 9
