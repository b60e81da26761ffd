"""What one tick reads: the open visions (the label checked again), the bot's open sprint
PRs with their comments, and the history of only as many visions as may be pitched."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from architect.core.snapshot import Snapshot
from architect.shell.snapshot import read_snapshot
from tests.world import OPS, PROJECT, World, make_world

NOW = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)


def _read(world: World) -> Snapshot:
    return read_snapshot(world.bot, world.config, now=NOW, bot=world.bot.current_user(),
                         prerequisites=lambda: "")


def test_new_visions_are_candidates_in_pitch_order_each_with_a_verdict(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    first, second = world.vision("Wishlists"), world.vision("Gift cards")
    world.setup.create_issue(PROJECT, "A bug", "not a vision")
    snapshot = _read(world)
    assert {v.number for v in snapshot.visions} == {first, second}  # not the bug
    assert snapshot.sprints == () and snapshot.merged == () and snapshot.closed == ()
    assert sorted(snapshot.pitch_order) == [first, second]
    assert {h.vision.number for h in snapshot.candidates} == {first, second}
    assert all(snapshot.verdicts[n].ok for n in (first, second))


def test_an_open_sprint_is_read_with_its_comments_and_its_vision_is_no_candidate(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    vision = world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.comment(pr.number, "ACCEPT")
    snapshot = _read(world)
    (sprint,) = snapshot.sprints
    assert (sprint.pr.number, sprint.vision_number) == (pr.number, vision)
    assert sprint.comments[-1].body == "ACCEPT" and not sprint.branch_gone
    assert snapshot.candidates == () and snapshot.pitch_order == ()
    assert snapshot.steering.writers is not None  # alice's ACCEPT needs who may steer


def test_no_free_slot_reads_no_history(tmp_path: Path) -> None:
    world = make_world(tmp_path, max_open_pitches=0)
    world.vision("Wishlists")
    snapshot = _read(world)
    assert len(snapshot.visions) == 1
    assert snapshot.candidates == () and snapshot.verdicts == {}


def test_visions_known_already_are_not_listed_again(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.vision("Wishlists")
    visions = _read(world).visions
    me = world.bot.current_user()
    before = dict(world.bot.stats.by_method)
    again = read_snapshot(world.bot, world.config, now=NOW, bot=me, prerequisites=lambda: "",
                          visions=visions)
    assert again.visions == visions
    carried = world.bot.stats.by_method["GET"] - before["GET"]
    fresh_before = dict(world.bot.stats.by_method)
    _read(world)
    # A fresh read lists the visions (and `_read` asks who the bot is): two more.
    assert world.bot.stats.by_method["GET"] - fresh_before["GET"] == carried + 2
