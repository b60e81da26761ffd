"""One recorded lifecycle walk on the GitHub dialect, shared by the checks of this folder."""

from __future__ import annotations

import pytest

from tests.forge.github.walk import Exchange, walk
from tests.world import World


@pytest.fixture(scope="module")
def walked(tmp_path_factory: pytest.TempPathFactory) -> tuple[World, list[Exchange]]:
    return walk(tmp_path_factory.mktemp("walk"))
