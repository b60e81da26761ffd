"""GitHub Enterprise Server by capability: 3.17 and 3.18 have neither the sub-issues nor
the dependencies API, 3.19 no sub-issues API. The first 404 of each is learned for the
server (kept in the state dir), the links are left to the bodies' text, and no tick
fails: a whole lifecycle with an accepted re-plan runs as GHES 3.18."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import httpx
import pytest

from architect.forge.github_caps import Capabilities, capabilities_file
from tests.e2e.test_replan_e2e import asked, subs_by_id
from tests.world import BASE, BOT, OPS, PROJECT, World, make_world

API = f"{BASE}/api/v3"


class Paths(httpx.BaseTransport):
    """The request paths a client sends, on to the dialect."""

    def __init__(self, inner: httpx.BaseTransport) -> None:
        self.inner = inner
        self.paths: list[str] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.paths.append(f"{request.method} {request.url.path}")
        return self.inner.handle_request(request)


def recorded(world: World) -> Paths:
    assert world.github is not None
    paths = Paths(httpx.WSGITransport(app=world.github))
    world.clients[BOT] = world.client(BOT, paths)
    return paths


def test_the_dialect_as_ghes_318_answers_404_for_what_318_lacks(tmp_path: Path) -> None:
    world = make_world(tmp_path, dialect="github", ghes="3.18")
    number = world.vision("Wishlists")
    http = httpx.Client(transport=httpx.WSGITransport(app=world.wsgi), base_url=API,
                        headers={"Authorization": f"Bearer {world.tokens[BOT]}"})
    for path in (f"/repos/{PROJECT}/issues/{number}/sub_issues",
                 f"/repos/{PROJECT}/issues/{number}/dependencies/blocked_by"):
        answer = http.get(path)
        assert answer.status_code == 404 and answer.json()["message"] == "Not Found"
    issue = http.get(f"/repos/{PROJECT}/issues/{number}")
    assert issue.status_code == 200
    assert issue.headers["X-GitHub-Enterprise-Version"] == "3.18.0"


def test_a_lifecycle_with_a_replan_runs_as_ghes_318_every_tick_ok(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    world = make_world(tmp_path, dialect="github", ghes="3.18")
    paths = recorded(world)
    with caplog.at_level(logging.INFO):
        _, pr, _ = asked(world)  # pitched, accepted, answered, filed; then changed
        world.tick()  # the re-plan proposed
        world.comment(pr, "ACCEPT")
        world.tick()  # and applied
    assert len(world.reports) == 5
    assert all(r.ok and not r.failed for r in world.reports)
    after = subs_by_id(world)
    assert after["page"].state == "closed" and after["api"].state == "open"
    assert world.bot_comments(pr)[-1].startswith(
        f"Re-plan 1 applied: closed {PROJECT}#{after['page'].number}; ")
    # The links are in the text: each sub-issue names its vision and what it waits for.
    assert f"Depends on #{after['api'].number}" in after["page"].body
    assert all("Decomposed from #" in issue.body for issue in after.values())
    # Each API was asked once, then known: one 404 each, for the whole story.
    lacking = [p for p in paths.paths if "/sub_issues" in p or "/dependencies" in p]
    assert len(lacking) == 2, lacking
    learned = [r.getMessage() for r in caplog.records if "has no" in r.getMessage()]
    assert len(learned) == 2  # one line for each API the server lacks
    assert any("no sub-issues API" in line for line in learned)
    kept = json.loads(capabilities_file(world.config.architect.state_dir).read_text())
    assert sorted(kept[API]["lacks"]) == ["dependencies", "sub_issues"]


def test_what_a_server_lacks_is_known_to_the_next_run(tmp_path: Path) -> None:
    world = make_world(tmp_path, dialect="github", ghes="3.18")
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.comment(pr.number, "ACCEPT")
    world.tick()
    world.comment(pr.number, "Q1: B\nQ2: recommended")
    paths = recorded(world)  # a new client, as the next `architect run` makes
    assert world.tick().ok  # filed
    assert world.bot.get_pull(OPS, pr.number).merged
    first = [p for p in paths.paths if "/sub_issues" in p or "/dependencies" in p]
    assert len(first) == 2  # learned now
    world.clients.pop(BOT)
    later = recorded(world)
    world.comment(pr.number, "REPLAN: drop the wishlist page")
    assert world.tick().ok
    assert [p for p in later.paths if "/sub_issues" in p or "/dependencies" in p] == []


def test_ghes_319_has_dependencies_but_no_sub_issues(tmp_path: Path) -> None:
    world = make_world(tmp_path, dialect="github", ghes="3.19")
    _, _, subs = asked(world)
    page, api = subs["page"].number, subs["api"].number
    assert [i.number for i in world.bot.list_dependencies(PROJECT, page)] == [api]
    known = Capabilities(API, capabilities_file(world.config.architect.state_dir))
    assert known.lacks("sub_issues") and not known.lacks("dependencies")


def test_a_404_for_an_issue_that_is_not_there_teaches_nothing(tmp_path: Path) -> None:
    world = make_world(tmp_path, dialect="github")
    with pytest.raises(Exception, match="not found"):
        world.bot.list_dependencies(PROJECT, 999)
    known = Capabilities(API, capabilities_file(world.config.architect.state_dir))
    assert not known.lacks("dependencies")
