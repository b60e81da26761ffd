"""The issue and pull request pages: lists, the conversation, and what a PR changes."""

from __future__ import annotations

import pytest

from architect.emulator.webview_issues import files_page, issue_page, issues_page
from architect.emulator.webview_lookup import Missing, Moved
from tests.emulator.conftest import REPO, Forge


def test_issues_page_lists_only_issues_newest_first(world: Forge) -> None:
    first = world.issue("First `bug`")
    second = world.issue("Second")
    pull = world.pull("fix")
    store = world.forge.wsgi.store
    title, body, _ = issues_page(store, "acme", "widgets", pulls=False)
    assert title == "Issues · acme/widgets"
    assert body.index(f"#{second} ") < body.index(f"#{first} ")
    assert "First <code>bug</code>" in body
    assert f"#{pull} " not in body
    _, pulls, _ = issues_page(store, "acme", "widgets", pulls=True)
    assert f"#{pull} " in pulls and f"#{first} " not in pulls


def test_issue_page_hides_markers_and_anchors_each_comment(world: Forge) -> None:
    number = world.issue("Plan", "Body <!-- architect: marker -->text")
    comment = world.setup.comment(REPO, number, "**agreed**", token=world.tokens["carol"])
    title, body, crumbs = issue_page(world.forge.wsgi.store, "acme", "widgets", number, False)
    assert title == f"Plan · #{number} · acme/widgets"
    assert "architect: marker" not in body
    assert f'id="issuecomment-{comment}"' in body
    assert "<strong>agreed</strong>" in body
    assert crumbs[-1] == (f"/acme/widgets/issues/{number}", f"#{number}")


def test_an_issue_link_to_a_pull_moves_to_its_pull_page(world: Forge) -> None:
    pull = world.pull("fix")
    store = world.forge.wsgi.store
    with pytest.raises(Moved) as moved:
        issue_page(store, "acme", "widgets", pull, pulls=False)
    assert moved.value.location == f"/acme/widgets/pulls/{pull}"
    with pytest.raises(Missing):
        issue_page(store, "acme", "widgets", 999, pulls=False)


def test_a_pull_page_shows_its_branches_and_reviews_by_verb(world: Forge) -> None:
    pull = world.pull("fix")
    world.setup.review(REPO, pull, "REQUEST_CHANGES", "not yet", token=world.tokens["alice"])
    _, body, _ = issue_page(world.forge.wsgi.store, "acme", "widgets", pull, pulls=True)
    assert '<a href="/acme/widgets/src/branch/fix">fix</a> into' in body
    assert "requested changes" in body
    assert "review-REQUEST_CHANGES" in body


def test_files_page_marks_each_changed_file(world: Forge) -> None:
    pull = world.pull("fix", path="new.txt")
    title, body, _ = files_page(world.forge.wsgi.store, "acme", "widgets", pull)
    assert title.startswith("Files · a change")
    assert '<code>new.txt</code> <span class="meta">added</span>' in body
    assert "README.md" not in body
    with pytest.raises(Missing):
        files_page(world.forge.wsgi.store, "acme", "widgets", world.issue("not a PR"))
