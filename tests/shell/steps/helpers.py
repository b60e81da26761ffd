"""A step's means as a tick hands them over, on a world: the tests of one step call it
with the action the tick's plan decided, then look at the forge."""

from __future__ import annotations

from datetime import datetime
from typing import TypeVar

from architect.core.steer import Plan
from architect.shell.asking import Asker
from architect.shell.steps.hands import Hands
from architect.shell.tick import plan_tick
from tests.world import SteppingClock, World

A = TypeVar("A")


def planned_with(world: World, *, at: datetime | None = None) -> tuple[Hands, Plan]:
    """The tick's hands and its plan (`at`: the tick's clock, for what waits on time)."""
    forge, config = world.bot, world.config
    read, plan = plan_tick(forge, config, SteppingClock(at)())
    hands = Hands(forge=forge, filer=forge, filer_login=plan.snapshot.bot.login,
                  asker=Asker(world.runner, config, read.context), config=config,
                  context=read.context, snapshot=plan.snapshot, labels=read.labels)
    return hands, plan


def planned(world: World, kind: type[A], *, at: datetime | None = None) -> tuple[Hands, A]:
    """The tick's hands and the one action of `kind` its plan holds."""
    hands, plan = planned_with(world, at=at)
    (action,) = [a for a in plan.decision.actions if isinstance(a, kind)]
    return hands, action


def filed(world: World) -> int:
    """A vision pitched, accepted, answered with `yes` and filed: its merged sprint PR."""
    pr = world.accepted()
    world.comment(pr, "yes")
    world.tick()
    return pr
