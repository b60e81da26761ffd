"""Each filed sprint's re-plan as it stands this tick (`core.replan_views`): an open
proposal nobody answered gets one reminder after `remind_after`."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from architect.core.actions import ProposeReplan
from architect.core.replan_views import reminder_due, replan_views, with_clock
from architect.shell.steps.replan import propose_replan
from tests.shell.steps.helpers import filed, planned, planned_with
from tests.world import make_world

DAYS = timedelta(days=3)


def test_an_unanswered_proposal_is_due_its_one_reminder_after_remind_after(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    pr = filed(world)
    hands, _ = planned_with(world)
    assert replan_views(hands.snapshot, world.config.architect) == []  # nothing said since
    world.comment(pr, "REPLAN: drop the wishlist page")
    propose_replan(*planned(world, ProposeReplan))
    hands, _ = planned_with(world)
    (view,) = replan_views(hands.snapshot, world.config.architect)
    assert view.proposal is not None and not view.remind
    due = reminder_due(view, remind_after=DAYS)
    assert due == view.proposal.comment.created_at + DAYS
    assert with_clock(view, due - timedelta(seconds=1), remind_after=DAYS) is view
    reminded = with_clock(view, due, remind_after=DAYS)
    assert reminded.remind and reminded.state != view.state
