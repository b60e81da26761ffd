"""GitHub's JSON, read into the forge models the rest of the architect knows.

GitHub and Forgejo differ in small ways the lifecycle must not see: a review is
``CHANGES_REQUESTED`` / ``COMMENTED`` (Forgejo: ``REQUEST_CHANGES`` / ``COMMENT``), a
listed PR has only ``merged_at`` (no ``merged``), an empty body or label description is
``null``, a timeline event's author is its ``actor`` and its kind ``closed`` /
``labeled`` (Forgejo: ``close`` / ``label``). These pure functions smooth them out.
"""

from __future__ import annotations

from typing import Any

from architect.forge.client import parse, parse_list
from architect.forge.models import (
    Comment,
    Hook,
    Issue,
    Label,
    PullRequest,
    Repository,
    Review,
    TimelineEvent,
    User,
)

REVIEW_STATES = {"CHANGES_REQUESTED": "REQUEST_CHANGES", "COMMENTED": "COMMENT",
                 "APPROVED": "APPROVED", "PENDING": "PENDING"}
# GitHub's timeline event names → the Forgejo names the shell reads.
EVENT_TYPES = {"closed": "close", "reopened": "reopen", "labeled": "label",
               "unlabeled": "label", "merged": "merge_pull", "commented": "comment"}


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _user(data: Any) -> dict[str, Any] | None:
    if not isinstance(data, dict):
        return None
    return {"id": data.get("id"), "login": data.get("login"),
            "full_name": _text(data.get("name")), "is_admin": bool(data.get("site_admin"))}


def _label(data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "description": _text(data.get("description")),
            "color": _text(data.get("color"))}


def user(data: Any, what: str) -> User:
    return parse(User, _user(data), what)


def users(items: list[Any], what: str) -> list[User]:
    return [user(item, what) for item in items]


def labels(items: list[Any], what: str) -> list[Label]:
    return parse_list(Label, [_label(i) for i in items if isinstance(i, dict)], what)


def issue(data: Any, what: str) -> Issue:
    if not isinstance(data, dict):
        return parse(Issue, data, what)
    stub = data.get("pull_request")
    shaped = {**data, "body": _text(data.get("body")), "user": _user(data.get("user")),
              "labels": [_label(x) for x in data.get("labels") or [] if isinstance(x, dict)]}
    if isinstance(stub, dict):
        merged_at = stub.get("merged_at")
        shaped["pull_request"] = {"merged": merged_at is not None, "merged_at": merged_at,
                                  "html_url": _text(stub.get("html_url"))}
    return parse(Issue, shaped, what)


def issues(items: list[Any], what: str) -> list[Issue]:
    return [issue(item, what) for item in items]


def comment(data: Any, what: str) -> Comment:
    shaped = {**data, "body": _text(data.get("body")), "user": _user(data.get("user"))} \
        if isinstance(data, dict) else data
    return parse(Comment, shaped, what)


def comments(items: list[Any], what: str) -> list[Comment]:
    return [comment(item, what) for item in items]


def pull(data: Any, what: str) -> PullRequest:
    if not isinstance(data, dict):
        return parse(PullRequest, data, what)
    shaped = {**data, "body": _text(data.get("body")), "user": _user(data.get("user")),
              "merged_by": _user(data.get("merged_by")),
              "merged": bool(data.get("merged") or data.get("merged_at")),
              "mergeable": bool(data.get("mergeable")),
              "labels": [_label(x) for x in data.get("labels") or [] if isinstance(x, dict)]}
    return parse(PullRequest, shaped, what)


def pulls(items: list[Any], what: str) -> list[PullRequest]:
    return [pull(item, what) for item in items]


def review(data: Any, what: str) -> Review:
    if not isinstance(data, dict):
        return parse(Review, data, what)
    state = str(data.get("state") or "")
    shaped = {**data, "body": _text(data.get("body")), "user": _user(data.get("user")),
              "commit_id": _text(data.get("commit_id")),
              # A dismissed review keeps no state of its own on GitHub.
              "state": REVIEW_STATES.get(state, ""), "dismissed": state == "DISMISSED"}
    return parse(Review, shaped, what)


def reviews(items: list[Any], what: str) -> list[Review]:
    return [review(item, what) for item in items]


def timeline(items: list[Any], what: str) -> list[TimelineEvent]:
    events = []
    for item in items:
        if not isinstance(item, dict) or "event" not in item:
            continue
        when = item.get("created_at") or item.get("submitted_at")
        if when is None or item.get("id") is None:
            continue  # a cross-reference or commit entry: no id or time of its own
        kind = str(item["event"])
        author = item.get("actor") or item.get("user")
        events.append(parse(TimelineEvent, {"id": item["id"], "type": EVENT_TYPES.get(kind, kind),
                                            "user": _user(author), "created_at": when}, what))
    return events


def repository(data: Any, what: str) -> Repository:
    if isinstance(data, dict):
        data = {**data, "empty": data.get("size") == 0 and not data.get("pushed_at")}
    return parse(Repository, data, what)


def hook(data: Any, what: str) -> Hook:
    if isinstance(data, dict):
        config = data.get("config") or {}
        data = {**data, "config": {k: str(v) for k, v in config.items() if v is not None}}
    return parse(Hook, data, what)
