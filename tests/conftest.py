"""Fixtures every suite may take."""

from __future__ import annotations

import pytest

from tests.world import DIALECTS


@pytest.fixture(params=DIALECTS)
def dialect(request: pytest.FixtureRequest) -> str:
    """The forge API the architect speaks: each test that takes it runs on both."""
    return str(request.param)
