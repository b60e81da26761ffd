"""The GitHub dialect's plumbing: the request, its errors, GitHub's pages, and the
`Backend` through which every route reaches the one store (see `github_dialect`)."""

from __future__ import annotations

import json
import re
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urlencode

from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Request

from architect.emulator import github_hooks
from architect.emulator import github_serialize as ser
from architect.emulator.serialize import View
from architect.emulator.web import page_links
from architect.emulator.webhooks import Target

if TYPE_CHECKING:
    from architect.emulator import EmbeddedForge

PREFIX = "/api/v3"
PER_PAGE_MAX = 100
FORGEJO_PAGE = 50
ASKED_KEPT = 1000
JSON = Any
T = TypeVar("T")
# GitHub's webhook event names ↔ the embedded forge's subscription flags.
HOOK_EVENTS = {"issues": ["issues"], "issue_comment": ["issue_comment"],
               "pull_request": ["pull_request"],
               "pull_request_review": ["pull_request_review", "pull_request_comment"],
               "label": ["issue_label"]}


class DialectError(Exception):
    def __init__(self, status: int, message: str, errors: list[JSON] | None = None, *,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.errors = status, message, errors
        self.headers = headers or {}


# Which fine-grained permission GitHub names for a refused request (its
# X-Accepted-GitHub-Permissions header), by what the path is about.
PERMISSIONS = (("/hooks", "repository_hooks"), ("/pulls", "pull_requests"),
               ("/contents", "contents"), ("/branches", "contents"), ("/git/", "contents"),
               ("/issues", "issues"), ("/labels", "issues"))


def needed_permission(method: str, path: str) -> str:
    level = "read" if method == "GET" else "write"
    name = next((name for part, name in PERMISSIONS if part in path), "metadata")
    return f"{name}={level}"


@dataclass
class Reply:
    status: int
    body: JSON = None
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class Call:
    """One GitHub request being answered."""

    request: Request
    params: dict[str, str]
    urls: ser.Urls
    auth: str | None

    @property
    def full(self) -> str:
        return f"{self.params['owner']}/{self.params['repo']}"

    def arg(self, name: str, default: str = "") -> str:
        return str(self.request.args.get(name, default))

    def body(self) -> dict[str, JSON]:
        try:
            data = json.loads(self.request.get_data() or b"{}")
        except ValueError as exc:
            raise DialectError(400, "Problems parsing JSON") from exc
        if not isinstance(data, dict):
            raise DialectError(400, "Problems parsing JSON")
        return data


class Backend:
    """The dialect's way into the one store: the emulator's Forgejo handlers, called
    in-process, and what GitHub has that Forgejo lacks (kept in memory only)."""

    def __init__(self, forge: EmbeddedForge) -> None:
        self.forge = forge
        self.sub_issues: dict[tuple[str, int], list[int]] = {}
        self.trees: dict[str, tuple[str, list[JSON]]] = {}  # sha → (base tree, entries)
        self.commits: dict[str, tuple[str, str, list[str]]] = {}  # sha → (tree, msg, parents)
        self.last_date: str | None = None
        # (method, path) of the last Forgejo requests made, to read what an answer cost.
        self.asked: deque[tuple[str, str]] = deque(maxlen=ASKED_KEPT)

    def now(self) -> datetime:
        return self.forge.wsgi.store.now()

    # -- calls into the Forgejo handlers ------------------------------------------------
    def forgejo(self, call: Call, method: str, path: str, *, params: dict[str, str] | None = None,
                body: JSON = None, admin: bool = False) -> tuple[int, JSON]:
        """The emulator's own answer to a Forgejo request; its errors become GitHub's."""
        self.asked.append((method, path))
        auth = f"token {self.forge.admin_token}" if admin else _as_token(call.auth)
        headers = [("Authorization", auth)] if auth else []
        builder = EnvironBuilder(path="/api/v1" + path, method=method,
                                 base_url=call.urls.web + "/",
                                 query_string=urlencode(params or {}), headers=headers,
                                 json=body)
        response = self.forge.wsgi.handle(Request(builder.get_environ()))
        self.last_date = response.headers.get("Date")  # the forge's clock, for the answer
        text = response.get_data()
        data = json.loads(text) if text.strip() else None
        if response.status_code >= 400:
            error = _github_error(response.status_code, data)
            if error.status == 403:
                error.headers["X-Accepted-GitHub-Permissions"] = needed_permission(method, path)
            raise error
        return response.status_code, data

    def forgejo_all(self, call: Call, path: str,
                    params: dict[str, str] | None = None) -> list[JSON]:
        items: list[JSON] = []
        for page in range(1, 1000):
            _, batch = self.forgejo(call, "GET", path, params={**(params or {}),
                                                              "limit": str(FORGEJO_PAGE),
                                                              "page": str(page)})
            items += [b for b in batch or [] if b is not None]
            if len(batch or []) < FORGEJO_PAGE:
                break
        return items

    def require_write(self, call: Call, path: str) -> None:
        """GitHub checks the right to write before it reads the body: so does the dialect,
        by asking the Forgejo handler with an empty body (refused after its checks)."""
        try:
            self.forgejo(call, "POST", path, body={})
        except DialectError as exc:
            if exc.status != 422:
                raise

    def repo_json(self, call: Call) -> JSON:
        return self.forgejo(call, "GET", f"/repos/{call.full}")[1]

    def github_hook(self, call: Call, made: JSON, events: list[str]) -> JSON:
        """Make the Forgejo hook `made` one of GitHub's (its payloads and headers then
        GitHub's, `Hook.github_events`), and ping it as GitHub does; its REST object."""
        sender = ser.user(call.urls, self.forgejo(call, "GET", "/user")[1])
        store = self.forge.wsgi.store
        with store.lock:
            repo = store.repo(call.params["owner"], call.params["repo"])
            hook = None if repo is None else repo.hooks.get(int(made["id"]))
            if repo is None or hook is None:
                raise DialectError(404, "Not Found")
            hook.github_events = list(events)
            store.touch()
            shaped = ser.hook(call.urls, call.full, made, events)
            view = View(store, call.urls.web + "/", None, hook=True)
            ping = github_hooks.ping_event(view, repo, shaped, sender)
            target = Target.of(hook)
        if target.github and hook.active:
            self.forge.wsgi.deliverer.submit(target, "ping", "", ping)
        return shaped

    def github_events(self, hook_id: int) -> list[str] | None:
        store = self.forge.wsgi.store
        with store.lock:
            hook = next((r.hooks[hook_id] for r in store.state.repos.values()
                         if hook_id in r.hooks), None)
            return None if hook is None else hook.github_events

    def number_by_id(self, call: Call, issue_id: object) -> int | None:
        """The number of the issue or PR with id `issue_id` in the call's repository, from
        the store's index of ids: Forgejo's API has no lookup by id, and listing the whole
        repository to find one would cost a read of every issue."""
        if not isinstance(issue_id, int) or isinstance(issue_id, bool):
            return None
        store = self.forge.wsgi.store
        with store.lock:
            repo = store.repo(call.params["owner"], call.params["repo"])
            found = store.issues_by_id.get(issue_id)
            if repo is None or found is None or found.repo_id != repo.id:
                return None
            return found.number


Handler = Callable[[Backend, Call], Reply]
Routes = list[tuple[str, str, Handler]]


def registrar(routes: Routes) -> Callable[[str, str], Callable[[Handler], Handler]]:
    """A `@route(rule, method)` decorator that appends to `routes`."""
    def route(rule: str, method: str) -> Callable[[Handler], Handler]:
        def register(handler: Handler) -> Handler:
            routes.append((rule, method, handler))
            return handler
        return register
    return route


def _as_token(auth: str | None) -> str | None:
    if not auth:
        return None
    scheme, _, value = auth.partition(" ")
    return f"token {value}" if scheme.lower() in ("bearer", "token") else auth


def _github_error(status: int, data: JSON) -> DialectError:
    said = data.get("message", "") if isinstance(data, dict) else ""
    if status == 404:
        return DialectError(404, "Not Found")
    if status == 401:
        return DialectError(401, "Bad credentials")
    if status == 403:
        return DialectError(403, "Resource not accessible by personal access token")
    if status == 422:
        return DialectError(422, "Validation Failed", [{"resource": "Issue", "code": "invalid",
                                                        "message": said or "invalid"}])
    if status == 405:
        return DialectError(405, said or "Pull Request is not mergeable")
    return DialectError(status, said or "Server Error")


def page(call: Call, items: Sequence[T], shape: Callable[[T], JSON]) -> Reply:
    """GitHub's pagination: `per_page` (≤ 100, default 30), `page`, and a Link header
    (its entries joined by ", ", the query kept in its order with `page` last). Only the
    items of the page are shaped."""
    per_page = min(PER_PAGE_MAX, max(1, int(call.arg("per_page", "30") or 30)))
    number = max(1, int(call.arg("page", "1") or 1))
    last = max(1, -(-len(items) // per_page))
    chunk = [shape(item) for item in items[(number - 1) * per_page: number * per_page]]
    base = {k: v for k, v in call.request.args.items() if k != "page"}
    url = call.urls.web + call.request.path
    links = [f'<{url}?{urlencode({**base, "page": target})}>; rel="{rel}"'
             for target, rel in page_links(number, last)]
    return Reply(200, chunk, {"Link": ", ".join(links)} if links else {})


def number_of(d: Backend, call: Call, issue_id: object) -> int:
    """GitHub names a sub-issue or a blocker by its id: its number in this repository."""
    d.repo_json(call)  # a repository the caller cannot see is a 404 first, as on GitHub
    number = d.number_by_id(call, issue_id)
    if number is None:
        raise DialectError(422, "Validation Failed", [{"resource": "Issue", "field": "issue_id",
                                                       "code": "invalid"}])
    return number


def sorted_by(call: Call, items: list[JSON]) -> list[JSON]:
    key = {"updated": "updated_at", "created": "created_at"}.get(call.arg("sort", "created"),
                                                                "created_at")
    return sorted(items, key=lambda i: (i[key], i["id"]),
                  reverse=call.arg("direction", "desc") != "asc")


def issue_number(fj: JSON) -> int:
    url = str(fj.get("issue_url") or fj.get("pull_request_url") or fj.get("html_url") or "")
    found = re.search(r"/(?:issues|pulls)/(\d+)", url)
    return int(found.group(1)) if found else 0
