"""The end of a vision's story (`shell.steps.story`): once every sub-issue is closed, the
label comes off, the summary goes on, and the vision is closed."""

from __future__ import annotations

from pathlib import Path

from architect.core.actions import CompleteVision
from architect.core.markers import StoryEvent, StoryMark
from architect.shell.steps.story import complete_vision
from tests.shell.steps.helpers import filed, planned
from tests.world import OPS, PROJECT, make_world


def test_a_vision_whose_sub_issues_are_all_closed_is_summarized_and_closed(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    pr = filed(world)
    assert world.bot.get_pull(OPS, pr).merged
    subs = [i for i in world.bot.list_issues(PROJECT, state="open")
            if "backlog" in i.label_names]
    assert subs
    for sub in sorted(subs, key=lambda s: s.number):  # the first filed blocks the rest
        world.setup.edit_issue(PROJECT, sub.number, state="closed", token=world.tokens["alice"])
    hands, action = planned(world, CompleteVision)
    complete_vision(hands, action)
    vision = world.bot.get_issue(PROJECT, 1)
    assert vision.state == "closed" and "in-progress" not in vision.label_names
    (summary,) = [c for c in world.bot_comments(1, PROJECT)
                  if StoryMark(StoryEvent.COMPLETED, pr).render() in c]
    assert f"#{subs[0].number}" in summary
    assert not [a for a in world.tick().decision.actions if isinstance(a, CompleteVision)]
