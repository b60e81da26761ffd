"""Smaller behaviours of the real server, each pinned to its Go handler (Forgejo
d883bd8f12), and what the client makes of them."""

from __future__ import annotations

import httpx

from architect.forge.client import ForgeClient
from tests.emulator.conftest import REPO, ROOT, Forge


def test_assignees_are_the_writers_by_name_then_the_owner(world: Forge) -> None:
    # models/repo/user_repo.go, GetRepoAssignees
    world.setup.add_collaborator(REPO, "carol", "read")
    logins = [u["login"] for u in world.get(f"/repos/{REPO}/assignees")]
    assert logins == ["alice", "bot", "acme"]


def test_the_client_reads_who_may_steer_whatever_the_order(world: Forge) -> None:
    client = ForgeClient(ROOT, world.tokens["bot"],
                         transport=httpx.WSGITransport(app=world.forge.wsgi))
    assert {u.login for u in client.list_assignees(REPO)} == {"acme", "alice", "bot"}


def test_collaborators_and_assignees_need_a_token(world: Forge) -> None:
    # routers/api/v1/api.go: both routes sit behind reqToken()
    for path in ("collaborators", "assignees"):
        answer = world.call("GET", f"/repos/{REPO}/{path}", None)
        assert answer.status_code == 401 and answer.json()["message"] == "token is required"


def test_admin_user_creation_refuses_short_passwords_and_cr_lf_in_the_address(
        world: Forge) -> None:
    # routers/api/v1/admin/user.go, CreateUser; models/user/user.go, ValidateEmail
    user = {"username": "dave", "email": "dave@example.test", "password": "seven77"}
    short = world.call("POST", "/admin/users", "admin", json=user)
    assert (short.status_code, short.json()["message"]) == (400, "PasswordIsRequired")
    crlf = {**user, "password": "eight888", "email": "dave@example.test\r\nBcc: x@y.z"}
    assert world.call("POST", "/admin/users", "admin", json=crlf).status_code == 422
    assert world.call("POST", "/admin/users", "admin",
                      json={**user, "password": "eight888"}).status_code == 201


def test_the_head_filter_is_compared_as_given(world: Forge) -> None:
    # routers/api/v1/repo/pull.go, ListPullRequests: HeadBranch = ctx.FormTrim("head"),
    # matched against pull_request.head_branch (models/issues/pull_list.go)
    number = world.pull("feature/a")
    pulls = f"/repos/{REPO}/pulls"
    assert [p["number"] for p in world.get(pulls, params={"head": "feature/a"})] == [number]
    assert world.get(pulls, params={"head": "acme:feature/a"}) == []
    client = ForgeClient(ROOT, world.tokens["bot"],
                         transport=httpx.WSGITransport(app=world.forge.wsgi))
    assert [p.number for p in client.list_pulls(REPO, head="feature/a")] == [number]


def test_branch_names_follow_git_and_refs_heads_is_a_branch(world: Forge) -> None:
    # routers/api/v1/repo/branch.go, CreateBranch: `binding:"GitRefName"`; the ref is
    # resolved by git, for which refs/heads/main and main are the same
    world.setup.put_file(REPO, "a.md", "a\n")
    branches = f"/repos/{REPO}/branches"
    bad = world.call("POST", branches, json={"new_branch_name": "bad..name"})
    assert bad.status_code == 422
    made = world.call("POST", branches, json={"new_branch_name": "from-full-ref",
                                              "old_ref_name": "refs/heads/main"})
    assert made.status_code == 201
    assert world.get(f"/repos/{REPO}/contents/a.md", params={"ref": "refs/heads/main"})["name"] \
        == "a.md"


def test_branches_are_listed_newest_commit_first(world: Forge) -> None:
    # models/git/branch_list.go: FindBranchOptions orders by commit_time DESC
    world.setup.put_file(REPO, "a.md", "a\n")
    world.setup.put_file(REPO, "b.md", "b\n", branch="zeta")
    world.setup.put_file(REPO, "c.md", "c\n", branch="alpha")
    assert [b["name"] for b in world.get(f"/repos/{REPO}/branches")] == ["alpha", "zeta", "main"]


def test_a_repository_token_alone_cannot_create_a_repository(world: Forge) -> None:
    # routers/api/v1/api.go: POST /user/repos sits in the `/user` group (user scope)
    narrow = world.setup.create_user("dora", scopes=("write:repository",))
    both = world.setup.create_user("erin", scopes=("write:repository", "write:user"))
    refused = world.http.post("/api/v1/user/repos", json={"name": "mine"},
                              headers={"Authorization": f"token {narrow}"})
    assert refused.status_code == 403 and "write:user" in refused.json()["message"]
    made = world.http.post("/api/v1/user/repos", json={"name": "mine"},
                           headers={"Authorization": f"token {both}"})
    assert made.status_code == 201
