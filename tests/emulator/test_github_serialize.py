"""Forgejo's JSON shaped as GitHub sends it: node ids, URLs, review and timeline words."""

from __future__ import annotations

import base64

from architect.emulator import github_serialize as ser

URLS = ser.Urls("http://forge.test/api/v3", "http://forge.test")
FULL = "acme/widgets"
ACME = {"id": 1, "login": "acme"}
ALICE = {"id": 3, "login": "alice", "email": "alice@example.test"}


def _issue(**extra: object) -> dict[str, object]:
    return {"id": 40, "number": 7, "state": "open", "title": "T", "body": "", "user": ACME,
            "labels": [{"id": 2, "name": "bug", "color": "ee0701"}], "assignees": [ALICE],
            "created_at": "2026-01-05T09:00:00Z", "updated_at": "2026-01-05T09:00:01Z",
            **extra}


def test_node_ids_decode_to_githubs_kind_and_id() -> None:
    assert base64.b64decode(ser.node_id("Issue", 40) + "==") == b"05:Issue40"


def test_an_error_has_githubs_three_fields_and_errors_only_when_given() -> None:
    assert ser.error(404, "Not Found") == {
        "message": "Not Found", "documentation_url": ser.DOCS, "status": "404"
    }
    assert ser.error(422, "Validation Failed", [{"code": "invalid"}])["errors"] == [
        {"code": "invalid"}
    ]


def test_an_issue_gets_githubs_urls_association_and_no_empty_body() -> None:
    shaped = ser.issue(URLS, FULL, _issue())
    assert shaped["url"] == "http://forge.test/api/v3/repos/acme/widgets/issues/7"
    assert shaped["labels"][0]["url"].endswith("/repos/acme/widgets/labels/bug")
    assert shaped["body"] is None and shaped["state_reason"] is None
    assert shaped["author_association"] == "OWNER"
    assert shaped["assignee"]["login"] == "alice"
    assert "pull_request" not in shaped


def test_a_closed_pull_as_an_issue_carries_its_pull_request_links() -> None:
    shaped = ser.issue(URLS, FULL, _issue(state="closed", user=ALICE,
                                          pull_request={"merged_at": "2026-01-06T00:00:00Z"}))
    assert shaped["state_reason"] == "completed"
    assert shaped["author_association"] == "COLLABORATOR"
    assert shaped["pull_request"]["url"] == "http://forge.test/api/v3/repos/acme/widgets/pulls/7"
    assert shaped["pull_request"]["diff_url"] == "http://forge.test/acme/widgets/pulls/7.diff"


def test_review_states_in_githubs_words_and_dismissed_wins() -> None:
    def state(**fj: object) -> str:
        return str(ser.review(URLS, FULL, 7, {"id": 9, "user": ALICE, **fj})["state"])

    assert state(state="REQUEST_CHANGES") == "CHANGES_REQUESTED"
    assert state(state="COMMENT") == "COMMENTED"
    assert state(state="APPROVED", dismissed=True) == "DISMISSED"


def test_timeline_entries_and_bot_users() -> None:
    labeled = ser.timeline_event(URLS, FULL, 7, {
        "id": 5, "type": "label", "user": ALICE, "created_at": "2026-01-05T09:00:00Z",
        "label": {"name": "bug", "color": "ee0701"}})
    assert labeled["event"] == "labeled" and labeled["label"] == {"name": "bug",
                                                                   "color": "ee0701"}
    assert ser.user(URLS, {"id": 8, "login": "architect[bot]"})["type"] == "Bot"
    assert ser.user(URLS, None) is None
