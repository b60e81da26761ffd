"""Just enough git: blob shas, commits, merge bases, three-way merges, folders."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from architect.emulator import git

AT = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _commit(parents: list[git.Commit], tree: git.Tree, message: str, minute: int) -> git.Commit:
    return git.make_commit([p.sha for p in parents], tree, message, "bot", "bot@x.test",
                           AT + timedelta(minutes=minute))


def test_blob_sha_is_gits_own() -> None:
    # `printf 'hello\n' | git hash-object --stdin`
    assert git.blob_sha(b"hello\n") == "ce013625030ba8dba906f756967f9e9ca394464a"
    assert git.blob_sha(b"") == "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"


def test_a_commit_sha_is_stable_and_depends_on_the_tree() -> None:
    one = _commit([], {"a": b"1"}, "m", 0)
    assert one.sha == _commit([], {"a": b"1"}, "m", 0).sha
    assert one.sha != _commit([], {"a": b"2"}, "m", 0).sha
    apart = git.make_commit([], {"a": b"1"}, "m", "bot", "bot@x.test", AT,
                            committer=git.Signature("ci", "ci@x.test", AT))
    assert apart.sha != one.sha
    assert apart.committer_sig().name == "ci" and one.committer_sig().name == "bot"


def test_merge_base_is_the_nearest_common_ancestor() -> None:
    root = _commit([], {"a": b"1"}, "root", 0)
    left = _commit([root], {"a": b"2"}, "left", 1)
    right = _commit([root], {"a": b"1", "b": b"1"}, "right", 2)
    commits = {c.sha: c for c in (root, left, right)}
    assert git.merge_base(commits, left.sha, right.sha) == root.sha
    assert git.merge_base(commits, left.sha, root.sha) == root.sha
    assert list(git.ancestors(commits, left.sha)) == [left.sha, root.sha]


def test_merge_trees_takes_both_sides_and_names_conflicts() -> None:
    base = {"a": b"1", "b": b"1", "gone": b"x"}
    ours = {"a": b"ours", "b": b"1", "gone": b"x"}
    theirs = {"a": b"1", "b": b"theirs", "new": b"n"}
    assert git.merge_trees(base, ours, theirs) == {"a": b"ours", "b": b"theirs", "new": b"n"}
    with pytest.raises(git.MergeConflict) as conflict:
        git.merge_trees(base, ours, {**theirs, "a": b"theirs too"})
    assert conflict.value.paths == ["a"]


def test_last_commit_touching_a_file_or_a_folder() -> None:
    root = _commit([], {"docs/a": b"1", "x": b"1"}, "root", 0)
    docs = _commit([root], {"docs/a": b"2", "x": b"1"}, "docs", 1)
    other = _commit([docs], {"docs/a": b"2", "x": b"2"}, "x", 2)
    commits = {c.sha: c for c in (root, docs, other)}
    assert git.last_commit_touching(commits, other.sha, "docs").sha == docs.sha
    assert git.last_commit_touching(commits, other.sha, "x").sha == other.sha
    assert git.last_commit_touching(commits, other.sha, "never").sha == root.sha


def test_list_dir_sees_folders_and_files_and_none_for_a_missing_folder() -> None:
    tree = {"README.md": b"", "src/a.py": b"", "src/lib/b.py": b""}
    assert git.list_dir(tree, "") == [("README.md", "file"), ("src", "dir")]
    assert git.list_dir(tree, "/src/") == [("a.py", "file"), ("lib", "dir")]
    assert git.list_dir(tree, "nowhere") is None
