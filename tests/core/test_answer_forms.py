"""Several answers on a line, every written form of a question and a letter (pure)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from architect.core.answers import RECOMMENDED, ParsedAnswer, parse_comment
from architect.core.ledger import DesignFork, ForkStatus

SETTINGS = (
    DesignFork(1, "Where are settings kept?", (("A", "In browser localStorage"),
                                                ("B", "On the server")), "B"),
    DesignFork(2, "Can settings be exported?", (("A", "No"), ("B", "Yes, as a JSON file")), "A"))


@pytest.mark.parametrize(("text", "expected"), [
    ("Q1: B, Q2: B, Q3: B", [(1, "B"), (2, "B"), (3, "B")]),
    ("Q1: A Q2: B", [(1, "A"), (2, "B")]),
    ("Q1: A and Q2: B", [(1, "A"), (2, "B")]),
    ("q1=b, q2=a", [(1, "B"), (2, "A")]),
    ("**Q2:** B", [(2, "B")]),
    ("Q1: (B)", [(1, "B")]),
    ("Question 1: B", [(1, "B")]),
    ("Q1. B", [(1, "B")]),
    ("b for q1", [(1, "B")]),
    ("1) B 2) A", [(1, "B"), (2, "A")]),
    ("1. A", [(1, "A")]),
    ("Q1 - A", [(1, "A")]),
    ("Q1: option B", [(1, "B")]),
    ("Q1: **B**", [(1, "B")]),
    ("Q1 is B", [(1, "B")]),
    ("Q2: b for now", [(2, "B")]),
    ("Q1: B; Q2: recommended", [(1, "B"), (2, RECOMMENDED)]),
])
def test_every_answer_on_a_line_is_read_and_none_becomes_a_reason(
        text: str, expected: list[tuple[int, str]]) -> None:
    parsed = parse_comment(text, SETTINGS)
    assert [(a.question, a.choice) for a in parsed.answers] == expected
    assert all(a.reason in ("", "for now") for a in parsed.answers)


@given(letters=st.lists(st.sampled_from("ABCD"), min_size=2, max_size=5),
       sep=st.sampled_from([", ", "; ", " and ", " ", "\n", ",", " - "]))
def test_answers_joined_by_any_separator_are_each_read(letters: list[str], sep: str) -> None:
    text = sep.join(f"Q{n}: {letter}" for n, letter in enumerate(letters, 1))
    parsed = parse_comment(text)
    assert [(a.question, a.choice) for a in parsed.answers] == list(enumerate(letters, 1))


def test_the_rest_as_recommended_keeps_the_explicit_answers() -> None:
    parsed = parse_comment("all recommended except Q2: B", SETTINGS)
    assert parsed.answers == (ParsedAnswer(2, "B"),) and parsed.rest_recommended


def test_a_quoted_question_with_the_letter_below_answers_it() -> None:
    parsed = parse_comment("> **Q2:** Can settings be exported?\n\nB, for backups", SETTINGS)
    assert parsed.answers == (ParsedAnswer(2, "B", "for backups"),)


def test_a_question_named_without_a_readable_answer_is_unread_not_a_reason() -> None:
    parsed = parse_comment("Q1: B, Q2: maybe later", SETTINGS)
    assert parsed.answers == (ParsedAnswer(1, "B"),)
    assert parsed.unread == ((2, "Q2: maybe later"),)


def test_a_question_named_with_an_options_words_is_that_option() -> None:
    assert parse_comment("Q1: on the server", SETTINGS).answers == (ParsedAnswer(1, "B"),)


def test_the_last_question_is_the_last_open_one_as_the_questions_stood() -> None:
    forks = (*SETTINGS, DesignFork(3, "Sync?", (("A", "Often"), ("B", "Daily")), "A",
                                   status=ForkStatus.RESOLVED))
    assert parse_comment("A for the last question", forks).answers == (ParsedAnswer(2, "A"),)


def test_each_answer_says_the_words_it_was_read_from() -> None:
    parsed = parse_comment("q1=b, Q2: A because backups", SETTINGS)
    assert [a.said for a in parsed.answers] == ["q1=b", "Q2: A"]
    assert parsed.answers[1].reason == "backups"


@pytest.mark.parametrize("text", ["Q1. A bit more context is needed", "Q2 a lot depends on it"])
def test_a_sentence_about_a_question_is_quoted_back_not_answered(text: str) -> None:
    parsed = parse_comment(text, SETTINGS)
    assert parsed.answers == ()
    assert parsed.unread == ((int(text[1]), text),)
