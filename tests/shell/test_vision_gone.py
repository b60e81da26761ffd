"""Whether an open sprint's vision still holds it (`shell.vision_gone`): one read of the
issue tells closed, unlabelled and deleted apart."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from architect.shell.tick import plan_tick
from architect.shell.vision_gone import vision_gone
from tests.world import PROJECT, make_world


def test_closed_unlabelled_and_deleted_visions_each_say_so(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.accepted()
    _, plan = plan_tick(world.bot, world.config, datetime(2026, 11, 26, tzinfo=UTC))
    (sprint,) = plan.snapshot.sprints
    listed = plan.snapshot.visions
    assert vision_gone(world.bot, world.config, sprint, listed) is sprint  # still listed
    assert vision_gone(world.bot, world.config, sprint, ()) is sprint  # there, a moment late
    alice = world.tokens["alice"]
    world.client("alice").remove_issue_label(PROJECT, 1, "vision")
    unlabelled = vision_gone(world.bot, world.config, sprint, ())
    assert (unlabelled.vision_gone, unlabelled.vision_slipped) == (
        f"its vision {PROJECT}#1 lost the `vision` label", True)
    world.setup.edit_issue(PROJECT, 1, state="closed", token=alice)
    closed = vision_gone(world.bot, world.config, sprint, ())
    assert (closed.vision_gone, closed.vision_slipped) == (f"its vision {PROJECT}#1 was closed",
                                                           True)
    deleted = vision_gone(world.bot, world.config, replace(sprint, vision_number=99), ())
    assert (deleted.vision_gone, deleted.vision_slipped) == (
        f"its vision {PROJECT}#99 was deleted", False)  # cannot come back
