"""Shared set-up of the runner end-to-end tests, and the usage summary they print.

Each test plays one sprint (`sprint.play_sprint`) through one runner and
records what the model calls used; the terminal summary shows it per mode,
the figures behind the README's cost of a sprint (docs/runners.md quotes the bench's).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

pytest.register_assert_rewrite("tests.e2e.runners.sprint")

from architect.app.wiring import project_runner  # noqa: E402
from architect.config import load_secrets  # noqa: E402
from architect.runners.base import Usage  # noqa: E402
from tests.e2e.runners.sprint import MODES, Metered, SprintRun, make_checkout  # noqa: E402
from tests.world import BOT, World, make_world  # noqa: E402

FAKE_ANTHROPIC_KEY = "sk-ant-fake"
FAKE_OPENAI_KEY = "sk-openai-fake-0123456789"
WEBHOOK_SECRET = "webhook-secret-e2e-0123456789"


@dataclass(frozen=True)
class UsageRecord:
    runner: str
    model: str
    modes: tuple[tuple[str, int, Usage], ...]  # mode, calls, usage
    total: Usage


_RECORDS = pytest.StashKey[list[UsageRecord]]()


@pytest.fixture
def world(tmp_path: Path) -> World:
    return make_world(tmp_path)


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    return make_checkout(tmp_path / "checkout")


def model_env(world: World, tmp_path: Path, **extra: str) -> dict[str, str]:
    """The architect's environment: model settings mixed with forge secrets."""
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    token = world.tokens[BOT]
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "FORGE_ARCHITECT_TOKEN": token,
        "FORGE_TOKEN": token,
        "ARCHITECT_WEBHOOK_SECRET": WEBHOOK_SECRET,
        **extra,
    }


def runner_for(world: World, env: Mapping[str, str]) -> Metered:
    """The runner the CLI would build from this configuration and environment, metered."""
    runner = project_runner(world.config, load_secrets(env), env)
    runner.check_ready()
    return Metered(runner)


def forge_secrets(world: World) -> tuple[str, ...]:
    return (world.tokens[BOT], WEBHOOK_SECRET)


RecordUsage = Callable[[str, str, SprintRun], None]


def remember_usage(config: pytest.Config, runner: str, model: str, run: SprintRun) -> None:
    """Keep a sprint's model use for the terminal summary."""
    modes = tuple((mode.value, run.count(mode), run.usage(mode)) for mode in MODES)
    config.stash.setdefault(_RECORDS, []).append(UsageRecord(runner, model, modes, run.total))


@pytest.fixture
def record_usage(request: pytest.FixtureRequest) -> RecordUsage:
    def record(runner: str, model: str, run: SprintRun) -> None:
        remember_usage(request.config, runner, model, run)

    return record


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter,
                            config: pytest.Config) -> None:  # fmt: skip
    records = config.stash.get(_RECORDS, [])
    if not records:
        return
    terminalreporter.section("model use of one sprint (runners_e2e, fake APIs)")
    for rec in records:
        terminalreporter.write_line(f"{rec.runner} ({rec.model}): {_usage(rec.total)}")
        for mode, calls, usage in rec.modes:
            terminalreporter.write_line(f"    {mode:<9} x{calls} {_usage(usage)}")


def _usage(usage: Usage) -> str:
    cost = "cost unknown" if usage.cost_usd is None else f"${usage.cost_usd:.4f}"
    return f"{usage.input_tokens:>7,} in {usage.output_tokens:>6,} out  {cost}"
