"""The issue indexer's lagging copy (`emulator.indexer`): a change is searchable `delay`
after it, and the previous version answers until then."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from architect.emulator.indexer import IssueIndex
from architect.emulator.search import Document

NOW = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)
SECOND = timedelta(seconds=1)


def test_a_change_answers_only_after_the_delay_and_the_old_version_until_then() -> None:
    index = IssueIndex(delay=2 * SECOND)
    first = Document.of(1, "Wishlists", "", [])
    edited = Document.of(1, "Wish lists", "now shared", [])
    index.update(10, first, NOW)
    assert index.document(10, NOW + SECOND) is None  # not indexed yet
    assert index.document(10, NOW + 2 * SECOND) == first
    index.update(10, edited, NOW + 3 * SECOND)
    assert index.document(10, NOW + 4 * SECOND) == first
    assert index.document(10, NOW + 5 * SECOND) == edited
    assert index.document(11, NOW) is None


def test_at_once_is_searchable_at_the_same_moment() -> None:
    index = IssueIndex(delay=timedelta(minutes=5))
    doc = Document.of(2, "Gift cards", "", ["a comment"])
    index.update(20, doc, NOW, at_once=True)
    assert index.document(20, NOW) == doc and doc.raw == ("Gift cards", "", "a comment")
