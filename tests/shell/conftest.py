"""Fixtures shared by the tests of the cursor's carried reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shell.test_changes import settle
from tests.world import World, make_world


@pytest.fixture
def sprint_and_visions(tmp_path: Path, dialect: str) -> World:
    """One accepted sprint (the only pitch slot taken) and four more visions, on each
    forge API the architect speaks, settled: the cursor holds them."""
    world = make_world(tmp_path, max_open_pitches=1, dialect=dialect)
    world.accepted()
    for title in ("Gift cards", "Reviews", "Search", "Returns"):
        world.vision(title)
    settle(world)
    return world
