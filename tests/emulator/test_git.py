"""Just enough git for the forge (`emulator.git`): real blob shas, stable commit shas,
history walks and a three-way merge of whole files."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from architect.emulator.git import (
    MergeConflict,
    Signature,
    ancestors,
    blob_sha,
    last_commit_touching,
    list_dir,
    make_commit,
    merge_base,
    merge_trees,
)

T0 = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)


def test_a_blob_sha_is_gits_own() -> None:
    # `printf 'hello\n' | git hash-object --stdin`
    assert blob_sha(b"hello\n") == "ce013625030ba8dba906f756967f9e9ca394464a"
    assert blob_sha(b"") == "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"


def test_a_commit_sha_is_stable_and_depends_on_what_it_records() -> None:
    one = make_commit([], {"a.md": b"x"}, "first", "Alice", "alice@x", T0)
    assert one.sha == make_commit([], {"a.md": b"x"}, "first", "Alice", "alice@x", T0).sha
    assert one.sha != make_commit([], {"a.md": b"y"}, "first", "Alice", "alice@x", T0).sha
    assert one.committer_sig() == one.author_sig() == Signature("Alice", "alice@x", T0)
    by_ci = make_commit([], {}, "m", "Alice", "alice@x", T0,
                        committer=Signature("CI", "ci@x", T0))
    assert by_ci.committer_sig() == Signature("CI", "ci@x", T0) and by_ci.sha != make_commit(
        [], {}, "m", "Alice", "alice@x", T0).sha


def test_history_walks_find_the_merge_base_and_the_last_change_of_a_path() -> None:
    root = make_commit([], {"a.md": b"1"}, "root", "A", "a@x", T0)
    left = make_commit([root.sha], {"a.md": b"1", "docs/x.md": b"x"}, "left", "A", "a@x", T0)
    tip = make_commit([left.sha], {"a.md": b"2", "docs/x.md": b"x"}, "tip", "A", "a@x", T0)
    right = make_commit([root.sha], {"a.md": b"3"}, "right", "A", "a@x", T0)
    commits = {c.sha: c for c in (root, left, tip, right)}
    assert list(ancestors(commits, tip.sha)) == [tip.sha, left.sha, root.sha]
    assert merge_base(commits, tip.sha, right.sha) == root.sha
    assert last_commit_touching(commits, tip.sha, "docs") is left
    assert last_commit_touching(commits, tip.sha, "a.md") is tip


def test_a_merge_takes_their_changes_and_refuses_paths_both_changed() -> None:
    base = {"a.md": b"1", "b.md": b"1", "gone.md": b"1"}
    ours = {"a.md": b"ours", "b.md": b"1", "gone.md": b"1"}
    theirs = {"a.md": b"1", "b.md": b"theirs", "new.md": b"n"}
    assert merge_trees(base, ours, theirs) == {"a.md": b"ours", "b.md": b"theirs",
                                               "new.md": b"n"}
    with pytest.raises(MergeConflict) as raised:
        merge_trees(base, ours, {**theirs, "a.md": b"theirs"})
    assert raised.value.paths == ["a.md"]


def test_a_directory_lists_files_and_subdirectories_once() -> None:
    tree = {"README.md": b"", "sprints/1-a.md": b"", "sprints/old/2-b.md": b""}
    assert list_dir(tree, "") == [("README.md", "file"), ("sprints", "dir")]
    assert list_dir(tree, "/sprints/") == [("1-a.md", "file"), ("old", "dir")]
    assert list_dir(tree, "nowhere") is None
