"""core.vocabulary: the reader's word lists are data a reader can trust: lower case,
plain apostrophes, no phrase on both sides, every language row non-empty."""

from __future__ import annotations

import pytest

from architect.core import clauses, vocabulary


def _phrases(table: object) -> list[str]:
    rows = table.values() if isinstance(table, dict) else [table]  # type: ignore[union-attr]
    return [p for row in rows for p in row]


@pytest.mark.parametrize("name", ["APPROVE", "REFUSE", "DECIDE_APPROVE", "DECIDE_REFUSE",
                                  "SLIPS", "FILLERS", "CONDITIONS", "HEDGES", "CORRECTIONS",
                                  "NEGATIONS"])
def test_every_phrase_is_written_as_it_is_matched(name: str) -> None:
    phrases = _phrases(getattr(vocabulary, name))
    assert phrases, name
    assert [p for p in phrases if p != p.lower() or "’" in p or p != p.strip()] == []


def test_no_phrase_agrees_and_refuses() -> None:
    agree = {clauses.normal(p).strip() for p in _phrases(vocabulary.APPROVE)}
    refuse = {clauses.normal(p).strip() for p in _phrases(vocabulary.REFUSE)}
    assert agree & refuse == set()


def test_each_language_has_both_sides() -> None:
    assert set(vocabulary.APPROVE) == set(vocabulary.REFUSE)
    assert all(vocabulary.APPROVE[lang] and vocabulary.REFUSE[lang]
               for lang in vocabulary.APPROVE)


def test_the_words_that_decide_are_read_as_their_side() -> None:
    assert {clauses.polarity_of(p) for p in vocabulary.DECIDE_APPROVE} == {
        clauses.Polarity.AGREE}
    assert {clauses.polarity_of(p) for p in vocabulary.DECIDE_REFUSE} == {
        clauses.Polarity.REFUSE}
