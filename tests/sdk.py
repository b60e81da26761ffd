"""Skips for the tests that need an optional model SDK (`pip install -e '.[dev]'` has none)."""

from __future__ import annotations

import importlib.util

import pytest

_EXTRA = {"anthropic": "anthropic", "openai": "openai", "claude_agent_sdk": "claude"}


def needs_sdk(module: str) -> pytest.MarkDecorator:
    """Skip unless `module` is importable, saying which extra installs it."""
    missing = importlib.util.find_spec(module) is None
    extra = _EXTRA.get(module, module)
    return pytest.mark.skipif(
        missing, reason=f"the optional `{module}` SDK is not installed: pip install -e '.[{extra}]'"
    )
