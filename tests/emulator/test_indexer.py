"""The issue indexer: a change is found by `q` only once its delay has passed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from architect.emulator.indexer import IssueIndex
from architect.emulator.search import Document

AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _doc(title: str) -> Document:
    return Document.of(1, title, "", ())


def test_an_issue_is_not_found_until_the_delay_has_passed() -> None:
    index = IssueIndex(timedelta(seconds=5))
    index.update(7, _doc("new"), AT)
    assert index.document(7, AT + timedelta(seconds=4)) is None
    assert index.document(7, AT + timedelta(seconds=5)) == _doc("new")
    assert index.document(8, AT + timedelta(hours=1)) is None  # never indexed


def test_the_previous_version_answers_until_the_edit_is_indexed() -> None:
    index = IssueIndex(timedelta(seconds=5))
    index.update(7, _doc("first"), AT, at_once=True)
    index.update(7, _doc("edited"), AT + timedelta(seconds=1))
    assert index.document(7, AT + timedelta(seconds=2)) == _doc("first")
    assert index.document(7, AT + timedelta(seconds=6)) == _doc("edited")


def test_the_newest_ready_version_answers() -> None:
    index = IssueIndex(timedelta(0))
    index.update(7, _doc("a"), AT)
    index.update(7, _doc("b"), AT + timedelta(seconds=1))
    assert index.document(7, AT + timedelta(seconds=1)) == _doc("b")
    index.update(7, _doc("c"), AT + timedelta(seconds=9))
    assert index.document(7, AT + timedelta(seconds=2)) == _doc("b")


def test_without_a_delay_a_change_is_found_at_once() -> None:
    index = IssueIndex(timedelta(0))
    index.update(3, _doc("x"), AT)
    assert index.document(3, AT) == _doc("x")
