"""An accepted re-plan applied (`shell.steps.replan_apply`): its changes made on the
sub-issues, and the result said once on the sprint PR."""

from __future__ import annotations

from pathlib import Path

from architect.core.actions import ApplyReplan, ProposeReplan
from architect.shell.steps.replan import propose_replan
from architect.shell.steps.replan_apply import apply_replan
from tests.shell.steps.helpers import filed, planned, planned_with
from tests.world import PROJECT, make_world


def test_an_accepted_proposal_closes_what_it_drops_and_says_so_once(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    pr = filed(world)
    world.comment(pr, "REPLAN: drop the wishlist page")
    propose_replan(*planned(world, ProposeReplan))
    world.comment(pr, "ACCEPT")
    apply_replan(*planned(world, ApplyReplan))
    assert world.bot_comments(pr)[-1].startswith(f"Re-plan 1 applied: closed {PROJECT}#4.")
    states = {i.number: i.state for i in world.bot.list_issues(PROJECT, state="all")}
    assert states == {1: "open", 2: "open", 3: "open", 4: "closed"}
    assert planned_with(world)[1].decision.actions == ()
