"""Issues, labels and comments behave as docs/forgejo-behaviour.md#issues to #labels say."""

from __future__ import annotations

from tests.emulator.conftest import REPO, Forge

ISSUES = f"/repos/{REPO}/issues"


def _numbers(items: list[dict[str, object]]) -> list[object]:
    return [i["number"] for i in items]


def test_pull_requests_are_listed_among_issues_unless_type_issues(world: Forge) -> None:
    issue = world.issue("a plain issue")
    pull = world.pull("feature/x")
    listed = world.get(ISSUES)
    assert _numbers(listed) == [pull, issue]
    assert listed[0]["pull_request"] is not None and listed[1]["pull_request"] is None
    assert _numbers(world.get(f"{ISSUES}?type=issues")) == [issue]
    assert _numbers(world.get(f"{ISSUES}?type=pulls")) == [pull]


def test_issues_and_pulls_share_numbers_but_a_pull_has_two_ids(world: Forge) -> None:
    first = world.issue("one")
    pull = world.pull("feature/x")
    second = world.issue("two")
    assert (first, pull, second) == (1, 2, 3)
    as_issue = world.get(f"{ISSUES}/{pull}")
    as_pull = world.get(f"/repos/{REPO}/pulls/{pull}")
    assert as_issue["number"] == as_pull["number"] == pull
    assert as_issue["id"] != as_pull["id"]
    # Issue.APIURL is /issues/{n} even for a PR (services/convert/issue.go)
    assert as_issue["url"].endswith(f"/api/v1/repos/{REPO}/issues/{pull}")
    assert world.call("GET", f"/repos/{REPO}/pulls/{first}").status_code == 404


def test_label_filter_is_all_of_names_untrimmed_and_drops_unknown_names(world: Forge) -> None:
    for name in ("vision", "backlog"):
        world.setup.create_label(REPO, name, "#00aabb")
    both = world.issue("both", labels=("vision", "backlog"))
    vision = world.issue("vision only", labels=("vision",))
    plain = world.issue("plain")
    assert _numbers(world.get(f"{ISSUES}?labels=vision")) == [vision, both]
    assert _numbers(world.get(f"{ISSUES}?labels=vision,backlog")) == [both]
    assert _numbers(world.get(f"{ISSUES}?labels=vision,nosuch")) == [vision, both]
    # " backlog" is not trimmed, so it is unknown and dropped.
    assert _numbers(world.get(f"{ISSUES}?labels=vision, backlog")) == [vision, both]
    # Only unknown names: no label filter at all.
    assert _numbers(world.get(f"{ISSUES}?labels=nosuch")) == [plain, vision, both]


def test_state_query_created_by_and_since_before_on_updated_at(world: Forge) -> None:
    old = world.issue("Cache the widgets", "an LRU")
    new = world.issue("Other", "mentions CACHE in the body", who="bot")
    world.setup.edit_issue(REPO, old, token=world.tokens["alice"], state="closed")
    assert _numbers(world.get(ISSUES)) == [new]
    assert _numbers(world.get(f"{ISSUES}?state=closed")) == [old]
    assert _numbers(world.get(f"{ISSUES}?state=bogus")) == [new]
    assert _numbers(world.get(f"{ISSUES}?state=all&q=cache")) == [new, old]
    assert _numbers(world.get(f"{ISSUES}?state=all&created_by=alice")) == [old]
    assert world.call("GET", f"{ISSUES}?created_by=nobody").status_code == 404
    closed_at = world.get(f"{ISSUES}/{old}")["updated_at"]
    # Inclusive, on updated_at: the close moved `old` after `new`.
    assert _numbers(world.get(f"{ISSUES}?state=all&since={closed_at}")) == [old]
    assert _numbers(world.get(f"{ISSUES}?state=all&before={closed_at}")) == [new, old]
    assert world.call("GET", f"{ISSUES}?since=2026-01-05T10:00:00 01:00").status_code == 422


def test_edit_returns_201_with_pointer_semantics_and_closed_at(world: Forge) -> None:
    number = world.issue("Title", "Body")
    edited = world.call(
        "PATCH", f"{ISSUES}/{number}", "alice", json={"title": "", "state": "closed"}
    )
    assert edited.status_code == 201
    assert edited.json()["title"] == "Title"  # "" is ignored
    assert edited.json()["body"] == "Body"  # absent: unchanged
    assert edited.json()["closed_at"] is not None
    cleared = world.call("PATCH", f"{ISSUES}/{number}", "alice", json={"body": "", "state": "open"})
    assert cleared.json()["body"] == "" and cleared.json()["closed_at"] is None
    stranger = world.call("PATCH", f"{ISSUES}/{number}", "carol", json={"title": "mine"})
    assert stranger.status_code == 403 and stranger.content == b""


def test_a_closed_dependency_lets_an_issue_close(world: Forge) -> None:
    blocker = world.issue("blocker")
    blocked = world.issue("blocked")
    meta = {"index": blocker, "owner": "acme", "repo": "widgets"}
    assert world.call("POST", f"{ISSUES}/{blocked}/dependencies", json=meta).status_code == 201
    assert _numbers(world.get(f"{ISSUES}/{blocked}/dependencies")) == [blocker]
    refused = world.call("PATCH", f"{ISSUES}/{blocked}", json={"state": "closed"})
    assert refused.status_code == 412
    world.call("PATCH", f"{ISSUES}/{blocker}", json={"state": "closed"})
    assert world.call("PATCH", f"{ISSUES}/{blocked}", json={"state": "closed"}).status_code == 201


def test_null_versus_empty_conventions_and_the_user_shape(world: Forge) -> None:
    issue = world.get(f"{ISSUES}/{world.issue('t')}")
    assert issue["assignees"] is None and issue["assignee"] is None
    assert issue["labels"] == [] and issue["assets"] == []
    assert issue["milestone"] is None and issue["pull_request"] is None
    assert issue["closed_at"] is None and issue["created_at"].endswith("Z")
    user = issue["user"]
    assert list(user)[-1] == "username" and user["username"] == user["login"] == "alice"
    # Seen by someone else: private fields zeroed, e-mail a placeholder.
    assert user["email"] == "alice@noreply.localhost"
    assert user["last_login"] == "0001-01-01T00:00:00Z" and user["active"] is False
    me = world.get("/user", "alice")
    assert me["email"] == "alice@example.test" and me["active"] is True


def test_labels_names_or_ids_and_the_delete_rules(world: Forge) -> None:
    vision = world.setup.create_label(REPO, "vision", "#EE0701")
    world.setup.create_label(REPO, "backlog", "0e8")
    number = world.issue("t")
    labels = f"{ISSUES}/{number}/labels"
    added = world.call("POST", labels, json={"labels": ["vision"]})
    assert added.status_code == 200 and [x["color"] for x in added.json()] == ["ee0701"]
    both = world.call("POST", labels, json={"labels": [vision, 999]}).json()
    assert [x["name"] for x in both] == ["vision"]
    assert world.call("POST", labels, json={"labels": ["vision", 1]}).status_code == 400
    assert world.call("DELETE", f"{labels}/backlog").status_code == 204  # not on it: no-op
    assert world.call("DELETE", f"{labels}/nosuch").status_code == 422
    assert world.call("DELETE", f"{labels}/{vision}").status_code == 204  # by id
    assert world.get(labels) == []
    assert world.get(f"/repos/{REPO}/labels")[0]["color"] == "00ee88"
    bad = world.call("POST", f"/repos/{REPO}/labels", json={"name": "x", "color": "blue"})
    assert bad.status_code == 422
    denied = world.call("POST", labels, "carol", json={"labels": ["vision"]})
    assert denied.status_code == 403 and denied.content == b""


def test_label_changes_and_comments_move_updated_at(world: Forge) -> None:
    world.setup.create_label(REPO, "vision", "#ee0701")
    number = world.issue("t")
    before = world.get(f"{ISSUES}/{number}")
    world.call("POST", f"{ISSUES}/{number}/labels", json={"labels": ["vision"]})
    labelled = world.get(f"{ISSUES}/{number}")
    assert labelled["updated_at"] > before["updated_at"]
    world.setup.comment(REPO, number, "hello", token=world.tokens["carol"])
    commented = world.get(f"{ISSUES}/{number}")
    assert commented["updated_at"] > labelled["updated_at"] and commented["comments"] == 1


def test_editing_a_comment_moves_only_its_updated_at(world: Forge) -> None:
    number = world.issue("t")
    comment_id = world.setup.comment(REPO, number, "first", token=world.tokens["carol"])
    issue_before = world.get(f"{ISSUES}/{number}")
    one = f"{ISSUES}/comments/{comment_id}"
    edited = world.call("PATCH", one, "carol", json={"body": "second"})
    assert edited.status_code == 200
    comment = edited.json()
    assert comment["body"] == "second" and comment["updated_at"] > comment["created_at"]
    assert world.get(f"{ISSUES}/{number}")["updated_at"] == issue_before["updated_at"]
    assert comment["issue_url"].endswith(f"/{REPO}/issues/{number}")
    assert comment["pull_request_url"] == ""
    assert world.call("PATCH", one, "acme", json={"body": "owner may"}).status_code == 200
    theirs = world.setup.comment(REPO, number, "alice's", token=world.tokens["alice"])
    refused = world.call("DELETE", f"{ISSUES}/comments/{theirs}", "carol")
    assert refused.status_code == 403 and refused.content == b""
    assert world.call("DELETE", one, "carol").status_code == 204
    assert world.get(f"{ISSUES}/{number}")["comments"] == 1


def test_a_comment_of_another_repository_is_not_found_here(world: Forge) -> None:
    world.setup.create_repo("acme", "other")
    theirs = world.setup.create_issue("acme/other", "t", "", token=world.tokens["acme"])
    comment_id = world.setup.comment("acme/other", theirs, "x", token=world.tokens["acme"])
    assert world.call("GET", f"{ISSUES}/comments/{comment_id}").status_code == 404
    assert world.call("GET", f"/repos/acme/other/issues/comments/{comment_id}").status_code == 200


def test_comment_lists_hold_plain_comments_while_the_count_includes_reviews(world: Forge) -> None:
    pull = world.pull("feature/x")
    world.setup.comment(REPO, pull, "ACCEPT", token=world.tokens["alice"])
    world.setup.review(REPO, pull, "APPROVED", "lgtm", token=world.tokens["alice"])
    bodies = [c["body"] for c in world.get(f"{ISSUES}/{pull}/comments")]
    assert bodies == ["ACCEPT"]
    assert world.get(f"{ISSUES}/{pull}")["comments"] == 2
    assert [c["body"] for c in world.get(f"{ISSUES}/comments")] == ["ACCEPT"]
    comment = world.get(f"{ISSUES}/{pull}/comments")[0]
    assert comment["issue_url"] == "" and comment["pull_request_url"].endswith(f"/pulls/{pull}")


def test_an_exclusive_scoped_label_pushes_out_its_scope_siblings(world: Forge) -> None:
    for name in ("status/ready", "status/blocked"):
        world.call(
            "POST", f"/repos/{REPO}/labels", json={"name": name, "color": "fff", "exclusive": True}
        )
    world.setup.create_label(REPO, "vision", "fff")
    number = world.issue("t", labels=("status/ready", "vision"))
    world.call("POST", f"{ISSUES}/{number}/labels", json={"labels": ["status/blocked"]})
    assert [x["name"] for x in world.get(f"{ISSUES}/{number}/labels")] == [
        "status/blocked",
        "vision",
    ]


def test_only_owners_and_admins_may_back_date_an_edit(world: Forge) -> None:
    number = world.issue("t")
    when = {"body": "x", "updated_at": "2025-12-31T23:00:00+01:00"}
    assert world.call("PATCH", f"{ISSUES}/{number}", "alice", json=when).status_code == 403
    edited = world.call("PATCH", f"{ISSUES}/{number}", "acme", json=when)
    assert edited.json()["updated_at"] == "2025-12-31T22:00:00Z"
