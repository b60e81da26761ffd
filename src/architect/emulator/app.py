"""The WSGI application: routing, authentication, scopes, errors, persistence, webhooks."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

from werkzeug.exceptions import MethodNotAllowed, NotFound
from werkzeug.http import http_date
from werkzeug.routing import Map, Rule
from werkzeug.wrappers import Request, Response

from architect.emulator import (
    api_comments,
    api_git,
    api_hooks,
    api_issue_delete,
    api_issues,
    api_labels,
    api_pulls,
    api_reviews,
    api_timeline,
    api_users,
    auth,
    webview,
)
from architect.emulator.api_hooks import wants
from architect.emulator.common import Route
from architect.emulator.store import Hook, Store
from architect.emulator.web import NOT_FOUND, ApiError, Ctx, Event, Reply
from architect.emulator.webhooks import Deliverer, Target

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIEnvironment

log = logging.getLogger(__name__)

API_PREFIX = "/api/v1"
ROUTES: tuple[Route, ...] = (
    *api_users.ROUTES,
    *api_issues.ROUTES,
    *api_issue_delete.ROUTES,
    *api_labels.ROUTES,
    *api_comments.ROUTES,
    *api_timeline.ROUTES,
    *api_pulls.ROUTES,
    *api_reviews.ROUTES,
    *api_git.ROUTES,
    *api_hooks.ROUTES,
)
_HEADERS = {
    # Every API response carries it (httpcache.SetCacheControlInHeader); there are no ETags.
    "Cache-Control": "max-age=0, private, must-revalidate",
    "X-Content-Type-Options": "nosniff",
}


@cache
def _url_map() -> Map:
    """The routing table: constant, and costly to build, so built once per process."""
    return Map(
        [
            Rule(API_PREFIX + r.rule, methods=list(r.methods), endpoint=i)
            for i, r in enumerate(ROUTES)
        ],
        strict_slashes=False,
        merge_slashes=False,
    )


def encode_json(body: Any) -> bytes:
    """Go's encoder: compact, `<`, `>` and `&` escaped, a trailing newline."""
    text = json.dumps(body, separators=(",", ":"), ensure_ascii=False, check_circular=False)
    for char, escaped in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e")):
        text = text.replace(char, escaped)
    return (text + "\n").encode()


class ForgeApp:
    """A WSGI callable over a `Store`. `on_change` runs (under the lock) after each change."""

    def __init__(
        self,
        store: Store,
        deliverer: Deliverer,
        on_change: Callable[[], None] | None = None,
    ) -> None:
        self.store = store
        self.deliverer = deliverer
        self._on_change = on_change
        self._map = _url_map()

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        response = self.handle(Request(environ))
        return response(environ, start_response)

    def handle(self, request: Request) -> Response:
        if request.method in ("GET", "HEAD") and webview.is_web_path(request.path):
            return webview.respond(self.store, request)  # the html_url pages
        root = request.host_url
        adapter = self._map.bind_to_environ(request.environ)
        try:
            endpoint, params = adapter.match()
        except MethodNotAllowed:
            return _respond(Reply(405, empty=True))
        except NotFound:
            return _respond(_error_reply(ApiError(404, NOT_FOUND, errors=[]), root, False))
        route = ROUTES[int(endpoint)]
        deliveries: list[tuple[Target, str, str, Any]] = []
        with self.store.lock, self.store.request_time() as now:
            before = self.store.revision
            ctx = Ctx(self.store, request, dict(params), root)
            reply = self._dispatch(route, ctx)
            if self.store.revision != before and self._on_change is not None:
                self._on_change()
            for event in ctx.events:
                repo = self.store.state.repos.get(event.repo_id)
                deliveries += _deliveries(event, [] if repo is None else list(repo.hooks.values()))
        for target, name, kind, payload in deliveries:
            self.deliverer.submit(target, name, kind, payload)
        response = _respond(reply)
        # Go's net/http dates every response: the forge's own clock, for `since` cursors.
        response.headers["Date"] = http_date(now)
        return response

    def _dispatch(self, route: Route, ctx: Ctx) -> Reply:
        try:
            ctx.doer, ctx.scopes = auth.authenticate(
                self.store, ctx.request.headers.get("Authorization")
            )
            write = ctx.request.method != "GET"
            category = route.category
            if category and ctx.doer and not auth.has_scope(ctx.scopes, category, write):
                raise auth.scope_error(category, write)
            # Repository routes check the token after finding the repository (404 first).
            if route.token and ctx.doer is None and "owner" not in ctx.params:
                raise ApiError(401, "token is required")
            return route.handler(ctx)
        except ApiError as error:
            admin = ctx.doer is not None and ctx.doer.is_admin
            return _error_reply(error, ctx.root, admin)
        except Exception:
            log.exception("%s %s failed", ctx.request.method, ctx.request.path)
            return _error_reply(ApiError(500, "internal error"), ctx.root, False)


def _deliveries(event: Event, hooks: list[Hook]) -> list[tuple[Target, str, str, Any]]:
    """What `event` sends to each hook that wants it: Forgejo's payload to Forgejo hooks,
    GitHub's (one delivery or several, by action) to the GitHub dialect's. Each payload is
    built once, and only when some hook wants it."""
    found: list[tuple[Target, str, str, Any]] = []
    targets = [Target.of(h) for h in hooks if h.github_events is None and wants(h, event.flag)]
    if targets:
        payload = event.build()
        found += [(t, event.event, event.event_type, payload) for t in targets]
    github = [h for h in hooks if h.active and h.github_events is not None]
    if github and event.github is not None:
        built = event.github()
        for hook in github:
            wanted = set(hook.github_events or ())
            found += [(Target.of(hook), name, str(body.get("action", "")), body)
                      for name, body in built if name in wanted or "*" in wanted]
    return found


def _error_reply(error: ApiError, root: str, admin: bool) -> Reply:
    if error.empty:
        return Reply(error.status, empty=True)
    if error.payload is not None:
        return Reply(error.status, error.payload)
    # In production a 500's message is blanked unless a site admin asks.
    message = error.message if error.status != 500 or admin else ""
    body: dict[str, Any] = {"message": message, "url": f"{root}api/swagger"}
    if error.errors is not None:
        body["errors"] = error.errors
    return Reply(error.status, body)


def _respond(reply: Reply) -> Response:
    headers = dict(_HEADERS)
    headers.update(reply.headers)
    if reply.empty:
        return Response(b"", status=reply.status, headers=headers)
    return Response(
        encode_json(reply.body),
        status=reply.status,
        headers=headers,
        content_type="application/json;charset=utf-8",
    )
