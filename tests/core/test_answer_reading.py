"""core.answer_reading: answers beyond `Q1: B`: doubts, corrections, positional lists,
the options' own words, recommendations, and plain talk."""

from __future__ import annotations

import pytest

from architect.core import answer_reading
from architect.core.clauses import Modality
from tests.builders import two_forks

FORKS = two_forks().forks


@pytest.mark.parametrize(("context", "mood"), [
    ("Q1: A or B — not sure yet", Modality.HEDGED),
    ("Q1: B if the budget allows", Modality.CONDITIONAL),
    ("Q1: B?", Modality.QUESTION),
    ("Q1: B, synced when online", Modality.CERTAIN)])
def test_doubt(context: str, mood: Modality) -> None:
    assert answer_reading.doubt(context)[0] is mood


def test_a_correction_inside_an_answer_takes_the_last_letter() -> None:
    assert answer_reading.corrected(". Hmm, actually no, B.") == "B"
    assert answer_reading.corrected("because it is simple") == ""


def test_a_positional_list_needs_one_letter_per_open_question() -> None:
    assert answer_reading.positional("A, B", FORKS) == [(1, "A"), (2, "B")]
    assert answer_reading.positional("B B", FORKS) == [(1, "B"), (2, "B")]
    assert answer_reading.positional("A, B, B", FORKS) == []


def test_recommended_for_names_its_questions() -> None:
    assert answer_reading.recommended_for("recommended for Q1 and Q2") == [1, 2]


@pytest.mark.parametrize(("text", "all_"), [
    ("Go with your recommendations", True), ("Both as recommended 👍", True),
    ("Recommended except Q2: B", False), ("your recommendations?", False)])
def test_approves_all(text: str, all_: bool) -> None:
    assert answer_reading.approves_all(text) is all_


def test_discussion_is_talk_with_nothing_of_an_answer() -> None:
    assert answer_reading.discussion("I'll fix the typo in the description.", FORKS)
    assert not answer_reading.discussion("Q1 needs more thought", FORKS)
    assert not answer_reading.discussion("What about B?", FORKS)
