"""A webhook delivery judged (`shell.webhooks`): signed, relevant, routed to its projects."""

from __future__ import annotations

import json

import pytest

from architect.config import ArchitectConfig, ProjectConfig
from architect.shell.webhooks import (
    SeenDeliveries,
    check_length,
    edit_of,
    github_delivery,
    judge,
    listen_address,
    routes_for,
    sign,
    verify_signature,
)

SECRET = b"s3cr3t"


def config(name: str, repo: str, ops: str) -> ProjectConfig:
    return ProjectConfig(name=name, repo=repo, ops_repo=ops, forge_url="http://127.0.0.1:9",
                         architect=ArchitectConfig())


ROUTES = routes_for([config("shop", "Acme/Shop", "acme/ops"),
                     config("blog", "acme/blog", "acme/ops")])


def delivery(payload: object, event: str = "issue_comment") -> tuple[dict[str, str], bytes]:
    body = json.dumps(payload).encode()
    return {"x-forgejo-event": event, "x-forgejo-signature": sign(SECRET, body)}, body


def test_a_signature_is_the_bodys_hmac_and_an_empty_secret_verifies_nothing() -> None:
    assert verify_signature(SECRET, b"{}", sign(SECRET, b"{}").upper() + "\n")
    assert not verify_signature(SECRET, b"{}", sign(SECRET, b"{ }"))
    assert not verify_signature(b"", b"{}", sign(b"", b"{}"))
    assert not verify_signature(SECRET, b"{}", None)


def test_a_signed_relevant_delivery_is_queued_for_every_project_of_its_repo() -> None:
    assert ROUTES == {"acme/shop": ("shop",), "acme/ops": ("shop", "blog"),
                      "acme/blog": ("blog",)}
    headers, body = delivery({"repository": {"full_name": "acme/OPS"}})
    verdict = judge(headers, body, secret=SECRET, routes=ROUTES)
    assert (verdict.status, verdict.outcome, verdict.projects) == (202, "queued",
                                                                   ("shop", "blog"))
    assert json.loads(verdict.body()) == {"status": "queued", "detail": "issue_comment on acme/OPS",
                                          "projects": ["shop", "blog"]}


@pytest.mark.parametrize(("change", "status", "detail"), [
    ({"x-forgejo-signature": ""}, 401, "unsigned delivery: set the webhook's secret to "
                                       "ARCHITECT_WEBHOOK_SECRET"),
    ({"x-forgejo-signature": "0" * 64}, 401, "bad signature"),
    ({"x-forgejo-event": "push"}, 202, "event push does not concern the architect"),
])
def test_what_is_unsigned_or_irrelevant_is_refused_or_ignored(
        change: dict[str, str], status: int, detail: str) -> None:
    headers, body = delivery({"repository": {"full_name": "acme/shop"}})
    verdict = judge(headers | change, body, secret=SECRET, routes=ROUTES)
    assert (verdict.status, verdict.detail) == (status, detail)


def test_a_repo_no_project_has_is_ignored_and_a_body_without_one_rejected() -> None:
    headers, body = delivery({"repository": {"full_name": "other/repo"}})
    assert judge(headers, body, secret=SECRET, routes=ROUTES).detail == (
        "issue_comment on other/repo: no project has this repo")
    headers, body = delivery({"action": "created"})
    assert judge(headers, body, secret=SECRET, routes=ROUTES).detail == (
        "no repository.full_name in the payload")


def test_the_length_is_checked_before_the_body_is_read() -> None:
    assert check_length("120", 1024) == 120
    for value, status in ((None, 411), ("ten", 400), ("-1", 400), ("2048", 413)):
        verdict = check_length(value, 1024)
        assert not isinstance(verdict, int) and verdict.status == status
    too_big = check_length("4096", 2048)
    assert not isinstance(too_big, int) and too_big.detail == "body over 2 KB (webhook_max_body_kb)"


def test_an_issue_edit_is_read_and_anything_else_is_not() -> None:
    edit = {"action": "edited", "issue": {"number": 4, "body": "new"},
            "sender": {"login": "alice"}, "repository": {"full_name": "Acme/Ops"}}
    headers, body = delivery(edit, event="issues")
    assert edit_of(headers, body) == ("acme/ops", 4, "new", "alice")
    assert edit_of(*delivery(edit)) is None  # a comment event
    assert edit_of(*delivery({**edit, "action": "opened"}, event="issues")) is None


def test_only_githubs_redeliveries_are_remembered_and_skipped() -> None:
    assert github_delivery({"x-github-delivery": "d1"}) == "d1"
    assert github_delivery({"x-github-delivery": "d1", "x-gitea-delivery": "d1"}) is None
    seen = SeenDeliveries(size=2)
    assert [seen.first_time(d) for d in ("a", "a", "b", "c", "a")] == [
        True, False, True, True, True]  # "a" fell out of the two remembered


def test_the_listen_address_is_host_and_port() -> None:
    assert listen_address("127.0.0.1:8080") == ("127.0.0.1", 8080)
    assert listen_address("[::1]:0") == ("::1", 0)
    for bad in ("8080", ":8080", "host:port", "host:70000"):
        with pytest.raises(ValueError, match=r"^expected HOST:PORT, for example 127\.0\.0\.1"):
            listen_address(bad)
