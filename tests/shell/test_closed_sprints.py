"""Which closed sprint PRs still wait for an answer: the ops repo's list when the tick has
it, else each vision's own, and only among the last `WINDOW` closed PRs."""

from __future__ import annotations

from pathlib import Path

from architect.forge.models import PullRequest
from architect.shell.closed_sprints import WINDOW, closed_sprints
from tests.world import OPS, PROJECT, World, make_world


def _pitched(tmp_path: Path, dialect: str) -> tuple[World, int, PullRequest]:
    world = make_world(tmp_path, dialect=dialect)
    vision = world.vision("Wishlists")
    assert world.tick().ok
    (pr,) = world.bot.list_pulls(OPS, state="open")
    return world, vision, pr


def test_a_tick_that_listed_every_ops_pr_finds_the_closed_one_without_another_read(
        tmp_path: Path, dialect: str) -> None:
    world, vision, pr = _pitched(tmp_path, dialect)
    world.client("bob").edit_pull(OPS, pr.number, state="closed")
    visions = (world.bot.get_issue(PROJECT, vision),)
    me = world.bot.current_user()
    read = closed_sprints(world.bot, world.config, me, visions, set())
    listed = tuple(world.bot.list_pulls(OPS, state="all"))
    before = sum(world.bot.stats.by_method.values())
    found = closed_sprints(world.bot, world.config, me, visions, set(), listed=listed)
    assert [(s.pr.number, s.closed_by) for s in found] == [
        (s.pr.number, s.closed_by) for s in read] == [(pr.number, "bob")]
    # Only who closed it and its comments are read: the closed PRs come from the list.
    assert sum(world.bot.stats.by_method.values()) - before == 2


def test_a_sprint_closed_before_the_last_window_of_closed_prs_is_not_looked_for(
        tmp_path: Path, dialect: str) -> None:
    """The branch's own list finds it, but as before only a PR among the last WINDOW
    closed ones is answered: those in between saw it (shared lists, same findings)."""
    world, vision, pr = _pitched(tmp_path, dialect)
    world.client("bob").edit_pull(OPS, pr.number, state="closed")
    other = world.client("deploy-bot")
    other.create_branch(OPS, "ops/bump", "main")
    for n in range(WINDOW):
        bump = other.create_pull(OPS, title=f"bump {n}", body="", head="ops/bump", base="main")
        other.edit_pull(OPS, bump.number, state="closed")
    visions = (world.bot.get_issue(PROJECT, vision),)
    me = world.bot.current_user()
    listed = tuple(world.bot.list_pulls(OPS, state="all"))
    assert closed_sprints(world.bot, world.config, me, visions, set()) == []
    assert closed_sprints(world.bot, world.config, me, visions, set(), listed=listed) == []


def test_a_vision_with_its_sprint_open_waits_for_nothing_and_costs_no_request(
        tmp_path: Path) -> None:
    world, vision, _ = _pitched(tmp_path, "forgejo")
    visions = (world.bot.get_issue(PROJECT, vision),)
    me = world.bot.current_user()
    before = sum(world.bot.stats.by_method.values())
    assert closed_sprints(world.bot, world.config, me, visions, {vision}) == []
    assert sum(world.bot.stats.by_method.values()) == before


def test_a_sprint_merged_by_hand_before_its_filing_is_answered_naming_its_merger(
        tmp_path: Path, dialect: str) -> None:
    world, vision, pr = _pitched(tmp_path, dialect)
    world.client("bob").merge_pull(OPS, pr.number)
    visions = (world.bot.get_issue(PROJECT, vision),)
    (found,) = closed_sprints(world.bot, world.config, world.bot.current_user(), visions, set())
    assert (found.pr.number, found.vision_number, found.closed_by) == (pr.number, vision, "bob")
    assert found.pr.merged
