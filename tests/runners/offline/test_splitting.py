"""A checklist too large for one sprint, split into smaller visions
(`runners.offline.splitting`)."""

from __future__ import annotations

from architect.runners.offline.splitting import parts, proposed_split, too_large_reason
from architect.runners.offline.vision import MAX_ITEMS as MAX_PARSED
from architect.runners.offline.vision import ChecklistItem


def tasks(n: int) -> list[ChecklistItem]:
    return [ChecklistItem(f"t{i}", f"Task {i}", after=(f"t{i - 1}",) if i == 4 else ())
            for i in range(1, n + 1)]


def test_the_fewest_parts_evened_out_in_checklist_order() -> None:
    assert [[i.id for i in p] for p in parts(tasks(5), 3)] == [["t1", "t2", "t3"], ["t4", "t5"]]
    assert [len(p) for p in parts(tasks(7), 3)] == [3, 3, 1]
    assert parts([], 3) == []


def test_the_split_shows_each_part_and_what_it_builds_on() -> None:
    split = proposed_split(tasks(5), 3)
    assert split.startswith("A proposed split into 2 visions of at most 3 tasks each, in "
                            "checklist order:\n- Part 1, tasks 1–3: “Task 1” to “Task 3”\n"
                            "- Part 2, tasks 4–5: “Task 4” to “Task 5” (builds on part 1)\n\n")
    assert split.endswith("Raising `max_sub_issues` is the other way out.")
    many = proposed_split(tasks(20), 2)
    assert "- … and 2 more parts cut the same way" in many


def test_the_reason_names_the_count_and_the_setting() -> None:
    assert too_large_reason(120, 20) == (
        "the checklist has 120 open tasks, and one sprint files at most 20 sub-issues "
        "(`max_sub_issues`); split it first")
    # The reader stops counting at MAX_PARSED: the count says so.
    assert f"has {MAX_PARSED:,} or more open tasks" in too_large_reason(MAX_PARSED, 20)
