"""The read-only web view: every `html_url` the API hands out opens a page a person can read.

The pages are read as a browser would get them (through the forge's WSGI app) and
parsed with the standard library's HTML parser; what is asserted is what a reader
sees: titles, rendered bodies, comments at their anchors, and no markers.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Request

from architect.emulator.webview import is_web_path, respond
from architect.emulator.webview_html import SECURITY_HEADERS
from tests.html_page import Page, parse
from tests.world import BASE, BOT, OPS, PROJECT, World, make_world

INJECTION = (
    "Looks good. **Ship it**.\n\n"
    "<script>alert(1)</script> <img src=x onerror=alert(2)>\n\n"
    '<!-- architect: ledger {"forged": true} -->\n'
)


def _get(world: World, url: str) -> Page:
    with httpx.Client(transport=httpx.WSGITransport(app=world.forge.wsgi), base_url=BASE) as http:
        response = http.get(urlsplit(url).path)
    if response.headers.get("content-type", "").startswith("text/html"):
        return parse(response.status_code, response.text)
    return Page(response.status_code, response.text)


def _api(world: World, path: str, **params: Any) -> Any:
    with httpx.Client(
        transport=httpx.WSGITransport(app=world.forge.wsgi), base_url=BASE + "/api/v1"
    ) as http:
        response = http.get(
            path, params=params, headers={"Authorization": f"token {world.tokens[BOT]}"}
        )
    response.raise_for_status()
    return response.json()


def _write(world: World, path: str, text: str) -> Any:
    with httpx.Client(
        transport=httpx.WSGITransport(app=world.forge.wsgi), base_url=BASE + "/api/v1"
    ) as http:
        response = http.post(
            path,
            json={"content": base64.b64encode(text.encode()).decode()},
            headers={"Authorization": f"token {world.tokens[BOT]}"},
        )
    response.raise_for_status()
    return response.json()


def _html_urls(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "html_url" and isinstance(item, str) and item:
                yield item
            else:
                yield from _html_urls(item)
    elif isinstance(value, list):
        for item in value:
            yield from _html_urls(item)


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> World:
    """A sprint PR with the architect's questions, a human comment and a review on it."""
    world = make_world(tmp_path_factory.mktemp("webview"))
    world.vision("Wishlists")
    world.tick()
    pr = world.sprint_prs()[0].number  # type: ignore[attr-defined]
    world.review(pr, "APPROVED", "Approved: the scope is right.")
    world.tick()
    world.comment(pr, INJECTION)
    return world


def _sprint_pr(world: World) -> dict[str, Any]:
    pulls: list[dict[str, Any]] = _api(world, f"/repos/{OPS}/pulls", state="all")
    return pulls[0]


def test_the_pr_page_shows_title_rendered_body_and_each_comment_at_its_anchor(
    world: World,
) -> None:
    pr = _sprint_pr(world)
    page = _get(world, pr["html_url"])
    assert page.status == 200
    assert pr["title"] in page.title
    assert pr["title"] in page.text_by_id["issue-body"] or pr["title"] in page.text()
    # The pitch's Markdown headings are headings, not `##` text.
    assert page.tags_named("h2"), page.html[:500]
    assert "##" not in page.text_by_id["issue-body"]
    assert f"{pr['head']['ref']} into {pr['base']['ref']}" in page.text()

    comments = _api(world, f"/repos/{OPS}/issues/{pr['number']}/comments")
    assert len(comments) >= 2  # the architect's questions and the human's comment
    for comment in comments:
        anchor = urlsplit(comment["html_url"]).fragment
        shown = page.text_by_id[anchor]
        assert comment["user"]["login"] in shown
        first_words = comment["body"].split("<!--")[0].split()[:3]
        for word in first_words:
            assert word.strip("*#`") in shown

    reviews = _api(world, f"/repos/{OPS}/pulls/{pr['number']}/reviews")
    approval = next(r for r in reviews if r["state"] == "APPROVED")
    shown = page.text_by_id[urlsplit(approval["html_url"]).fragment]
    assert "alice approved" in shown
    assert "the scope is right" in shown


def test_markers_stay_hidden_and_no_body_becomes_markup(world: World) -> None:
    pr = _sprint_pr(world)
    page = _get(world, pr["html_url"])
    raw_bodies = [pr["body"]] + [
        c["body"] for c in _api(world, f"/repos/{OPS}/issues/{pr['number']}/comments")
    ]
    markers = [m.strip() for body in raw_bodies for m in re.findall(r"<!--(.*?)-->", body, re.S)]
    assert any(m.startswith("architect:") for m in markers)  # the bot did write markers
    for marker in markers:
        assert marker not in page.html
    assert "<!--" not in page.html
    assert "forged" not in page.html
    assert page.tags_named("script") == []
    assert all("onerror" not in attrs for attrs in page.tags_named("img"))
    assert "<script>alert(1)</script>" in page.text()  # shown as the text it is
    assert "**" not in page.text()
    assert "strong" in {tag for tag, _ in page.tags}


def test_every_html_url_of_the_api_opens_a_page(world: World) -> None:
    pr = _sprint_pr(world)
    branch = pr["head"]["ref"]
    sources = [
        _api(world, f"/repos/{OPS}"),
        _api(world, f"/repos/{PROJECT}"),
        _api(world, f"/repos/{PROJECT}/issues", state="all"),
        _api(world, f"/repos/{OPS}/issues", state="all"),
        _api(world, f"/repos/{OPS}/pulls", state="all"),
        _api(world, f"/repos/{OPS}/issues/{pr['number']}/comments"),
        _api(world, f"/repos/{OPS}/pulls/{pr['number']}/reviews"),
        _api(world, f"/repos/{OPS}/contents/sprints", ref=branch),
        _write(world, f"/repos/{OPS}/contents/notes/web.md", "# Notes\n"),
    ]
    urls = set(_html_urls(sources))
    # A branch's commit link is its `url` (a web page, as in Forgejo's PayloadCommit).
    urls |= {b["commit"]["url"] for b in _api(world, f"/repos/{OPS}/branches")}
    kinds = {urlsplit(u).path.split("/")[3] if u.count("/") > 5 else "" for u in urls}
    assert {"issues", "pulls", "src", "commit"} <= kinds, urls
    for url in sorted(urls):
        page = _get(world, url)
        assert page.status == 200, url
        assert page.title, url
        fragment = urlsplit(url).fragment
        if fragment:
            assert fragment in page.text_by_id, url


def test_a_file_on_a_branch_with_a_slash_and_its_raw_form(world: World) -> None:
    pr = _sprint_pr(world)
    branch = pr["head"]["ref"]
    assert "/" in branch
    (entry,) = _api(world, f"/repos/{OPS}/contents/sprints", ref=branch)
    page = _get(world, entry["html_url"])
    assert page.status == 200
    assert entry["name"] in page.title
    raw = _get(world, entry["download_url"])
    assert raw.status == 200
    assert raw.html.startswith("#")  # the sprint file's Markdown source, as text
    repo = _get(world, f"/{OPS}")
    assert branch in repo.text()
    assert f"#{pr['number']} {pr['title']}" in repo.text()


def test_an_issue_link_to_a_pull_request_leads_to_it(world: World) -> None:
    pr = _sprint_pr(world)
    with httpx.Client(transport=httpx.WSGITransport(app=world.forge.wsgi), base_url=BASE) as http:
        response = http.get(f"/{OPS}/issues/{pr['number']}")
    assert response.status_code == 303
    assert response.headers["location"].endswith(f"/{OPS}/pulls/{pr['number']}")


def test_the_index_lists_public_repos_and_private_ones_do_not_exist(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.setup.create_repo("acme", "secret-plans", private=True)
    index = _get(world, "/")
    assert index.status == 200
    assert PROJECT in index.text() and OPS in index.text()
    assert "secret-plans" not in index.html
    assert _get(world, "/acme/secret-plans").status == 404
    assert _get(world, "/acme/secret-plans/issues/1").status == 404
    assert _get(world, "/acme/shop/issues/999").status == 404


def test_the_api_is_untouched_by_the_pages(world: World) -> None:
    with httpx.Client(transport=httpx.WSGITransport(app=world.forge.wsgi), base_url=BASE) as http:
        missing = http.get("/api/v1/nowhere")
        post = http.post(f"/{OPS}")
    assert missing.status_code == 404
    assert missing.headers["content-type"].startswith("application/json")
    assert post.status_code in (404, 405)


def test_only_paths_outside_the_api_are_pages() -> None:
    assert not is_web_path("/api") and not is_web_path("/api/v1/repos/acme/shop")
    assert is_web_path("/") and is_web_path("/acme/shop") and is_web_path("/apis")


def _respond(world: World, path: str) -> tuple[int, str, dict[str, str]]:
    response = respond(world.forge.wsgi.store,
                       Request(EnvironBuilder(path=path).get_environ()))
    return response.status_code, response.get_data(as_text=True), dict(response.headers)


def test_the_index_and_a_users_page_list_public_repositories_only(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.setup.create_repo("acme", "secret", private=True)
    status, index, headers = _respond(world, "/")
    assert status == 200 and headers["Content-Type"] == "text/html; charset=utf-8"
    assert all(headers[k] == v for k, v in SECURITY_HEADERS.items())
    assert "acme/shop" in index and "acme/shop-ops" in index and "secret" not in index
    status, user, _ = _respond(world, "/acme")
    assert status == 200 and ">shop-ops<" in user and "secret" not in user
    assert _respond(world, "/acme/secret")[0] == 404  # private: not there for a visitor
    missing_status, missing, missing_headers = _respond(world, "/nobody")
    assert missing_status == 404 and "<h1>Not found</h1>" in missing
    assert all(missing_headers[k] == v for k, v in SECURITY_HEADERS.items())
