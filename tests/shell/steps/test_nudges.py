"""Reminding and parking a sprint whose questions wait (`shell.steps.nudges`)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from architect.core.actions import NudgeSprint
from architect.shell.steps.nudges import nudge_sprint
from tests.shell.steps.helpers import planned
from tests.world import OPS, SteppingClock, make_world

START = SteppingClock().start


def test_questions_unanswered_for_days_get_one_reminder_then_the_parked_label(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    pr = world.accepted()
    hands, remind = planned(world, NudgeSprint, at=START + timedelta(days=3, hours=1))
    assert not remind.park
    nudge_sprint(hands, remind)
    assert world.bot_comments(pr)[-1] == (
        "@alice: Q1, Q2 here have waited 3 days for an answer. Reply with `Q1: A` lines (or "
        "in your own words), or `REJECT: <reason>` to drop the sprint. This is the only "
        "reminder for this round.\n\n<!-- architect: reminder round=1 -->")
    assert [label.name for label in world.bot.get_pull(OPS, pr).labels] == []
    hands, park = planned(world, NudgeSprint, at=START + timedelta(days=15))
    assert park.park
    nudge_sprint(hands, park)
    assert world.bot_comments(pr)[-1].startswith(
        "@alice: no answer for 14 days, so this sprint is parked (label `parked`)")
    assert [label.name for label in world.bot.get_pull(OPS, pr).labels] == ["parked"]
