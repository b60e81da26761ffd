"""What an anonymous visitor of the web view may look up, and the links between pages."""

from __future__ import annotations

from architect.emulator import auth
from architect.emulator.store import Issue, Repo, Store
from architect.emulator.webview_html import href, link, state_badge

Crumbs = list[tuple[str, str]]  # (url, text) from the top of the site down
Page = tuple[str, str, Crumbs]  # (title, body HTML, crumbs)


class Missing(Exception):
    """Nothing at this address (or nothing an anonymous visitor may see)."""


class Moved(Exception):
    def __init__(self, location: str) -> None:
        super().__init__(location)
        self.location = location


def visible_repo(store: Store, owner: str, repo: str) -> Repo:
    found = store.repo(owner, repo)
    if found is None or auth.access(found, None) == auth.NONE:
        raise Missing
    return found


def names(store: Store, repo: Repo) -> tuple[str, str]:
    return store.user(repo.owner_id).login, repo.name


def repo_crumbs(store: Store, repo: Repo) -> Crumbs:
    owner, name = names(store, repo)
    return [(href(owner), owner), (href(owner, name), name)]


def user_link(store: Store, user_id: int) -> str:
    login = store.user(user_id).login
    return link(href(login), login)


def split_ref(repo: Repo, rest: str) -> tuple[str, str]:
    """`branch/path` → (branch, path); branch names may contain `/`, the longest one wins."""
    for branch in sorted(repo.branches, key=len, reverse=True):
        if rest == branch or rest.startswith(branch + "/"):
            return branch, rest[len(branch) + 1 :]
    raise Missing


def issue_url(owner: str, name: str, issue: Issue) -> str:
    return href(owner, name, "pulls" if issue.pull else "issues", str(issue.number))


def state_of(issue: Issue) -> str:
    return state_badge("merged" if issue.pull and issue.pull.merged else issue.state)
