"""A lifecycle walk on the GitHub dialect, every exchange recorded.

Two visions: one goes vision → pitch → revise → accept → questions → answers →
filed sub-issues → merged sprint PR; the other is rejected. Around them the calls
`architect init` makes (labels, permissions, hooks, write probes), a multi-file
commit, a label removed by hand, a dependency removed (as a re-plan does) and a text
search. The checks in this folder hold each exchange against GitHub's published artefacts.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import httpx
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Request

from architect.forge.github import GitHubClient
from architect.forge.models import FileChange
from tests.world import BASE, BOT, OPS, PROJECT, World, make_world


@dataclass(frozen=True)
class Exchange:
    method: str
    path: str  # below /api/v3
    query: dict[str, str]
    body: object
    status: int
    answer: object


class Recorder(httpx.BaseTransport):
    def __init__(self, inner: httpx.BaseTransport) -> None:
        self.inner = inner
        self.seen: list[Exchange] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = self.inner.handle_request(request)
        data = response.read()
        path = request.url.path
        if path.startswith("/api/v3"):
            sent = httpx.Response(200, content=request.content).json() if request.content else None
            answer = httpx.Response(200, content=data).json() if data.strip() else None
            self.seen.append(Exchange(request.method, path.removeprefix("/api/v3"),
                                      dict(request.url.params), sent, response.status_code,
                                      answer))
        return httpx.Response(response.status_code, headers=response.headers, content=data,
                              request=request)


def _delete(path: str, token: str) -> Request:
    environ = EnvironBuilder(path=path, method="DELETE", base_url=BASE,
                             headers=[("Authorization", f"token {token}")]).get_environ()
    return Request(environ)


def walk(tmp_path: Path) -> tuple[World, list[Exchange]]:
    world = make_world(tmp_path, dialect="github")
    assert world.github is not None
    recorder = Recorder(httpx.WSGITransport(app=world.github))
    bot = GitHubClient(f"{BASE}/api/v3", world.tokens[BOT], transport=recorder)
    world.clients[BOT] = bot
    # What `architect init` reads and proves.
    bot.current_user()
    bot.get_repo(OPS)
    bot.collaborator_permission(OPS, "alice")
    bot.list_assignees(OPS)
    bot.get_user("alice")
    bot.list_labels(OPS)
    bot.create_label(OPS, name="architect", color="1d76db", description="the dashboard")
    bot.probe_write(OPS, "branches")
    bot.probe_write(OPS, "labels")
    owner = GitHubClient(f"{BASE}/api/v3", world.tokens["acme"], transport=recorder)
    hook = owner.create_hook(OPS, url="http://127.0.0.1:9/github", secret="s3cret")
    owner.list_hooks(OPS)
    # Nothing listens there: the hook goes, so the walk's events are not delivered.
    world.forge.wsgi.handle(_delete(f"/api/v1/repos/{OPS}/hooks/{hook.id}",
                                    world.tokens["acme"]))

    world.vision("Wishlists")
    rejected = world.vision("Loyalty points", by="bob")
    world.tick()
    first, second = sorted(bot.list_pulls(OPS, state="open"), key=lambda p: p.number)
    world.review(first.number, "REQUEST_CHANGES", "Smaller, please.")
    world.comment(second.number, "REJECT: not this year", by="bob")
    world.tick()
    world.review(first.number, "APPROVED")
    world.tick()
    world.comment(first.number, "Q1: B\nQ2: B")
    world.tick()
    world.tick()
    # What a person does by hand, and what the architect reads back.
    filed = bot.list_issues(PROJECT, state="open", labels=["backlog"])
    bot.remove_issue_label(PROJECT, filed[0].number, "backlog")
    bot.remove_issue_label(PROJECT, filed[0].number, "backlog")  # not there: nothing to do
    bot.list_issues(PROJECT, state="open", type="issues", q='"Decomposed from #1"')
    bot.list_timeline(PROJECT, rejected)
    bot.comments_changed_since(OPS, world.clock.start, limit=50)
    bot.changed_since(PROJECT, world.clock.start, limit=50)
    bot.list_dependencies(PROJECT, filed[-1].number)
    # What a re-plan closing a sub-issue does first: unlink what it waits for.
    blocked, blockers = next((i.number, found) for i in filed
                             if (found := bot.list_dependencies(PROJECT, i.number)))
    bot.remove_dependency(PROJECT, blocked, depends_on=blockers[0].number)
    main = bot.get_file(OPS, "README.md", ref="main")
    assert main is not None
    bot.change_files(OPS, [FileChange("update", "README.md", text="# ops\n", sha=main.sha),
                           FileChange("create", "notes/one.md", text="one\n")],
                     branch="main", message="two files, one commit")
    bot.list_files(OPS, "notes", ref="main")
    bot.get_branch(OPS, "main")
    bot.list_branches(OPS)
    return world, recorder.seen
