"""Shared builders of the runner tests."""

from __future__ import annotations

import os
from typing import Any, TypeVar

import pytest
from pydantic import BaseModel

from architect.core.inputs import PlannerInputs, VisionInput
from architect.runners.base import Limits, Mode, ModelRequest

T = TypeVar("T", bound=BaseModel)

FORGE_TOKEN = "forge-token-0123456789abcdef"
ANTHROPIC_KEY = "sk-ant-test-key-0123456789abcdef"
OPENAI_KEY = "sk-openai-test-key-0123456789abcdef"

FORKS: dict[str, Any] = {
    "reasoning": "One real fork: where the signature is checked.",
    "forks": [
        {
            "question": "Where do webhooks get verified?",
            "options": [
                {"letter": "A", "text": "In the HTTP handler"},
                {"letter": "B", "text": "In a middleware"},
            ],
            "recommended": "A",
            "why": "One place, easy to test.",
        }
    ],
    "no_fork_reason": "",
}
PITCH: dict[str, Any] = {
    "what_this_enables": "Ticks within seconds of a comment.",
    "what_exists_today": "A 6-hour loop in loop.py.",
    "complexity": "Small: 3 sub-issues.",
    "risks": "Replayed deliveries.",
    "cost_new_infra": "None.",
    "verdict": "GO",
    "recommendation": "Do it: cheap and visible.",
}


def a_request(
    mode: Mode,
    schema: type[T],
    *,
    session_key: str | None = "pr-12",
    context: str = "CONTEXT: VISION.md says be small.",
    prompt: str = "PROMPT: ask the design questions for vision #3.",
    limits: Limits | None = None,
) -> ModelRequest[T]:
    return ModelRequest(
        mode=mode,
        schema=schema,
        system="SYSTEM: you are the architect; answer in the schema.",
        context=context,
        prompt=prompt,
        inputs=PlannerInputs(project="myproj", vision=VisionInput(3, "Webhooks", "Add them.")),
        session_key=session_key,
        limits=limits or Limits(max_turns=6, timeout_s=20.0),
    )


@pytest.fixture
def base_env(tmp_path: Any) -> dict[str, str]:
    """An environment as the CLI would pass it: secrets and unrelated variables mixed."""
    home = tmp_path / "home"
    home.mkdir()
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "FORGE_ARCHITECT_TOKEN": FORGE_TOKEN,
        "FORGE_TOKEN": FORGE_TOKEN,
        "ARCHITECT_WEBHOOK_SECRET": "webhook-secret-0123456789",
        "OPENAI_API_KEY": OPENAI_KEY,
        "ANTHROPIC_API_KEY": ANTHROPIC_KEY,
        "SOME_OTHER_VAR": "x",
    }
