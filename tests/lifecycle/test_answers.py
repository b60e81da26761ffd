"""The answer grammar reads what humans write, and nothing it should not."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from architect.core.answers import RECOMMENDED, ParsedAnswer, parse_comment


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Q2: B", [ParsedAnswer(2, "B")]),
        ("q2 - b because it is simpler", [ParsedAnswer(2, "B", "it is simpler")]),
        ("Q1=A; Q3: C", [ParsedAnswer(1, "A"), ParsedAnswer(3, "C")]),
        ("Q2: recommended", [ParsedAnswer(2, RECOMMENDED)]),
        ("Q4) option C", [ParsedAnswer(4, "C")]),
        ("Q1: A, keeps it small\nQ2: B", [ParsedAnswer(1, "A", "keeps it small"),
                                          ParsedAnswer(2, "B")]),
        ("Q1:\u200b A", [ParsedAnswer(1, "A")]),
        ("Q1: A\r\nQ2: B\r\n", [ParsedAnswer(1, "A"), ParsedAnswer(2, "B")]),
    ],
)
def test_grammar_reads_answers(text: str, expected: list[ParsedAnswer]) -> None:
    parsed = parse_comment(text)
    assert list(parsed.answers) == expected
    assert parsed.leftover == ""


@pytest.mark.parametrize("text", ["yes", "LGTM", "lgtm!", "sounds good", "+1",
                                  "go with the recommendations"])
def test_bare_approval_takes_every_recommendation(text: str) -> None:
    parsed = parse_comment(text)
    assert parsed.approve_all
    assert not parsed.answers


@pytest.mark.parametrize(
    "text",
    [
        "> Q1: A",
        "```\nQ1: A\n```",
        "~~~\nQ2: B\n~~~",
        "`Q1: A`",
        "<!-- Q1: A -->",
        "<!-- architect: answers round=2 -->",
    ],
)
def test_quotes_code_and_html_comments_are_not_answers(text: str) -> None:
    parsed = parse_comment(text)
    assert parsed.answers == ()
    assert not parsed.approve_all


def test_free_text_is_left_for_the_model() -> None:
    parsed = parse_comment("Q1: A\nAlso, could we reuse the existing cache for this?")
    assert parsed.answers == (ParsedAnswer(1, "A"),)
    assert parsed.leftover == "Also, could we reuse the existing cache for this?"


def test_a_word_that_starts_with_a_letter_is_not_an_option() -> None:
    parsed = parse_comment("Q1: Apples are nicer")
    assert parsed.answers == ()
    assert "Apples" in parsed.leftover


@given(st.text(max_size=2000))
def test_any_text_parses_without_error(text: str) -> None:
    parse_comment(text)


def test_a_megabyte_comment_parses() -> None:
    parsed = parse_comment(("lorem ipsum " * 90_000) + "\nQ1: B")
    assert parsed.answers == (ParsedAnswer(1, "B"),)


@pytest.mark.timeout(30)  # a guard against a hang, not a speed goal: quadratic took minutes
@pytest.mark.parametrize("unit", ["<!--", "<!-- architect: x ", "`", "> Q1: A\n"])
def test_a_megabyte_of_hostile_markup_does_not_hang(unit: str) -> None:
    from architect.core import markers

    body = unit * (1_000_000 // len(unit))
    parse_comment(body)
    list(markers.parse_markers(body))
    markers.strip_markers(body)
