"""The re-plan's steps on a filed sprint (`shell.steps.replan`): a REPLAN request gets one
proposal, which changes nothing until someone accepts it."""

from __future__ import annotations

from pathlib import Path

from architect.core.actions import ProposeReplan
from architect.shell.steps.replan import propose_replan
from tests.shell.steps.helpers import filed, planned, planned_with
from tests.world import PROJECT, make_world


def test_a_replan_request_gets_one_proposal_and_nothing_changes_yet(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    pr = filed(world)
    world.comment(pr, "REPLAN: drop the wishlist page")
    hands, action = planned(world, ProposeReplan)
    propose_replan(hands, action)
    proposal = world.bot_comments(pr)[-1]
    assert proposal.startswith("**Re-plan proposal 1** for this filed sprint, asked by @alice")
    assert f"- {PROJECT}#4 Wishlist page: The re-plan drops it" in proposal
    assert "Reply `ACCEPT` to apply these changes, or `REJECT: <reason>`" in proposal
    assert world.bot.get_issue(PROJECT, 4).state == "open"  # a proposal changes nothing
    assert planned_with(world)[1].decision.actions == ()  # asked once
