"""core.clauses: a comment's clauses, their polarity and modality, the last word winning."""

from __future__ import annotations

import pytest

from architect.core.clauses import (
    Modality,
    Polarity,
    after_correction,
    capped,
    distance,
    modality,
    normal,
    polarity_of,
    split,
    stance,
)


def test_split_cuts_at_sentences_commas_dashes_and_but() -> None:
    assert split("Looks good, but what about mobile? Also — cost.") == [
        "Looks good", "what about mobile?", "cost."]


@pytest.mark.parametrize(("clause", "polarity"), [
    ("LGTM", Polarity.AGREE), ("looks good to me!", Polarity.AGREE), ("🚀", Polarity.AGREE),
    ("nope", Polarity.REFUSE), ("-1, sorry", Polarity.REFUSE), ("looks good, no", None),
    ("the cost section", None)])
def test_a_clause_is_polar_only_when_it_is_nothing_but_one_side(
        clause: str, polarity: Polarity | None) -> None:
    assert polarity_of(clause) is polarity


def test_a_slip_of_one_keystroke_is_read_only_for_a_whole_comment() -> None:
    assert polarity_of("LGMT", slips=True) is Polarity.AGREE
    assert polarity_of("LGMT") is None


@pytest.mark.parametrize(("text", "mood"), [
    ("accept if you drop the DB part", Modality.CONDITIONAL),
    ("maybe, not sure yet", Modality.HEDGED),
    ("is this really needed?", Modality.QUESTION),
    ("ship it", Modality.CERTAIN)])
def test_modality(text: str, mood: Modality) -> None:
    assert modality(text)[0] is mood


def test_a_condition_is_quoted_back_from_its_cue() -> None:
    assert modality("Accept if you drop the DB part.")[1] == "if you drop the DB part"


def test_the_writers_last_word_wins() -> None:
    assert after_correction("Q1: A. Hmm, actually no, B.").strip() == "B."
    assert after_correction("Q1: A") == "Q1: A"


@pytest.mark.parametrize(("text", "polarity", "mood"), [
    ("Let's do this.", Polarity.AGREE, Modality.CERTAIN),
    ("nope, not this quarter", Polarity.REFUSE, Modality.CERTAIN),
    ("LGTM, but what about mobile?", Polarity.AGREE, Modality.QUESTION),
    ("Approve. Actually, scratch that: no.", Polarity.REFUSE, Modality.CERTAIN)])
def test_stance_reads_the_whole_comment(text: str, polarity: Polarity,
                                        mood: Modality) -> None:
    read = stance(text)
    assert read is not None and (read.polarity, read.modality) == (polarity, mood)


def test_plain_talk_has_no_stance() -> None:
    assert stance("I'll update the wording in the description.") is None


def test_agreement_and_refusal_together_is_mixed() -> None:
    read = stance("Yes. No.")
    assert read is not None and read.modality is Modality.MIXED


def test_distance_counts_a_swap_as_one() -> None:
    assert (distance("lgmt", "lgtm"), distance("aproved", "approved"),
            distance("abc", "xyz")) == (1, 1, 3)


def test_a_page_of_text_is_read_at_its_ends() -> None:
    page = "a" * 10_000
    assert len(capped(page)) < len(page) and capped("short") == "short"


@pytest.mark.parametrize("text", ["When would the export land?", "when is this going out?"])
def test_when_asking_is_a_question_not_a_condition(text: str) -> None:
    assert modality(text)[0] is Modality.QUESTION


def test_a_reason_in_the_past_is_no_condition_and_a_wanted_first_is_one() -> None:
    assert modality("Changed my view when we spoke last week.")[0] is Modality.CERTAIN
    assert modality("We'd need the docs written first.")[0] is Modality.CONDITIONAL


def test_casual_spellings_read_as_their_words() -> None:
    assert normal("im in, dont wait") == normal("I'm in, don't wait")
