"""What an anonymous visitor of the web view may look up (`emulator.webview_lookup`):
public repos only, a branch and path told apart, issues and pulls at their own URLs."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from architect.emulator.store import Issue, Pull, Repo, Store, User, hash_secret
from architect.emulator.webview_lookup import (
    Missing,
    issue_url,
    repo_crumbs,
    split_ref,
    state_of,
    visible_repo,
)

T0 = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)


def a_store() -> Store:
    store = Store(clock=lambda: T0)
    store.add_user(User(1, "acme", "acme@x", hash_secret("pw"), T0))
    store.add_repo(Repo(1, 1, "shop", T0, T0, branches={"main": "a", "feature/x": "b"}))
    store.add_repo(Repo(2, 1, "secret", T0, T0, private=True))
    return store


def test_only_a_public_repo_is_visible_and_its_crumbs_lead_to_it() -> None:
    store = a_store()
    repo = visible_repo(store, "ACME", "Shop")
    assert repo_crumbs(store, repo) == [("/acme", "acme"), ("/acme/shop", "shop")]
    for owner, name in (("acme", "secret"), ("acme", "nowhere")):
        with pytest.raises(Missing):
            visible_repo(store, owner, name)


def test_the_longest_branch_name_wins_when_splitting_a_ref_from_a_path() -> None:
    repo = a_store().repo("acme", "shop")
    assert repo is not None
    assert split_ref(repo, "feature/x/docs/a.md") == ("feature/x", "docs/a.md")
    assert split_ref(repo, "main") == ("main", "")
    with pytest.raises(Missing):
        split_ref(repo, "feature/y/a.md")


def test_a_pull_lives_under_pulls_and_shows_merged() -> None:
    issue = Issue(10, 1, 3, 1, "Wishlists", "", T0, T0, state="closed")
    pull = Issue(11, 1, 4, 1, "architect: Wishlists", "", T0, T0, state="closed",
                 pull=Pull(1, "architect/sprint-vision-3", "main", "b", "a", merged=True))
    assert issue_url("acme", "shop", issue) == "/acme/shop/issues/3"
    assert issue_url("acme", "shop", pull) == "/acme/shop/pulls/4"
    assert "Merged" in state_of(pull) and "Closed" in state_of(issue)
