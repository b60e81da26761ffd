"""Every endpoint of the embedded forge, driven over HTTP, checked against the swagger.

A recording transport keeps each request and response; each test ends by
validating all of them (`spec.validate_response`, and `spec.validate_request`
for the requests that succeeded), so what passes here has the shapes a real
Forgejo would send.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from architect.emulator import EmbeddedForge
from architect.emulator.setup import ForgeSetup
from tests.forge.conformance.spec import validate_request, validate_response


@dataclass
class Call:
    method: str
    url: str
    status: int
    body: Any
    request_body: Any


def _json_or_none(data: bytes) -> Any:
    try:
        return json.loads(data) if data else None
    except ValueError:
        return None


@dataclass
class Recorder(httpx.BaseTransport):
    inner: httpx.BaseTransport
    calls: list[Call] = field(default_factory=list)

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = self.inner.handle_request(request)
        content = response.read()
        self.calls.append(
            Call(
                request.method,
                str(request.url),
                response.status_code,
                json.loads(content) if content else None,
                _json_or_none(request.read()),
            )
        )
        return response

    def problems(self, *, skip_requests: tuple[str, ...] = ()) -> list[str]:
        """Every response checked against the swagger; successful requests too."""
        found: list[str] = []
        for call in self.calls:
            try:
                validate_response(call.method, call.url, call.status, call.body)
                if call.status < 300 and not any(s in call.url for s in skip_requests):
                    validate_request(call.method, call.url, call.request_body)
            except AssertionError as exc:
                found.append(f"{call.method} {call.url} ({call.status}): {exc}")
        return found


@dataclass
class World:
    forge: EmbeddedForge = field(repr=False)
    http: httpx.Client = field(repr=False)
    recorder: Recorder
    setup: ForgeSetup
    # Tokens: kept out of reprs, so that no assertion message shows one.
    owner: str = field(repr=False)  # alice: owns alice/proj (public), alice/secret (private)
    bot: str = field(repr=False)  # architect-bot: write collaborator on both
    reader: str = field(repr=False)  # carol: no rights beyond what public gives

    def call(self, method: str, path: str, token: str | None, **kwargs: Any) -> httpx.Response:
        headers = {"Authorization": f"token {token}"} if token else {}
        return self.http.request(method, f"/api/v1{path}", headers=headers, **kwargs)

    def assert_conformant(self, **kwargs: tuple[str, ...]) -> None:
        problems = self.recorder.problems(**kwargs)
        assert not problems, "\n".join(problems)


@pytest.fixture
def world() -> Iterator[World]:
    forge = EmbeddedForge()
    recorder = Recorder(httpx.WSGITransport(app=forge.wsgi))
    with httpx.Client(transport=recorder, base_url="http://forge.test") as http:
        setup = ForgeSetup(http, forge.admin_token)
        owner = setup.create_user("alice")
        bot = setup.create_user("architect-bot")
        reader = setup.create_user("carol")
        setup.create_repo("alice", "proj")
        setup.create_repo("alice", "secret", private=True)
        for repo in ("alice/proj", "alice/secret"):
            setup.add_collaborator(repo, "architect-bot", "write")
        yield World(forge, http, recorder, setup, owner, bot, reader)
    forge.stop()


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def test_users_tokens_and_repositories(world: World) -> None:
    w = world
    assert w.call("GET", "/version", None).status_code == 200
    assert w.call("GET", "/user", w.bot).status_code == 200
    assert w.call("GET", "/user", None).status_code == 401
    assert w.call("GET", "/user", "0" * 40).status_code == 401
    assert w.call("GET", "/users/alice", w.bot).status_code == 200
    assert w.call("GET", "/users/nobody", w.bot).status_code == 404
    new_user = {"username": "dave", "email": "dave@example.test", "password": "pw-123456"}
    assert w.call("POST", "/admin/users", w.bot, json=new_user).status_code == 403
    assert w.call("POST", "/admin/users", w.forge.admin_token, json=new_user).status_code == 201
    assert w.call("POST", "/admin/users", w.forge.admin_token, json=new_user).status_code == 422
    tokens = "/users/dave/tokens"
    body = {"name": "t", "scopes": ["read:issue"]}
    assert w.call("POST", tokens, w.bot, json=body).status_code == 401
    assert w.http.post(f"/api/v1{tokens}", auth=("dave", "pw-123456"), json={}).status_code == 422
    narrow = w.http.post(f"/api/v1{tokens}", auth=("dave", "pw-123456"), json=body)
    assert narrow.status_code == 201
    issue = {"title": "t"}
    assert (
        w.call("POST", "/repos/alice/proj/issues", narrow.json()["sha1"], json=issue).status_code
        == 403
    )
    assert w.call("GET", "/repos/alice/proj", w.reader).status_code == 200
    assert w.call("GET", "/repos/alice/secret", w.reader).status_code == 404
    assert w.call("GET", "/repos/alice/secret", w.bot).status_code == 200
    assert w.call("POST", "/user/repos", w.reader, json={"name": "mine"}).status_code == 201
    assert w.call("POST", "/user/repos", w.reader, json={"name": "mine"}).status_code == 409
    assert w.call("POST", "/user/repos", w.reader, json={}).status_code == 422
    collaborators = "/repos/alice/proj/collaborators"
    assert w.call("GET", collaborators, w.bot).status_code == 200
    assert w.call("GET", f"{collaborators}/architect-bot", w.bot).status_code == 204
    assert w.call("GET", f"{collaborators}/carol", w.bot).status_code == 404
    for login in ("alice", "architect-bot", "carol"):
        assert w.call("GET", f"{collaborators}/{login}/permission", w.owner).status_code == 200
    assert w.call("GET", f"{collaborators}/alice/permission", w.reader).status_code == 403
    assert (
        w.call("PUT", f"{collaborators}/carol", w.bot, json={"permission": "read"}).status_code
        == 403
    )
    assert (
        w.call("PUT", f"{collaborators}/carol", w.owner, json={"permission": "read"}).status_code
        == 204
    )
    assert w.call("DELETE", f"{collaborators}/carol", w.owner).status_code == 204
    w.assert_conformant()


def test_issues_labels_comments_and_dependencies(world: World) -> None:
    w = world
    repo = "/repos/alice/proj"
    label = w.call("POST", f"{repo}/labels", w.bot, json={"name": "vision", "color": "#ee0701"})
    assert label.status_code == 201
    assert (
        w.call("POST", f"{repo}/labels", w.bot, json={"name": "x", "color": "nope"}).status_code
        == 422
    )
    assert (
        w.call("POST", f"{repo}/labels", w.reader, json={"name": "x", "color": "fff"}).status_code
        == 403
    )
    assert w.call("GET", f"{repo}/labels", w.reader).status_code == 200
    assert w.call("GET", f"{repo}/labels?page=1&limit=1", w.reader).status_code == 200
    assert w.call("GET", f"{repo}/labels/{label.json()['id']}", w.reader).status_code == 200
    created = w.call(
        "POST", f"{repo}/issues", w.owner, json={"title": "Vision", "labels": [label.json()["id"]]}
    )
    assert created.status_code == 201
    assert w.call("POST", f"{repo}/issues", w.owner, json={"body": "no title"}).status_code == 422
    other = w.call("POST", f"{repo}/issues", w.reader, json={"title": "Other", "body": "b"}).json()[
        "number"
    ]
    queries = [
        "",
        "?state=all&type=issues&labels=vision&q=vis&sort=oldest&page=1&limit=10",
        "?since=2000-01-01T00:00:00Z&before=2999-01-01T00:00:00Z&created_by=alice",
        "?since=yesterday",
        "?created_by=nobody",
    ]
    for query in queries:
        w.call("GET", f"{repo}/issues{query}", w.bot)
    assert w.call("GET", f"{repo}/issues/1", w.bot).status_code == 200
    assert w.call("GET", f"{repo}/issues/99", w.bot).status_code == 404
    assert (
        w.call(
            "PATCH", f"{repo}/issues/1", w.bot, json={"title": "Vision!", "state": "closed"}
        ).status_code
        == 201
    )
    assert w.call("PATCH", f"{repo}/issues/1", w.reader, json={"title": "mine"}).status_code == 403
    labels = f"{repo}/issues/{other}/labels"
    assert w.call("POST", labels, w.bot, json={"labels": ["vision"]}).status_code == 200
    assert w.call("POST", labels, w.bot, json={"labels": [label.json()["id"]]}).status_code == 200
    assert w.call("POST", labels, w.bot, json={"labels": ["vision", 1]}).status_code == 400
    assert w.call("POST", labels, w.reader, json={"labels": ["vision"]}).status_code == 403
    assert w.call("GET", labels, w.reader).status_code == 200
    assert w.call("PUT", labels, w.bot, json={"labels": ["vision"]}).status_code == 200
    assert w.call("DELETE", f"{labels}/vision", w.bot).status_code == 204
    assert w.call("DELETE", f"{labels}/vision", w.bot).status_code == 204
    assert w.call("DELETE", f"{labels}/missing", w.bot).status_code == 422
    assert w.call("DELETE", labels, w.bot).status_code == 204
    deps = f"{repo}/issues/{other}/dependencies"
    meta = {"index": 1, "owner": "alice", "repo": "proj"}
    assert w.call("POST", deps, w.bot, json=meta).status_code == 201
    assert w.call("GET", deps, w.bot).status_code == 200
    # RemoveIssueDependency answers 201, where the swagger says 200 (spec.py).
    assert w.call("DELETE", deps, w.bot, json=meta).status_code == 201
    comments = f"{repo}/issues/{other}/comments"
    comment = w.call("POST", comments, w.reader, json={"body": "hello"})
    assert comment.status_code == 201
    assert w.call("POST", comments, w.reader, json={}).status_code == 422
    assert w.call("GET", comments, w.reader).status_code == 200
    assert w.call("GET", f"{comments}?since=2000-01-01T00:00:00Z", w.reader).status_code == 200
    one = f"{repo}/issues/comments/{comment.json()['id']}"
    assert w.call("GET", one, w.reader).status_code == 200
    assert (
        w.call(
            "GET", f"/repos/alice/secret/issues/comments/{comment.json()['id']}", w.bot
        ).status_code
        == 404
    )
    assert w.call("PATCH", one, w.bot, json={"body": "edited"}).status_code == 200
    assert w.call("PATCH", one, w.owner, json={"body": "owner edit"}).status_code == 200
    assert w.call("GET", f"{repo}/issues/comments", w.reader).status_code == 200
    assert w.call("GET", f"{repo}/issues/comments?page=1&limit=1", w.reader).status_code == 200
    assert w.call("DELETE", one, w.bot).status_code == 204
    w.assert_conformant()


def test_a_label_deleted(world: World) -> None:
    w, repo = world, "/repos/alice/proj"
    doomed = w.call("POST", f"{repo}/labels", w.bot, json={"name": "doomed", "color": "fff"})
    assert w.call("DELETE", f"{repo}/labels/{doomed.json()['id']}", w.reader).status_code == 403
    assert w.call("DELETE", f"{repo}/labels/{doomed.json()['id']}", w.bot).status_code == 204
    w.assert_conformant()


def _sprint_branch(w: World, branch: str = "architect/sprint-1") -> None:
    repo = "/repos/alice/proj"
    assert (
        w.call("POST", f"{repo}/branches", w.bot, json={"new_branch_name": branch}).status_code
        == 201
    )
    body = {"content": _b64("# Sprint\n"), "branch": branch, "message": "add sprint"}
    assert w.call("POST", f"{repo}/contents/sprints/one.md", w.bot, json=body).status_code == 201


def test_branches_and_contents(world: World) -> None:
    w = world
    repo = "/repos/alice/proj"
    _sprint_branch(w)
    assert (
        w.call(
            "POST", f"{repo}/branches", w.bot, json={"new_branch_name": "architect/sprint-1"}
        ).status_code
        == 409
    )
    assert (
        w.call(
            "POST",
            f"{repo}/branches",
            w.bot,
            json={"new_branch_name": "x", "old_branch_name": "gone"},
        ).status_code
        == 404
    )
    assert (
        w.call(
            "POST", f"{repo}/branches", w.bot, json={"new_branch_name": "y", "old_ref_name": "main"}
        ).status_code
        == 201
    )
    assert w.call("GET", f"{repo}/branches", w.reader).status_code == 200
    assert w.call("GET", f"{repo}/branches/architect/sprint-1", w.reader).status_code == 200
    assert w.call("GET", f"{repo}/branches/nope", w.reader).status_code == 404
    path = f"{repo}/contents/sprints/one.md"
    got = w.call("GET", f"{path}?ref=architect/sprint-1", w.reader)
    assert got.status_code == 200
    assert (
        w.call("GET", f"{repo}/contents/sprints?ref=architect/sprint-1", w.reader).status_code
        == 200
    )
    assert w.call("GET", f"{repo}/contents", w.reader).status_code == 200
    assert w.call("GET", f"{path}", w.reader).status_code == 404
    create = {"content": _b64("again"), "branch": "architect/sprint-1"}
    assert w.call("POST", path, w.bot, json=create).status_code == 422
    assert (
        w.call("POST", f"{repo}/contents/bad.md", w.bot, json={"content": "!!!"}).status_code == 422
    )
    assert (
        w.call(
            "POST", f"{repo}/contents/x.md", w.bot, json={"content": "", "branch": "gone"}
        ).status_code
        == 404
    )
    assert (
        w.call("POST", f"{repo}/contents/x.md", w.reader, json={"content": ""}).status_code == 403
    )
    update = {"content": _b64("v2"), "branch": "architect/sprint-1", "sha": got.json()["sha"]}
    assert w.call("PUT", path, w.bot, json=update).status_code == 200
    assert w.call("PUT", path, w.bot, json=update).status_code == 409
    assert w.call("PUT", f"{repo}/contents/none.md", w.bot, json=update).status_code == 500
    sha = w.call("GET", f"{path}?ref=architect/sprint-1", w.bot).json()["sha"]
    delete = {"sha": sha, "branch": "architect/sprint-1"}
    assert w.call("DELETE", path, w.bot, json=delete).status_code == 200
    assert w.call("DELETE", f"{repo}/branches/main", w.bot).status_code == 403
    assert w.call("DELETE", f"{repo}/branches/y", w.bot).status_code == 204
    assert w.call("DELETE", f"{repo}/branches/y", w.bot).status_code == 404
    w.assert_conformant()


def test_pull_requests_reviews_and_merge(world: World) -> None:
    w = world
    repo = "/repos/alice/proj"
    plain = w.call("POST", f"{repo}/issues", w.owner, json={"title": "a plain issue"})
    _sprint_branch(w)
    pr = {
        "head": "architect/sprint-1",
        "base": "main",
        "title": "architect: sprint",
        "body": "pitch",
    }
    created = w.call("POST", f"{repo}/pulls", w.bot, json=pr)
    assert created.status_code == 201
    number = created.json()["number"]
    assert w.call("POST", f"{repo}/pulls", w.bot, json=pr).status_code == 409
    assert w.call("POST", f"{repo}/pulls", w.bot, json={**pr, "head": "main"}).status_code == 422
    assert w.call("POST", f"{repo}/pulls", w.bot, json={**pr, "head": "gone"}).status_code == 404
    for query in (
        "",
        "?state=open",
        "?state=all&sort=oldest&page=1&limit=5",
        "?labels=1&labels=2",
        "?poster=nobody",
    ):
        w.call("GET", f"{repo}/pulls{query}", w.reader)
    assert w.call("GET", f"{repo}/pulls/{number}", w.reader).status_code == 200
    assert w.call("GET", f"{repo}/pulls/main/architect/sprint-1", w.reader).status_code == 200
    assert w.call("GET", f"{repo}/issues/{number}", w.reader).status_code == 200
    assert (
        w.call("PATCH", f"{repo}/pulls/{number}", w.bot, json={"body": "pitch v2"}).status_code
        == 201
    )
    assert (
        w.call("PATCH", f"{repo}/pulls/{number}", w.reader, json={"body": "x"}).status_code == 403
    )
    reviews = f"{repo}/pulls/{number}/reviews"
    assert w.call("POST", reviews, w.bot, json={"event": "APPROVED"}).status_code == 422
    assert w.call("POST", reviews, w.owner, json={"event": "REQUEST_CHANGES"}).status_code == 422
    requested = f"{repo}/pulls/{number}/requested_reviewers"
    assert w.call("POST", requested, w.bot, json={"reviewers": ["alice"]}).status_code == 201
    first = w.call("POST", reviews, w.owner, json={"event": "REQUEST_CHANGES", "body": "more risk"})
    assert first.status_code == 200
    assert (
        w.call("POST", reviews, w.owner, json={"event": "COMMENT", "body": "note"}).status_code
        == 200
    )
    assert (
        w.call("POST", reviews, w.owner, json={"event": "APPROVED", "body": "ok"}).status_code
        == 200
    )
    assert w.call("POST", reviews, w.reader, json={"body": "draft"}).status_code == 200
    assert w.call("GET", reviews, w.reader).status_code == 200
    assert w.call("GET", f"{reviews}?page=1&limit=2", w.reader).status_code == 200
    assert w.call("GET", f"{reviews}/{first.json()['id']}", w.reader).status_code == 200
    comment_id = first.json()["html_url"].rsplit("-", 1)[1]
    assert w.call("GET", f"{repo}/issues/comments/{comment_id}", w.reader).status_code == 204
    merge = f"{repo}/pulls/{number}/merge"
    assert w.call("GET", merge, w.reader).status_code == 404
    assert w.call("POST", merge, w.bot, json={}).status_code == 422
    assert w.call("POST", merge, w.reader, json={"Do": "merge"}).status_code == 405
    assert w.call("POST", merge, w.bot, json={"do": "merge"}).status_code == 200
    assert w.call("GET", merge, w.reader).status_code == 204
    assert w.call("POST", merge, w.bot, json={"Do": "merge"}).status_code == 405
    assert (
        w.call("PATCH", f"{repo}/pulls/{number}", w.bot, json={"state": "open"}).status_code == 412
    )
    assert w.call("GET", f"{repo}/pulls/{plain.json()['number']}", w.reader).status_code == 404
    w.assert_conformant(skip_requests=(merge,))


def test_the_smaller_differences_keep_the_shapes(world: World) -> None:
    """Back-dated label and comment writes, a pending review submitted, a file written
    with people and dates, and a multi-file answer with a null (delete) entry."""
    w = world
    repo = "/repos/alice/proj"
    w.setup.create_label("alice/proj", "ready", "00ff00")
    number = w.call("POST", f"{repo}/issues", w.owner, json={"title": "t"}).json()["number"]
    when = {"updated_at": w.call("GET", f"{repo}/issues/{number}", w.owner).json()["updated_at"]}
    labels = f"{repo}/issues/{number}/labels"
    assert w.call("POST", labels, w.owner, json={"labels": ["ready"], **when}).status_code == 200
    assert w.call("DELETE", f"{labels}/ready", w.owner, json=when).status_code == 204
    said = w.call("POST", f"{repo}/issues/{number}/comments", w.owner, json={"body": "a"})
    comment = f"{repo}/issues/comments/{said.json()['id']}"
    assert w.call("PATCH", comment, w.owner, json={"body": "b", **when}).status_code == 200
    _sprint_branch(w)
    pr = {"head": "architect/sprint-1", "base": "main", "title": "sprint"}
    pull = w.call("POST", f"{repo}/pulls", w.bot, json=pr).json()["number"]
    reviews = f"{repo}/pulls/{pull}/reviews"
    assert w.call("POST", reviews, w.owner, json={"body": "draft"}).status_code == 200
    assert w.call("POST", reviews, w.owner, json={"event": "APPROVED"}).status_code == 200
    people = {"author": {"name": "Ada", "email": "ada@example.test"},
              "dates": {"author": "2025-03-01T10:00:00Z", "committer": "2025-03-02T10:00:00Z"}}
    body = {"content": _b64("x\n"), **people}
    assert w.call("POST", f"{repo}/contents/x.md", w.bot, json=body).status_code == 201
    sha = w.call("GET", f"{repo}/contents/x.md", w.bot).json()["sha"]
    files = [{"operation": "delete", "path": "x.md", "sha": sha},
             {"operation": "create", "path": "y.md", "content": _b64("y\n")}]
    changed = w.call("POST", f"{repo}/contents", w.bot, json={"files": files, **people})
    assert changed.status_code == 201 and changed.json()["files"][0] is None
    w.assert_conformant()


def test_merge_conflict_and_closed_pull(world: World) -> None:
    w = world
    repo = "/repos/alice/proj"
    _sprint_branch(w)
    readme = w.call("GET", f"{repo}/contents/README.md", w.bot).json()["sha"]
    for branch, text in (("main", "main side"), ("architect/sprint-1", "head side")):
        body = {"content": _b64(text), "sha": readme, "branch": branch}
        assert w.call("PUT", f"{repo}/contents/README.md", w.bot, json=body).status_code == 200
    pr = {"head": "architect/sprint-1", "base": "main", "title": "conflicting"}
    number = w.call("POST", f"{repo}/pulls", w.bot, json=pr).json()["number"]
    merge = f"{repo}/pulls/{number}/merge"
    assert w.call("POST", merge, w.bot, json={"Do": "merge"}).status_code == 409
    assert (
        w.call("PATCH", f"{repo}/pulls/{number}", w.bot, json={"state": "closed"}).status_code
        == 201
    )
    assert w.call("POST", merge, w.bot, json={"Do": "merge"}).status_code == 404
    timeline = w.call("GET", f"{repo}/issues/{number}/timeline", w.reader)
    assert [(e["type"], e["user"]["login"]) for e in timeline.json()] == [
        ("close", "architect-bot")]
    assert w.call("GET", f"{repo}/pulls?state=closed&sort=recentclose&limit=1&page=1",
                  w.reader).json()[0]["number"] == number
    w.assert_conformant()


def test_hooks(world: World) -> None:
    w = world
    hooks = "/repos/alice/proj/hooks"
    hook = {
        "type": "forgejo",
        "config": {"url": "http://127.0.0.1:9/hook", "content_type": "json", "secret": "s"},
        "events": ["issues", "pull_request", "pull_request_review", "pull_request_comment"],
        "active": True,
    }
    created = w.call("POST", hooks, w.owner, json=hook)
    assert created.status_code == 201
    assert (
        w.call("POST", hooks, w.owner, json={**hook, "type": "carrier-pigeon"}).status_code == 422
    )
    assert w.call("POST", hooks, w.owner, json={**hook, "config": {"url": "x"}}).status_code == 422
    assert w.call("POST", hooks, w.bot, json=hook).status_code == 403
    assert w.call("GET", hooks, w.owner).status_code == 200
    assert w.call("GET", f"{hooks}/{created.json()['id']}", w.owner).status_code == 200
    assert w.call("DELETE", f"{hooks}/{created.json()['id']}", w.owner).status_code == 204
    assert w.call("DELETE", f"{hooks}/{created.json()['id']}", w.owner).status_code == 404
    w.assert_conformant()


def test_the_checker_rejects_what_a_real_forgejo_would_not_send(world: World) -> None:
    w = world
    issue = w.call("POST", "/repos/alice/proj/issues", w.owner, json={"title": "t"}).json()
    missing = {k: v for k, v in issue.items() if k != "assignees"}
    with pytest.raises(AssertionError, match="assignees"):
        validate_response("GET", "/api/v1/repos/alice/proj/issues/1", 200, missing)
    with pytest.raises(AssertionError, match="number"):
        validate_response("GET", "/api/v1/repos/alice/proj/issues/1", 200, {**issue, "number": "1"})
    with pytest.raises(AssertionError, match="date-time"):
        validate_response(
            "GET", "/api/v1/repos/alice/proj/issues/1", 200, {**issue, "created_at": "yesterday"}
        )
    with pytest.raises(AssertionError, match="not declared"):
        validate_request("GET", "/api/v1/repos/alice/proj/issues?labelz=x", None)
    with pytest.raises(AssertionError, match="title"):
        validate_request("POST", "/api/v1/repos/alice/proj/issues", {"body": "no title"})
    with pytest.raises(AssertionError, match="no operation"):
        validate_request("PUT", "/api/v1/repos/alice/proj/issues", {"title": "x"})
