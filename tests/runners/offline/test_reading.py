"""Reading free text (runners/offline/reading.py): which option of which fork a human's
words pick, and when they pick none because the reading is not sure."""

from __future__ import annotations

import pytest

from architect.core.ledger import DesignFork
from architect.runners.offline.reading import read_answer
from tests.runners.offline import helpers as h
from tests.runners.offline.helpers import EXPORT, asked

WHERE = DesignFork(1, "Where are notes kept?", (("A", "SQLite (a file)"), ("B", "Postgres")),
                   "A")
WHO = DesignFork(2, "Who may export?", (("A", "Only the owner"), ("B", "Admins too")), "A")


@pytest.mark.parametrize(("text", "read"), [
    ("Q2: go with B", {2: "B"}),
    ("question 1 — option (a)", {1: "A"}),
    ("I'd take Postgres here", {1: "B"}),
    ("SQLite, and only the owner", {1: "A", 2: "A"}),
    ("Rather than postgres, let's keep it simple", {}),
    ("go with B", {}),  # two open questions: the letter belongs to neither
    ("Postgres. Q1: option A", {}),  # two readings of one fork cancel out
    ("I wouldn't go with B for Q2.", {}),  # a letter refused, not picked
    ("Never pick A for Q1, it does not scale.", {}),
    ("No strong views, but go with B for Q2", {2: "B"}),
    # A negation anywhere in the option's clause, however far before it (issue 27).
    ("I wouldn't keep them in postgres, we run three replicas", {}),
    ("We don't want Postgres here. Only the owner", {2: "A"}),
    # A sentence the core's clause reader finds conditional or hedged picks nothing.
    ("Q2: would legal mind? if yes then only the owner, otherwise admins too", {}),
    ("maybe Postgres, not sure yet", {}),
])
def test_the_words_pick_an_option_only_when_they_are_sure(text: str,
                                                          read: dict[int, str]) -> None:
    assert read_answer(text, [WHERE, WHO]) == read


def test_a_letter_for_the_only_open_question_is_its_answer() -> None:
    assert read_answer("let's do B", [WHO]) == {2: "B"}
    assert read_answer("let's do C", [WHO]) == {}  # no such option


def test_words_in_a_comment_or_code_span_are_not_read() -> None:
    assert read_answer("<!-- Postgres --> no idea yet", [WHERE]) == {}


def test_a_negated_option_is_not_an_answer() -> None:
    round_ = h.answers(
        EXPORT, ledger=asked(), new_comments=(h.comment("Not only the owner, I think."),)
    )
    assert round_.interpretations == []


def test_a_letter_needs_one_question_to_belong_to() -> None:
    ledger = asked()
    ambiguous = h.answers(
        EXPORT, ledger=ledger, new_comments=(h.comment("let's go with B", author="bob"),)
    )
    named = h.answers(EXPORT, ledger=ledger, new_comments=(h.comment("for question 1, option A"),))
    single = h.answers(
        EXPORT, ledger=h.answered(ledger, 1, "A", "A"), new_comments=(h.comment("Go with B."),)
    )

    assert ambiguous.interpretations == []
    assert "I could not read an answer in the comment of @bob" in ambiguous.reply
    assert "Please answer as `Q<n>: <letter>`, one per line:\n- Q1: Which format" in ambiguous.reply
    assert "\n- Q2: Who may export? — A) Only the owner, B) Admins too" in ambiguous.reply
    assert [(i.question, i.option) for i in named.interpretations] == [(1, "A")]
    assert [(i.question, i.option) for i in single.interpretations] == [(2, "B")]


def test_conflicting_readings_of_one_question_are_not_guessed() -> None:
    text = "For question 2, option A: admins too"
    round_ = h.answers(EXPORT, ledger=asked(), new_comments=(h.comment(text),))
    assert [i.question for i in round_.interpretations] == []



def test_a_sentence_that_asks_picks_nothing() -> None:
    forks = [DesignFork(2, "Who can see an attachment?",
                        (("A", "Everyone who can see the note"),
                         ("B", "Only the uploader and admins")), "A")]
    assert read_answer('For Q2 — does "everyone who can see the note" include share links?',
                       forks) == {}
    assert read_answer("Question on Q2: does option B mean instance admins? I can't answer "
                       "until I know.", forks) == {}


def test_quoted_options_scorn_and_a_bare_yes_pick_nothing() -> None:
    forks = [DesignFork(1, "Where are settings kept?",
                        (("A", "In browser localStorage"), ("B", "On the server")), "B"),
             DesignFork(2, "Can settings be exported?", (("A", "No"), ("B", "Yes, as a JSON file")),
                        "A")]
    # The question's own option, quoted, then a question about it: nothing is chosen.
    assert read_answer('> B) On the server **(recommended)**\n\nWhat does "server" mean here '
                       "— our main Postgres", forks) == {}
    # "Yes" is the reply's own word, not the option "Yes, as a JSON file".
    assert read_answer("Yes, this one.", forks) == {}
    assert read_answer("Ah yes, the server. The thing that fell over twice last month.",
                       forks) == {}
    assert read_answer("On the server, please.", forks) == {1: "B"}
