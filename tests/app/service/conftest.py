"""Helpers for the service tests: the loop's child process."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest

from tests.deadlines import within

CHILD = Path(__file__).with_name("loop_child.py")


class Child:
    """`loop_child.py` in a subprocess, its stdout and stderr read line by line."""

    def __init__(self, tmp_path: Path, seconds_per_tick: float, webhook: str | None = None,
                 *, stubborn: bool = False):
        args = [sys.executable, str(CHILD), str(tmp_path / "state"), str(seconds_per_tick)]
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "CHILD_STUBBORN": "1" if stubborn else ""}
        self.proc = subprocess.Popen([*args, *([webhook] if webhook else [])], env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue[tuple[str, str]] = queue.Queue()
        self.seen: list[str] = []
        self.matched: set[int] = set()
        self.readers = [threading.Thread(target=self._read, args=(name, stream), daemon=True)
                        for name, stream in (("out", self.proc.stdout), ("err", self.proc.stderr))]
        for reader in self.readers:
            reader.start()

    def _read(self, name: str, stream: IO[str]) -> None:
        for line in iter(stream.readline, ""):
            self.lines.put((name, line.rstrip("\n")))

    def expect(self, text: str, timeout: float = 5.0) -> str:
        """A line containing `text` not matched before, from either stream, whichever came
        first (the two streams interleave in no set order); fails after `within(timeout)`."""
        for index, line in enumerate(self.seen):
            if text in line and index not in self.matched:
                self.matched.add(index)
                return line
        while True:
            try:
                _, line = self.lines.get(timeout=within(timeout))
            except queue.Empty:
                seen = "\n".join(self.seen)
                raise AssertionError(f"no line with {text!r}; saw:\n{seen}") from None
            self.seen.append(line)
            if text in line:
                self.matched.add(len(self.seen) - 1)
                return line

    def finish(self, timeout: float = 10.0) -> tuple[int, list[str]]:
        code = self.proc.wait(timeout=within(timeout))
        for reader in self.readers:
            reader.join(timeout)
        rest: list[str] = []
        while not self.lines.empty():
            rest.append(self.lines.get()[1])
        self.seen += rest
        return code, self.seen

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for reader in self.readers:
            reader.join(5)
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()


@pytest.fixture
def children() -> Iterator[list[Child]]:
    """Children started by a test; killed (if still running) and closed after it."""
    started: list[Child] = []
    yield started
    for child in started:
        child.close()
