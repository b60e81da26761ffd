"""What the handlers share: routes, the repository of the path, rights, issue lookups."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from architect.emulator import common
from architect.emulator.web import ApiError, Ctx, Reply, no_content
from tests.emulator.conftest import Forge


def _refused(call: Callable[[], object]) -> tuple[int, str, list[str] | None]:
    with pytest.raises(ApiError) as raised:
        call()
    return raised.value.status, raised.value.message, raised.value.errors


def _on(world: Forge, doer: str | None, method: str = "GET", **params: str) -> Ctx:
    ctx = world.ctx(doer, method)
    ctx.params = {"owner": "acme", "repo": "widgets", **params}
    return ctx


def test_a_route_needs_a_token_for_anything_but_get() -> None:
    def handler(ctx: Ctx) -> Reply:
        return no_content()

    assert common.route("/x", "GET", handler, "issue").token is False
    assert common.route("/x", "GET POST", handler, "issue").token is True
    assert common.route("/x", "GET", handler, None, token=True).token is True
    assert common.route("/x", "GET PATCH", handler, None).methods == ("GET", "PATCH")


def test_load_repo_hides_a_private_repo_and_wants_a_token_to_write(world: Forge) -> None:
    world.setup.create_repo("acme", "secret", private=True)
    assert common.load_repo(_on(world, "alice")).name == "widgets"
    hidden = _on(world, "carol", repo="secret")
    assert _refused(lambda: common.load_repo(hidden))[:2] == (404, "The target couldn't be found.")
    anonymous_write = _on(world, None, "POST")
    assert _refused(lambda: common.load_repo(anonymous_write))[:2] == (401, "token is required")


def test_rights_checks_say_what_is_missing(world: Forge) -> None:
    repo = world.repo()
    reader = _on(world, "carol")
    assert _refused(lambda: common.require_write(reader, repo))[:2] == (403, common.WRITE_DENIED)
    writer = _on(world, "alice")
    assert common.require_write(writer, repo).login == "alice"
    assert _refused(lambda: common.require_admin(writer, repo))[:2] == (403, common.ADMIN_DENIED)
    assert common.require_admin(_on(world, "acme"), repo).login == "acme"
    assert not common.can_write(reader, repo) and common.can_write(writer, repo)


def test_load_pull_refuses_a_plain_issue_as_forgejo_does(world: Forge) -> None:
    number = world.issue("Just an issue")
    ctx = _on(world, "alice", index=str(number))
    assert common.load_issue(ctx, world.repo()).number == number
    assert _refused(lambda: common.load_pull(ctx, world.repo())) == (
        404, "GetPullRequestByIndex", ["pull request does not exist"]
    )
    nothing = _on(world, "alice", index="99")
    assert _refused(lambda: common.load_issue(nothing, world.repo()))[0] == 404


def test_bump_moves_updated_and_dirties_the_store(world: Forge) -> None:
    number = world.issue("Bumped")
    issue = world.repo().issues[number]
    store = world.forge.wsgi.store
    before, revision = issue.updated, store.revision
    common.bump(world.ctx(), issue)
    assert issue.updated > before and store.revision == revision + 1
