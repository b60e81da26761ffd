""""Blocked by" dependencies on the GitHub dialect, through the adapter: added, listed and
removed as GitHub's `issues/*-blocked-by*` operations answer them, and a re-plan that
closes a sub-issue unlinks what it waited for first."""

from __future__ import annotations

from pathlib import Path

import pytest

from architect.errors import ForgeError, ForgeNotFound
from tests.e2e.test_replan_e2e import asked, subs_by_id
from tests.world import PROJECT, make_world


def test_a_dependency_removed_is_gone_and_removing_it_again_is_not_found(
        tmp_path: Path) -> None:
    world = make_world(tmp_path, dialect="github")
    bot = world.bot
    first = bot.create_issue(PROJECT, title="Store", body="")
    second = bot.create_issue(PROJECT, title="API", body="")
    bot.add_dependency(PROJECT, second.number, depends_on=first.number)
    assert [i.number for i in bot.list_dependencies(PROJECT, second.number)] == [first.number]
    bot.remove_dependency(PROJECT, second.number, depends_on=first.number)
    assert bot.list_dependencies(PROJECT, second.number) == []
    bot.edit_issue(PROJECT, second.number, state="closed")  # nothing holds it open now
    with pytest.raises(ForgeNotFound):
        bot.remove_dependency(PROJECT, second.number, depends_on=first.number)


def test_only_a_writer_removes_a_dependency(tmp_path: Path) -> None:
    world = make_world(tmp_path, dialect="github")
    first = world.bot.create_issue(PROJECT, title="Store", body="")
    second = world.bot.create_issue(PROJECT, title="API", body="")
    world.bot.add_dependency(PROJECT, second.number, depends_on=first.number)
    with pytest.raises(ForgeError):
        world.client("stranger").remove_dependency(PROJECT, second.number,
                                                   depends_on=first.number)
    assert [i.number for i in world.bot.list_dependencies(PROJECT, second.number)] == [
        first.number]


def test_a_replan_on_github_closes_a_sub_issue_that_waited_for_an_open_one(
        tmp_path: Path) -> None:
    world = make_world(tmp_path, dialect="github")
    _, pr, subs = asked(world)
    page, api = subs["page"].number, subs["api"].number
    assert [i.number for i in world.bot.list_dependencies(PROJECT, page)] == [api]
    world.tick()
    world.comment(pr, "ACCEPT")
    world.tick()
    after = subs_by_id(world)
    assert after["page"].state == "closed" and after["api"].state == "open"
    assert world.bot.list_dependencies(PROJECT, page) == []
    assert world.bot_comments(pr)[-1].startswith(
        f"Re-plan 1 applied: closed {PROJECT}#{page}; ")
