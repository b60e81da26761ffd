"""The GitHub dialect's issue routes: labels by name, sub-issues, blockers, search."""

from __future__ import annotations

import pytest

from architect.emulator import github_routes_issues as routes
from architect.emulator.github_web import DialectError
from tests.emulator.conftest import REPO, Forge, GitHub, github_of


@pytest.fixture
def gh(world: Forge) -> GitHub:
    return github_of(world)


def _id(world: Forge, number: int) -> int:
    found: int = world.get(f"/repos/{REPO}/issues/{number}")["id"]
    return found


def test_an_unknown_label_matches_no_issue(world: Forge, gh: GitHub) -> None:
    world.setup.create_label(REPO, "bug", "ee0701")
    buggy = world.issue("Buggy", labels=("bug",))
    world.issue("Plain")
    listed = gh.call("GET", f"/repos/{REPO}/issues", params={"labels": "bug"}).json()
    assert [i["number"] for i in listed] == [buggy]
    assert gh.call("GET", f"/repos/{REPO}/issues", params={"labels": "nope"}).json() == []


def test_an_issue_created_with_a_new_label_name_creates_the_label(gh: GitHub) -> None:
    made = gh.call("POST", f"/repos/{REPO}/issues", json={"title": "T", "labels": ["fresh"]})
    assert made.status_code == 201
    assert [lab["name"] for lab in made.json()["labels"]] == ["fresh"]
    names = [lab["name"] for lab in gh.call("GET", f"/repos/{REPO}/labels").json()]
    assert "fresh" in names


def test_removing_a_label_the_issue_lacks_is_a_404(world: Forge, gh: GitHub) -> None:
    number = world.issue("No labels")
    gone = gh.call("DELETE", f"/repos/{REPO}/issues/{number}/labels/bug")
    assert gone.status_code == 404
    assert gone.json()["message"] == "Label does not exist"


def test_a_sub_issue_has_one_parent(world: Forge, gh: GitHub) -> None:
    parent, other, child = world.issue("P"), world.issue("O"), world.issue("C")
    path = f"/repos/{REPO}/issues/{{}}/sub_issues"
    added = gh.call("POST", path.format(parent), json={"sub_issue_id": _id(world, child)})
    assert added.status_code == 201
    again = gh.call("POST", path.format(other), json={"sub_issue_id": _id(world, child)})
    assert again.status_code == 422
    assert "duplicate sub-issues" in again.json()["errors"][0]["message"]
    listed = gh.call("GET", path.format(parent)).json()
    assert [i["number"] for i in listed] == [child]


def test_a_blocker_is_added_and_removed_by_id(world: Forge, gh: GitHub) -> None:
    blocked, blocker = world.issue("Blocked"), world.issue("Blocker")
    path = f"/repos/{REPO}/issues/{blocked}/dependencies/blocked_by"
    assert gh.call("POST", path, json={"issue_id": _id(world, blocker)}).status_code == 201
    assert [i["number"] for i in gh.call("GET", path).json()] == [blocker]
    assert gh.call("DELETE", f"{path}/{_id(world, blocker)}").status_code == 200
    assert gh.call("DELETE", f"{path}/{_id(world, blocker)}").status_code == 404


def test_search_needs_a_repo_and_reads_is_and_label(world: Forge, gh: GitHub) -> None:
    world.setup.create_label(REPO, "vision", "00aabb")
    wanted = world.issue("Wishlist", labels=("vision",))
    world.issue("Other")
    world.pull("fix")
    assert gh.call("GET", "/search/issues", params={"q": "is:open"}).status_code == 422
    found = gh.call("GET", "/search/issues",
                    params={"q": f'repo:{REPO} is:open is:issue label:"vision"'}).json()
    assert found["total_count"] == 1 and found["items"][0]["number"] == wanted


def test_search_drops_or_and_scores_each_item_as_github_does(world: Forge, gh: GitHub) -> None:
    world.setup.create_label(REPO, "vision", "00aabb")
    first = world.issue("Wishlist", labels=("vision",))
    second = world.issue("Gift cards", labels=("vision",))
    world.issue("Wishlist bug")
    query = {"q": f'repo:{REPO} is:issue label:"vision" Wishlist OR Gift'}
    found = routes.search_issues(gh.dialect.backend, gh.handler_call(query=query))
    assert found.status == 200 and isinstance(found.body, dict)
    assert (found.body["total_count"], found.body["incomplete_results"],
            found.body["search_type"]) == (2, False, "lexical")
    items = found.body["items"]
    assert isinstance(items, list)
    assert {i["number"] for i in items} == {first, second}
    assert {i["score"] for i in items} == {1.0}


def test_removing_a_blocker_github_does_not_know_is_a_404(world: Forge, gh: GitHub) -> None:
    number = world.issue("blocked")
    call = gh.handler_call(method="DELETE", params={"number": str(number),
                                                    "issue_id": "424242"})
    with pytest.raises(DialectError) as refused:
        routes.remove_blocked_by(gh.dialect.backend, call)
    assert (refused.value.status, refused.value.message) == (404, "Not Found")
