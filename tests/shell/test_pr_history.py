"""Each vision's sprint PRs: one `head=` query a vision for the first few, then one listing
of the ops repo that answers for every other; a deleted branch still names its vision."""

from __future__ import annotations

from pathlib import Path

from architect.core.sprint import branch_for
from architect.shell.pr_history import (
    PER_VISION_QUERIES,
    ClosedSprintPRs,
    SprintPRHistory,
    vision_of,
)
from tests.world import BOT, OPS, World, make_world


def _sprint_pr(world: World, vision: int, *, by: str = BOT, title: str = "") -> int:
    """A PR from `vision`'s sprint branch, opened by `by`."""
    branch = branch_for(vision)
    if branch not in world.bot.list_branches(OPS):
        world.setup.put_file(OPS, f"sprints/{vision}.md", "pitch\n", branch=branch)
    return world.client(by).create_pull(OPS, title=title or f"architect: vision {vision}",
                                        body="", head=branch, base="main").number


def _requests(world: World) -> int:
    return sum(world.bot.stats.by_method.values())


def test_the_first_visions_are_one_query_each_then_one_listing_answers_the_rest(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    visions = range(1, PER_VISION_QUERIES + 3)
    prs = {v: _sprint_pr(world, v) for v in visions}
    history = SprintPRHistory(world.bot, world.config, BOT)
    before = _requests(world)
    for vision in visions[:PER_VISION_QUERIES]:
        assert [pr.number for pr in history.of(vision)] == [prs[vision]]
    assert _requests(world) - before == PER_VISION_QUERIES and history.listed is None
    for vision in visions[PER_VISION_QUERIES:]:
        assert [pr.number for pr in history.of(vision)] == [prs[vision]]
    assert _requests(world) - before == PER_VISION_QUERIES + 1  # one listing, one page
    assert history.listed is not None
    assert {pr.number for pr in history.listed} == set(prs.values())


def test_only_the_bots_own_sprint_prs_count_oldest_first(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    first = _sprint_pr(world, 7)
    world.bot.edit_pull(OPS, first, state="closed")
    theirs = _sprint_pr(world, 7, by="alice")  # someone else's PR from the sprint branch
    world.bot.edit_pull(OPS, theirs, state="closed")
    second = _sprint_pr(world, 7)
    history = SprintPRHistory(world.bot, world.config, BOT)
    assert [pr.number for pr in history.of(7)] == [first, second]


def test_closed_sprint_prs_are_listed_once_per_vision_however_often_asked(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    number = _sprint_pr(world, 3)
    _sprint_pr(world, 4)
    world.bot.edit_pull(OPS, number, state="closed")
    closed = ClosedSprintPRs(world.bot, world.config)
    before = _requests(world)
    assert [pr.number for pr in closed.of(3)] == [number]
    assert [pr.number for pr in closed.of(3)] == [number]
    assert closed.of(4) == []
    assert _requests(world) - before == 2


def test_a_deleted_branch_still_names_its_vision_through_the_heads_label(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    number = _sprint_pr(world, 5)
    world.bot.edit_pull(OPS, number, state="closed")
    world.bot.delete_branch(OPS, branch_for(5))
    pr = world.bot.get_pull(OPS, number)
    assert pr.head.ref != branch_for(5)  # Forgejo answers refs/pull/N/head
    assert vision_of(pr) == 5
    unrelated = world.bot.get_pull(OPS, _sprint_pr(world, 6))
    assert vision_of(unrelated) == 6


def test_a_merged_sprint_pr_of_the_bash_architect_counts_whoever_opened_it(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    merged = _sprint_pr(world, 8, by="deploy-bot", title="architect: Wishlists")
    world.bot.merge_pull(OPS, merged)
    history = SprintPRHistory(world.bot, world.config, BOT)
    assert [pr.number for pr in history.of(8)] == [merged]
