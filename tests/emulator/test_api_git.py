"""Branches and files: ref names, where a branch starts, deletes, and several files at once."""

from __future__ import annotations

import base64

from architect.emulator.api_git import git_ref_name
from tests.emulator.conftest import REPO, Forge

BRANCHES = f"/repos/{REPO}/branches"


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def test_git_ref_names_follow_gits_rules() -> None:
    assert git_ref_name("architect/sprint-1") and git_ref_name("v1.2")
    for bad in ("", "@", "a..b", "a b", "x.lock", ".hidden", "a/", "a//b", "a~1", "a@{0}"):
        assert not git_ref_name(bad), bad


def test_a_branch_starts_at_a_ref_or_a_short_sha_and_not_at_nothing(world: Forge) -> None:
    sha = world.get(f"{BRANCHES}/main")["commit"]["id"]
    short = world.call("POST", BRANCHES, json={"new_branch_name": "s", "old_ref_name": sha[:8]})
    assert short.status_code == 201 and short.json()["commit"]["id"] == sha
    ref = world.call("POST", BRANCHES, json={"new_branch_name": "r",
                                             "old_ref_name": "refs/heads/main"})
    assert ref.status_code == 201
    bad = world.call("POST", BRANCHES, json={"new_branch_name": "a b"})
    assert (bad.status_code, bad.json()["message"]) == (422, "[BranchName]: GitRefName")
    old = world.call("POST", BRANCHES, json={"new_branch_name": "x", "old_branch_name": "gone"})
    assert (old.status_code, old.json()["message"]) == (404, "The old branch does not exist")


def test_the_default_branch_cannot_be_deleted_and_a_missing_one_is_named(world: Forge) -> None:
    default = world.call("DELETE", f"{BRANCHES}/main")
    assert (default.status_code, default.json()["message"]) == (
        403, "can not delete default branch"
    )
    missing = world.call("DELETE", f"{BRANCHES}/gone")
    assert missing.status_code == 404
    assert missing.json()["errors"] == ["branch does not exist [name: gone]"]
    reader = world.call("DELETE", f"{BRANCHES}/main", "carol")
    assert reader.status_code == 403


def test_branches_list_newest_head_first(world: Forge) -> None:
    world.setup.put_file(REPO, "a.txt", "a\n", branch="older")
    world.setup.put_file(REPO, "b.txt", "b\n", branch="newer")
    assert [b["name"] for b in world.get(BRANCHES)] == ["newer", "older", "main"]


def test_several_files_change_in_one_commit(world: Forge) -> None:
    readme = world.get(f"/repos/{REPO}/contents/README.md")["sha"]
    world.setup.put_file(REPO, "old.txt", "old\n")
    old = world.get(f"/repos/{REPO}/contents/old.txt")["sha"]
    before = world.get(f"{BRANCHES}/main")["commit"]["id"]
    changed = world.call("POST", f"/repos/{REPO}/contents", json={"message": "three", "files": [
        {"operation": "create", "path": "new.txt", "content": _b64("new\n")},
        {"operation": "update", "path": "moved.txt", "from_path": "old.txt", "sha": old},
        {"operation": "delete", "path": "README.md", "sha": readme},
    ]})
    assert changed.status_code == 201
    files = changed.json()["files"]
    assert [f and f["path"] for f in files] == ["new.txt", "moved.txt", None]
    assert [p["sha"] for p in changed.json()["commit"]["parents"]] == [before]
    names = [e["name"] for e in world.get(f"/repos/{REPO}/contents")]
    assert names == ["moved.txt", "new.txt"]


def test_a_wrong_sha_or_operation_changes_nothing(world: Forge) -> None:
    before = world.get(f"{BRANCHES}/main")["commit"]["id"]
    wrong = world.call("POST", f"/repos/{REPO}/contents", json={"files": [
        {"operation": "create", "path": "x.txt", "content": _b64("x")},
        {"operation": "delete", "path": "README.md", "sha": "0" * 40}]})
    assert wrong.status_code == 409 and wrong.json()["message"].startswith("sha does not match")
    odd = world.call("POST", f"/repos/{REPO}/contents",
                     json={"files": [{"operation": "rename", "path": "README.md"}]})
    assert (odd.status_code, odd.json()["message"]) == (
        422, "[Files][Operation]: invalid operation 'rename'"
    )
    assert world.get(f"{BRANCHES}/main")["commit"]["id"] == before
    delete = world.call("DELETE", f"/repos/{REPO}/contents/README.md", json={"sha": "0" * 40})
    assert delete.status_code == 400  # delete says 400 where update says 409
