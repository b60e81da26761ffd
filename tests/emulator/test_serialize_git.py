"""The JSON shapes of branches, file contents, commits and hooks."""

from __future__ import annotations

import base64
from datetime import UTC, datetime

from architect.emulator import auth, git
from architect.emulator import serialize_git as ser
from architect.emulator.serialize import View
from architect.emulator.store import Hook, Repo
from tests.emulator.conftest import REPO, ROOT, Forge


def _repo(world: Forge) -> tuple[View, Repo]:
    store = world.forge.wsgi.store
    return View(store, ROOT + "/", store.user_by_login("bot")), world.repo()


def test_a_branch_says_whether_the_viewer_may_push(world: Forge) -> None:
    view, repo = _repo(world)
    shown = ser.branch(view, repo, "main", auth.WRITE)
    assert shown["commit"]["id"] == repo.branches["main"]
    assert shown["commit"]["url"] == f"{ROOT}/{REPO}/commit/{repo.branches['main']}"
    assert shown["commit"]["verification"]["verified"] is False
    assert shown["user_can_push"] is True
    assert ser.branch(view, repo, "main", auth.READ)["user_can_push"] is False


def test_a_files_contents_carry_its_blob_sha_and_a_folders_do_not(world: Forge) -> None:
    world.setup.put_file(REPO, "docs/a.md", "hello\n")
    view, repo = _repo(world)
    head = repo.branches["main"]
    file = ser.contents(view, repo, "main", head, "docs/a.md", "file", with_content=True)
    assert file["sha"] == git.blob_sha(b"hello\n")
    assert base64.b64decode(file["content"]) == b"hello\n"
    assert file["download_url"] == f"{ROOT}/{REPO}/raw/branch/main/docs/a.md"
    listed = ser.contents(view, repo, "main", head, "docs/a.md", "file", with_content=False)
    assert listed["content"] is None and listed["encoding"] is None
    folder = ser.contents(view, repo, "main", head, "docs", "dir", with_content=True)
    assert (folder["size"], folder["content"], folder["download_url"]) == (0, None, None)
    assert folder["git_url"].endswith(f"/git/trees/{folder['sha']}")


def test_a_file_commit_names_its_parents(world: Forge) -> None:
    view, repo = _repo(world)
    first = repo.commits[repo.branches["main"]]
    world.setup.put_file(REPO, "b.txt", "b\n")
    second = repo.commits[repo.branches["main"]]
    shown = ser.file_commit(view, repo, second)
    assert [p["sha"] for p in shown["parents"]] == [first.sha]
    assert shown["html_url"] == f"{ROOT}/{REPO}/commit/{second.sha}"


def test_a_hook_lists_its_events_in_forgejos_order_and_never_its_secret() -> None:
    at = datetime(2026, 1, 5, tzinfo=UTC)
    hook = Hook(id=3, repo_id=1, type="forgejo", url="http://h.test/x", content_type="json",
                secret="s3cret", events=["pull_request_review", "issues", "push"], active=True,
                created=at, updated=at)
    shown = ser.hook(hook)
    assert shown["events"] == [
        "push", "issues", "pull_request_review_approved", "pull_request_review_rejected"
    ]
    assert "s3cret" not in str(shown)
    assert shown["config"] == {"content_type": "json", "http_method": "post",
                               "url": "http://h.test/x"}
