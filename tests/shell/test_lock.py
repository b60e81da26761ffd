"""The run lock across real processes: one holder at a time, and no lock outlives its process."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from architect.shell.guards import LockHeld, RunLock
from tests.deadlines import within

# A tick in miniature: try the lock, say what happened, hold it until stdin closes.
HOLDER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from architect.shell.guards import LockHeld, RunLock

    try:
        with RunLock(Path(sys.argv[1]), command=["architect", "run", "-p", "x.toml"]).acquire():
            print("locked", flush=True)
            sys.stdin.read()
    except LockHeld as held:
        print("held", held.info.pid if held.info else "?", flush=True)
    """
)


class Tick:
    def __init__(self, lock: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(lock)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    @property
    def pid(self) -> int:
        return self.process.pid

    def said(self) -> str:
        assert self.process.stdout is not None
        return self.process.stdout.readline().strip()

    def finish(self) -> None:
        self.process.communicate(timeout=within(10))

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.communicate(timeout=within(10))


@pytest.fixture
def ticks(tmp_path: Path) -> Iterator[list[Tick]]:
    started: list[Tick] = []
    yield started
    for tick in started:
        if tick.process.poll() is None:
            tick.kill()


@pytest.fixture
def lock(tmp_path: Path) -> Path:
    return tmp_path / "state" / "myproj" / "run.lock"


@pytest.mark.slow  # starts a process
def test_a_second_tick_is_refused_and_told_who_holds_the_lock(
    lock: Path, ticks: list[Tick]
) -> None:
    first = Tick(lock)
    ticks.append(first)
    assert first.said() == "locked"

    with pytest.raises(LockHeld) as caught, RunLock(lock).acquire():
        pass

    assert caught.value.info is not None
    assert caught.value.info.pid == first.pid
    assert caught.value.holder.startswith(f"pid {first.pid} on {socket.gethostname()}, since ")
    assert caught.value.holder.endswith("(architect run -p x.toml)")
    first.finish()


@pytest.mark.slow  # starts a process
def test_two_ticks_started_together_one_runs_and_the_other_names_it(
    lock: Path, ticks: list[Tick]
) -> None:
    ticks.extend([Tick(lock), Tick(lock)])

    said = {tick.pid: tick.said() for tick in ticks}

    winners = [pid for pid, text in said.items() if text == "locked"]
    assert len(winners) == 1
    loser = next(pid for pid in said if pid != winners[0])
    # The loser may have looked in the instant before the winner wrote its name.
    assert said[loser] in (f"held {winners[0]}", "held ?")
    for tick in ticks:
        tick.finish()


@pytest.mark.slow  # starts a process
def test_a_lock_released_normally_can_be_taken(lock: Path, ticks: list[Tick]) -> None:
    first = Tick(lock)
    ticks.append(first)
    assert first.said() == "locked"
    first.finish()

    runner = RunLock(lock)
    with runner.acquire() as me:
        assert me.pid == os.getpid()
    assert runner.holder() is None


@pytest.mark.slow  # starts a process
def test_a_lock_left_by_a_killed_process_does_not_block(lock: Path, ticks: list[Tick]) -> None:
    first = Tick(lock)
    ticks.append(first)
    assert first.said() == "locked"

    first.kill()

    runner = RunLock(lock)
    stale = runner.holder()
    assert stale is not None and stale.pid == first.pid  # its name stays behind, its lock not
    with runner.acquire() as me:
        assert runner.holder() == me
        assert me.pid == os.getpid()


def test_the_lock_files_are_private(lock: Path) -> None:
    with RunLock(lock).acquire():
        assert lock.stat().st_mode & 0o077 == 0
        assert lock.parent.stat().st_mode & 0o077 == 0
