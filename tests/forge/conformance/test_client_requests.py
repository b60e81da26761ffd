"""Every request the forge client sends is one both swaggers declare: Forgejo's and
Gitea 1.27.1's (tests/data/forgejo; the differences that matter: docs/gitea.md).

A transport wrapper records what leaves the client while a scenario calls every
method (the `Forge` protocol and the extras); each request is then checked with
`spec.validate_request`: the operation exists, each query key is declared, and
the JSON body matches the operation's body schema.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import httpx
import pytest

from architect.forge.client import ForgeClient
from architect.forge.models import FileChange
from architect.forge.protocol import Forge
from tests.forge.conformance.spec import SPECS, find_operation, validate_request
from tests.forge.world import OPS, PROJECT, World, make_world

BRANCH = "architect/sprint-vision-1"
_R = "/repos/{owner}/{repo}"
# Every endpoint the client uses (docs/forgejo-behaviour.md sections in brackets).
ENDPOINTS = {
    "GET /user",  # [#current-user]
    "GET /version",
    "GET /users/{username}",
    f"GET {_R}",
    f"GET {_R}/collaborators/{{collaborator}}/permission",
    f"GET {_R}/assignees",
    f"GET {_R}/issues",  # [#issues]
    f"POST {_R}/issues",
    f"GET {_R}/issues/{{index}}",
    f"PATCH {_R}/issues/{{index}}",
    f"POST {_R}/issues/{{index}}/labels",  # [#labels]
    f"DELETE {_R}/issues/{{index}}/labels/{{identifier}}",
    f"GET {_R}/labels",
    f"POST {_R}/labels",
    f"GET {_R}/issues/{{index}}/comments",  # [#comments]
    f"POST {_R}/issues/{{index}}/comments",
    f"PATCH {_R}/issues/comments/{{id}}",
    f"GET {_R}/issues/{{index}}/timeline",  # who closed a sprint PR
    f"GET {_R}/issues/comments",  # incremental ticks: the comments edited since
    f"GET {_R}/issues/{{index}}/dependencies",
    f"POST {_R}/issues/{{index}}/dependencies",
    f"DELETE {_R}/issues/{{index}}/dependencies",  # a re-plan closing a sub-issue
    f"GET {_R}/pulls",  # [#pull-requests]
    f"POST {_R}/pulls",
    f"GET {_R}/pulls/{{index}}",
    f"PATCH {_R}/pulls/{{index}}",
    f"GET {_R}/pulls/{{base}}/{{head}}",
    f"POST {_R}/pulls/{{index}}/merge",
    f"GET {_R}/pulls/{{index}}/reviews",  # [#reviews]
    f"POST {_R}/pulls/{{index}}/reviews",
    f"GET {_R}/branches/{{branch}}",  # [#branches]
    f"GET {_R}/branches",
    f"POST {_R}/branches",
    f"DELETE {_R}/branches/{{branch}}",
    f"GET {_R}/contents/{{filepath}}",  # [#file-contents]
    f"POST {_R}/contents/{{filepath}}",
    f"PUT {_R}/contents/{{filepath}}",
    f"POST {_R}/contents",
    f"GET {_R}/hooks",  # [#webhooks]
    f"POST {_R}/hooks",
}


# Query keys one server does not declare and so ignores; the client filters the answer
# itself (`ForgeClient.list_pulls`), so the result is right on both (docs/gitea.md). A
# search's `sort=relevance` only orders the hits: Gitea answers them newest first.
IGNORED_QUERY = {("gitea", "GET", "/repos/{owner}/{repo}/pulls"): {"head", "base"},
                 ("gitea", "GET", "/repos/{owner}/{repo}/issues"): {"sort"}}


def _as_understood(api: str, method: str, url: str) -> str:
    """`url` without the query keys that `api`'s server ignores."""
    template, _ = find_operation(method, url, api)
    ignored = IGNORED_QUERY.get((api, method, template), set())
    parts = urlsplit(url)
    kept = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True)
            if k not in ignored]
    return urlunsplit(parts._replace(query=urlencode(kept)))


class Recording(httpx.BaseTransport):
    """Passes requests on and remembers (method, url, json body) of each."""

    def __init__(self, inner: httpx.BaseTransport) -> None:
        self.inner = inner
        self.sent: list[tuple[str, str, Any]] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content) if request.content else None
        self.sent.append((request.method, str(request.url), body))
        return self.inner.handle_request(request)


@pytest.fixture
def recorded() -> Iterator[tuple[World, Recording]]:
    recordings: list[Recording] = []

    def wrap(inner: httpx.BaseTransport) -> httpx.BaseTransport:
        recordings.append(Recording(inner))
        return recordings[-1]

    for world in make_world(wrap):
        yield world, recordings[0]


def exercise(bot: ForgeClient, human: ForgeClient) -> set[str]:  # noqa: PLR0915 - one scenario touching every method
    """Calls every public method of the client once at least; returns their names."""
    called: set[str] = set()

    def call(method: str, /, *args: Any, **kwargs: Any) -> Any:
        called.add(method)
        client = human if method == "create_review" else bot
        return getattr(client, method)(*args, **kwargs)

    call("current_user")
    call("get_version")
    call("get_repo", PROJECT)
    call("collaborator_permission", PROJECT, "architect-bot")
    call("list_assignees", PROJECT)
    call("get_user", "architect-bot")
    call("probe_write", PROJECT, "labels")
    call("probe_write", OPS, "branches")
    label = call("create_label", PROJECT, name="vision", color="0075ca", description="broad")
    call("list_labels", PROJECT)
    first = call("create_issue", PROJECT, title="Cache", body="b", label_ids=[label.id])
    second = call("create_issue", PROJECT, title="API", body="")
    since = datetime(2020, 1, 1, tzinfo=UTC)
    filters = {"labels": ["vision"], "type": "issues", "created_by": "architect-bot", "q": "C"}
    call("list_issues", PROJECT, state="all", since=since, **filters)
    call("get_issue", PROJECT, first.number)
    call("edit_issue", PROJECT, second.number, title="API v2", body="x", state="closed")
    call("add_issue_labels", PROJECT, second.number, ["vision"])
    call("remove_issue_label", PROJECT, second.number, "vision")
    comment = call("create_comment", PROJECT, first.number, "hello")
    call("edit_comment", PROJECT, comment.id, "hello again")
    call("list_comments", PROJECT, first.number)
    call("changed_since", PROJECT, since, limit=50)
    call("changed_since", PROJECT, None, limit=1)
    call("comments_changed_since", OPS, since, limit=50)
    call("search_issues", PROJECT, "cache api", limit=50)
    call("add_dependency", PROJECT, second.number, depends_on=first.number)
    call("list_dependencies", PROJECT, second.number)
    call("remove_dependency", PROJECT, second.number, depends_on=first.number)
    call("link_sub_issue", PROJECT, first.number, second.number)  # Forgejo: sends nothing

    call("get_branch", OPS, BRANCH)
    call("list_branches", OPS)
    call("create_branch", OPS, BRANCH, "main")
    created = call("create_file", OPS, "sprints/cache.md", "v1", branch=BRANCH, message="add")
    call("get_file", OPS, "sprints/cache.md", ref=BRANCH)
    edit = {"sha": created.sha, "branch": BRANCH, "message": "edit"}
    updated = call("update_file", OPS, "sprints/cache.md", "v2", **edit)
    call("list_files", OPS, "sprints", ref=BRANCH)
    call("change_files", OPS, [
        FileChange("create", "sprints/new.md", "n"),
        FileChange("update", "sprints/archive/cache.md", "v2", sha=updated.sha,
                   from_path="sprints/cache.md"),
    ], branch=BRANCH, message="move")
    pull = call("create_pull", OPS, title="architect: Cache", body="p", head=BRANCH, base="main")
    call("list_pulls", OPS, state="open", head=BRANCH, base="main")
    call("list_pulls", OPS, state="all")
    call("get_pull", OPS, pull.number)
    call("get_pull_by_branches", OPS, "main", BRANCH)
    call("edit_pull", OPS, pull.number, title="architect: Cache!", body="p2", state="open")
    call("create_review", OPS, pull.number, event="APPROVED", body="ok")
    call("list_reviews", OPS, pull.number)
    call("merge_pull", OPS, pull.number, style="merge", message="Merge\n\nbody")
    call("recently_closed_pulls", OPS, limit=10)
    call("list_timeline", OPS, pull.number)
    if bot.get_branch(OPS, BRANCH) is not None:
        call("delete_branch", OPS, BRANCH)
    else:  # the forge deleted it on merge: make one to delete
        bot.create_branch(OPS, "tmp/x", "main")
        call("delete_branch", OPS, "tmp/x")

    call("create_hook", OPS, url="http://127.0.0.1:9/hook", secret="s3")
    call("list_hooks", OPS)
    return called


def test_every_request_the_client_sends_is_declared_by_the_swagger(
    recorded: tuple[World, Recording],
) -> None:
    world, recording = recorded

    called = exercise(world.bot, world.human)

    public = {name for name, _ in inspect.getmembers(ForgeClient, inspect.isfunction)}
    public = {name for name in public if not name.startswith("_")} - {"close"}
    assert public - called == set(), "a method of the client is not exercised"
    protocol = {name for name, _ in inspect.getmembers(Forge, inspect.isfunction)}
    assert {name for name in protocol if not name.startswith("_")} <= called
    problems = []
    for method, url, body in recording.sent:
        if method == "POST" and body == {} and url.endswith(("/labels", "/branches")):
            # probe_write: an empty body on purpose, refused (422) after the forge checked
            # the token's scope and the account's right; the operation itself must exist.
            for api in SPECS:
                find_operation(method, _as_understood(api, method, url), api)
            continue
        for api in SPECS:
            try:
                validate_request(method, _as_understood(api, method, url), body, api)
            except AssertionError as error:
                problems.append(str(error))
    assert problems == []
    operations = {f"{m} {find_operation(m, url)[0]}" for m, url, _ in recording.sent}
    assert operations == ENDPOINTS
