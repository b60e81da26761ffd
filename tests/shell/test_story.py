"""The merged sprint of each open vision: found by its own list, its sub-issues read until
the first one open, the closed ones counted in one list, the end's summary looked for last."""

from __future__ import annotations

from pathlib import Path

from architect.core.facts import MergedSprint
from architect.core.markers import find_vision
from architect.forge.models import Issue
from architect.shell.story import read_merged
from tests.shell.steps.helpers import filed
from tests.world import OPS, PROJECT, World, make_world


def _open_visions(world: World) -> tuple[Issue, ...]:
    return tuple(world.bot.list_issues(PROJECT, state="open", labels=["vision"], type="issues"))


def _merged(world: World) -> tuple[MergedSprint, ...]:
    return read_merged(world.bot, world.config, world.bot.current_user(), _open_visions(world),
                       (), ())


def test_a_filed_sprint_is_read_with_its_sub_issues_until_the_first_open(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    pr = filed(world)
    vision = find_vision(world.bot.get_pull(OPS, pr).body)
    (merged,) = read_merged(world.bot, world.config, world.bot.current_user(),
                            _open_visions(world), (), ())
    assert (merged.vision_number, merged.pr.number) == (vision, pr)
    assert len(merged.filed) == 3 and merged.open_sub == merged.filed[0]
    assert merged.closed == () and merged.closed_count == 0 and not merged.done
    assert merged.progress == "sub-issues: 0 of 3 closed"


def test_closed_sub_issues_are_counted_and_the_reading_moves_to_the_next_open(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    filed(world)
    (first,) = _merged(world)
    world.client("alice").edit_issue(PROJECT, first.filed[0], state="closed")
    (merged,) = read_merged(world.bot, world.config, world.bot.current_user(),
                            _open_visions(world), (), ())
    assert [i.number for i in merged.closed] == [merged.filed[0]]
    assert merged.open_sub == merged.filed[1] and merged.closed_count == 1


def test_every_sub_issue_closed_is_the_end_not_yet_summarized(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    filed(world)
    (first,) = _merged(world)
    for number in first.filed:
        world.client("alice").edit_issue(PROJECT, number, state="closed")
    (merged,) = read_merged(world.bot, world.config, world.bot.current_user(),
                            _open_visions(world), (), ())
    assert merged.done and merged.open_sub is None and merged.summarized_at is None
    assert merged.progress == "sub-issues: 3 of 3 closed"


def test_a_sub_issue_known_open_from_the_listing_is_not_read_again(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    filed(world)
    (first,) = _merged(world)
    known = frozenset({first.filed[0]})
    me, visions = world.bot.current_user(), _open_visions(world)
    before = dict(world.bot.stats.by_method)
    (merged,) = read_merged(world.bot, world.config, me, visions, (), (), known_open=known)
    assert merged.open_sub == first.filed[0]
    # The vision's closed sprint PRs and the closed issues since the merge: no get_issue.
    assert world.bot.stats.by_method["GET"] - before.get("GET", 0) == 2


def test_a_vision_with_an_open_sprint_has_no_merged_sprint_to_read(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.vision("Wishlists")
    world.tick()
    assert world.bot.list_pulls(OPS, state="open")
    assert _merged(world) == ()
