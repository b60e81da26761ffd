"""Issues: times as Forgejo parses them, what a non-writer may set, sorting, state rules."""

from __future__ import annotations

from datetime import UTC, datetime

from architect.emulator.api_issues import rfc3339
from tests.emulator.conftest import REPO, Forge

ISSUES = f"/repos/{REPO}/issues"


def test_rfc3339_takes_zones_and_fractions_and_nothing_else() -> None:
    assert rfc3339("2026-01-05T11:00:00.9+02:00") == datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
    assert rfc3339("2026-01-05T09:00:00Z") == datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
    assert rfc3339("2026-01-05 09:00:00") is None
    assert rfc3339(1767603600) is None


def test_a_bad_since_is_a_422_with_gos_parse_error(world: Forge) -> None:
    bad = world.call("GET", ISSUES, params={"since": "2026-01-05 09:00:00+00:00"})
    assert bad.status_code == 422
    assert bad.json()["message"] == (
        'parsing time "2026-01-05 09:00:00+00:00" as "2006-01-02T15:04:05Z07:00": '
        'cannot parse "2026-01-05 09:00:00+00:00"'
    )
    ghost = world.call("GET", ISSUES, params={"created_by": "ghost"})
    assert ghost.status_code == 404


def test_a_non_writer_s_labels_and_assignees_are_dropped(world: Forge) -> None:
    bug = world.setup.create_label(REPO, "bug", "ee0701")
    body = {"title": "From outside", "labels": [bug], "assignees": ["alice"]}
    made = world.call("POST", ISSUES, "carol", json=body).json()
    assert made["labels"] == [] and made["assignees"] is None
    kept = world.call("POST", ISSUES, "alice", json=body).json()
    assert [x["name"] for x in kept["labels"]] == ["bug"]
    assert [u["login"] for u in kept["assignees"]] == ["alice"]


def test_an_unknown_assignee_is_a_422_and_closed_creates_it_closed(world: Forge) -> None:
    ghost = world.call("POST", ISSUES, "alice", json={"title": "t", "assignees": ["ghost"]})
    assert (ghost.status_code, ghost.json()["message"]) == (
        422, "Assignee does not exist: [name: ghost]"
    )
    closed = world.call("POST", ISSUES, "alice", json={"title": "done", "closed": True}).json()
    assert closed["state"] == "closed" and closed["closed_at"] == closed["created_at"]


def test_sort_orders_by_age_or_comments(world: Forge) -> None:
    old, new = world.issue("old"), world.issue("new")
    world.setup.comment(REPO, old, "talk", token=world.tokens["carol"])

    def numbers(sort: str) -> list[int]:
        return [i["number"] for i in world.get(ISSUES, params={"sort": sort})]

    assert numbers("latest") == [new, old]
    assert numbers("oldest") == [old, new]
    assert numbers("mostcomment") == [old, new]
    assert numbers("leastcomment") == [new, old]


def test_a_merged_pull_cannot_change_state_and_an_issue_cannot_block_itself(
    world: Forge,
) -> None:
    pull = world.pull("fix")
    world.call("POST", f"/repos/{REPO}/pulls/{pull}/merge", json={"Do": "merge"})
    reopened = world.call("PATCH", f"{ISSUES}/{pull}", json={"state": "open"})
    assert (reopened.status_code, reopened.json()["message"]) == (
        412, "cannot change state of this pull request, it was already merged"
    )
    number = world.issue("self")
    own = world.call("POST", f"{ISSUES}/{number}/dependencies",
                     json={"index": number, "owner": "acme", "repo": "widgets"})
    assert (own.status_code, own.json()["message"]) == (422, "issue cannot depend on itself")
