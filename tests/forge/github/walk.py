"""A lifecycle walk on the GitHub dialect, every exchange and every webhook recorded.

Three visions: one goes vision → pitch → revise → accept → questions → answers → filed
sub-issues (blocked-by links) → merged sprint PR → re-plan proposed and accepted; one is
rejected; the sprint PR of the third is closed by hand. The dashboard is rendered on
every tick, and a box ticked on it pauses the architect. Around them the calls
`architect init` makes (labels, permissions, hooks, write probes), a multi-file commit,
a label removed by hand, a dependency removed and a text search. Both repositories have
a webhook to the server `architect loop --webhook` runs, which receives every delivery
of the walk. The checks in this folder hold each exchange and each delivery against
GitHub's published artefacts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import httpx
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Request

from architect.forge.github import GitHubClient
from architect.forge.models import FileChange
from architect.forge.secret import Secret
from architect.shell import guards
from architect.shell.webhooks import WebhookServer, edits_for, routes_for
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


HOOK_SECRET = "s3cret-for-hooks"


@dataclass
class Walked:
    world: World
    seen: list[Exchange]
    pokes: list[str] = field(default_factory=list)  # the ticks the webhooks asked for


def walk(tmp_path: Path) -> Walked:
    world = make_world(tmp_path, dialect="github")
    walked = Walked(world, [])
    hooks = WebhookServer("127.0.0.1", 0, secret=Secret(HOOK_SECRET),
                          routes=routes_for([world.config]), poke=walked.pokes.append,
                          max_body=world.config.architect.webhook_max_body_kb * 1024,
                          poll_interval=0.05, edits=edits_for([world.config]))
    hooks.start()
    try:
        walked.seen = _walk(world, "http://{}:{}/".format(*hooks.address))
        assert world.forge.wait_for_deliveries(30)
    finally:
        hooks.close()
    return walked


def _walk(world: World, hook_url: str) -> list[Exchange]:
    assert world.github is not None
    recorder = Recorder(httpx.WSGITransport(app=world.github))
    bot = GitHubClient(f"{BASE}/api/v3", world.tokens[BOT], transport=recorder,
                       kept=world.kept())
    world.clients[BOT] = bot
    _init(world, recorder, bot, hook_url)
    _story(world, recorder, bot)
    return recorder.seen


def _init(world: World, recorder: Recorder, bot: GitHubClient, hook_url: str) -> None:
    """What `architect init` reads and proves, and the hooks it registers."""
    bot.current_user()
    bot.get_repo(OPS)
    bot.collaborator_permission(OPS, "alice")
    bot.list_assignees(OPS)
    bot.get_user("alice")
    bot.list_labels(OPS)
    bot.create_label(OPS, name="architect", color="1d76db", description="the dashboard")
    bot.probe_write(OPS, "branches")
    bot.probe_write(OPS, "labels")
    owner = GitHubClient(f"{BASE}/api/v3", world.tokens["acme"], transport=recorder,
                         kept=world.kept())
    hook = owner.create_hook(OPS, url="http://127.0.0.1:9/github", secret="s3cret")
    owner.list_hooks(OPS)
    # Nothing listens there: the hook goes (its ping is refused, as GitHub's would fail).
    world.forge.wsgi.handle(_delete(f"/api/v1/repos/{OPS}/hooks/{hook.id}",
                                    world.tokens["acme"]))
    for repo in (PROJECT, OPS):  # what `architect init --webhook-url` registers
        owner.create_hook(repo, url=hook_url, secret=HOOK_SECRET)
    owner.create_label(PROJECT, name="idea", color="c2e0c6", description="a team's own")


def _story(world: World, recorder: Recorder, bot: GitHubClient) -> None:
    world.vision("Wishlists")
    rejected = world.vision("Loyalty points", by="bob")
    by_hand = world.vision("Gift cards", by="bob")
    world.tick()
    first, second, third = sorted(bot.list_pulls(OPS, state="open"), key=lambda p: p.number)
    world.review(first.number, "REQUEST_CHANGES", "Smaller, please.")
    world.comment(second.number, "REJECT: not this year", by="bob")
    bob = GitHubClient(f"{BASE}/api/v3", world.tokens["bob"], transport=recorder,
                       kept=world.kept())
    bob.edit_pull(OPS, third.number, state="closed")  # closed by hand, without a REJECT:
    world.tick()
    world.review(first.number, "APPROVED")
    world.tick()
    world.comment(first.number, "Q1: B\nQ2: B")
    world.tick()
    world.tick()
    _by_hand(world, bot, rejected)
    assert any("closed by @bob without" in c for c in world.bot_comments(by_hand, PROJECT))
    # A re-plan of the filed sprint: proposed, then accepted.
    world.comment(first.number, "REPLAN: drop the wishlist page")
    world.tick()
    world.comment(first.number, "ACCEPT")
    world.tick()
    world.tick()
    assert [i.title for i in bot.list_issues(PROJECT, state="closed")
            if i.title == "Wishlist page"], "the re-plan closed no sub-issue"
    _pause_from_the_dashboard(world, recorder, bot)


def _pause_from_the_dashboard(world: World, recorder: Recorder, bot: GitHubClient) -> None:
    """@alice ticks a box of the dashboard: the webhook server records who edited it (from
    GitHub's `issues` `edited`), and the next tick pauses."""
    (board,) = [i for i in bot.list_issues(OPS, state="open", type="issues")
                if i.title == "Architect dashboard"]
    box = "- [ ] pause the architect "
    assert box in board.body, board.body
    alice = GitHubClient(f"{BASE}/api/v3", world.tokens["alice"], transport=recorder,
                         kept=world.kept())
    alice.edit_issue(OPS, board.number, body=board.body.replace(box, "- [x] pause the "
                                                                "architect ", 1))
    assert world.forge.wait_for_deliveries(30)
    assert {"issue": board.number, "login": "alice"}.items() <= next(
        e for e in reversed(guards.edits(world.config.project_state_dir))).items()
    world.tick()
    assert "- [ ] resume the architect " in bot.get_issue(OPS, board.number).body


def _by_hand(world: World, bot: GitHubClient, rejected: int) -> None:
    """What a person does by hand, and what the architect reads back."""
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
