"""An issue's timeline: comments and events in order, `since`, and a page-sized count."""

from __future__ import annotations

from architect.emulator.api_timeline import list_timeline
from tests.emulator.conftest import REPO, Forge


def test_comments_and_state_changes_come_in_order_with_their_doers(world: Forge) -> None:
    number = world.issue("Lifecycle")
    world.setup.comment(REPO, number, "first", token=world.tokens["carol"])
    world.setup.edit_issue(REPO, number, token=world.tokens["alice"], state="closed")
    world.setup.edit_issue(REPO, number, token=world.tokens["bot"], state="open")
    timeline = world.get(f"/repos/{REPO}/issues/{number}/timeline")
    assert [(e["type"], e["user"]["login"]) for e in timeline] == [
        ("comment", "carol"), ("close", "alice"), ("reopen", "bot")
    ]
    assert timeline[0]["body"] == "first" and timeline[1]["label"] is None
    assert "assets" not in timeline[0]  # a comment's field, not a timeline entry's


def test_since_filters_on_updated_at(world: Forge) -> None:
    number = world.issue("Since")
    world.setup.comment(REPO, number, "old", token=world.tokens["carol"])
    new = world.setup.comment(REPO, number, "new", token=world.tokens["carol"])
    at = world.get(f"/repos/{REPO}/issues/comments/{new}")["updated_at"]
    recent = world.get(f"/repos/{REPO}/issues/{number}/timeline", params={"since": at})
    assert [e["body"] for e in recent] == ["new"]


def test_the_count_is_the_page_sent_and_there_is_no_link(world: Forge) -> None:
    number = world.issue("Paged")
    for text in ("a", "b", "c"):
        world.setup.comment(REPO, number, text, token=world.tokens["carol"])
    page = world.call("GET", f"/repos/{REPO}/issues/{number}/timeline", params={"limit": 2})
    assert [e["body"] for e in page.json()] == ["a", "b"]
    assert page.headers["X-Total-Count"] == "2"
    assert "Link" not in page.headers


def test_a_missing_issue_is_a_404(world: Forge) -> None:
    assert world.call("GET", f"/repos/{REPO}/issues/99/timeline").status_code == 404


def test_the_handler_fills_the_fields_go_writes_for_an_entry_and_before_filters(
        world: Forge) -> None:
    number = world.issue("Before")
    world.setup.comment(REPO, number, "old", token=world.tokens["carol"])
    old = world.get(f"/repos/{REPO}/issues/{number}/timeline")[0]["updated_at"]
    world.setup.comment(REPO, number, "new", token=world.tokens["carol"])
    reply = list_timeline(world.ctx("alice", "GET", params={"index": str(number)},
                                    query={"before": old}))
    assert reply.status == 200 and isinstance(reply.body, list)
    (entry,) = reply.body
    assert isinstance(entry, dict)
    assert (entry["type"], entry["body"]) == ("comment", "old")
    assert (entry["review_id"], entry["new_title"], entry["assignee"]) == (0, "", None)
    assert entry["removed_assignee"] is False and "original_author" not in entry
