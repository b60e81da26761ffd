"""What a person reading the embedded forge's pages expects from a forge: task lists as
boxes, links to bare URLs and to `#N` / `owner/repo#N`, code in titles, and the PR's
"Files changed" and the repo's branches pages (both 404 before)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from tests.emulator.test_webview import _get
from tests.world import BASE, OPS, PROJECT, World, make_world

BODY = """Plan for this week:

- [ ] write the `Store` class
- [x] agree on #1 and acme/shop-ops#2
- see https://example.org/docs?page=2. for details

`#9 in code` stays text.
"""


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> World:
    world = make_world(tmp_path_factory.mktemp("markup"))
    world.vision("Wishlists")
    world.tick()
    return world


def test_a_task_list_shows_boxes_ticked_as_written(world: World) -> None:
    number = world.setup.create_issue(PROJECT, "Tasks", BODY, token=world.tokens["bob"])
    page = _get(world, f"{BASE}/{PROJECT}/issues/{number}")
    boxes = page.tags_named("input")
    assert [(b.get("type"), "checked" in b, "disabled" in b) for b in boxes] == [
        ("checkbox", False, True), ("checkbox", True, True)]
    assert "[ ]" not in page.text() and "[x]" not in page.text()


def test_bare_urls_and_issue_references_are_links(world: World) -> None:
    number = world.setup.create_issue(PROJECT, "Links", BODY, token=world.tokens["bob"])
    page = _get(world, f"{BASE}/{PROJECT}/issues/{number}")
    links = {a.get("href") for a in page.tags_named("a")}
    assert f"/{PROJECT}/issues/1" in links  # `#1` is this repo's
    assert f"/{OPS}/issues/2" in links  # `owner/repo#2` is that repo's
    assert "https://example.org/docs?page=2" in links  # the full stop is the sentence's
    assert f"/{PROJECT}/issues/9" not in links  # in code: text
    assert _get(world, f"{BASE}/{PROJECT}/issues/1").status == 200


def test_code_in_a_title_is_shown_as_code(world: World) -> None:
    number = world.setup.create_issue(PROJECT, "Rename `cart_total` <soon>", "x",
                                      token=world.tokens["bob"])
    page = _get(world, f"{BASE}/{PROJECT}/issues/{number}")
    assert "<h1>Rename <code>cart_total</code> &lt;soon&gt;" in page.html
    listing = _get(world, f"{BASE}/{PROJECT}/issues")
    assert "<code>cart_total</code>" in listing.html


def test_a_pull_requests_files_page_shows_what_it_changes(world: World) -> None:
    (pr,) = world.bot.list_pulls(OPS, state="open")
    conversation = _get(world, pr.html_url)
    assert f"/{OPS}/pulls/{pr.number}/files" in {a.get("href")
                                                for a in conversation.tags_named("a")}
    files = _get(world, f"{pr.html_url}/files")
    assert files.status == 200
    (path,) = [f for f in world.bot.list_files(OPS, "sprints", ref=pr.head.ref)]
    assert path in files.text() and "added" in files.text()
    assert "## Vision issues" in files.text()  # the sprint file's text
    assert _get(world, f"{BASE}/{OPS}/pulls/999/files").status == 404


def test_a_repos_branches_page_lists_each_branch(world: World) -> None:
    (pr,) = world.bot.list_pulls(OPS, state="open")
    page = _get(world, f"{BASE}/{OPS}/branches")
    assert page.status == 200
    links = {a.get("href") for a in page.tags_named("a")}
    assert f"/{OPS}/src/branch/main" in links
    assert f"/{OPS}/src/branch/{pr.head.ref}" in links
    repo_page = _get(world, f"{BASE}/{OPS}")
    assert f"/{OPS}/branches" in {a.get("href") for a in repo_page.tags_named("a")}


def test_an_unknown_repos_pages_are_not_found(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    with httpx.Client(transport=httpx.WSGITransport(app=world.forge.wsgi), base_url=BASE) as http:
        assert http.get("/acme/nothing/branches").status_code == 404
        assert http.get("/acme/nothing/pulls/1/files").status_code == 404
