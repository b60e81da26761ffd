"""A read-only web view of the forge: the pages the API's `html_url` links lead to.

An anonymous visitor's view, as on a real forge signed out: private repositories
do not exist, nothing can be changed, no JavaScript. The paths are Forgejo's
(docs/forgejo-behaviour.md#web-pages), so a link the architect writes into a
comment opens here as it would on the real server.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from werkzeug.exceptions import HTTPException
from werkzeug.routing import Map, Rule
from werkzeug.utils import redirect
from werkzeug.wrappers import Request, Response

from architect.emulator import auth
from architect.emulator.store import Store
from architect.emulator.webview_html import SECURITY_HEADERS, esc, href, link, listing, page
from architect.emulator.webview_issues import files_page, issue_page, issues_page
from architect.emulator.webview_lookup import Missing, Moved, Page, names
from architect.emulator.webview_tree import (
    branches_page,
    commit_page,
    raw_file,
    repo_page,
    src_page,
)


@cache
def _url_map() -> Map:
    repo = "/<owner>/<repo>"
    return Map(
        [
            Rule("/", endpoint="index"),
            Rule("/<owner>", endpoint="user"),
            Rule(repo, endpoint="repo"),
            Rule(repo + "/issues", endpoint="issues", defaults={"pulls": False}),
            Rule(repo + "/pulls", endpoint="issues", defaults={"pulls": True}),
            Rule(repo + "/issues/<int:number>", endpoint="issue", defaults={"pulls": False}),
            Rule(repo + "/pulls/<int:number>", endpoint="issue", defaults={"pulls": True}),
            Rule(repo + "/pulls/<int:number>/files", endpoint="files"),
            Rule(repo + "/branches", endpoint="branches"),
            Rule(repo + "/src/branch/<path:rest>", endpoint="src"),
            Rule(repo + "/raw/branch/<path:rest>", endpoint="raw"),
            Rule(repo + "/commit/<sha>", endpoint="commit"),
        ],
        strict_slashes=False,
        merge_slashes=False,
    )


def is_web_path(path: str) -> bool:
    return not (path == "/api" or path.startswith("/api/"))


def respond(store: Store, request: Request) -> Response:
    """The page at `request.path`, read under the store's lock; 404 when there is none."""
    adapter = _url_map().bind_to_environ(request.environ)
    try:
        endpoint, params = adapter.match()
        with store.lock:
            if endpoint == "raw":
                return raw_file(store, **params)
            title, body, crumbs = _PAGES[endpoint](store, **params)
    except Moved as moved:
        return redirect(moved.location, 303)
    except (Missing, HTTPException):
        title, body, crumbs, status = "Not found", "<h1>Not found</h1>", [], 404
    else:
        status = 200
    return Response(
        page(title, body, crumbs),
        status=status,
        headers=SECURITY_HEADERS,
        content_type="text/html; charset=utf-8",
    )


def _index(store: Store) -> Page:
    repos = sorted(
        (r for r in store.state.repos.values() if auth.access(r, None) != auth.NONE),
        key=lambda r: names(store, r),
    )
    rows = [
        link(href(*names(store, r)), "/".join(names(store, r)))
        + (f' <span class="meta">{esc(r.description)}</span>' if r.description else "")
        for r in repos
    ]
    return "Repositories", "<h1>Repositories</h1>" + listing(rows, "No public repository."), []


def _user(store: Store, owner: str) -> Page:
    user = store.user_by_login(owner)
    if user is None:
        raise Missing
    repos = sorted(
        r.name
        for r in store.state.repos.values()
        if r.owner_id == user.id and auth.access(r, None) != auth.NONE
    )
    name = f' <span class="meta">{esc(user.full_name)}</span>' if user.full_name else ""
    rows = [link(href(user.login, r), r) for r in repos]
    body = f"<h1>{esc(user.login)}{name}</h1><h2>Repositories</h2>" + listing(rows, "None.")
    return user.login, body, [(href(user.login), user.login)]


_PAGES: dict[str, Callable[..., Page]] = {
    "index": _index,
    "user": _user,
    "repo": repo_page,
    "issues": issues_page,
    "issue": issue_page,
    "src": src_page,
    "commit": commit_page,
    "files": files_page,
    "branches": branches_page,
}
