"""After a tick that acted, the dashboard is rendered once, from the snapshot with the
tick's own writes folded in (`core.after`): it must be the dashboard the next, idle, tick
renders from a whole read, so that tick writes nothing."""

from __future__ import annotations

from pathlib import Path

from architect.core.render import filed_numbers
from architect.core.sprint import branch_for
from tests.e2e.test_dashboard_e2e import the_dashboard
from tests.shell.test_tick_requests import Recorder
from tests.world import OPS, PROJECT, World, make_world


def acted_then_idle(world: World, *expected: str) -> None:
    """A tick that does `expected` (action kinds), then one that does nothing and leaves
    the dashboard as the first rendered it."""
    recorder = Recorder(world)
    report = world.tick(transport=recorder)
    assert report.ok, report.failed
    assert sorted(type(a).__name__ for a in report.applied) == sorted(expected)
    # The visions were listed once: there is no second read.
    assert [q for q in recorder.listings(f"/repos/{PROJECT}/issues")
            if "labels=vision" in q] == ["state=open&labels=vision&type=issues&limit=50&page=1"]
    board = the_dashboard(world)
    idle = world.tick()
    assert idle.ok and idle.applied == []
    again = the_dashboard(world)
    assert again.body == board.body
    assert again.updated_at == board.updated_at  # not written again


def test_each_active_tick_renders_the_dashboard_the_next_idle_tick_would(
        tmp_path: Path) -> None:
    world = make_world(tmp_path, max_open_pitches=2)
    wish, gift = world.vision("Wishlists"), world.vision("Gift cards")
    # Not folded: a vision the tick did not judge (no free slot when it read) that a slot
    # freed by the tick's own rejection would let the next read judge; that tick renders it.
    acted_then_idle(world, "OpenPitch", "OpenPitch")
    prs = {vision: world.bot.list_pulls(OPS, state="open", head=branch_for(vision))[0]
           for vision in (wish, gift)}

    world.comment(prs[wish].number, "ACCEPT")
    world.comment(prs[gift].number, "REJECT: not this year")
    acted_then_idle(world, "StartQuestions", "RejectSprint")

    world.comment(prs[wish].number, "Q1: B\nQ2: A")  # every fork resolved: filed and merged
    acted_then_idle(world, "ProcessAnswers", "FileSprint", "FinishSprint")
    merged = world.bot.get_pull(OPS, prs[wish].number)
    assert merged.merged

    # A sprint a human closes gets its note; its vision leaves "in progress".
    checkout = world.vision("Checkout")
    acted_then_idle(world, "OpenPitch")
    (pr,) = world.bot.list_pulls(OPS, state="open", head=branch_for(checkout))
    world.client("bob").edit_pull(OPS, pr.number, state="closed")
    acted_then_idle(world, "NoteClosedSprint")

    # Every sub-issue closed: the vision is summarized and closed, and leaves the list.
    for sub in filed_numbers(merged.body):
        world.client("alice").edit_issue(PROJECT, sub, state="closed")
    acted_then_idle(world, "CompleteVision")
    assert world.bot.get_issue(PROJECT, wish).state == "closed"
