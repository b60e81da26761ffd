"""One recorded lifecycle walk on the GitHub dialect, shared by the checks of this folder."""

from __future__ import annotations

import pytest

from tests.forge.github.walk import Exchange, Walked, walk
from tests.world import World


# Walked once per process, not once per module: every check only reads what it recorded.
@pytest.fixture(scope="session")
def walk_run(tmp_path_factory: pytest.TempPathFactory) -> Walked:
    return walk(tmp_path_factory.mktemp("walk"))


@pytest.fixture(scope="session")
def walked(walk_run: Walked) -> tuple[World, list[Exchange]]:
    return walk_run.world, walk_run.seen
