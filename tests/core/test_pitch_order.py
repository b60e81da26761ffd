"""The pitch order: `prerequisites.md` read into an order of the open visions."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from architect.core.pitch_order import prerequisite_order

VISIONS = [
    (3, "Due dates and reminders"),
    (5, "Sync todos across machines"),
    (8, "Tags and filters"),
    (9, "Dark mode"),
]


def test_prerequisites_order_by_reference_and_by_title() -> None:
    text = (
        "# Prerequisites\n\nIntro text naming #9 is no item.\n\n"
        "1. Tags and filters (builds on #3)\n"
        "2. #5 — Sync todos across machines\n"
        "   - [x] [due dates and REMINDERS!](http://forge/issues/3) — a nested item\n"
        "3. #5 again, a duplicate\n"
        "4. #42 — closed long ago\n"
        "5. Something nobody filed\n"
    )
    assert prerequisite_order(text, VISIONS) == [8, 5, 3, 9]


def test_without_prerequisites_the_order_is_by_number() -> None:
    assert prerequisite_order("", list(reversed(VISIONS))) == [3, 5, 8, 9]
    assert prerequisite_order("<!-- - #9 -->\n```\n- #8\n```", VISIONS) == [3, 5, 8, 9]


def test_a_title_prefix_names_a_vision_only_when_it_is_unambiguous() -> None:
    visions = [(1, "Export"), (2, "Export to CSV"), (3, "Import")]
    assert prerequisite_order("- Import data first\n- Export to CSV\n", visions) == [3, 2, 1]


@settings(max_examples=200, deadline=None)
@given(st.text(), st.lists(st.tuples(st.integers(1, 50), st.text(max_size=20)), max_size=8))
def test_prerequisite_order_is_a_permutation_of_the_visions(
    text: str, visions: list[tuple[int, str]]
) -> None:
    assert sorted(prerequisite_order(text, visions)) == sorted({n for n, _ in visions})


@pytest.mark.parametrize(
    "unit", ["[", "- [x](", "- #", "- a" + " " * 1000 + "b\n", "1. Tags and filters\n"]
)
def test_a_megabyte_of_prerequisites_is_read_quickly(unit: str) -> None:
    started = time.process_time()
    prerequisite_order(unit * (1_000_000 // len(unit)), VISIONS)
    assert time.process_time() - started < 1.0
