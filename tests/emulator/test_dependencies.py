"""Issue dependencies answer as Forgejo's handlers do.

References (Forgejo d883bd8f12): routers/api/v1/repo/issue_dependency.go
(`GetIssueDependencies`, `CreateIssueDependency`, `RemoveIssueDependency`,
`getFormIssue`, `createIssueDependency`) and models/issues/dependency.go
(`CreateIssueDependency`, `RemoveIssueDependency`).
"""

from __future__ import annotations

from tests.emulator.conftest import REPO, Forge

ISSUES = f"/repos/{REPO}/issues"


def _meta(index: int) -> dict[str, object]:
    return {"index": index, "owner": "acme", "repo": "widgets"}


def _link(world: Forge, number: int, on: int, method: str = "POST", who: str = "bot") -> int:
    return world.call(method, f"{ISSUES}/{number}/dependencies", who,
                      json=_meta(on)).status_code


def test_an_existing_link_or_its_reverse_is_a_500_with_no_text_for_a_user(
        world: Forge) -> None:
    blocker, blocked = world.issue("blocker"), world.issue("blocked")
    assert _link(world, blocked, blocker) == 201
    again = world.call("POST", f"{ISSUES}/{blocked}/dependencies", json=_meta(blocker))
    assert again.status_code == 500 and again.json()["message"] == ""
    assert _link(world, blocker, blocked) == 500  # the two would block each other
    admin = world.call("POST", f"{ISSUES}/{blocked}/dependencies", "admin", json=_meta(blocker))
    assert "issue dependency does already exist" in admin.json()["message"]


def test_only_the_direct_reverse_counts_as_a_cycle(world: Forge) -> None:
    a, b, c = world.issue("a"), world.issue("b"), world.issue("c")
    assert (_link(world, b, a), _link(world, c, b)) == (201, 201)
    assert _link(world, a, c) == 201  # a → c → b → a: CreateIssueDependency lets it in


def test_removing_answers_201_and_removing_a_missing_link_is_a_500(world: Forge) -> None:
    blocker, blocked = world.issue("blocker"), world.issue("blocked")
    assert _link(world, blocked, blocker) == 201
    assert _link(world, blocked, blocker, "DELETE") == 201
    assert world.get(f"{ISSUES}/{blocked}/dependencies") == []
    assert _link(world, blocked, blocker, "DELETE") == 500


def test_the_listing_has_no_total_count(world: Forge) -> None:
    blocker, blocked = world.issue("blocker"), world.issue("blocked")
    _link(world, blocked, blocker)
    listed = world.call("GET", f"{ISSUES}/{blocked}/dependencies")
    assert [i["number"] for i in listed.json()] == [blocker]
    assert "x-total-count" not in listed.headers and "link" not in listed.headers


def test_a_non_writer_and_a_body_without_owner_and_repo_get_404(world: Forge) -> None:
    blocker, blocked = world.issue("blocker"), world.issue("blocked")
    assert _link(world, blocked, blocker, who="carol") == 404
    bare = world.call("POST", f"{ISSUES}/{blocked}/dependencies", json={"index": blocker})
    assert bare.status_code == 404
    assert world.get(f"{ISSUES}/{blocked}/dependencies") == []


def test_a_link_moves_updated_at_of_both_issues(world: Forge) -> None:
    blocker, blocked = world.issue("blocker"), world.issue("blocked")
    before = {n: world.get(f"{ISSUES}/{n}")["updated_at"] for n in (blocker, blocked)}
    _link(world, blocked, blocker)
    after = {n: world.get(f"{ISSUES}/{n}")["updated_at"] for n in (blocker, blocked)}
    assert all(after[n] > before[n] for n in (blocker, blocked))
