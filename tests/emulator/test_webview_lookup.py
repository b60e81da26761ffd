"""What an anonymous visitor may look up: visible repositories, refs, issue links."""

from __future__ import annotations

import pytest

from architect.emulator.webview_lookup import (
    Missing,
    issue_url,
    repo_crumbs,
    split_ref,
    state_of,
    visible_repo,
)
from tests.emulator.conftest import REPO, Forge


def test_a_private_or_unknown_repository_is_missing_to_a_visitor(world: Forge) -> None:
    world.setup.create_repo("acme", "secret", private=True)
    store = world.forge.wsgi.store
    assert visible_repo(store, "acme", "widgets").name == "widgets"
    with pytest.raises(Missing):
        visible_repo(store, "acme", "secret")
    with pytest.raises(Missing):
        visible_repo(store, "acme", "nothing")


def test_split_ref_takes_the_longest_branch_that_prefixes_the_path(world: Forge) -> None:
    world.setup.put_file(REPO, "x.txt", "x\n", branch="release")
    world.setup.put_file(REPO, "y.txt", "y\n", branch="release/v1")
    repo = visible_repo(world.forge.wsgi.store, "acme", "widgets")
    assert split_ref(repo, "release/v1/y.txt") == ("release/v1", "y.txt")
    assert split_ref(repo, "release/x.txt") == ("release", "x.txt")
    assert split_ref(repo, "main") == ("main", "")
    with pytest.raises(Missing):
        split_ref(repo, "mainline/x.txt")  # `main` is a prefix of the text, not of the path


def test_issue_url_and_state_tell_an_issue_from_a_merged_pull(world: Forge) -> None:
    number = world.issue("A bug")
    pull = world.pull("fix")
    merged = world.call("POST", f"/repos/{REPO}/pulls/{pull}/merge", json={"Do": "merge"})
    assert merged.status_code == 200, merged.text
    repo = visible_repo(world.forge.wsgi.store, "acme", "widgets")
    assert issue_url("acme", "widgets", repo.issues[number]) == f"/acme/widgets/issues/{number}"
    assert issue_url("acme", "widgets", repo.issues[pull]) == f"/acme/widgets/pulls/{pull}"
    assert "Open" in state_of(repo.issues[number])
    assert "state-merged" in state_of(repo.issues[pull])


def test_repo_crumbs_lead_from_the_owner_to_the_repository(world: Forge) -> None:
    store = world.forge.wsgi.store
    repo = visible_repo(store, "acme", "widgets")
    assert repo_crumbs(store, repo) == [("/acme", "acme"), ("/acme/widgets", "widgets")]
