"""A runner's file in the state dir (`runners.state_file`): private, and written whole."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from architect.runners.state_file import write_private


def test_the_file_is_0600_in_a_0700_folder_and_replaced_whole(tmp_path: Path) -> None:
    path = tmp_path / "sessions" / "pr-1.json"
    write_private(path, '{"a": 1}')
    write_private(path, '{"b": 2}')
    assert path.read_text(encoding="utf-8") == '{"b": 2}'
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert [p.name for p in path.parent.iterdir()] == ["pr-1.json"]  # no temporary left


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "pr-1.json"
    write_private(path, "old")
    with pytest.raises(UnicodeEncodeError):
        write_private(path, "\udcff")  # a lone surrogate cannot be written as UTF-8
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["pr-1.json"]
