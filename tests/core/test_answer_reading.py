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
    ("Q2: B — does admins mean workspace admins? It changes my answer.", Modality.QUESTION),
    ("Q3: A — is that even allowed on the cluster? Asking ops.", Modality.QUESTION),
    ("Q1: B — we checked the pricing. Done.", Modality.CERTAIN),
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
@pytest.mark.parametrize(("clause", "found"), [
    ("we can drop the exporting", (2, "A")),
    ("nobody has asked for exports", (2, "A")),
    ("I wouldn't bother with exporting", (2, "A")),
    ("the export isn't built yet", None),  # describes
    ("no need to drop the export", None),  # two refusals
    ("not sure about exporting", None),  # a doubt
    ("no JSON export", None),  # an option's own word: the model's
    ("don't keep settings in storage", None),  # not a yes/no question
])
def test_a_yes_no_question_refused_by_its_subject(clause: str,
                                                  found: tuple[int, str] | None) -> None:
    assert answer_reading.subject_refused(clause, SETTINGS) == found


def test_questions_listed_then_letters_listed() -> None:
    assert answer_reading.listed("Q2 & Q3 -> B & A", ATTACH) == ([(2, "B"), (3, "A")],
                                                                  "Q2 & Q3 -> B & A")
    assert answer_reading.listed("Q1/Q2: A/B/B", ATTACH) == ([], "Q1/Q2: A/B/B")
    assert answer_reading.listed("see 1/2 of the pitch", ATTACH) is None


@pytest.mark.parametrize("context", [
    "Q3 B, though run this past the infra team",
    "Q1: A — confirm with @dana before",
    "Q2 B but ask our DPO first"])
def test_an_answer_left_to_someone_else_is_hedged(context: str) -> None:
    assert answer_reading.doubt(context)[0] is Modality.HEDGED


def test_a_pair_taken_back_in_the_same_stretch_keeps_the_last_letter() -> None:
    assert answer_reading.pairs("第二题选B，不对，A。", SETTINGS) == [(2, "A")]
    assert answer_reading.pairs("first: A. Actually no, B", SETTINGS) == [(1, "B")]


@pytest.mark.parametrize(("line", "found"), [
    ("Q3: crn", [(3, "A", "crn")]),
    ("Q3: chron job", [(3, "A", "chron job")]),
    ("Q1: dsik", []),  # two letters swapped and short: not one slip
])
def test_a_slip_in_an_option_word_is_read_where_the_question_is_named(
        line: str, found: list[tuple[int, str, str]]) -> None:
    value = line.split(":", 1)[1].strip()
    fork = [f for f in ATTACH if f.number == int(line[1])]
    assert answer_reading.by_words(value, fork, named=True) == found


@pytest.mark.parametrize(("said", "slipped"), [
    ("crn", True), ("chron", True), ("not", False), ("disks", False), ("none", False)])
def test_a_common_word_or_an_inflection_is_no_slip(said: str, slipped: bool) -> None:
    assert answer_reading._slipped({said}, {"cron", "note", "disk"}) is slipped


def test_a_page_of_talk_with_a_stray_hedge_or_negation_is_discussion() -> None:
    talk = ("Context from the code side, for whoever takes this. The note editor keeps "
            "everything in one column and has no notion of child records, so a schema "
            "change has to land first, as its own small PR.\n\nThe image resizer we used "
            "for avatars is unmaintained upstream; we probably want to swap it out at some "
            "point. None of this changes the pitch, I am mentioning it so the estimates "
            "stay honest about the extra work.")
    assert answer_reading.discussion(talk, ATTACH)
    assert not answer_reading.discussion("Probably the worker queue, not sure.", ATTACH)
    assert not answer_reading.discussion("Anything but local disk.", ATTACH)


@pytest.mark.parametrize(("text", "talk"), [
    ("The background worker queue idea feels more grown-up.", False),  # words of B
    ("Nightly cron job versus a worker queue, that depends on ops.", False),  # weighed
    ("Thanks, I'll look at the background colour later.", True),  # one word, talk
])
def test_a_short_comment_weighing_options_is_not_talk(text: str, talk: bool) -> None:
    assert answer_reading.discussion(text, ATTACH) is talk


def test_se_after_can_is_a_slip_of_see_not_a_condition() -> None:
    assert answer_reading.doubt("Q2: A, whoever can se the note")[0] is Modality.CERTAIN
    assert answer_reading.doubt("Q2: A se o time pedir")[0] is Modality.CONDITIONAL


@pytest.mark.parametrize(("line", "found"), [
    ("Ich nehme B und A.", [(1, "B"), (2, "A")]),
    ("Prendo B e A", [(1, "B"), (2, "A")]),
    ("我选A与B", [(1, "A"), (2, "B")]),
])
def test_letters_joined_by_and_in_any_language_are_a_positional_list(
        line: str, found: list[tuple[int, str]]) -> None:
    assert answer_reading.positional(line, SETTINGS) == found


@pytest.mark.parametrize(("value", "letter"), [
    ("the one you suggested", "A"), ("default.", "A"), ("whatever you recommend", "A"),
    ("not what you recommended", "")])
def test_a_question_labelled_with_the_recommendation_takes_its_letter(value: str,
                                                                      letter: str) -> None:
    cleanup = next(f for f in ATTACH if f.number == 3)
    assert answer_reading.value_letter(value, cleanup) == letter


def test_an_option_that_lets_someone_decide_is_no_deferral() -> None:
    assert answer_reading.doubt("Q2: B, let the admins decide who sees it")[0] \
        is Modality.CERTAIN
    assert answer_reading.doubt("Q2: B, let the infra folks decide")[0] is Modality.HEDGED


def test_thanks_for_a_thing_names_no_option() -> None:
    assert answer_reading.by_words("thank you for the note", ATTACH) == []
    assert answer_reading.discussion("Thanks for the note!", ATTACH)
    assert answer_reading.by_words("cron, thanks", ATTACH) == [(3, "A", "cron")]
