"""Re-planning a filed sprint, end to end on the embedded forge with the offline planner."""

from __future__ import annotations

from pathlib import Path

import pytest

from architect.forge.models import Issue
from tests.world import OPS, PROJECT, VISION_BODY, World, make_world

REPLANNED = VISION_BODY.replace(
    "- [ ] Wishlist page (id: page) (after: api)",
    "- [ ] Wishlist export as CSV (id: export) (after: api)")


@pytest.fixture
def world(tmp_path: Path) -> World:
    return make_world(tmp_path)


def filed(world: World) -> tuple[int, int, dict[str, Issue]]:
    """Wishlists pitched, accepted, answered (Q1: B) and filed: its vision, its merged PR,
    its sub-issues by id."""
    vision = world.vision("Wishlists")
    world.tick()
    (pr,) = world.sprint_prs("open")
    world.comment(pr.number, "ACCEPT")  # type: ignore[attr-defined]
    world.tick()
    world.comment(pr.number, "Q1: B\nQ2: recommended")  # type: ignore[attr-defined]
    world.tick()
    assert world.bot.get_pull(OPS, pr.number).merged  # type: ignore[attr-defined]
    return vision, pr.number, subs_by_id(world)  # type: ignore[attr-defined]


def subs_by_id(world: World) -> dict[str, Issue]:
    found = {}
    for issue in world.bot.list_issues(PROJECT, state="all", labels=["backlog"]):
        for sub_id in ("store", "api", "page", "export"):
            if f"id: {sub_id} -->" in issue.body:
                found[sub_id] = issue
    return found


def test_a_changed_answer_after_filing_is_proposed_then_applied_on_accept(world: World) -> None:
    vision, pr, subs = filed(world)
    world.setup.edit_issue(PROJECT, vision, body=REPLANNED, token=world.tokens["alice"])
    world.comment(pr, "Actually, Q1: A — sorry")
    world.tick()
    proposal = world.bot_comments(pr)[-1]
    print(proposal)
    assert "Re-plan proposal 1" in proposal
    world.comment(pr, "ACCEPT")
    world.tick()
    after = subs_by_id(world)
    print(world.bot_comments(pr)[-1])
    for sub in after.values():
        print(sub.number, sub.state, sub.title, world.comments(sub.number, PROJECT))
    assert after["page"].state == "closed"
    assert "export" in after
    assert world.tick().decision.actions == ()
