"""Runners by name: `claude-cli`, `anthropic`, `openai`, `offline`, `scripted`.

`make_runner` is the one place that turns configuration into a runner. A
model SDK is imported only when its runner is used (`api_runner.import_sdk`),
so a missing extra fails only the kind that needs it.
`offline` and `scripted` live in `architect.runners.offline` and
`architect.runners.scripted`; they are built by a factory passed in
`factories`, or else by that module's `from_settings(settings)` function.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from architect.errors import ConfigError
from architect.runners.anthropic_api import AnthropicRunner
from architect.runners.api_runner import RunnerArgs
from architect.runners.base import Limits, Runner
from architect.runners.claude_cli import ClaudeCliRunner
from architect.runners.model_families import Effort
from architect.runners.openai_api import OpenAIRunner

KINDS = ("claude-cli", "anthropic", "openai", "offline", "scripted")
# Planners that run in-process and cost nothing: a dry run may ask them.
FREE_RUNNERS = frozenset({"offline", "scripted"})
_PLANNER_MODULES = {
    "offline": "architect.runners.offline",
    "scripted": "architect.runners.scripted",
}


@dataclass(frozen=True)
class RunnerSettings:
    """Everything a runner may need, from the configuration and the environment."""

    kind: str
    model_name: str
    state_dir: Path
    project: str
    env: Mapping[str, str]  # secrets included: the runners pick what they need
    repo_root: Path | None = None
    timeout_s: float | None = None
    max_turns: int | None = None
    openai_base_url: str | None = None
    claude_bin: str | None = None
    thinking_budget_tokens: int = 0
    thinking_effort: Effort | None = None

    @property
    def limits_cap(self) -> Limits | None:
        """The configured ceiling of every request's limits."""
        if self.timeout_s is None and self.max_turns is None:
            return None
        return Limits(
            max_turns=self.max_turns if self.max_turns is not None else 1_000_000,
            timeout_s=self.timeout_s if self.timeout_s is not None else float("inf"),
        )


RunnerFactory = Callable[[RunnerSettings], Runner]


def make_runner(
    kind: str,
    *,
    model_name: str,
    state_dir: Path,
    project: str,
    env: Mapping[str, str],
    repo_root: Path | None = None,
    anthropic_api_key: str | None = None,
    openai_api_key: str | None = None,
    timeout_s: float | None = None,
    max_turns: int | None = None,
    openai_base_url: str | None = None,
    claude_bin: str | None = None,
    thinking_budget_tokens: int = 0,
    thinking_effort: Effort | None = None,
    factories: Mapping[str, RunnerFactory] | None = None,
) -> Runner:
    """The runner of `kind`. Keys given here win over the same keys in `env`."""
    keys = {"ANTHROPIC_API_KEY": anthropic_api_key, "OPENAI_API_KEY": openai_api_key}
    settings = RunnerSettings(
        kind=kind,
        model_name=model_name,
        state_dir=Path(state_dir),
        project=project,
        env={**env, **{k: v for k, v in keys.items() if v}},
        repo_root=repo_root,
        timeout_s=timeout_s,
        max_turns=max_turns,
        openai_base_url=openai_base_url,
        claude_bin=claude_bin,
        thinking_budget_tokens=thinking_budget_tokens,
        thinking_effort=thinking_effort,
    )
    factory = (factories or {}).get(kind) or _builtin(kind)
    return factory(settings)


def _builtin(kind: str) -> RunnerFactory:
    builders: dict[str, RunnerFactory] = {
        "claude-cli": _claude_cli,
        "anthropic": _anthropic,
        "openai": _openai,
    }
    if kind in builders:
        return builders[kind]
    if kind in _PLANNER_MODULES:
        return _planner(kind)
    raise ConfigError(
        f"[architect] model = {kind!r} is not a runner; use one of: {', '.join(KINDS)}"
    )


def _args(s: RunnerSettings) -> RunnerArgs:
    return RunnerArgs(
        model_name=s.model_name,
        state_dir=s.state_dir,
        project=s.project,
        env=s.env,
        repo_root=s.repo_root,
        limits_cap=s.limits_cap,
    )


def _claude_cli(s: RunnerSettings) -> Runner:
    return ClaudeCliRunner(claude_bin=s.claude_bin, **_args(s))


def _anthropic(s: RunnerSettings) -> Runner:
    return AnthropicRunner(
        thinking_budget_tokens=s.thinking_budget_tokens,
        thinking_effort=s.thinking_effort,
        **_args(s),
    )


def _openai(s: RunnerSettings) -> Runner:
    return OpenAIRunner(base_url=s.openai_base_url, **_args(s))


def _planner(kind: str) -> RunnerFactory:
    module_name = _PLANNER_MODULES[kind]
    try:
        module = importlib.import_module(module_name)
        factory: RunnerFactory = module.from_settings
    except (ImportError, AttributeError) as exc:
        raise ConfigError(
            f"the {kind} runner is not available: {module_name}.from_settings is missing"
        ) from exc
    return factory
