"""A rejected vision is shown as rejected, with its "pitch again" box, in `status` and on the
dashboard whatever the free pitch slots: with every slot held by other sprints it used to
read "queued; waits for a free pitch slot" and its box disappeared."""

from __future__ import annotations

from pathlib import Path

from architect.app.status import collect_status
from tests.e2e.test_dashboard_e2e import section, the_dashboard, tick_box
from tests.world import OPS, PROJECT, World, make_world


def rejected_with_every_slot_full(tmp_path: Path) -> tuple[World, int]:
    world = make_world(tmp_path, max_open_pitches=1)
    gift = world.vision("Gift cards")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.comment(pr.number, "REJECT: not this quarter")
    world.tick()
    world.vision("Wishlists")
    world.tick()  # the one slot goes to it
    assert [p.title for p in world.bot.list_pulls(OPS, state="open")] == ["architect: Wishlists"]
    world.tick()
    return world, gift


def test_with_every_slot_full_a_rejected_vision_asks_a_human_with_its_box(
        tmp_path: Path) -> None:
    world, gift = rejected_with_every_slot_full(tmp_path)
    needs = section(the_dashboard(world).body, "Needs a human now")
    assert f"[#{gift}]" in needs and "- [ ] pitch again" in needs
    assert "queued" not in needs
    (row,) = [r for r in collect_status(world.bot, world.config, world.clock.now)
              if r.kind == "vision" and r.number == gift]
    assert row.state == "not pitched: rejected; waiting for an edit or a comment on the vision"
    assert row.waits_for == "a human"


def test_its_box_ticked_it_waits_for_a_slot_and_is_pitched_when_one_frees(
        tmp_path: Path) -> None:
    world, gift = rejected_with_every_slot_full(tmp_path)
    tick_box(world, "pitch again")
    world.tick()
    assert any("Pitching again, as asked on the dashboard." in c
               for c in world.bot_comments(gift, repo=PROJECT))
    (row,) = [r for r in collect_status(world.bot, world.config, world.clock.now)
              if r.kind == "vision" and r.number == gift]
    assert row.state == "queued"  # asked again: it waits for the slot
    (wishlists,) = world.bot.list_pulls(OPS, state="open")
    world.comment(wishlists.number, "REJECT: later")
    world.tick()
    world.tick()
    assert [p.title for p in world.bot.list_pulls(OPS, state="open")] == [
        "architect: Gift cards"]
