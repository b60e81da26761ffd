"""Webhook deliveries to a loopback receiver: events, headers, signatures.

As docs/forgejo-behaviour.md#webhooks describes them.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from architect.emulator.webhooks import Target, build_request
from tests.emulator.conftest import REPO, Forge
from tests.forge.conformance.spec import validate_definition

SECRET = "s3cr3t"
EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "forgejo" / "examples"


@dataclass
class Received:
    headers: dict[str, str]
    body: bytes

    @property
    def event(self) -> tuple[str, str]:
        return self.headers["X-Forgejo-Event"], self.headers["X-Forgejo-Event-Type"]

    @property
    def payload(self) -> Any:
        return json.loads(self.body)


class Receiver:
    """A loopback HTTP server that keeps every POST it gets."""

    def __init__(self) -> None:
        received: list[Received] = []

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                received.append(Received(dict(self.headers.items()), body))
                self.send_response(200)
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self.received = received
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_port}/hook"
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    server = Receiver()
    yield server
    server.close()


def _hook(world: Forge, url: str, events: list[str], **extra: Any) -> None:
    body = {
        "type": "forgejo",
        "config": {"url": url, "content_type": "json", "secret": SECRET},
        "events": events,
        "active": True,
        **extra,
    }
    assert world.call("POST", f"/repos/{REPO}/hooks", "acme", json=body).status_code == 201


def _deliveries(world: Forge, receiver: Receiver) -> list[Received]:
    assert world.forge.wait_for_deliveries(5)
    return list(receiver.received)


def test_a_comment_delivery_is_signed_over_the_exact_body(world: Forge, receiver: Receiver) -> None:
    _hook(world, receiver.url, ["issues", "pull_request"])
    number = world.issue("Vision")
    world.setup.comment(REPO, number, "a <b> & c", token=world.tokens["carol"])
    got = _deliveries(world, receiver)
    assert [d.event for d in got] == [("issues", "issues"), ("issue_comment", "issue_comment")]
    comment = got[1]
    expected = hmac.new(SECRET.encode(), comment.body, hashlib.sha256).hexdigest()
    headers = comment.headers
    assert headers["X-Forgejo-Signature"] == headers["X-Gitea-Signature"] == expected
    assert headers["X-Hub-Signature-256"] == f"sha256={expected}"
    assert headers["X-Forgejo-Delivery"] == headers["X-GitHub-Delivery"]
    assert headers["X-Gitea-Event-Type"] == "issue_comment"
    assert comment.body.startswith(b'{\n  "action": "created",\n  "issue": {')
    assert not comment.body.endswith(b"\n")
    assert b"a \\u003cb\\u003e \\u0026 c" in comment.body
    payload = comment.payload
    for key, name in (("issue", "Issue"), ("comment", "Comment"), ("repository", "Repository")):
        validate_definition(name, payload[key])
    assert payload["comment"]["body"] == "a <b> & c" and payload["is_pull"] is False
    assert "pull_request" not in payload and payload["sender"]["login"] == "carol"


def test_the_documented_signature_vector(world: Forge) -> None:
    body = (EXAMPLES / "derived-webhook-issue_comment-created.body.json").read_bytes()
    expected = json.loads(
        (EXAMPLES / "derived-webhook-issue_comment-created.headers.json").read_text()
    )
    target = Target(1, "http://127.0.0.1/", "json", SECRET, "", "post")
    headers, sent = build_request(target, "issue_comment", "issue_comment", "id", body)
    assert sent == body
    for name in ("X-Forgejo-Signature", "X-Hub-Signature", "X-Hub-Signature-256"):
        assert headers[name] == expected[name]


def test_issue_edits_closes_and_label_changes(world: Forge, receiver: Receiver) -> None:
    world.setup.create_label(REPO, "vision", "fff")
    _hook(world, receiver.url, ["issues"])
    number = world.issue("Old title")
    world.call("PATCH", f"/repos/{REPO}/issues/{number}", json={"title": "New title"})
    world.call("POST", f"/repos/{REPO}/issues/{number}/labels", json={"labels": ["vision"]})
    world.call("PATCH", f"/repos/{REPO}/issues/{number}", json={"state": "closed"})
    got = _deliveries(world, receiver)
    actions = [(d.event, d.payload["action"]) for d in got]
    assert actions == [
        (("issues", "issues"), "opened"),
        (("issues", "issues"), "edited"),
        (("issues", "issue_label"), "label_updated"),
        (("issues", "issues"), "closed"),
    ]
    assert got[1].payload["changes"] == {"title": {"from": "Old title"}}
    assert "changes" not in got[0].payload


def test_pull_comments_need_the_pull_request_comment_subscription(
    world: Forge, receiver: Receiver
) -> None:
    _hook(world, receiver.url, ["issue_comment"])
    issue = world.issue("an issue")
    pull = world.pull("feature/a")
    world.setup.comment(REPO, pull, "on the PR", token=world.tokens["alice"])
    world.setup.comment(REPO, issue, "on the issue", token=world.tokens["alice"])
    got = _deliveries(world, receiver)
    assert [d.payload["comment"]["body"] for d in got] == ["on the issue"]


def test_review_deliveries_and_their_gates(world: Forge, receiver: Receiver) -> None:
    _hook(world, receiver.url, ["pull_request_review"])
    pull = world.pull("feature/a")
    world.setup.review(REPO, pull, "COMMENT", "just a note", token=world.tokens["alice"])
    world.setup.review(REPO, pull, "REQUEST_CHANGES", "more risk", token=world.tokens["alice"])
    world.setup.review(REPO, pull, "APPROVED", "", token=world.tokens["alice"])
    got = _deliveries(world, receiver)
    assert [d.event for d in got] == [
        ("pull_request_rejected", "pull_request_review_rejected"),
        ("pull_request_approved", "pull_request_review_approved"),
    ]
    rejected = got[0].payload
    assert rejected["action"] == "reviewed" and rejected["number"] == pull
    assert rejected["review"] == {"type": "pull_request_review_rejected", "content": "more risk"}
    assert rejected["sender"]["login"] == rejected["requested_reviewer"]["login"] == "alice"


def test_a_review_comment_is_gated_by_pull_request_comment(
    world: Forge, receiver: Receiver
) -> None:
    _hook(world, receiver.url, ["pull_request_comment"])
    pull = world.pull("feature/a")
    world.setup.review(REPO, pull, "COMMENT", "a note", token=world.tokens["alice"])
    world.setup.comment(REPO, pull, "conversation", token=world.tokens["alice"])
    got = _deliveries(world, receiver)
    assert [d.event for d in got] == [
        ("pull_request_comment", "pull_request_review_comment"),
        ("issue_comment", "pull_request_comment"),
    ]


def test_pull_request_lifecycle_deliveries(world: Forge, receiver: Receiver) -> None:
    _hook(world, receiver.url, ["pull_request"])
    pull = world.pull("feature/a")
    world.setup.put_file(REPO, "feature/a.md", "more\n", branch="feature/a")
    world.call("POST", f"/repos/{REPO}/pulls/{pull}/merge", json={"Do": "merge"})
    got = _deliveries(world, receiver)
    assert [(d.event[1], d.payload["action"]) for d in got] == [
        ("pull_request", "opened"),
        ("pull_request_sync", "synchronized"),
        ("pull_request", "closed"),
    ]
    closed = got[-1].payload
    for key, name in (
        ("pull_request", "PullRequest"),
        ("repository", "Repository"),
        ("sender", "User"),
    ):
        validate_definition(name, closed[key])
    assert closed["pull_request"]["merged"] is True
    assert closed["review"] is None and closed["requested_reviewer"] is None


def test_a_hook_is_inactive_unless_asked_and_only_loopback_is_delivered(
    world: Forge, receiver: Receiver
) -> None:
    body = {
        "type": "gitea",
        "config": {"url": receiver.url, "content_type": "json"},
        "events": ["issues"],
    }
    created = world.call("POST", f"/repos/{REPO}/hooks", "acme", json=body)
    assert created.json()["active"] is False
    assert "issue_comment" in created.json()["events"]  # `issues` turns on every issue event
    _hook(world, "http://192.0.2.10/hook", ["issues"])
    world.issue("nobody hears this")
    assert _deliveries(world, receiver) == []
    refused = world.forge.deliveries
    assert [(d.status, d.error) for d in refused] == [(None, "refused: not a loopback address")]


def test_form_content_signs_the_raw_json(world: Forge, receiver: Receiver) -> None:
    _hook(
        world,
        receiver.url,
        ["issues"],
        config={"url": receiver.url, "content_type": "form", "secret": SECRET},
    )
    world.issue("form")
    (got,) = _deliveries(world, receiver)
    assert got.headers["Content-Type"] == "application/x-www-form-urlencoded"
    raw = world.forge.deliveries[0].body
    assert (
        got.headers["X-Forgejo-Signature"]
        == hmac.new(SECRET.encode(), raw, hashlib.sha256).hexdigest()
    )
