"""Cost: each call is counted, and `max_cost_per_tick` stops further model calls."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from architect.runners.base import Mode, ModelRequest, ModelResult, Usage
from architect.runners.offline import OfflinePlanner
from architect.runners.scripted import ScriptedRunner
from tests.world import OPS, make_world


def priced(request: ModelRequest[Any]) -> ModelResult[Any]:
    answer = OfflinePlanner().run(request)
    return ModelResult(answer.output, Usage(1200, 300, 0.02))


def test_the_tick_stops_calling_the_model_at_the_budget(tmp_path: Path,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    world = make_world(tmp_path, extra="max_cost_per_tick = 0.03")
    for title in ("Wishlists", "Gift cards", "Coupons"):
        world.vision(title)
    runner = ScriptedRunner({Mode.PITCH: [priced, priced, priced]})
    report = world.tick(runner=runner)
    assert runner.calls == 2  # $0.02 + $0.02 reaches $0.03: the third pitch waits
    assert len(world.bot.list_pulls(OPS, state="open")) == 2
    assert report.usage == Usage(2400, 600, 0.04)
    assert any("max_cost_per_tick ($0.03) reached" in message for _, message in report.failed)
    # The next tick has a fresh budget and pitches the third vision.
    world.tick(runner=ScriptedRunner({Mode.PITCH: [priced]}))
    assert len(world.bot.list_pulls(OPS, state="open")) == 3
