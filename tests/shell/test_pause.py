"""The dashboard's pause remembered locally (`shell.pause`): a hint for the next tick."""

from __future__ import annotations

from pathlib import Path

from architect.shell.pause import remember, remembered


def test_a_pause_is_remembered_until_a_tick_no_longer_sees_it(tmp_path: Path) -> None:
    project = tmp_path / "state" / "shop"
    assert not remembered(project)
    remember(project, paused=False)  # nothing to forget: no error, nothing made
    assert not project.exists()
    remember(project, paused=True)
    remember(project, paused=True)
    assert remembered(project)
    remember(project, paused=False)
    assert not remembered(project) and project.is_dir()
