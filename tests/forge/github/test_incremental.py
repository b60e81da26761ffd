"""An unchanged tick on GitHub asks what changed in three requests, all answered 304,
and a human's comment makes the next tick read fully and act."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from architect.runners.offline import OfflinePlanner
from architect.shell.changes import Changes
from architect.shell.tick import TickReport, run_tick
from tests.world import BOT, World, make_world

T0 = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)


def tick(world: World) -> TickReport:
    return run_tick(world.client(BOT), OfflinePlanner(), world.config, lambda: T0,
                    changes=Changes.of(world.config))


def test_an_unchanged_tick_is_three_conditional_reads(tmp_path: Path) -> None:
    world = make_world(tmp_path, dialect="github")
    number = world.accepted()
    for _ in range(6):
        if tick(world).incremental:
            break
    else:
        raise AssertionError("no tick ever found nothing new")
    bot = world.bot
    bot.stats.reset()
    before = bot.http.not_modified  # type: ignore[attr-defined]
    report = tick(world)
    assert report.incremental and report.decision.actions == ()
    assert bot.stats.requests == 3
    assert bot.http.not_modified - before == 3  # type: ignore[attr-defined]

    world.comment(number, "Q1: B\nQ2: B")
    acted = tick(world)
    assert not acted.incremental
    assert "ProcessAnswers" in [type(a).__name__ for a in acted.applied]
