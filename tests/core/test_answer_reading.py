"""core.answer_reading: answers beyond `Q1: B`: doubts, corrections, positional lists,
the options' own words, recommendations, and plain talk."""

from __future__ import annotations

import pytest

from architect.core import answer_reading
from architect.core.clauses import Modality
from tests.builders import ATTACHMENT_FORKS, SETTINGS_FORKS, two_forks

FORKS = two_forks().forks


@pytest.mark.parametrize(("context", "mood"), [
    ("Q1: A or B — not sure yet", Modality.HEDGED),
    ("Q1: B if the budget allows", Modality.CONDITIONAL),
    ("Q1: B?", Modality.QUESTION),
    ("Q1: B, synced when online", Modality.CERTAIN),
    ("Q2: B olursa iyi olur", Modality.CONDITIONAL),
    ("Q2: B, isterse admin açar", Modality.CONDITIONAL),
    ("Q2: B, the reverse of what we do for notes", Modality.CERTAIN),
    ("Q1: A, diverse hosts can immerse themselves", Modality.CERTAIN)])
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


# -- the questions of the attachments vision, answered the ways people write -------------

ATTACH, SETTINGS = ATTACHMENT_FORKS, SETTINGS_FORKS


@pytest.mark.parametrize(("line", "found"), [
    ("first: B / second: A / third: B", [(1, "B"), (2, "A"), (3, "B")]),
    ("Third question: A. First: B.", [(3, "A"), (1, "B")]),
    ("1B 2A 3B", [(1, "B"), (2, "A"), (3, "B")]),
    ("Q1はB、Q2はA", [(1, "B"), (2, "A")]),
    ("第一题选B，第二题选A", [(1, "B"), (2, "A")]),
    ("Prima domanda B, seconda A", [(1, "B"), (2, "A")]),
    ("Q1: D", [])])
def test_a_question_and_its_letter_in_whatever_words_join_them(
        line: str, found: list[tuple[int, str]]) -> None:
    assert answer_reading.pairs(line, ATTACH) == found


def test_scopes_name_every_open_question_or_the_rest() -> None:
    assert answer_reading.scoped("A for all three", ATTACH, set()) == [
        (1, "A"), (2, "A"), (3, "A")]
    assert answer_reading.scoped("option A on the rest", ATTACH, {1}) == [(2, "A"), (3, "A")]
    assert answer_reading.scoped("The second option for both", SETTINGS, set()) == [
        (1, "B"), (2, "B")]


def test_recommended_except_one() -> None:
    assert answer_reading.recommended_except(
        "Recommended for everything except Q2 — make that one B", ATTACH) == (
        [1, 3], [(2, "B")])
    assert answer_reading.recommended_except("Recommended, thanks", ATTACH) is None


def test_a_question_named_by_its_own_words_with_the_option_its_value_picks() -> None:
    assert answer_reading.by_question_words(
        "Storage: S3. Who can see: only the uploader and admins. Cleanup: cron.", ATTACH) == [
        (1, "B"), (2, "B"), (3, "A")]
    assert answer_reading.by_question_words("| Cleanup | B |", ATTACH) == [(3, "B")]
    assert answer_reading.by_question_words("Exporting: not needed", SETTINGS) == [(2, "A")]
    assert answer_reading.by_question_words("Server-side, and no export.", SETTINGS) == [
        (2, "A")]


def test_a_comment_that_holds_back_all_its_answers() -> None:
    assert answer_reading.deferred(
        "Q1 B, Q2 A. Hmm, let me think about this more before you record anything.") == (
        "Hmm, let me think about this more before you record anything.")
    assert answer_reading.deferred("Q1: B. Let me think about Q2 more.") == ""


def test_a_list_of_letters_inside_a_sentence_and_a_place_said_again() -> None:
    assert answer_reading.positional("Mine are B, A, B. Have a good one.", ATTACH) == [
        (1, "B"), (2, "A"), (3, "B")]
    assert answer_reading.positional("B, B, B — hmm, make the middle one A.", ATTACH) == [
        (1, "B"), (2, "A"), (3, "B")]


def test_a_word_of_the_question_names_the_question_not_an_option() -> None:
    # Q1 asks where files are "stored"; option B says "object storage".
    assert answer_reading.by_words("the storage question needs a meeting", ATTACHMENT_FORKS,
                                   named=True) == []
    assert answer_reading.by_words("object storage, please", ATTACHMENT_FORKS) == [
        (1, "B", "object storage")]


@pytest.mark.parametrize(("row", "found"), [
    ("| Q1 storage | B | already running everywhere |", [(1, "B")]),
    ("| Q3 cleanup job | A |", [(3, "A")]),
    ("| Q2 who sees them | depends on legal | B |", [])])
def test_a_table_row_of_a_question_then_a_cell_of_its_letter(
        row: str, found: list[tuple[int, str]]) -> None:
    assert answer_reading.pairs(row, ATTACHMENT_FORKS) == found
