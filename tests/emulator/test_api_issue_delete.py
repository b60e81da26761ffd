"""`DELETE /repos/{o}/{r}/issues/{index}` as Forgejo routes it: `reqToken(), reqAdmin()`
(routers/api/v1/api.go), 204 on success; the issue, its comments and its dependencies go."""

from __future__ import annotations

import pytest

from architect.emulator.api_issue_delete import delete_issue
from architect.emulator.web import ApiError
from tests.emulator.conftest import REPO, Forge

ISSUES = f"/repos/{REPO}/issues"


def test_the_owner_deletes_an_issue_with_its_comments(world: Forge) -> None:
    keep = world.issue("keep me")
    gone = world.issue("delete me")
    comment = world.call("POST", f"{ISSUES}/{gone}/comments", "alice", json={"body": "hi"})
    assert comment.status_code == 201
    deleted = world.call("DELETE", f"{ISSUES}/{gone}", "acme")
    assert deleted.status_code == 204 and deleted.content == b""
    assert world.call("GET", f"{ISSUES}/{gone}").status_code == 404
    assert [i["number"] for i in world.get(ISSUES)] == [keep]
    assert world.get(f"{ISSUES}/comments") == []
    assert world.call("GET", f"{ISSUES}/comments/{comment.json()['id']}").status_code == 404
    # Numbers are never reused.
    assert world.issue("next") == gone + 1


def test_a_writer_who_is_not_admin_gets_403_and_nothing_changes(world: Forge) -> None:
    number = world.issue("stays")
    refused = world.call("DELETE", f"{ISSUES}/{number}", "alice")
    assert refused.status_code == 403
    assert "owner or a site admin" in refused.json()["message"]
    assert world.get(f"{ISSUES}/{number}")["title"] == "stays"


def test_anonymous_is_401_a_missing_issue_404_and_the_site_admin_may(world: Forge) -> None:
    number = world.issue("x")
    assert world.call("DELETE", f"{ISSUES}/{number}", None).status_code == 401
    assert world.call("DELETE", f"{ISSUES}/999", "acme").status_code == 404
    assert world.call("DELETE", f"{ISSUES}/{number}", "admin").status_code == 204


def test_a_deleted_pull_request_leaves_the_pull_list_and_dependencies(world: Forge) -> None:
    blocker = world.issue("blocker")
    blocked = world.issue("blocked")
    added = world.call("POST", f"{ISSUES}/{blocked}/dependencies", "alice",
                       json={"owner": "acme", "repo": "widgets", "index": blocker})
    assert added.status_code == 201
    pull = world.pull("feature/x")
    assert world.call("DELETE", f"{ISSUES}/{pull}", "acme").status_code == 204
    assert world.get(f"/repos/{REPO}/pulls") == []
    assert world.call("DELETE", f"{ISSUES}/{blocker}", "acme").status_code == 204
    assert world.get(f"{ISSUES}/{blocked}/dependencies") == []


def test_the_handler_answers_204_with_no_body_and_the_issue_is_gone_from_the_store(
        world: Forge) -> None:
    number = world.issue("delete me")
    reply = delete_issue(world.ctx("acme", "DELETE", params={"index": str(number)}))
    assert (reply.status, reply.empty, reply.body) == (204, True, None)
    assert number not in world.repo().issues


def test_the_handler_refuses_a_writer_before_looking_the_issue_up(world: Forge) -> None:
    with pytest.raises(ApiError) as raised:  # reqAdmin() runs before the issue is loaded
        delete_issue(world.ctx("alice", "DELETE", params={"index": "999"}))
    assert raised.value.status == 403
