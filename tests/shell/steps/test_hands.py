"""What every step works with (`shell.steps.hands`): the vision read once for the tick, a
carried vision checked before it is pitched, one comment per story event."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from architect.core.markers import StoryEvent, StoryMark
from architect.errors import ForgeNotFound
from architect.shell.steps.hands import session_key, sprint_path
from tests.shell.steps.helpers import planned_with
from tests.world import PROJECT, make_world


def test_a_closed_vision_is_read_once_and_a_missing_one_is_an_error(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.vision("Wishlists")
    closed = world.vision("Gift cards")
    world.setup.edit_issue(PROJECT, closed, state="closed", token=world.tokens["alice"])
    hands, _ = planned_with(world)
    assert hands.vision(1) is hands.snapshot.vision(1)
    first = hands.vision(closed)
    assert first.state == "closed" and hands.vision(closed) is first  # kept for the tick
    with pytest.raises(ForgeNotFound):
        hands.vision(99)


def test_a_carried_vision_that_is_gone_is_not_pitched_and_marks_the_cursor_stale(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.vision("Wishlists")
    hands, _ = planned_with(world)
    assert hands.still_there(99) and not hands.stale  # listed afresh: nothing to check
    carried = replace(hands, carried=True)
    assert carried.still_there(1) and not carried.stale
    assert not carried.still_there(99) and carried.stale


def test_a_story_event_is_told_once_and_a_dry_run_keeps_no_written_files(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.vision("Wishlists")
    hands, _ = planned_with(world)
    mark = StoryMark(StoryEvent.PITCHED, 5)
    for _ in range(2):
        hands.tell_vision(1, f"Pitched as PR #5.\n\n{mark.render()}", mark)
    hands.tell_vision(99, "nobody hears this", mark)  # a deleted vision: no error
    assert world.bot_comments(1, PROJECT) == [f"Pitched as PR #5.\n\n{mark.render()}"]
    assert hands.written_files == {} and replace(hands, live=False).written_files is None
    assert (sprint_path("1-wishlists"), session_key(5)) == ("sprints/1-wishlists.md", "pr-5")
