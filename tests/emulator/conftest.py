"""An embedded forge seeded over HTTP, with a client per person."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Request

from architect.emulator import EmbeddedForge
from architect.emulator.github_dialect import GitHubDialect
from architect.emulator.github_serialize import Urls
from architect.emulator.github_web import Call
from architect.emulator.setup import ForgeSetup
from architect.emulator.store import Repo
from architect.emulator.web import Ctx

ROOT = "http://forge.test"
REPO = "acme/widgets"


class SteppingClock:
    """One second later at every reading, so each write has its own timestamp."""

    def __init__(self) -> None:
        self._ticks = itertools.count()
        self.start = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.start + timedelta(seconds=next(self._ticks))


class ManualClock:
    """Stands still until a test moves it."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@dataclass
class Forge:
    forge: EmbeddedForge = field(repr=False)
    http: httpx.Client = field(repr=False)
    setup: ForgeSetup = field(repr=False)
    tokens: dict[str, str] = field(repr=False)  # never shown in a failure message

    def call(
        self, method: str, path: str, who: str | None = "bot", **kwargs: Any
    ) -> httpx.Response:
        headers = {"Authorization": f"token {self.tokens[who]}"} if who else {}
        headers.update(kwargs.pop("headers", {}))
        return self.http.request(method, f"/api/v1{path}", headers=headers, **kwargs)

    def get(self, path: str, who: str | None = "bot", **kwargs: Any) -> Any:
        response = self.call("GET", path, who, **kwargs)
        assert response.status_code == 200, response.text
        return response.json()

    def issue(
        self, title: str, body: str = "", *, labels: tuple[str, ...] = (), who: str = "alice"
    ) -> int:
        return self.setup.create_issue(REPO, title, body, labels=labels, token=self.tokens[who])

    def repo(self) -> Repo:
        """The store's copy of acme/widgets, for the tests that call a module directly."""
        found = self.forge.wsgi.store.repo(*REPO.split("/"))
        assert found is not None
        return found

    def ctx(self, doer: str | None = "alice", method: str = "POST", *,
            params: dict[str, Any] | None = None, json: Any = None,
            query: dict[str, str] | None = None) -> Ctx:
        """A request context on this forge's store, as a handler gets it: `params` are the
        path's (acme/widgets unless given), `json` the body, `query` the query string."""
        store = self.forge.wsgi.store
        request = Request(EnvironBuilder(method=method, path="/api/v1/x", json=json,
                                         query_string=query).get_environ())
        user = store.user_by_login(doer) if doer else None
        path = {"owner": "acme", "repo": "widgets", **(params or {})}
        return Ctx(store, request, path, ROOT + "/", doer=user)

    def pull(
        self, branch: str, title: str = "a change", *, who: str = "bot", path: str = ""
    ) -> int:
        """A branch from main with one new file, and a PR from it; returns the PR number."""
        self.setup.put_file(REPO, path or f"{branch}.md", f"{branch}\n", branch=branch)
        created = self.call(
            "POST",
            f"/repos/{REPO}/pulls",
            who,
            json={"head": branch, "base": "main", "title": title},
        )
        assert created.status_code == 201, created.text
        number: int = created.json()["number"]
        return number


@dataclass
class GitHub:
    """The forge's GitHub dialect (/api/v3), called as a GitHub client would."""

    dialect: GitHubDialect = field(repr=False)
    http: httpx.Client = field(repr=False)
    tokens: dict[str, str] = field(repr=False)

    def call(
        self, method: str, path: str, who: str | None = "bot", **kwargs: Any
    ) -> httpx.Response:
        headers = {"Authorization": f"Bearer {self.tokens[who]}"} if who else {}
        headers.update(kwargs.pop("headers", {}))
        return self.http.request(method, f"/api/v3{path}", headers=headers, **kwargs)


    def handler_call(self, who: str | None = "bot", method: str = "GET", *,
                     params: dict[str, str] | None = None, json: Any = None,
                     query: dict[str, str] | None = None) -> Call:
        """One request as a route's handler gets it (`params`: the path's, acme/widgets
        unless given), for the tests that call a handler with `dialect.backend`."""
        request = Request(EnvironBuilder(method=method, path="/api/v3/x", json=json,
                                         query_string=query).get_environ())
        auth = f"Bearer {self.tokens[who]}" if who else None
        path = {"owner": "acme", "repo": "widgets", **(params or {})}
        return Call(request, path, Urls(ROOT + "/api/v3", ROOT), auth)


def github_of(world: Forge, *, rate_limit: int = 5000) -> GitHub:
    dialect = GitHubDialect(world.forge, rate_limit=rate_limit)
    http = httpx.Client(transport=httpx.WSGITransport(app=dialect), base_url=ROOT)
    return GitHub(dialect, http, world.tokens)


def make_forge(forge: EmbeddedForge) -> Forge:
    http = httpx.Client(transport=httpx.WSGITransport(app=forge.wsgi), base_url=ROOT)
    setup = ForgeSetup(http, forge.admin_token)
    tokens = {login: setup.create_user(login) for login in ("acme", "bot", "alice", "carol")}
    tokens["admin"] = forge.admin_token
    setup.create_repo("acme", "widgets")
    setup.add_collaborator(REPO, "bot", "write")
    setup.add_collaborator(REPO, "alice", "write")
    return Forge(forge, http, setup, tokens)


@pytest.fixture
def world() -> Iterator[Forge]:
    forge = EmbeddedForge(clock=SteppingClock())
    made = make_forge(forge)
    try:
        yield made
    finally:
        made.http.close()
        forge.stop()
