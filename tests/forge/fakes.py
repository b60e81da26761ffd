"""Test doubles for the forge client: a scripted MockTransport and forge JSON builders."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx

from architect.forge.client import ForgeClient
from architect.forge.http import RetryPolicy

TOKEN = "tok-7c1e-DO-NOT-LEAK-4b2a"
FORGE = "http://localhost:3000"

Answer = httpx.Response | Exception | Callable[[httpx.Request], httpx.Response]


class Scripted:
    """Answers requests in order (the last answer repeats) and records each request."""

    def __init__(self, *answers: Answer) -> None:
        self.answers = list(answers)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        answer = self.answers[min(len(self.requests), len(self.answers)) - 1]
        if isinstance(answer, Exception):
            raise answer
        if isinstance(answer, httpx.Response):
            return answer
        return answer(request)

    def body(self, index: int = -1) -> Any:
        return json.loads(self.requests[index].content)

    def query(self, index: int = -1) -> dict[str, str]:
        return dict(self.requests[index].url.params)


class Sleeps(list[float]):
    """The injected sleep: remembers the delays instead of waiting."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)


def client_for(
    handler: Callable[[httpx.Request], httpx.Response],
    *,
    sleeps: Sleeps | None = None,
    **kwargs: Any,
) -> ForgeClient:
    policy = RetryPolicy(sleep=sleeps if sleeps is not None else Sleeps(), rng=lambda: 0.5)
    kwargs.setdefault("retry", policy)
    return ForgeClient(FORGE, TOKEN, transport=httpx.MockTransport(handler), **kwargs)


def error(status: int, message: str = "", **extra: Any) -> httpx.Response:
    body = {"message": message, "url": f"{FORGE}/api/swagger", **extra}
    return httpx.Response(status, json=body)


# -- forge JSON (only the keys the models read, plus a few they must ignore) ----------


def user(login: str = "alice", uid: int = 3) -> dict[str, Any]:
    return {"id": uid, "login": login, "full_name": "", "is_admin": False, "username": login}


def label(name: str, lid: int = 1) -> dict[str, Any]:
    return {"id": lid, "name": name, "color": "ee0701", "description": "", "exclusive": False}


def issue(number: int, **overrides: Any) -> dict[str, Any]:
    base = {
        "id": 1000 + number,
        "number": number,
        "title": f"issue {number}",
        "body": "",
        "state": "open",
        "user": user(),
        "labels": [],
        "assignees": None,
        "comments": 0,
        "created_at": "2025-01-15T10:00:00Z",
        "updated_at": "2025-01-15T10:00:00Z",
        "closed_at": None,
        "html_url": f"{FORGE}/o/r/issues/{number}",
        "pull_request": None,
    }
    return base | overrides


def pull(
    number: int, head: str = "feature/x", base: str = "main", **overrides: Any
) -> dict[str, Any]:
    body = {
        "id": 5000 + number,
        "number": number,
        "title": f"pull {number}",
        "body": "",
        "state": "open",
        "user": user(),
        "head": {"label": head, "ref": head, "sha": "a" * 40},
        "base": {"label": base, "ref": base, "sha": "b" * 40},
        "labels": [],
        "merged": False,
        "merged_at": None,
        "mergeable": True,
        "created_at": "2025-01-15T10:00:00Z",
        "updated_at": "2025-01-15T10:00:00Z",
        "closed_at": None,
        "html_url": f"{FORGE}/o/r/pulls/{number}",
    }
    return body | overrides


def comment(cid: int, body: str = "hello") -> dict[str, Any]:
    return {
        "id": cid,
        "body": body,
        "user": user(),
        "created_at": "2025-01-15T10:00:00Z",
        "updated_at": "2025-01-15T10:00:00Z",
        "html_url": f"{FORGE}/o/r/issues/1#issuecomment-{cid}",
    }
