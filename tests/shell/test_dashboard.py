"""The dashboard issue on the ops repo: found by the bot's label and mark, created once with
its label, edited only when the render differs, left closed when a person closed it."""

from __future__ import annotations

from pathlib import Path

import httpx

from architect.core.dashboard import ArchitectState, Dashboard, render
from architect.shell import dashboard
from tests.world import BASE, BOT, OPS, World, make_world


def _board(world: World, last_tick: str = "idle") -> Dashboard:
    return Dashboard(world.config.name, BOT, (),
                     ArchitectState(True, "5m", "offline", last_tick=last_tick))


def _requests(world: World) -> dict[str, int]:
    return dict(world.bot.stats.by_method)


def test_the_first_write_creates_the_label_and_the_issue_and_find_finds_it(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    me = world.bot.current_user()
    assert dashboard.find(world.bot, world.config, me) is None
    created = dashboard.write(world.bot, world.config, None, _board(world))
    label = world.config.architect.dashboard_label
    assert label in created.label_names and created.user.login == BOT
    assert created.body == render(_board(world))
    (listed,) = [x for x in world.bot.list_labels(OPS) if x.name == label]
    assert listed.color.lstrip("#") == dashboard.LABEL_COLOR.lstrip("#")
    found = dashboard.find(world.bot, world.config, me)
    assert found is not None and found.number == created.number
    assert dashboard.is_ours(world.config, me)(found)


def test_an_unchanged_render_writes_nothing_and_a_changed_one_edits_the_body(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    issue = dashboard.write(world.bot, world.config, None, _board(world))
    before = _requests(world)
    assert dashboard.write(world.bot, world.config, issue, _board(world)) == issue
    assert _requests(world) == before
    edited = dashboard.write(world.bot, world.config, issue, _board(world, "pitched #1"))
    assert edited.number == issue.number and "pitched #1" in edited.body
    assert world.bot.get_issue(OPS, issue.number).body == edited.body


def test_a_dashboard_a_person_closed_stays_closed_and_unwritten(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    issue = dashboard.write(world.bot, world.config, None, _board(world))
    closed = world.client("alice").edit_issue(OPS, issue.number, state="closed")
    kept = dashboard.write(world.bot, world.config, closed, _board(world, "pitched #1"))
    assert kept.state == "closed" and "pitched #1" not in world.bot.get_issue(
        OPS, issue.number).body


def test_an_issue_someone_else_wrote_with_the_mark_is_not_the_dashboard(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    label = world.config.architect.dashboard_label
    world.bot.create_label(OPS, name=label, color=dashboard.LABEL_COLOR, description="")
    label_id = next(x.id for x in world.bot.list_labels(OPS) if x.name == label)
    world.client("alice").create_issue(OPS, title="Architect", body=render(_board(world)),
                                       label_ids=[label_id])
    me = world.bot.current_user()
    assert dashboard.find(world.bot, world.config, me) is None
    issue, seen = dashboard.read(world.bot, world.config, me)
    assert issue is None and seen.number is None and seen.steerable


def test_a_dashboard_deleted_since_it_was_carried_is_created_again(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    issue = dashboard.write(world.bot, world.config, None, _board(world))
    http = httpx.Client(transport=httpx.WSGITransport(app=world.forge.wsgi), base_url=BASE)
    gone = http.delete(f"/api/v1/repos/{OPS}/issues/{issue.number}",
                       headers={"Authorization": f"token {world.tokens['acme']}"})
    assert gone.status_code == 204
    again = dashboard.write(world.bot, world.config, issue, _board(world, "pitched #1"))
    assert again.number != issue.number and "pitched #1" in again.body
    found = dashboard.find(world.bot, world.config, world.bot.current_user())
    assert found is not None and found.number == again.number
