"""The embedded forge's GitHub dialect: GitHub's REST API under ``/api/v3``.

::

    dialect = GitHubDialect(forge)        # forge: an EmbeddedForge
    client = GitHubClient("http://forge.test/api/v3", token,
                          transport=httpx.WSGITransport(app=dialect))

One store, two dialects: every GitHub route (`github_routes_issues`,
`github_routes_code`) is answered by the emulator's own Forgejo handlers, called
in-process with the caller's token (so permissions, 404s and validation follow the
same rules), and its answer reshaped by `github_serialize`. Outside ``/api/v3`` the
Forgejo API (``/api/v1``, which the test worlds and the demo seed through) and the web
pages (the ``html_url``s) are served as before.

What GitHub adds, the dialect adds: ``per_page`` up to 100 with ``Link`` headers,
ETags with ``304 Not Modified`` (which do not count), the ``X-RateLimit-*`` headers of
a per-token budget (`rate_limit`; spent → 403 with ``X-RateLimit-Remaining: 0``),
errors as ``{message, documentation_url, status}``, sub-issues and "blocked by"
dependencies addressed by issue *id*, branches as git refs, a commit of several
files through the git data API, and ``/search/issues``.

As GitHub Enterprise Server (`ghes`, ``architect forge --dialect github --as-ghes 3.18``),
the routes that version lacks answer 404 as GHES does for any unknown route (3.17, 3.18:
no sub-issues, no dependencies; 3.19: no sub-issues), and every answer carries
``X-GitHub-Enterprise-Version``. The search API has its own bucket (`search_limit` a
minute, ``X-RateLimit-Resource: search``), apart from the core one.

A hook made here is GitHub's (`Hook.github_events`, kept in ``--data``): it is pinged
when made, and every change is delivered to it as GitHub delivers it (`github_hooks`).

Kept in memory only (not in ``--data``): sub-issue links, pending git trees and
commits, and the rate-limit windows.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from typing import TYPE_CHECKING

from werkzeug.exceptions import MethodNotAllowed, NotFound
from werkzeug.routing import Map, Rule
from werkzeug.wrappers import Request, Response

from architect.emulator import github_routes_code, github_routes_issues
from architect.emulator import github_serialize as ser
from architect.emulator.app import encode_json
from architect.emulator.github_web import JSON, PREFIX, Backend, Call, DialectError, Reply

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIEnvironment

    from architect.emulator import EmbeddedForge

ROUTES = (*github_routes_issues.ROUTES, *github_routes_code.ROUTES)
# The routes GitHub Enterprise Server lacks before the version that brought them.
GHES_FEATURES = (("/sub_issues", (3, 20)), ("/dependencies/", (3, 19)))
GHES_OLDEST = (3, 17)
SEARCH_PREFIX = PREFIX + "/search/"


def ghes_version(text: str) -> tuple[int, int]:
    """`3.18` → (3, 18); a ValueError naming what the dialect can answer as."""
    major, _, minor = text.strip().partition(".")
    if not (major.isdigit() and minor.isdigit()) or (int(major), int(minor)) < GHES_OLDEST:
        raise ValueError(f"--as-ghes {text}: a GitHub Enterprise Server version from "
                         f"{GHES_OLDEST[0]}.{GHES_OLDEST[1]} on, like 3.18")
    return int(major), int(minor)


@dataclass
class Window:
    """One token's primary rate-limit window."""

    used: int
    reset: datetime
    resource: str = "core"
    limit: int = 5000


@cache
def _url_map() -> Map:
    """The routing table: constant, and costly to build, so built once per process."""
    return Map([Rule(PREFIX + rule, methods=[method], endpoint=i)
                for i, (rule, method, _) in enumerate(ROUTES)],
               strict_slashes=False, merge_slashes=False)


class GitHubDialect:
    """A WSGI app: GitHub under /api/v3, the embedded forge's own app everywhere else."""

    def __init__(self, forge: EmbeddedForge, *, rate_limit: int = 5000,
                 search_limit: int = 30, ghes: str | None = None) -> None:
        self.forge = forge
        self.backend = Backend(forge)
        self.rate_limit = rate_limit
        self.search_limit = search_limit
        self.ghes = ghes
        self._version = ghes_version(ghes) if ghes is not None else None
        self._windows: dict[tuple[str, str], Window] = {}
        self.served: list[tuple[str, str, int, JSON]] = []  # (method, rule, status, body)
        self._map = _url_map()

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        request = Request(environ)
        if not request.path.startswith(PREFIX):
            return self.forge.wsgi(environ, start_response)
        return self.handle(request)(environ, start_response)

    def handle(self, request: Request) -> Response:
        adapter = self._map.bind_to_environ(request.environ)
        try:
            endpoint, params = adapter.match()
        except (NotFound, MethodNotAllowed):
            return self._respond(request, Reply(404, ser.error(404, "Not Found")), None)
        rule, method, handler = ROUTES[int(endpoint)]
        if not self.serves(rule):
            return self._respond(request, Reply(404, ser.error(404, "Not Found")), None)
        web = request.host_url.rstrip("/")
        call = Call(request, {k: str(v) for k, v in params.items()},
                    ser.Urls(web + PREFIX, web), request.headers.get("Authorization"))
        window = self._window(call.auth, request.path)
        if window is not None and window.used >= window.limit:
            reply = Reply(403, ser.error(403, "API rate limit exceeded for user."))
            return self._respond(request, reply, window)
        self.backend.last_date = None
        try:
            reply = handler(self.backend, call)
        except DialectError as exc:
            reply = Reply(exc.status, ser.error(exc.status, exc.message, exc.errors),
                          exc.headers)
        self.served.append((method, rule, reply.status, reply.body))
        return self._respond(request, reply, window)

    def serves(self, rule: str) -> bool:
        """Whether the server answered as has this route (GHES lacks the newest)."""
        if self._version is None:
            return True
        return all(self._version >= since for part, since in GHES_FEATURES if part in rule)

    def _window(self, auth: str | None, path: str) -> Window | None:
        if not auth:
            return None
        search = path.startswith(SEARCH_PREFIX)
        key = (hashlib.sha256(auth.encode()).hexdigest(), "search" if search else "core")
        window = self._windows.get(key)
        if window is None or self.backend.now() >= window.reset:
            limit, period = ((self.search_limit, timedelta(minutes=1)) if search
                             else (self.rate_limit, timedelta(hours=1)))
            window = self._windows[key] = Window(0, self.backend.now() + period, key[1],
                                                 limit)
        if not search:
            window.limit = self.rate_limit  # a test may change it within the hour
        return window

    def _respond(self, request: Request, reply: Reply, window: Window | None) -> Response:
        headers = {"X-GitHub-Media-Type": "github.v3; format=json", **reply.headers}
        if self.ghes is not None:
            headers["X-GitHub-Enterprise-Version"] = f"{self.ghes}.0"

        if self.backend.last_date:  # GitHub dates every answer; `since` cursors read it
            headers["Date"] = self.backend.last_date
        data = b"" if reply.status == 204 or reply.body is None else encode_json(reply.body)
        if request.method == "GET" and reply.status == 200:
            etag = f'"{hashlib.sha1(data, usedforsecurity=False).hexdigest()}"'
            headers["ETag"] = etag
            if etag in request.headers.get("If-None-Match", ""):
                return Response(b"", status=304, headers={**headers, **self._limits(window)})
        if window is not None:
            window.used += 1
        headers |= self._limits(window)
        if reply.status == 204 or reply.body is None:
            return Response(b"", status=reply.status, headers=headers)
        return Response(data, status=reply.status, headers=headers,
                        content_type="application/json; charset=utf-8")

    def _limits(self, window: Window | None) -> dict[str, str]:
        if window is None:
            return {}
        left = max(0, window.limit - window.used)
        return {"X-RateLimit-Limit": str(window.limit), "X-RateLimit-Remaining": str(left),
                "X-RateLimit-Used": str(window.used),
                "X-RateLimit-Reset": str(int(window.reset.timestamp())),
                "X-RateLimit-Resource": window.resource}
