"""The GitHub dialect's plumbing: permissions named, errors reshaped, pages and links."""

from __future__ import annotations

import pytest
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Request

from architect.emulator import github_serialize as ser
from architect.emulator.github_web import (
    Backend,
    Call,
    DialectError,
    issue_number,
    needed_permission,
    number_of,
    page,
    sorted_by,
)
from tests.emulator.conftest import REPO, ROOT, Forge


def _call(world: Forge, who: str | None = "bot", query: str = "") -> Call:
    request = Request(EnvironBuilder(path=f"/api/v3/repos/{REPO}/issues",
                                     query_string=query).get_environ())
    owner, repo = REPO.split("/")
    auth = f"Bearer {world.tokens[who]}" if who else None
    return Call(request, {"owner": owner, "repo": repo}, ser.Urls(ROOT + "/api/v3", ROOT), auth)


def test_needed_permission_names_the_area_and_the_level() -> None:
    assert needed_permission("GET", "/repos/a/b/pulls/1") == "pull_requests=read"
    assert needed_permission("PATCH", "/repos/a/b/git/refs/heads/x") == "contents=write"
    assert needed_permission("POST", "/repos/a/b/hooks") == "repository_hooks=write"
    assert needed_permission("GET", "/repos/a/b") == "metadata=read"


def test_forgejo_errors_come_back_in_githubs_words(world: Forge) -> None:
    backend = Backend(world.forge)
    with pytest.raises(DialectError) as missing:
        backend.forgejo(_call(world), "GET", "/repos/acme/nothing")
    assert (missing.value.status, missing.value.message) == (404, "Not Found")
    with pytest.raises(DialectError) as refused:
        backend.forgejo(_call(world, "carol"), "POST", f"/repos/{REPO}/labels",
                        body={"name": "x", "color": "ffffff"})
    assert refused.value.status == 403
    assert refused.value.headers == {"X-Accepted-GitHub-Permissions": "issues=write"}
    assert backend.asked[-1] == ("POST", f"/repos/{REPO}/labels")


def test_page_shapes_only_its_items_and_links_with_page_last(world: Forge) -> None:
    shaped: list[int] = []

    def shape(n: int) -> int:
        shaped.append(n)
        return n * 10

    reply = page(_call(world, query="page=2&per_page=2&state=all"), list(range(5)), shape)
    assert reply.body == [20, 30] and shaped == [2, 3]
    base = f"{ROOT}/api/v3/repos/{REPO}/issues?per_page=2&state=all"
    assert reply.headers["Link"] == (
        f'<{base}&page=3>; rel="next", <{base}&page=3>; rel="last", '
        f'<{base}&page=1>; rel="first", <{base}&page=1>; rel="prev"'
    )
    assert page(_call(world, query="per_page=500"), list(range(5)), shape).headers == {}


def test_number_of_finds_an_issue_by_id_in_this_repository_only(world: Forge) -> None:
    number = world.issue("Child")
    issue_id = world.get(f"/repos/{REPO}/issues/{number}")["id"]
    backend = Backend(world.forge)
    assert number_of(backend, _call(world), issue_id) == number
    for wrong in (issue_id + 100, True, "1"):
        with pytest.raises(DialectError) as raised:
            number_of(backend, _call(world), wrong)
        assert raised.value.status == 422


def test_sorted_by_and_issue_number(world: Forge) -> None:
    items = [{"id": 1, "created_at": "b", "updated_at": "a"},
             {"id": 2, "created_at": "a", "updated_at": "b"}]
    assert [i["id"] for i in sorted_by(_call(world), items)] == [1, 2]
    by_update = sorted_by(_call(world, query="sort=updated&direction=asc"), items)
    assert [i["id"] for i in by_update] == [1, 2]
    assert issue_number({"html_url": f"{ROOT}/{REPO}/pulls/12#issuecomment-3"}) == 12
    assert issue_number({}) == 0
