"""The Forgejo JSON shapes: private fields by viewer, issue and PR URLs, drafts, diff stats."""

from __future__ import annotations

from datetime import UTC, datetime

from architect.emulator import serialize
from architect.emulator.serialize import View, is_draft, ts
from architect.emulator.store import Repo, Store
from tests.emulator.conftest import REPO, ROOT, Forge


def _view(world: Forge, doer: str | None) -> tuple[View, Store, Repo]:
    store = world.forge.wsgi.store
    who = store.user_by_login(doer) if doer else None
    return View(store, ROOT + "/", who), store, world.repo()


def test_ts_is_rfc3339_with_z_and_none_stays_none() -> None:
    assert ts(datetime(2026, 1, 5, 9, 0, 7, tzinfo=UTC)) == "2026-01-05T09:00:07Z"
    assert ts(None) is None


def test_wip_titles_are_drafts_as_forgejo_reads_them() -> None:
    assert is_draft("WIP: thing") and is_draft("  [wip] thing") and is_draft("wip:x")
    assert not is_draft("Wipe the cache") and not is_draft("thing WIP:")


def test_a_users_email_is_private_to_them_and_admins(world: Forge) -> None:
    view, store, _ = _view(world, "bot")
    alice = store.user_by_login("alice")
    assert alice is not None
    assert serialize.user(view, alice)["email"] == "alice@noreply.localhost"
    own, _, _ = _view(world, "alice")
    shown = serialize.user(own, alice)
    assert shown["email"] == "alice@example.test"
    assert list(shown)[-1] == "username"  # the compat duplicate of `login`, last


def test_an_issue_and_a_pull_link_to_their_own_pages(world: Forge) -> None:
    number = world.issue("An issue")
    pull = world.pull("wip", "WIP: early")
    view, _, repo = _view(world, "bot")
    as_issue = serialize.issue(view, repo, repo.issues[pull])
    assert as_issue["url"] == f"{ROOT}/api/v1/repos/{REPO}/issues/{pull}"
    assert as_issue["pull_request"]["draft"] is True
    assert serialize.issue(view, repo, repo.issues[number])["pull_request"] is None
    shaped = serialize.pull_request(view, repo, repo.issues[pull])
    assert shaped["url"] == shaped["html_url"] == f"{ROOT}/{REPO}/pulls/{pull}"
    assert shaped["mergeable"] is False  # a draft is never mergeable


def test_diff_stats_count_lines_and_files_since_the_merge_base(world: Forge) -> None:
    world.setup.put_file(REPO, "a.txt", "one\ntwo\nthree\n")
    world.setup.put_file(REPO, "a.txt", "one\nTWO\nthree\nfour\n", branch="edit")
    pull = world.pull("edit", path="b.txt")
    view, _, repo = _view(world, "bot")
    pr = serialize.pull_request(view, repo, repo.issues[pull])
    # a.txt: `two` replaced and `four` added; b.txt: one new line.
    assert (pr["additions"], pr["deletions"], pr["changed_files"]) == (3, 1, 2)
    assert pr["mergeable"] is True
