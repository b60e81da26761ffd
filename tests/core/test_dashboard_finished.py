"""Recent finishes carried forward in the dashboard's own mark, and its typed marks."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from architect.core import markers
from architect.core.dashboard import (
    Finished,
    carried_forward,
    dashboard_mark,
    previous_finishes,
    previous_open,
    render,
)
from tests.builders import a_comment
from tests.core.test_dashboard import board


def finished(vision: int, day: str, outcome: str = "filed acme/todo#9") -> Finished:
    return Finished(vision, f"Vision {vision}", f"http://forge/acme/todo/issues/{vision}",
                    outcome, day)


def test_finishes_older_than_30_days_drop_and_the_newest_per_vision_stays() -> None:
    old, kept = finished(1, "2026-10-01"), finished(2, "2026-11-01", "rejected: not now")
    again = finished(2, "2026-11-20", "filed acme/todo#12")
    assert carried_forward([old, kept], [again], date(2026, 11, 25)) == (again,)
    assert carried_forward([kept], [], date(2026, 12, 1)) == (kept,)
    assert carried_forward([kept], [], date(2026, 12, 2)) == ()


def test_the_body_carries_its_finishes_and_open_sprints_forward() -> None:
    items = (finished(4, "2026-11-24", "rejected: too big --> later"), finished(5, "2026-11-23"))
    body = render(replace(board(), finished=items, open_sprints=(4, 5)))
    assert previous_finishes(body) == items
    assert previous_open(body) == (4, 5)
    assert "- [#4](http://forge/acme/todo/issues/4) Vision 4: rejected: too big --&gt; later " \
           "(2026-11-24)" in body
    mark = dashboard_mark(body)
    assert mark is not None and mark.project == "todo"


def test_typed_marks_read_back() -> None:
    for mark in (markers.BoxMark("pitch-again-7"), markers.SteeredMark("retry-3", 41),
                 markers.DashboardMark("todo", ({"vision": 1},), (2, 3))):
        (found,) = markers.parse_markers(mark.render())
        assert type(mark).parse(found) == mark
    steered = markers.SteeredMark("retry-3", 41).render()
    bot = a_comment(steered, by="bot", id_=50)
    assert markers.steered_after([bot], "bot", 41)
    assert not markers.steered_after([bot], "bot", 40)
    assert not markers.steered_after([bot], "someone-else", 41)
