"""`shell/tick.py`: one pass, and a stop asked for during it."""

from __future__ import annotations

from pathlib import Path

from architect.shell.tick import run_tick
from tests.world import OPS, PROJECT, SteppingClock, make_world


def test_a_stop_during_an_action_ends_the_tick_before_the_step_it_makes_due(
        tmp_path: Path) -> None:
    """SIGTERM says "finishing the current action": the answers round is that action, and
    the filing and the merge it makes due in the same tick wait for the next one."""
    world = make_world(tmp_path)
    number = world.accepted()
    world.comment(number, "Q1: B\nQ2: recommended")
    asked = iter([False])  # no stop before the first action; asked for during it
    report = run_tick(world.bot, world.runner, world.config, SteppingClock(),
                      should_stop=lambda: next(asked, True))

    assert len(report.applied) == 1, [a.describe() for a in report.applied]
    assert not world.bot.get_pull(OPS, number).merged
    assert world.bot.list_issues(PROJECT, state="all", labels=["backlog"]) == []

    world.tick()  # the next tick takes up the rest, once
    assert world.bot.get_pull(OPS, number).merged
    assert len(world.bot.list_issues(PROJECT, state="all", labels=["backlog"])) == 3
    assert not world.tick().decision.actions
