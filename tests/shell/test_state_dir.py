"""Broken local state says so in one line (`shell.state_dir`): the path and the fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from architect.config import ArchitectConfig, ProjectConfig
from architect.errors import LocalStateError
from architect.shell.guards import lock_path
from architect.shell.state_dir import check_local_state


def project(state: Path, logs: Path) -> ProjectConfig:
    return ProjectConfig(name="shop", repo="acme/shop", ops_repo="acme/shop-ops",
                         forge_url="http://127.0.0.1:9",
                         architect=ArchitectConfig(state_dir=state, log_dir=logs))


def test_what_is_missing_is_made_and_what_is_there_passes(tmp_path: Path) -> None:
    config = project(tmp_path / "state", tmp_path / "logs")
    check_local_state(config)
    check_local_state(config)
    assert config.project_state_dir.is_dir() and config.log_file.parent.is_dir()


def test_a_state_dir_under_a_file_names_the_file_and_the_setting(tmp_path: Path) -> None:
    (tmp_path / "state").write_text("")
    with pytest.raises(LocalStateError) as raised:
        check_local_state(project(tmp_path / "state", tmp_path / "logs"))
    said = str(raised.value)
    assert said.startswith("the state dir ") and f"{tmp_path / 'state'} is a file" in said
    assert "set [architect].state_dir (or ARCHITECT_STATE_DIR)" in said


def test_a_log_dir_that_is_a_file_names_log_dir(tmp_path: Path) -> None:
    (tmp_path / "logs").write_text("")
    with pytest.raises(LocalStateError, match=r"^the log dir .*set \[architect\]\.log_dir"):
        check_local_state(project(tmp_path / "state", tmp_path / "logs"))


def test_a_run_lock_that_is_a_directory_says_how_to_remove_it(tmp_path: Path) -> None:
    config = project(tmp_path / "state", tmp_path / "logs")
    lock = lock_path(config.project_state_dir)
    lock.mkdir(parents=True)
    with pytest.raises(LocalStateError) as raised:
        check_local_state(config)
    assert str(raised.value) == (f"the run lock {lock} is a directory, not a file; remove it "
                                 f"(rmdir {lock}) and run again")
