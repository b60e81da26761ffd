"""What many handlers need: the repository in the path, the issue by index, rights checks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from architect.emulator import auth
from architect.emulator.serialize import View
from architect.emulator.store import Issue, Repo, User
from architect.emulator.web import ApiError, Ctx, Reply, not_found

Handler = Callable[[Ctx], Reply]

WRITE_DENIED = "user should have a permission to write to a repo"
ADMIN_DENIED = "user should be an owner or a site admin"


@dataclass(frozen=True)
class Route:
    """One API route. `category` is the token scope category (None: no scope check)."""

    rule: str
    methods: tuple[str, ...]
    handler: Handler
    category: str | None
    token: bool = False  # `reqToken()`: anonymous callers get 401 `token is required`


def route(
    rule: str, methods: str, handler: Handler, category: str | None, *, token: bool | None = None
) -> Route:
    verbs = tuple(methods.split())
    needs = token if token is not None else any(m != "GET" for m in verbs)
    return Route(rule, verbs, handler, category, needs)


def view(ctx: Ctx) -> View:
    return View(ctx.store, ctx.root, ctx.doer, memo=ctx.memo)


def require_token(ctx: Ctx) -> User:
    if ctx.doer is None:
        raise ApiError(401, "token is required")
    return ctx.doer


def load_repo(ctx: Ctx) -> Repo:
    """The `{owner}/{repo}` of the path; 404 when missing or private and invisible to the doer."""
    repo = ctx.store.repo(ctx.params["owner"], ctx.params["repo"])
    if repo is None or auth.access(repo, ctx.doer) < auth.READ:
        raise not_found()
    if ctx.request.method != "GET":
        require_token(ctx)
    return repo


def mode(ctx: Ctx, repo: Repo) -> int:
    return auth.access(repo, ctx.doer)


def require_write(ctx: Ctx, repo: Repo) -> User:
    """`reqRepoWriter`: 403 with a message for a reader."""
    doer = require_token(ctx)
    if auth.access(repo, doer) < auth.WRITE:
        raise ApiError(403, WRITE_DENIED)
    return doer


def require_admin(ctx: Ctx, repo: Repo) -> User:
    doer = require_token(ctx)
    if auth.access(repo, doer) < auth.ADMIN:
        raise ApiError(403, ADMIN_DENIED)
    return doer


def can_write(ctx: Ctx, repo: Repo) -> bool:
    return auth.access(repo, ctx.doer) >= auth.WRITE


def load_issue(ctx: Ctx, repo: Repo, key: str = "index") -> Issue:
    issue = repo.issues.get(int(ctx.params[key]))
    if issue is None:
        raise not_found()
    return issue


def load_pull(ctx: Ctx, repo: Repo) -> Issue:
    """The PR at `{index}`; a plain issue there is a 404, as on the real server."""
    issue = repo.issues.get(int(ctx.params["index"]))
    if issue is None or issue.pull is None:
        raise not_found("GetPullRequestByIndex", "pull request does not exist")
    return issue


def bump(ctx: Ctx, issue: Issue) -> None:
    """Record a change to an issue: its `updated_at` moves, the state is dirty, and the
    issue goes to the indexer's queue."""
    issue.updated = ctx.store.now()
    ctx.store.reindex(issue)
    ctx.store.touch()
