"""The active flag, the memory guard, scratch cleanup and the guards in order."""

from __future__ import annotations

import stat
from datetime import UTC, datetime
from pathlib import Path

import pytest

from architect.config import ArchitectConfig, ProjectConfig
from architect.errors import ArchitectError
from architect.shell.guards import (
    LockHeld,
    MemoryLow,
    RunLock,
    available_mb,
    check_memory,
    clean_scratch,
    disable,
    disabled_since,
    enable,
    is_active,
    lock_path,
    moment_of,
    run_guards,
)

MEMINFO = """\
MemTotal:       16318420 kB
MemFree:          512000 kB
MemAvailable:    3145728 kB
Buffers:          102400 kB
Cached:          1048576 kB
"""
OLD_KERNEL_MEMINFO = """\
MemTotal:       16318420 kB
MemFree:          512000 kB
Buffers:          102400 kB
Cached:          1048576 kB
"""


def at(mb: int) -> str:
    return f"MemTotal: 16318420 kB\nMemAvailable: {mb * 1024} kB\n"


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def config(tmp_path: Path) -> ProjectConfig:
    return ProjectConfig(
        name="myproj",
        repo="o/myproj",
        ops_repo="o/myproj-ops",
        forge_url="http://127.0.0.1:3000",
        architect=ArchitectConfig(state_dir=tmp_path / "state", min_available_mb=2000),
    )


def test_the_flag_is_off_until_enabled_and_off_again_when_disabled(tmp_path: Path) -> None:
    project = tmp_path / "state" / "myproj"

    assert not is_active(project)
    assert enable(project) is True
    assert is_active(project)
    assert (project / ".architect-active").exists()
    assert enable(project) is False
    assert disable(project) is True
    assert not is_active(project)
    assert disable(project) is False


def test_enable_creates_private_directories(tmp_path: Path) -> None:
    enable(tmp_path / "state" / "myproj")

    assert mode(tmp_path / "state") == 0o700
    assert mode(tmp_path / "state" / "myproj") == 0o700


def test_available_memory_is_memavailable_in_mb() -> None:
    assert available_mb(MEMINFO) == 3072


def test_old_kernels_without_memavailable_count_free_buffers_and_cache() -> None:
    assert available_mb(OLD_KERNEL_MEMINFO) == (512000 + 102400 + 1048576) // 1024


def test_text_that_is_not_meminfo_is_refused() -> None:
    with pytest.raises(ValueError, match="MemAvailable"):
        available_mb("hello\n")


def test_too_little_memory_is_reported_with_both_numbers() -> None:
    low = check_memory(2000, read=lambda: at(1500))

    assert low == MemoryLow(available_mb=1500, min_mb=2000)
    assert low.describe() == (
        "only 1500 MB of memory available, below min_available_mb = 2000; skipping this tick"
    )


def test_enough_memory_passes() -> None:
    assert check_memory(2000, read=lambda: at(2000)) is None


def test_a_zero_minimum_turns_the_guard_off() -> None:
    assert check_memory(0, read=lambda: at(1)) is None


def test_without_meminfo_the_guard_lets_the_tick_run() -> None:
    def unreadable() -> str:
        raise FileNotFoundError("/proc/meminfo")

    assert check_memory(2000, read=unreadable) is None


def test_scratch_cleanup_removes_files_and_dirs_but_follows_no_link(tmp_path: Path) -> None:
    scratch = tmp_path / "scratch"
    (scratch / "issue-3").mkdir(parents=True)
    (scratch / "issue-3" / "pitch.md").write_text("old")
    (scratch / "architect-myproj-scratch-7.md").write_text("old")
    outside = tmp_path / "keep"
    outside.mkdir()
    (outside / "precious.txt").write_text("keep me")
    (scratch / "link").symlink_to(outside, target_is_directory=True)

    removed = clean_scratch(scratch)

    assert removed == 3
    assert list(scratch.iterdir()) == []
    assert (outside / "precious.txt").read_text() == "keep me"


def test_scratch_cleanup_creates_a_missing_dir(tmp_path: Path) -> None:
    assert clean_scratch(tmp_path / "state" / "scratch") == 0
    assert mode(tmp_path / "state" / "scratch") == 0o700


def test_an_inactive_project_is_skipped_with_the_reason(config: ProjectConfig) -> None:
    with run_guards(config, read_meminfo=lambda: at(8000)) as outcome:
        assert not outcome.proceed
        assert outcome.reason == (
            f"inactive ({config.project_state_dir / '.architect-active'} is absent); "
            "`architect enable` starts it"
        )


def test_an_active_project_runs_under_the_lock_with_a_clean_scratch(
    config: ProjectConfig,
) -> None:
    enable(config.project_state_dir)
    config.scratch_dir.mkdir(parents=True)
    (config.scratch_dir / "leftover.md").write_text("from the last run")
    lock = RunLock(lock_path(config.project_state_dir), command=["architect", "status"])

    with run_guards(config, read_meminfo=lambda: at(8000)) as outcome:
        assert outcome.proceed
        assert outcome.scratch_removed == 1
        assert list(config.scratch_dir.iterdir()) == []
        with pytest.raises(LockHeld), lock.acquire():
            pass

    with lock.acquire():  # released after the tick
        pass


def test_low_memory_skips_and_releases_the_lock(config: ProjectConfig) -> None:
    enable(config.project_state_dir)

    with run_guards(config, read_meminfo=lambda: at(100)) as outcome:
        assert not outcome.proceed
        assert outcome.reason.startswith("only 100 MB of memory available")

    with RunLock(lock_path(config.project_state_dir)).acquire():
        pass


def test_a_held_lock_skips_naming_the_holder(config: ProjectConfig) -> None:
    enable(config.project_state_dir)
    started = datetime(2026, 11, 25, 22, 0, tzinfo=UTC)
    lock = RunLock(
        lock_path(config.project_state_dir), clock=lambda: started, command=["architect", "run"]
    )

    with lock.acquire() as me, run_guards(config, read_meminfo=lambda: at(8000)) as outcome:
        assert not outcome.proceed
        assert outcome.reason == (
            f"another run holds the lock {lock.path}: pid {me.pid} on {me.host}, "
            "since 2026-11-25T22:00:00Z (architect run)"
        )


def test_a_held_lock_is_a_skip_not_a_failure(tmp_path: Path) -> None:
    held = LockHeld(tmp_path / "run.lock", None)

    assert isinstance(held, ArchitectError)
    assert held.exit_code == 0
    assert held.holder == "a process that did not say who it is"


def test_disable_notes_when_to_the_second_and_older_notes_still_read(tmp_path: Path) -> None:
    project = tmp_path / "state" / "myproj"
    enable(project)
    assert disabled_since(project) is None
    disable(project, now=datetime(2026, 11, 27, 9, 13, 5, tzinfo=UTC))
    assert (project / ".architect-disabled-at").read_text() == "2026-11-27T09:13:05Z\n"
    assert disabled_since(project) == datetime(2026, 11, 27, 9, 13, 5, tzinfo=UTC)
    (project / ".architect-disabled-at").write_text("2026-11-27 09:13 UTC\n")  # before
    assert disabled_since(project) == datetime(2026, 11, 27, 9, 13, tzinfo=UTC)
    assert moment_of("2026-11-25T10:00Z") == datetime(2026, 11, 25, 10, tzinfo=UTC)
    assert moment_of("not a time") is None
