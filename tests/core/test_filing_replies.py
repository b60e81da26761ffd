"""Replies to a failed filing check are read and acted on: drop it, drop both, keep #N: why."""

from __future__ import annotations

from pathlib import Path

from architect.core.filing_replies import read_replies
from tests.world import OPS, PROJECT, World, make_world

CHECK = ["Sub-issue `store` has the title of the open issue [#7](u); drop it or say how it "
         "differs.", "Sub-issue `page` has the title of the open issue [#8](u); drop it or say "
         "how it differs."]


def test_the_words_of_a_reply_name_the_flagged_sub_issues() -> None:
    assert read_replies(["drop both"], CHECK).drop == {"store", "page"}
    assert read_replies(["Drop #8, please"], CHECK).drop == {"page"}
    assert read_replies(["drop `store`"], CHECK).drop == {"store"}
    kept = read_replies(["keep #7: it differs because it stores wishlists, not carts"], CHECK)
    assert kept.keep == {"store": "it differs because it stores wishlists, not carts"}
    assert not kept.drop
    unclear = read_replies(["drop it"], CHECK)  # two are flagged: "it" names neither
    assert not unclear.acts and unclear.unclear == ("drop it",)
    assert read_replies(["drop it"], CHECK[:1]).drop == {"store"}
    assert not read_replies(["> drop both\n\nI am not sure about that"], CHECK).acts


def blocked(tmp_path: Path, *titles: str) -> tuple[World, int, list[int]]:
    world = make_world(tmp_path)
    old = [world.setup.create_issue(PROJECT, title, "Already planned.", token=world.tokens["bob"])
           for title in titles]
    number = world.accepted()
    world.comment(number, "Q1: B\nQ2: A")
    world.tick()
    check = world.bot_comments(number)[-1]
    assert check.startswith("Nothing was filed")
    assert "`drop both`" in check and "`keep <id>: <how it differs>`" in check
    return world, number, old


def filed_titles(world: World) -> list[str]:
    return sorted(i.title for i in world.bot.list_issues(PROJECT, state="open", type="issues"))


def test_drop_both_files_the_plan_without_the_flagged_sub_issues(tmp_path: Path) -> None:
    world, number, _ = blocked(tmp_path, "Wishlist page", "Wishlist API endpoints")
    world.comment(number, "drop both")
    world.tick()
    acks = [c for c in world.bot_comments(number) if "Filing check: leaving out" in c]
    assert acks and "`api`, `page`" in acks[-1]
    assert world.bot.get_pull(OPS, number).merged
    titles = filed_titles(world)
    # The two open issues stay the only ones of their titles; the rest of the plan is filed.
    assert titles.count("Wishlist page") == 1 and titles.count("Wishlist API endpoints") == 1
    assert "Store wishlist items" in titles
    assert world.tick().decision.actions == ()


def test_keep_with_a_reason_files_it_saying_how_it_differs(tmp_path: Path) -> None:
    world, number, (old,) = blocked(tmp_path, "Wishlist page")
    world.comment(number, f"keep #{old}: it differs because the old one is the mobile page")
    world.tick()
    assert world.bot.get_pull(OPS, number).merged
    new = [i for i in world.bot.list_issues(PROJECT, state="open", labels=["backlog"])
           if i.title == "Wishlist page" and i.number != old]
    assert len(new) == 1
    assert "it differs because the old one is the mobile page" in new[0].body
