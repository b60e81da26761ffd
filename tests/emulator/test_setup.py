"""Seeding a forge over its API, as a person would: users, repos, issues, files."""

from __future__ import annotations

import base64

import pytest

from architect.emulator.setup import ForgeSetupError
from tests.emulator.conftest import REPO, Forge


def test_create_user_returns_a_token_that_signs_in_as_them(world: Forge) -> None:
    token = world.setup.create_user("dave")
    me = world.http.get("/api/v1/user", headers={"Authorization": f"token {token}"})
    assert me.status_code == 200 and me.json()["login"] == "dave"


def test_a_failed_request_names_itself_and_the_forges_message(world: Forge) -> None:
    with pytest.raises(ForgeSetupError) as raised:
        world.setup.create_repo("nobody", "x")
    message = str(raised.value)
    assert message.startswith("POST /admin/users/nobody/repos: 404")
    assert world.forge.admin_token not in message


def test_label_ids_resolve_names_and_name_the_missing_ones(world: Forge) -> None:
    bug = world.setup.create_label(REPO, "bug", "ee0701")
    assert world.setup.label_ids(REPO, ["bug"]) == [bug]
    with pytest.raises(ForgeSetupError, match="no such label in acme/widgets: nope"):
        world.setup.label_ids(REPO, ["bug", "nope"])


def test_a_non_writers_issue_still_gets_its_labels(world: Forge) -> None:
    world.setup.create_label(REPO, "idea", "00aabb")
    number = world.setup.create_issue(
        REPO, "From outside", "", labels=["idea"], token=world.tokens["carol"]
    )
    issue = world.get(f"/repos/{REPO}/issues/{number}")
    assert issue["user"]["login"] == "carol"
    assert [label["name"] for label in issue["labels"]] == ["idea"]


def test_put_file_makes_the_branch_then_updates_the_file(world: Forge) -> None:
    world.setup.put_file(REPO, "notes/a.txt", "one\n", branch="topic")
    world.setup.put_file(REPO, "notes/a.txt", "two\n", branch="topic")
    got = world.get(f"/repos/{REPO}/contents/notes/a.txt", params={"ref": "topic"})
    assert base64.b64decode(got["content"]) == b"two\n"
    missing = world.call("GET", f"/repos/{REPO}/contents/notes/a.txt")
    assert missing.status_code == 404  # main is untouched
