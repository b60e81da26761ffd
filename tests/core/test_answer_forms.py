"""The written forms of an answer on one line (`core.answer_forms`): where each answer
starts, what it chooses, its reason, and what is named but not readable. Pure; what the
ledger adds (ordinals, an option's words, a quoted question) is `core.answers`'."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from architect.core.answer_forms import Form, LineReading, bare_choice, chosen_letter, read_line


def chosen(line: str) -> list[tuple[int | None, str]]:
    return [(form.question, form.choice) for form in read_line(line).forms]


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
    ("Frage 1: B", [(1, "B")]),
    ("Q1: B; Q2: recommended", [(1, "B"), (2, "recommended")]),
])
def test_every_answer_on_a_line_is_read_and_none_becomes_a_reason(
        text: str, expected: list[tuple[int, str]]) -> None:
    reading = read_line(text)
    assert chosen(text) == expected
    assert all(form.reason in ("", "for now") for form in reading.forms)
    assert reading.unread == () and not reading.rest_recommended


@given(letters=st.lists(st.sampled_from("ABCD"), min_size=2, max_size=5),
       sep=st.sampled_from([", ", "; ", " and ", " ", ",", " - "]))
def test_answers_joined_by_any_separator_are_each_read(letters: list[str], sep: str) -> None:
    text = sep.join(f"Q{n}: {letter}" for n, letter in enumerate(letters, 1))
    assert chosen(text) == list(enumerate(letters, 1))


_FORMS = ("Q{q}: {l}", "q{q} {l}", "{q}: {l}", "{q}) {l}", "Q{q} — {l}", "Q{q} - {l}",
          "{q}. {l}", "- {q}: {l}")


@given(q=st.integers(1, 99), letter=st.sampled_from("ABCDEF"), form=st.sampled_from(_FORMS),
       lower=st.booleans())
def test_every_written_form_of_an_answer_is_read(q: int, letter: str, form: str,
                                                 lower: bool) -> None:
    text = form.format(q=q, l=letter.lower() if lower else letter)
    assert chosen(text) == [(q, letter)]


@given(q=st.integers(1, 99), letter=st.sampled_from("ABCDEF"))
def test_a_capital_letter_for_a_question_is_an_answer(q: int, letter: str) -> None:
    assert chosen(f"{letter} for Q{q}") == [(q, letter)]


@pytest.mark.parametrize("text", ["1) A bit more context first", "Q1 a lot of thought went in",
                                  "2. Use the database", "a for loop would do", "Step 1: a plan",
                                  "", "Nice work, thanks"])
def test_a_sentence_that_starts_like_an_answer_is_not_one(text: str) -> None:
    assert read_line(text).forms == ()


def test_each_answer_says_the_words_it_was_read_from_and_its_reason() -> None:
    reading = read_line("q1=b, Q2: A because backups")
    assert reading == LineReading(forms=(Form(1, "", "B", "", "q1=b"),
                                         Form(2, "", "A", "backups", "Q2: A")))


def test_a_question_named_by_its_place_keeps_the_place_for_the_ledger() -> None:
    assert read_line("B for the first one").forms == (
        Form(None, "first", "B", "", "B for the first one"),)
    assert read_line("A for the last question").forms == (
        Form(None, "last", "A", "", "A for the last question"),)


def test_a_question_named_without_a_readable_answer_is_unread_not_a_reason() -> None:
    reading = read_line("Q1: B, Q2: maybe later")
    assert chosen("Q1: B, Q2: maybe later") == [(1, "B")]
    assert reading.forms[0].reason == ""
    assert reading.unread == ((2, "Q2: maybe later"),)


@pytest.mark.parametrize("text", ["Q1. A bit more context is needed", "Q2 a lot depends on it"])
def test_a_sentence_about_a_question_is_quoted_back_not_answered(text: str) -> None:
    assert read_line(text) == LineReading(unread=((int(text[1]), text),))


@pytest.mark.parametrize("text", ["all recommended except Q2: B", "Q2: B, rest as recommended"])
def test_the_rest_as_recommended_keeps_the_explicit_answers(text: str) -> None:
    reading = read_line(text)
    assert chosen(text) == [(2, "B")] and reading.rest_recommended


@pytest.mark.parametrize(("line", "expected"), [
    ("B", Form(None, "", "B", "", "B")),
    ("(b)", Form(None, "", "B", "", "(b)")),
    ("option B, because backups", Form(None, "", "B", "backups", "option B")),
    ("recommended", Form(None, "", "recommended", "", "recommended")),
])
def test_a_line_that_is_only_a_choice_is_a_form_without_its_question(line: str,
                                                                     expected: Form) -> None:
    assert bare_choice(line) == expected


@pytest.mark.parametrize("line", ["A bit later", "Because", "Q1: B", "Sounds good to me", ""])
def test_a_line_that_is_more_than_a_choice_is_not_one(line: str) -> None:
    assert bare_choice(line) is None


@pytest.mark.parametrize(("text", "letter"), [
    ("Changed my mind on Q2, make it B", "B"),
    ("go with A, no wait, make it C", "C"),  # the last one said
    ("Q2: I would say B", "B"),
    ("Let's talk about it tomorrow", ""),
])
def test_the_letter_said_with_a_verb_of_choosing_is_the_last_one(text: str, letter: str) -> None:
    assert chosen_letter(text) == letter
