"""The backlog overlap measure: near-duplicates found, unrelated issues left alone."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from architect.core.overlap import (
    OpenIssue,
    PlannedItem,
    exact_duplicates,
    find_overlaps,
    normalised_title,
    search_words,
    similarity,
    words,
)

BACKLOG = [
    OpenIssue(10, "Todos: add due dates", "Store a due date on each todo in the JSON file.",
              "http://forge/acme/todo/issues/10"),
    OpenIssue(11, "Dark mode for the web view", "A dark colour scheme.",
              "http://forge/acme/todo/issues/11"),
    OpenIssue(12, "Export todos as CSV", "", "http://forge/acme/todo/issues/12"),
]


def test_a_reworded_title_is_a_near_duplicate_with_its_link() -> None:
    plan = [PlannedItem("due-date", "Add a due date to todos",
                        "Store an optional due date on each todo in the JSON file.")]
    (hit,) = find_overlaps(plan, BACKLOG)
    assert hit.issue.number == 10 and not hit.exact
    assert hit.score >= 0.6
    assert hit.describe().startswith("`due-date` has ") and "#10 “Todos: add due dates”" in (
        hit.describe())


def test_the_same_title_in_other_case_and_punctuation_is_an_exact_duplicate() -> None:
    plan = [PlannedItem("csv", "export todos as CSV!")]
    overlaps = find_overlaps(plan, BACKLOG, threshold=0.99)
    assert [(o.issue.number, o.exact) for o in exact_duplicates(overlaps)] == [(12, True)]
    assert "the same title as #12" in overlaps[0].describe()


def test_unrelated_work_is_not_flagged() -> None:
    plan = [PlannedItem("sync", "Sync todos between devices over WebDAV",
                        "Upload and merge the JSON file on a WebDAV server.")]
    assert find_overlaps(plan, BACKLOG) == []


def test_the_threshold_is_the_users_to_set() -> None:
    plan = [PlannedItem("dark", "Dark colour scheme for the terminal output")]
    assert find_overlaps(plan, BACKLOG, threshold=0.9) == []
    assert [o.issue.number for o in find_overlaps(plan, BACKLOG, threshold=0.1)] == [11]


def test_words_fold_case_plural_accents_and_stop_words() -> None:
    assert words("Add the Due Dates to Todos") == {"due", "date", "todo"}
    assert words("Café menus") == {"cafe", "menu"}
    assert normalised_title("  Export — todos, as CSV ") == "export todos as csv"


@given(st.text(max_size=60), st.text(max_size=60), st.text(max_size=200), st.text(max_size=200))
def test_the_score_is_between_0_and_1_and_symmetric_in_the_titles(
        a: str, b: str, body_a: str, body_b: str) -> None:
    left = similarity(PlannedItem("x", a, body_a), OpenIssue(1, b, body_b, ""))
    right = similarity(PlannedItem("x", b, body_b), OpenIssue(1, a, body_a, ""))
    assert 0.0 <= left <= 1.0
    assert left == right


@given(st.text(min_size=1, max_size=60).filter(lambda t: normalised_title(t) != ""))
def test_a_title_always_meets_itself_exactly(title: str) -> None:
    overlaps = find_overlaps([PlannedItem("x", title)], [OpenIssue(7, title, "", "")],
                             threshold=1.0)
    assert [o.exact for o in overlaps] == [True]


def test_the_search_asks_for_the_meaningful_words_the_longest_last() -> None:
    # The database indexer keeps only the last word: the most telling one goes there.
    assert search_words("Add the Due Dates to Todos") == "due date todo"
    assert search_words("Wishlist API endpoints") == "api endpoint wishlist"
    # Numbers would name issues to bleve; stop words alone ask for nothing.
    assert search_words("Phase 2 of 3: the export") == "phase export"
    assert search_words("Add it to the") == ""
