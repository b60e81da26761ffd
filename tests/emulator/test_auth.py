"""Authentication, token scopes and repository rights.

As docs/forgejo-behaviour.md#authentication-and-scopes to #error-bodies describe them.
"""

from __future__ import annotations

import base64

import pytest

from architect.emulator import auth
from architect.emulator.setup import DEFAULT_PASSWORD
from architect.emulator.web import ApiError
from tests.emulator.conftest import REPO, Forge


@pytest.mark.parametrize("scheme", ["token", "Token", "bearer", "BEARER"])
def test_token_and_bearer_schemes_in_any_case(world: Forge, scheme: str) -> None:
    response = world.http.get(
        "/api/v1/user", headers={"Authorization": f"{scheme} {world.tokens['bot']}"}
    )
    assert response.status_code == 200 and response.json()["login"] == "bot"


def test_basic_auth_with_the_token_as_password(world: Forge) -> None:
    response = world.http.get("/api/v1/user", auth=("bot", world.tokens["bot"]))
    assert response.json()["login"] == "bot"


def test_an_unknown_token_is_401_everywhere_even_where_anonymous_may_read(world: Forge) -> None:
    headers = {"Authorization": "token " + "f" * 40}
    for path in ("/version", f"/repos/{REPO}", f"/repos/{REPO}/issues"):
        response = world.http.get(f"/api/v1{path}", headers=headers)
        assert response.status_code == 401
        assert "f" * 40 not in response.text  # the token is not echoed back
    assert world.http.get(f"/api/v1/repos/{REPO}/issues").status_code == 200


def test_token_required_where_the_route_needs_one(world: Forge) -> None:
    anonymous = world.call("GET", "/user", None)
    assert anonymous.status_code == 401 and anonymous.json()["message"] == "token is required"
    post = world.call("POST", f"/repos/{REPO}/issues", None, json={"title": "t"})
    assert post.status_code == 401


def test_scopes_read_write_and_the_real_message(world: Forge) -> None:
    token = world.setup.create_user("dave", scopes=("read:issue", "write:repository"))
    read = world.http.get(
        f"/api/v1/repos/{REPO}/issues", headers={"Authorization": f"token {token}"}
    )
    assert read.status_code == 200
    write = world.http.post(
        f"/api/v1/repos/{REPO}/issues",
        headers={"Authorization": f"token {token}"},
        json={"title": "t"},
    )
    assert write.status_code == 403
    assert write.json() == {
        "message": "token does not have at least one of required scope(s): [write:issue]",
        "url": "http://forge.test/api/swagger",
    }
    # write:repository implies read:repository; no user scope at all.
    headers = {"Authorization": f"token {token}"}
    assert world.http.get(f"/api/v1/repos/{REPO}", headers=headers).status_code == 200
    assert world.http.get("/api/v1/user", headers=headers).status_code == 403


def test_token_creation_needs_the_password(world: Forge) -> None:
    url = "/api/v1/users/carol/tokens"
    with_token = world.http.post(
        url, auth=("carol", world.tokens["carol"]), json={"name": "x", "scopes": ["all"]}
    )
    assert with_token.status_code == 401
    wrong = world.http.post(url, auth=("carol", "not-it"), json={"name": "x", "scopes": ["all"]})
    assert wrong.status_code == 401
    created = world.http.post(
        url, auth=("carol", "forge-Pa55word"), json={"name": "x", "scopes": ["read:user"]}
    )
    assert created.status_code == 201
    token = created.json()
    assert token["token_last_eight"] == token["sha1"][-8:] and token["scopes"] == ["read:user"]
    no_scope = world.http.post(url, auth=("carol", "forge-Pa55word"), json={"name": "y"})
    assert no_scope.status_code == 400


def test_private_repositories_are_invisible_not_forbidden(world: Forge) -> None:
    world.setup.create_repo("acme", "secret", private=True)
    assert world.call("GET", "/repos/acme/secret", "carol").status_code == 404
    assert world.call("GET", "/repos/acme/secret/issues", "carol").status_code == 404
    assert world.call("GET", "/repos/acme/secret", None).status_code == 404
    assert world.call("GET", "/repos/acme/secret", "acme").status_code == 200
    assert world.call("GET", "/repos/acme/secret", "admin").status_code == 200


def test_writes_need_write_access(world: Forge) -> None:
    denied = world.call(
        "POST", f"/repos/{REPO}/labels", "carol", json={"name": "x", "color": "fff"}
    )
    assert denied.status_code == 403
    assert denied.json()["message"] == "user should have a permission to write to a repo"
    branch = world.call("POST", f"/repos/{REPO}/branches", "carol", json={"new_branch_name": "x"})
    assert branch.status_code == 403
    # Any reader may open an issue; its labels are dropped silently.
    world.setup.create_label(REPO, "vision", "fff")
    issue = world.call("POST", f"/repos/{REPO}/issues", "carol", json={"title": "t", "labels": [1]})
    assert issue.status_code == 201 and issue.json()["labels"] == []


def test_collaborator_permissions(world: Forge) -> None:
    permission = lambda login, who: world.call(  # noqa: E731
        "GET", f"/repos/{REPO}/collaborators/{login}/permission", who
    )
    assert permission("acme", "acme").json()["permission"] == "owner"
    assert permission("bot", "acme").json()["permission"] == "write"
    assert permission("carol", "acme").json()["permission"] == "read"
    assert permission("bot", "bot").json()["role_name"] == "write"
    assert permission("alice", "bot").status_code == 403  # only admins ask about others
    assert permission("nobody", "acme").status_code == 404
    logins = [u["login"] for u in world.get(f"/repos/{REPO}/collaborators")]
    assert logins == ["alice", "bot"]


def test_error_bodies(world: Forge) -> None:
    missing = world.call("GET", f"/repos/{REPO}/issues/99")
    assert missing.json() == {
        "message": "The target couldn't be found.",
        "url": "http://forge.test/api/swagger",
        "errors": [],
    }
    unknown_route = world.call("GET", "/no/such/route")
    assert unknown_route.status_code == 404
    binding = world.call("POST", f"/repos/{REPO}/issues", json={})
    assert binding.status_code == 422 and binding.json()["message"] == "[Title]: Required"
    no_type = world.call(
        "POST", f"/repos/{REPO}/issues", content=b'{"title": "t"}', headers={"Content-Type": ""}
    )
    assert no_type.status_code == 422
    assert missing.headers["Cache-Control"] == "max-age=0, private, must-revalidate"
    assert "ETag" not in missing.headers


def test_a_server_error_has_a_blank_message_except_for_site_admins(world: Forge) -> None:
    body = {"content": "", "sha": "0" * 40}
    path = f"/repos/{REPO}/contents/none.md"
    assert world.call("PUT", path, json=body).json()["message"] == ""
    assert "none.md" in world.call("PUT", path, "admin", json=body).json()["message"]


def test_setup_can_make_a_site_admin(world: Forge) -> None:
    token = world.setup.create_user("root", admin=True)
    world.setup.create_repo("acme", "secret", private=True)
    me = world.http.get("/api/v1/user", headers={"Authorization": f"token {token}"}).json()
    assert me["is_admin"] is True
    hidden = world.http.get(
        "/api/v1/repos/acme/secret", headers={"Authorization": f"token {token}"}
    )
    assert hidden.status_code == 200


def test_write_implies_read_all_grants_all_and_a_password_has_no_limit() -> None:
    assert auth.has_scope(None, "admin", write=True)  # signed in with a password
    assert auth.has_scope(["all"], "admin", write=True)
    assert auth.has_scope(["write:issue"], "issue", write=False)
    assert auth.has_scope(["read:issue"], "issue", write=False)
    assert not auth.has_scope(["read:issue"], "issue", write=True)
    assert not auth.has_scope(["write:issue"], "repository", write=False)
    refused = auth.scope_error("repository", write=True)
    assert (refused.status, refused.message) == (
        403, "token does not have at least one of required scope(s): [write:repository]")


def test_access_is_the_owners_an_admins_a_collaborators_or_the_publics(world: Forge) -> None:
    store = world.forge.wsgi.store
    repo = world.repo()
    assert auth.access(repo, store.user_by_login("acme")) == auth.OWNER
    assert auth.access(repo, store.user_by_login("alice")) == auth.WRITE
    assert auth.access(repo, store.user_by_login("carol")) == auth.READ  # public repo
    assert auth.access(repo, None) == auth.READ
    world.setup.create_repo("acme", "secret", private=True)
    hidden = store.repo("acme", "secret")
    assert hidden is not None
    assert auth.access(hidden, store.user_by_login("carol")) == auth.NONE
    assert auth.access(hidden, None) == auth.NONE


def test_authenticate_reads_each_scheme_and_names_what_is_wrong(world: Forge) -> None:
    store = world.forge.wsgi.store
    assert auth.authenticate(store, None) == (None, None)
    assert auth.authenticate(store, "Digest abc") == (None, None)  # not a scheme it knows
    user, scopes = auth.authenticate(store, f"Bearer {world.tokens['bot']}")
    assert user is not None and user.login == "bot" and scopes == ["all"]
    password = base64.b64encode(f"carol:{DEFAULT_PASSWORD}".encode()).decode()
    signed_in, none = auth.authenticate(store, f"Basic {password}")
    assert signed_in is not None and signed_in.login == "carol" and none is None
    for header, message in (
            ("Basic !!!", "invalid basic authentication"),
            ("Basic " + base64.b64encode(b"nobody:x").decode(),
             "user does not exist [uid: 0, name: nobody]"),
            ("token " + "0" * 40, "access token does not exist")):
        with pytest.raises(ApiError) as refused:
            auth.authenticate(store, header)
        assert (refused.value.status, refused.value.message) == (401, message)
