"""A human who answers while the model is thinking is heard on the next tick."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from architect.core.schemas import AnswerRound
from architect.runners.base import Mode, ModelRequest, ModelResult
from architect.runners.offline import OfflinePlanner
from architect.runners.scripted import ScriptedRunner
from tests.world import OPS, PROJECT, make_world


def test_an_answer_posted_during_the_model_call_is_not_lost(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    number = world.accepted()
    world.comment(number, "Q1: B")

    def slow_model(request: ModelRequest[Any]) -> ModelResult[Any]:
        world.comment(number, "Q2: A")  # the human, while the model thinks
        return ModelResult(AnswerRound(reply=""))

    world.tick(runner=ScriptedRunner({Mode.ANSWERS: [slow_model]}, fallback=OfflinePlanner()))
    assert "Still open: Q2." in world.bot_comments(number)[-1]

    world.tick()
    assert world.bot.get_pull(OPS, number).merged
    assert len(world.bot.list_issues(PROJECT, state="open", labels=["backlog"])) == 3
