"""The repository pages of the web view: the front page, files and folders, commits, branches."""

from __future__ import annotations

import pytest

from architect.emulator.webview_lookup import Missing
from architect.emulator.webview_tree import (
    branches_page,
    commit_page,
    raw_file,
    repo_page,
    src_page,
)
from tests.emulator.conftest import REPO, Forge


def test_repo_page_lists_branches_files_and_renders_the_readme(world: Forge) -> None:
    world.setup.put_file(REPO, "README.md", "# Widgets\n\nSee **docs**.\n")
    world.setup.put_file(REPO, "docs/guide.md", "guide\n", branch="feature")
    title, body, crumbs = repo_page(world.forge.wsgi.store, "acme", "widgets")
    assert title == "acme/widgets"
    assert crumbs == [("/acme", "acme"), ("/acme/widgets", "widgets")]
    assert '<a href="/acme/widgets/src/branch/feature">feature</a>' in body
    assert "Files on main" in body
    assert "<strong>docs</strong>" in body  # the README rendered, not quoted


def test_src_page_shows_a_file_escaped_and_a_folder_folders_first(world: Forge) -> None:
    world.setup.put_file(REPO, "src/app.py", "print('<b>')\n")
    world.setup.put_file(REPO, "src/lib/x.py", "x = 1\n")
    store = world.forge.wsgi.store
    title, body, _ = src_page(store, "acme", "widgets", "main/src/app.py")
    assert title == "src/app.py · acme/widgets"
    assert "print(&#x27;&lt;b&gt;&#x27;)" in body
    assert "13 bytes" in body
    _, folder, _ = src_page(store, "acme", "widgets", "main/src")
    assert folder.index("lib/") < folder.index("app.py")


def test_src_page_of_a_missing_path_or_branch_is_missing(world: Forge) -> None:
    store = world.forge.wsgi.store
    with pytest.raises(Missing):
        src_page(store, "acme", "widgets", "main/nowhere.txt")
    with pytest.raises(Missing):
        src_page(store, "acme", "widgets", "no-such-branch/README.md")


def test_raw_file_is_plain_text_even_for_html(world: Forge) -> None:
    world.setup.put_file(REPO, "page.html", "<script>alert(1)</script>")
    response = raw_file(world.forge.wsgi.store, "acme", "widgets", "main/page.html")
    assert response.content_type == "text/plain; charset=utf-8"
    assert response.get_data() == b"<script>alert(1)</script>"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_commit_page_names_the_files_it_changed(world: Forge) -> None:
    world.setup.put_file(REPO, "notes.txt", "one\n")
    sha = world.get(f"/repos/{REPO}/branches/main")["commit"]["id"]
    title, body, _ = commit_page(world.forge.wsgi.store, "acme", "widgets", sha)
    assert title.endswith(" · acme/widgets")
    assert "<li>notes.txt</li>" in body
    assert "<li>README.md</li>" not in body  # unchanged by this commit
    with pytest.raises(Missing):
        commit_page(world.forge.wsgi.store, "acme", "widgets", "0" * 40)


def test_branches_page_puts_the_default_branch_first(world: Forge) -> None:
    world.setup.put_file(REPO, "a.txt", "a\n", branch="aaa")
    _, body, crumbs = branches_page(world.forge.wsgi.store, "acme", "widgets")
    assert body.index(">main</a>") < body.index(">aaa</a>")
    assert body.count("default") == 1
    assert crumbs[-1] == ("/acme/widgets/branches", "branches")
