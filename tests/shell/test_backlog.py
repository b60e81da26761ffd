"""The backlog near a plan (`shell.backlog`): the open issues a search finds for its titles,
without the sprint's own vision or the sub-issues it filed already."""

from __future__ import annotations

from pathlib import Path

from architect.shell.backlog import near_backlog
from tests.world import PROJECT, make_world


def test_the_search_finds_open_lookalikes_but_not_the_sprints_own(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    alice = world.tokens["alice"]
    vision = world.vision("Wishlist storage")
    other = world.setup.create_issue(PROJECT, "Store wishlist items in Redis", "Fast.",
                                     token=alice)
    closed = world.setup.create_issue(PROJECT, "Store wishlist items twice", "", token=alice)
    world.setup.edit_issue(PROJECT, closed, state="closed", token=alice)
    world.setup.create_issue(
        PROJECT, "Store wishlist items", "x\n\n<!-- decomposed-from: #1, sprint: "
        "1-wishlist-storage, id: store -->", token=alice)
    found = near_backlog(world.bot, PROJECT, vision, "1-wishlist-storage",
                         ["Store wishlist items", "Wishlist storage", "Store wishlist items"])
    assert [(i.number, i.title, i.body) for i in found] == [
        (other, "Store wishlist items in Redis", "Fast.")]
    assert near_backlog(world.bot, PROJECT, vision, "1-wishlist-storage", ["", "the"]) == []
