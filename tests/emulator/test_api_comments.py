"""Comments: required bodies, locked issues, events that are not comments, lists and paging."""

from __future__ import annotations

import pytest

from architect.emulator import api_comments
from architect.emulator.web import ApiError
from tests.emulator.conftest import REPO, Forge

ISSUES = f"/repos/{REPO}/issues"


def test_a_comment_needs_a_body_and_a_locked_issue_takes_writers_only(world: Forge) -> None:
    number = world.issue("Locked")
    path = f"{ISSUES}/{number}/comments"
    empty = world.call("POST", path, "carol", json={"body": ""})
    assert (empty.status_code, empty.json()["message"]) == (422, "[Body]: Required")
    world.repo().issues[number].is_locked = True
    refused = world.call("POST", path, "carol", json={"body": "hi"})
    assert (refused.status_code, refused.content) == (403, b"")
    assert world.call("POST", path, "alice", json={"body": "hi"}).status_code == 201


def test_an_event_row_is_no_comment_to_get_or_edit(world: Forge) -> None:
    number = world.issue("Closed")
    world.setup.edit_issue(REPO, number, token=world.tokens["alice"], state="closed")
    event_id = world.get(f"{ISSUES}/{number}/timeline")[0]["id"]
    got = world.call("GET", f"{ISSUES}/comments/{event_id}")
    assert (got.status_code, got.content) == (204, b"")
    edited = world.call("PATCH", f"{ISSUES}/comments/{event_id}", "alice", json={"body": "x"})
    assert edited.status_code == 204
    assert world.get(f"{ISSUES}/{number}/comments") == []


def test_an_issues_comments_are_never_paged(world: Forge) -> None:
    number = world.issue("Chatty")
    for text in ("a", "b", "c"):
        world.setup.comment(REPO, number, text, token=world.tokens["carol"])
    listed = world.call("GET", f"{ISSUES}/{number}/comments", params={"limit": 1, "page": 2})
    assert [c["body"] for c in listed.json()] == ["a", "b", "c"]
    assert listed.headers["X-Total-Count"] == "3"


def test_the_repos_comments_page_only_when_asked(world: Forge) -> None:
    first, second = world.issue("one"), world.issue("two")
    for number, text in ((first, "a"), (second, "b"), (first, "c")):
        world.setup.comment(REPO, number, text, token=world.tokens["carol"])
    assert [c["body"] for c in world.get(f"{ISSUES}/comments")] == ["a", "b", "c"]
    page = world.call("GET", f"{ISSUES}/comments", params={"page": 2, "limit": 2})
    assert [c["body"] for c in page.json()] == ["c"]
    assert page.headers["X-Total-Count"] == "3"


def test_the_owner_may_back_date_a_comment_and_before_filters_on_it(world: Forge) -> None:
    number = world.issue("History")
    old = world.call("POST", f"{ISSUES}/{number}/comments", "acme",
                     json={"body": "long ago", "updated_at": "2025-06-01T12:00:00Z"})
    assert old.status_code == 201 and old.json()["created_at"] == "2025-06-01T12:00:00Z"
    world.setup.comment(REPO, number, "today", token=world.tokens["carol"])
    earlier = world.get(f"{ISSUES}/{number}/comments", params={"before": "2025-12-31T00:00:00Z"})
    assert [c["body"] for c in earlier] == ["long ago"]
    refused = world.call("POST", f"{ISSUES}/{number}/comments", "alice",
                         json={"body": "x", "updated_at": "2025-06-01T12:00:00Z"})
    assert refused.status_code == 403



def test_the_handlers_create_list_edit_and_delete_a_plain_comment(world: Forge) -> None:
    number = world.issue("Talk")
    at = {"index": str(number)}
    created = api_comments.create_comment(world.ctx("carol", params=at, json={"body": "hi"}))
    assert created.status == 201 and isinstance(created.body, dict)
    assert (created.body["body"], created.body["user"]["login"]) == ("hi", "carol")
    listed = api_comments.list_issue_comments(world.ctx("carol", "GET", params=at))
    assert [c["body"] for c in listed.body] == ["hi"]
    assert listed.headers["X-Total-Count"] == "1"
    one = {"id": str(created.body["id"])}
    edited = api_comments.edit_comment(world.ctx("carol", "PATCH", params=one,
                                                 json={"body": "hello"}))
    assert edited.status == 200 and edited.body["body"] == "hello"
    deleted = api_comments.delete_comment(world.ctx("carol", "DELETE", params=one))
    assert (deleted.status, deleted.empty) == (204, True)
    assert world.get(f"/repos/{REPO}/issues/{number}")["comments"] == 0


def test_a_reader_may_not_edit_someone_elses_comment_but_a_writer_may(world: Forge) -> None:
    number = world.issue("Talk")
    comment = world.setup.comment(REPO, number, "mine", token=world.tokens["carol"])
    one = {"id": str(comment)}
    with pytest.raises(ApiError) as raised:
        api_comments.edit_comment(world.ctx("bot", "PATCH", params={"id": "0"},
                                            json={"body": "x"}))
    assert raised.value.status == 404  # no comment 0 in this repo
    world.setup.create_user("dave")
    with pytest.raises(ApiError) as refused:
        api_comments.edit_comment(world.ctx("dave", "PATCH", params=one, json={"body": "x"}))
    assert refused.value.status == 403
    by_writer = api_comments.edit_comment(world.ctx("alice", "PATCH", params=one,
                                                    json={"body": "tidied"}))
    assert by_writer.body["body"] == "tidied"
