"""The steps that end a sprint (`shell.steps.closing`): a REJECT closes the PR and tells
the vision why."""

from __future__ import annotations

from pathlib import Path

from architect.core.actions import RejectSprint
from architect.shell.steps.closing import reject_sprint
from tests.shell.steps.helpers import planned
from tests.world import OPS, PROJECT, make_world


def test_a_reject_closes_the_pr_drops_the_label_and_tells_the_vision(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    pr = world.accepted()
    world.comment(pr, "REJECT: too big for now")
    hands, action = planned(world, RejectSprint)
    reject_sprint(hands, action)
    assert world.bot.get_pull(OPS, pr).state == "closed"
    assert {label.name for label in world.bot.get_issue(PROJECT, 1).labels} == {"vision"}
    notice = world.bot_comments(1, PROJECT)[-1]
    assert notice.startswith(f"The sprint pitch for this vision (PR #{pr}) was rejected by "
                             "@alice: too big for now\n\nEdit this issue or comment on it")
    assert "architect/sprint-vision-1" not in world.bot.list_branches(OPS)
