from __future__ import annotations

from collections.abc import Iterator

import pytest

from .world import World, make_world


@pytest.fixture
def world() -> Iterator[World]:
    yield from make_world()
