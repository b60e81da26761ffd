"""The visions' facts as values (core/facts.py): a merged sprint's progress, as far as the
tick counted it, and when its story is done."""

from __future__ import annotations

from architect.core.facts import MergedSprint, VisionState
from architect.core.table import VISION_TABLE
from tests.builders import VISION, a_pull, an_issue


def merged(filed: tuple[int, ...], closed: int, *, open_sub: int | None = None,
           counted: int | None = None) -> MergedSprint:
    issues = tuple(an_issue(n, f"task {n}", labels=(), state="closed") for n in filed[:closed])
    return MergedSprint(VISION, a_pull(merged=True, state="closed"), filed, issues, open_sub,
                        branch_left=False, closed_count=counted)


def test_a_sprint_whose_every_sub_issue_is_closed_is_done() -> None:
    story = merged((11, 12), 2)
    assert story.done
    assert story.progress == "sub-issues: 2 of 2 closed"


def test_an_open_sub_issue_keeps_the_story_going_and_says_at_least_what_was_read() -> None:
    story = merged((11, 12, 13), 1, open_sub=12)
    assert not story.done
    # The reading stops at the first open one: what follows it was not read.
    assert story.progress == "sub-issues: at least 1 of 3 closed"


def test_a_count_made_this_tick_is_said_exactly() -> None:
    assert merged((11, 12, 13), 1, open_sub=12, counted=2).progress == (
        "sub-issues: 2 of 3 closed")


def test_a_merged_sprint_that_filed_nothing_is_not_done() -> None:
    assert not merged((), 0).done


def test_every_vision_state_has_its_row_in_the_table() -> None:
    assert {row.state for row in VISION_TABLE} == set(VisionState)
