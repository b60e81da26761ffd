"""GitHub's webhook deliveries at `architect loop --webhook`: `X-Hub-Signature-256`,
`X-GitHub-Event` routing, and `X-GitHub-Delivery` so a redelivery pokes no second tick.
The payloads are the dialect's own GitHub objects, checked against the delivery
schemas of `@octokit/openapi-webhooks` (tests/data/github/webhooks.slice.json)."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from architect.emulator import github_serialize as ser
from architect.forge.secret import Secret
from architect.shell.webhooks import WebhookServer, edit_of, judge, sign

SECRET = b"s3cr3t"
ROUTES = {"acme/widgets": ("widgets",), "acme/widgets-ops": ("widgets",)}
DATA = Path(__file__).parents[2] / "data" / "github" / "webhooks.slice.json"
URLS = ser.Urls("https://api.github.com", "https://github.com")
WHEN = "2026-11-25T09:00:00Z"


@cache
def schemas() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DATA.read_text())
    return loaded


def _user(login: str, ident: int) -> dict[str, Any]:
    return ser.user(URLS, {"id": ident, "login": login})


def _repo(full: str) -> dict[str, Any]:
    owner = {"id": 1, "login": full.split("/", maxsplit=1)[0]}
    return ser.repository(URLS, {"id": 7, "name": full.split("/")[1], "full_name": full,
                                 "owner": owner, "created_at": WHEN, "updated_at": WHEN})


def _issue(full: str, number: int, body: str) -> dict[str, Any]:
    shaped = ser.issue(URLS, full, {"id": 100 + number, "number": number, "state": "open",
                                    "title": "Wishlists", "body": body,
                                    "user": {"id": 4, "login": "alice"}, "labels": [],
                                    "created_at": WHEN, "updated_at": WHEN})
    return shaped | {"reactions": _reactions(), "performed_via_github_app": None,
                     "timeline_url": shaped["url"] + "/timeline"}


def _reactions() -> dict[str, Any]:
    return {"url": "https://api.github.com/reactions", "total_count": 0, "+1": 0, "-1": 0,
            "laugh": 0, "hooray": 0, "confused": 0, "heart": 0, "rocket": 0, "eyes": 0}


def issue_comment(full: str = "acme/widgets-ops") -> dict[str, Any]:
    comment = ser.comment(URLS, full, 1, {"id": 9, "body": "ACCEPT", "created_at": WHEN,
                                          "updated_at": WHEN, "html_url":
                                          f"https://github.com/{full}/pull/1#issuecomment-9",
                                          "user": {"id": 4, "login": "alice"}})
    return {"action": "created", "issue": _issue(full, 1, "pitch"),
            "comment": comment | {"reactions": _reactions(), "performed_via_github_app": None},
            "repository": _repo(full), "sender": _user("alice", 4)}


def edited_issue(full: str = "acme/widgets-ops") -> dict[str, Any]:
    return {"action": "edited", "issue": _issue(full, 3, "new body"),
            "changes": {"body": {"from": "old body"}}, "repository": _repo(full),
            "sender": _user("alice", 4)}


def delivery(payload: dict[str, Any], event: str, ident: str = "d-1",
             secret: bytes = SECRET) -> tuple[bytes, dict[str, str]]:
    body = json.dumps(payload).encode()
    return body, {"content-type": "application/json", "x-github-event": event,
                  "x-github-delivery": ident,
                  "x-hub-signature-256": "sha256=" + sign(secret, body)}


@pytest.mark.parametrize(("payload", "schema"), [
    (issue_comment(), "webhook-issue-comment-created"),
    (edited_issue(), "webhook-issues-edited"),
])
def test_the_test_payloads_are_deliveries_github_documents(payload: dict[str, Any],
                                                          schema: str) -> None:
    document = schemas()
    if schema not in document["components"]["schemas"]:
        pytest.skip(f"{schema} is not in the slice")
    validator = jsonschema.Draft7Validator({**document["components"]["schemas"][schema],
                                            "components": document["components"]})
    errors = [f"{'/'.join(map(str, e.path))}: {e.message}"
              for e in validator.iter_errors(payload)]
    assert errors == []


@pytest.mark.parametrize("event", ["issue_comment", "issues", "pull_request",
                                   "pull_request_review", "label"])
def test_a_signed_github_delivery_of_each_event_pokes_its_project(event: str) -> None:
    body, headers = delivery(issue_comment(), event)
    verdict = judge(headers, body, secret=SECRET, routes=ROUTES)
    assert (verdict.status, verdict.outcome, verdict.projects) == (202, "queued", ("widgets",))


def test_a_wrong_github_signature_is_refused() -> None:
    body, headers = delivery(issue_comment(), "issue_comment", secret=b"other")
    verdict = judge(headers, body, secret=SECRET, routes=ROUTES)
    assert (verdict.status, verdict.detail) == (401, "bad signature")


@pytest.mark.parametrize("event", ["ping", "push", "workflow_run"])
def test_githubs_other_events_are_acknowledged_and_ignored(event: str) -> None:
    body, headers = delivery(issue_comment(), event)
    verdict = judge(headers, body, secret=SECRET, routes=ROUTES)
    assert (verdict.status, verdict.outcome) == (202, "ignored")


def test_a_github_issue_edit_is_read_for_who_edited_it() -> None:
    body, headers = delivery(edited_issue(), "issues")
    assert edit_of(headers, body) == ("acme/widgets-ops", 3, "new body", "alice")


@pytest.fixture
def server() -> Iterator[tuple[WebhookServer, list[str]]]:
    pokes: list[str] = []
    hooks = WebhookServer("127.0.0.1", 0, secret=Secret(SECRET.decode()), routes=ROUTES,
                          poke=pokes.append, max_body=64 * 1024, poll_interval=0.05)
    hooks.start()
    yield hooks, pokes
    hooks.close()


def _post(hooks: WebhookServer, body: bytes, headers: dict[str, str]) -> tuple[int, str]:
    host, port = hooks.address
    connection = http.client.HTTPConnection(host, port, timeout=5)
    connection.request("POST", "/", body=body, headers=headers)
    answer = connection.getresponse()
    return answer.status, json.loads(answer.read())["detail"]


def test_a_redelivered_github_delivery_pokes_no_second_tick(
        server: tuple[WebhookServer, list[str]]) -> None:
    hooks, pokes = server
    body, headers = delivery(issue_comment(), "issue_comment", ident="72d3162e-cc78")
    assert _post(hooks, body, headers) == (202, "issue_comment on acme/widgets-ops")
    assert _post(hooks, body, headers) == (202, "delivery 72d3162e-cc78 was received already")
    other_body, other = delivery(issue_comment(), "issue_comment", ident="72d3162e-cc79")
    assert _post(hooks, other_body, other)[0] == 202
    assert pokes == ["widgets", "widgets"]
