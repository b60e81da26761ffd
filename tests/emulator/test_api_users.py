"""Users, tokens, repositories and collaborators, with Forgejo's errors."""

from __future__ import annotations

import pytest

from architect.emulator import api_users
from architect.emulator.setup import DEFAULT_PASSWORD
from architect.emulator.web import ApiError
from tests.emulator.conftest import REPO, Forge

NEW_USER = {"username": "erin", "email": "erin@example.test", "password": "long enough"}


def test_creating_a_user_is_for_site_admins_and_checks_the_password(world: Forge) -> None:
    refused = world.call("POST", "/admin/users", "alice", json=NEW_USER)
    assert (refused.status_code, refused.json()["message"]) == (
        403, "user should be the site administrator"
    )
    short = world.call("POST", "/admin/users", "admin", json={**NEW_USER, "password": "short"})
    assert (short.status_code, short.json()["message"]) == (400, "PasswordIsRequired")
    made = world.call("POST", "/admin/users", "admin", json=NEW_USER)
    assert made.status_code == 201 and made.json()["email"] == "erin@example.test"
    again = world.call("POST", "/admin/users", "admin", json={**NEW_USER, "email": "e@x.test"})
    assert (again.status_code, again.json()["message"]) == (
        422, "user already exists [name: erin]"
    )


def test_a_token_is_made_with_the_password_only_and_a_known_scope(world: Forge) -> None:
    path = "/users/alice/tokens"
    with_token = world.call("POST", path, "alice", json={"name": "t", "scopes": ["all"]})
    assert (with_token.status_code, with_token.json()["message"]) == (401, "auth required")
    basic = ("alice", DEFAULT_PASSWORD)
    bad = world.http.post(f"/api/v1{path}", auth=basic, json={"name": "t", "scopes": ["fly"]})
    assert (bad.status_code, bad.json()["message"]) == (
        400, "invalid access token scope provided: fly"
    )
    none = world.http.post(f"/api/v1{path}", auth=basic, json={"name": "t"})
    assert (none.status_code, none.json()["message"]) == (400, "access token must have a scope")
    made = world.http.post(f"/api/v1{path}", auth=basic,
                           json={"name": "t", "scopes": ["read:issue,write:issue"]})
    assert made.status_code == 201
    assert made.json()["scopes"] == ["read:issue", "write:issue"]
    assert made.json()["token_last_eight"] == made.json()["sha1"][-8:]


def test_an_unknown_user_is_a_404_naming_them(world: Forge) -> None:
    missing = world.call("GET", "/users/nobody")
    assert missing.status_code == 404
    assert missing.json()["errors"] == ["user redirect does not exist [name: nobody]"]


def test_a_repository_name_is_checked_and_unique(world: Forge) -> None:
    bad = world.call("POST", "/user/repos", "alice", json={"name": "no spaces"})
    assert (bad.status_code, bad.json()["message"]) == (422, "[Name]: AlphaDashDot")
    assert world.call("POST", "/user/repos", "alice", json={"name": "mine"}).status_code == 201
    twice = world.call("POST", "/user/repos", "alice", json={"name": "mine"})
    assert (twice.status_code, twice.json()["message"]) == (
        409, "The repository with the same name already exists."
    )


def test_assignees_are_the_writers_then_the_owner(world: Forge) -> None:
    world.setup.add_collaborator(REPO, "carol", "read")
    logins = [u["login"] for u in world.get(f"/repos/{REPO}/assignees")]
    assert logins == ["alice", "bot", "acme"]
    assert world.call("GET", f"/repos/{REPO}/collaborators/carol").status_code == 204


def test_only_admins_read_others_permissions(world: Forge) -> None:
    path = f"/repos/{REPO}/collaborators/bot/permission"
    assert world.call("GET", path, "alice").status_code == 403
    own = world.get(f"/repos/{REPO}/collaborators/alice/permission", "alice")
    assert (own["permission"], own["role_name"]) == ("write", "write")
    assert world.get(path, "acme")["permission"] == "write"
    bad = world.call("PUT", f"/repos/{REPO}/collaborators/carol", "acme",
                     json={"permission": "god"})
    assert (bad.status_code, bad.json()["message"]) == (422, "[Permission]: In")


def _token(world: Forge, scopes: object, name: str = "ci") -> dict[str, object]:
    """What creating carol's token answers, signed in with her password (no token scopes)."""
    reply = api_users.create_token(world.ctx("carol", params={"username": "carol"},
                                             json={"name": name, "scopes": scopes}))
    assert reply.status == 201 and isinstance(reply.body, dict)
    return reply.body


def _token_refused(world: Forge, scopes: object, name: str = "ci") -> tuple[int, str]:
    with pytest.raises(ApiError) as refused:
        _token(world, scopes, name)
    return refused.value.status, refused.value.message


def test_scopes_may_be_comma_joined_and_come_back_sorted_once_each(world: Forge) -> None:
    made = _token(world, ["write:repository, read:issue", "read:issue"])
    assert made["scopes"] == ["read:issue", "write:repository"]
    assert isinstance(made["sha1"], str) and len(made["sha1"]) == 40
    assert made["token_last_eight"] == made["sha1"][-8:]


def test_a_token_needs_a_known_scope_and_a_name_not_used_yet(world: Forge) -> None:
    assert _token_refused(world, []) == (400, "access token must have a scope")
    assert _token_refused(world, ["read:everything"]) == (
        400, "invalid access token scope provided: read:everything")
    assert _token_refused(world, "all") == (422, "[Scopes]: must be a list of strings")
    _token(world, ["all"])
    assert _token_refused(world, ["all"]) == (400, "access token name has been used already")


def test_a_collaborator_is_204_anyone_else_404(world: Forge) -> None:
    ask = {"collaborator": "alice"}
    reply = api_users.is_collaborator(world.ctx("bot", "GET", params=ask))
    assert (reply.status, reply.empty) == (204, True)
    with pytest.raises(ApiError) as outside:
        api_users.is_collaborator(world.ctx("bot", "GET", params={"collaborator": "carol"}))
    assert outside.value.status == 404
