"""The design's steps (`shell.steps.design`): the questions after an ACCEPT, each run as a
tick runs it."""

from __future__ import annotations

from pathlib import Path

from architect.core.actions import StartQuestions
from architect.shell.steps.design import start_questions
from tests.shell.steps.helpers import planned
from tests.world import OPS, make_world


def test_an_accept_gets_the_questions_on_the_pr_and_the_forks_in_its_body(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.comment(pr.number, "ACCEPT")
    hands, action = planned(world, StartQuestions)
    start_questions(hands, action)
    questions = world.bot_comments(pr.number)[-1]
    assert questions.startswith("Design questions before this sprint is filed:\n\n"
                                "**Q1:** Where are wishlists kept?")
    assert "`Q1: B; Q2: B`" in questions
    body = world.bot.get_pull(OPS, pr.number).body
    assert "## Design forks\n\n### Q1: Where are wishlists kept?" in body
    assert body.count("- **Status:** open") == 2
    assert not [a for a in world.tick().decision.actions if isinstance(a, StartQuestions)]
