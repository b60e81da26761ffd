"""Asking the model (`shell.asking`): the request built, the cost budget kept, every billed
call counted, a dry run asking only a runner that costs nothing."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

import pytest
from pydantic import BaseModel

from architect.core.schemas import Pitch
from architect.errors import BudgetExhausted, InvalidModelOutput, ModelNotAsked
from architect.runners.base import Mode, ModelRequest, ModelResult, Runner, Usage
from architect.shell.asking import Asker, spent
from architect.shell.context import TickContext
from tests.runners.offline.helpers import planner_inputs
from tests.world import VISION_BODY, World, make_world

T = TypeVar("T", bound=BaseModel)


class Priced:
    """A paid runner whose answers are invalid, billed all the same."""

    name = "anthropic"

    def __init__(self) -> None:
        self.asked: list[Mode] = []

    def check_ready(self) -> None:
        return None

    def run(self, request: ModelRequest[T]) -> ModelResult[T]:
        self.asked.append(request.mode)
        exc = InvalidModelOutput("no JSON object")
        exc.calls, exc.usage = 2, Usage(100, 10, 0.75)
        raise exc

    def drop_session(self, session_key: str) -> None:
        return None


def asker(world: World, runner: Runner, *, dry_run: bool = False) -> Asker:
    context = TickContext(world.bot, world.config, world.bot.current_user())
    return Asker(runner, world.config, context, dry_run=dry_run)


def test_the_offline_runner_answers_and_its_call_is_counted(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    ask = asker(world, world.runner, dry_run=True)  # free: a dry run asks it too
    pitch = ask.ask(Mode.PITCH, Pitch, planner_inputs(VISION_BODY, title="Wishlists"))
    assert isinstance(pitch, Pitch) and pitch.what_this_enables
    assert (ask.calls, ask.usage) == (1, Usage())


def test_a_dry_run_never_asks_a_paid_model(tmp_path: Path) -> None:
    runner = Priced()
    with pytest.raises(ModelNotAsked):
        asker(make_world(tmp_path), runner, dry_run=True).ask(Mode.PITCH, Pitch,
                                                             planner_inputs(VISION_BODY))
    assert runner.asked == []


def test_a_failed_call_is_billed_names_its_step_and_the_budget_stops_the_next(
        tmp_path: Path) -> None:
    world = make_world(tmp_path, extra="max_cost_per_tick = 0.5\n")
    runner = Priced()
    ask = asker(world, runner)
    with pytest.raises(InvalidModelOutput) as raised:
        ask.ask(Mode.PITCH, Pitch, planner_inputs(VISION_BODY))
    assert raised.value.step == "pitch" and (ask.calls, ask.usage.cost_usd) == (2, 0.75)
    with pytest.raises(BudgetExhausted, match=r"^max_cost_per_tick \(\$0\.50\) reached after "
                                              r"\$0\.75: no more model calls this tick$"):
        ask.ask(Mode.PITCH, Pitch, planner_inputs(VISION_BODY))
    assert runner.asked == [Mode.PITCH]


def test_spent_says_tokens_and_the_cost_when_known() -> None:
    assert spent(Usage(100, 10)) == "100 in / 10 out tokens"
    assert spent(Usage(100, 10, 0.0123)) == "100 in / 10 out tokens, $0.0123"
