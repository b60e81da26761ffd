"""What a runner learned from a server's refusals: kept privately, read back, and never
a failed tick when the state dir takes no file."""

from __future__ import annotations

import logging
import stat
from pathlib import Path

import pytest

from architect.runners.learned import Learned, LearnedStore


def test_what_a_server_refused_is_kept_0600_and_read_back(tmp_path: Path) -> None:
    store = LearnedStore(tmp_path, "http://127.0.0.1:11434/v1", "qwen3")
    learned = Learned(server=store.server, model=store.model, temperature_refused=True,
                      tokens_key="max_completion_tokens")
    store.save(learned)
    assert stat.S_IMODE(store.path.stat().st_mode) == 0o600
    assert stat.S_IMODE(store.path.parent.stat().st_mode) == 0o700
    assert LearnedStore(tmp_path, store.server, store.model).load() == learned
    assert [p.name for p in store.path.parent.iterdir()] == [store.path.name]  # no temp left


def test_a_file_an_older_version_left_readable_to_all_is_private_once_saved_again(
        tmp_path: Path) -> None:
    store = LearnedStore(tmp_path, "http://127.0.0.1:11434/v1", "qwen3")
    store.path.parent.mkdir(parents=True)
    store.path.write_text("{}")
    store.path.chmod(0o644)
    store.save(Learned(server=store.server, model=store.model, tools_refused=True))
    assert stat.S_IMODE(store.path.stat().st_mode) == 0o600
    assert store.load().tools_refused


def test_a_state_dir_that_takes_no_file_costs_a_warning_not_the_tick(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    blocked = tmp_path / "state"
    blocked.write_text("a file where the state dir should be")
    store = LearnedStore(blocked, "http://127.0.0.1:11434/v1", "qwen3")
    with caplog.at_level(logging.WARNING):
        store.save(Learned(server=store.server, model=store.model))
    assert "cannot keep what http://127.0.0.1:11434/v1 refused" in caplog.text
    assert store.load() == Learned(server=store.server, model=store.model)
