"""Choosing a runner by name."""

from __future__ import annotations

from pathlib import Path

import pytest

from architect.errors import ConfigError
from architect.runners.anthropic_api import AnthropicRunner
from architect.runners.base import Limits, ModelRequest, ModelResult, Runner
from architect.runners.claude_cli import ClaudeCliRunner
from architect.runners.openai_api import OpenAIRunner
from architect.runners.registry import RunnerSettings, make_runner


def build(kind: str, tmp_path: Path, **kw: object) -> Runner:
    return make_runner(
        kind,
        model_name="m",
        state_dir=tmp_path,
        project="myproj",
        env={"PATH": "/usr/bin"},
        **kw,  # type: ignore[arg-type]
    )


def test_each_model_runner_by_name(tmp_path: Path) -> None:
    assert isinstance(build("claude-cli", tmp_path), ClaudeCliRunner)
    assert isinstance(build("anthropic", tmp_path), AnthropicRunner)
    assert isinstance(build("openai", tmp_path), OpenAIRunner)


def test_explicit_keys_and_caps_reach_the_runner(tmp_path: Path) -> None:
    runner = build(
        "openai", tmp_path, openai_api_key="sk-x-123456789", timeout_s=30.0, max_turns=3,
        openai_base_url="http://127.0.0.1:11434/v1",
    )  # fmt: skip

    assert isinstance(runner, OpenAIRunner)
    assert runner.api_key == "sk-x-123456789"
    assert runner.base_url == "http://127.0.0.1:11434/v1"
    assert runner.limits_cap == Limits(max_turns=3, timeout_s=30.0)


def test_an_unknown_kind_names_the_choices(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="claude-cli, anthropic, openai, offline"):
        build("gpt", tmp_path)


def test_a_factory_can_supply_the_offline_runner(tmp_path: Path) -> None:
    seen: list[RunnerSettings] = []

    class Planner:
        name = "offline"

        def check_ready(self) -> None: ...

        def run(self, request: ModelRequest) -> ModelResult:  # type: ignore[type-arg]
            raise NotImplementedError

        def drop_session(self, session_key: str) -> None: ...

    def factory(settings: RunnerSettings) -> Runner:
        seen.append(settings)
        return Planner()

    runner = build("offline", tmp_path, factories={"offline": factory})

    assert runner.name == "offline"
    assert seen[0].project == "myproj"
