"""`architect demo --keep`: its closing words fit a forge that keeps running, and SIGTERM
cleans up as Ctrl-C does."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import pytest

from tests.app.cli.conftest import ARCHITECT, read_until
from tests.deadlines import within

# Real processes, servers or fault matrices: out of the fast lane (`-m "not slow"`).
pytestmark = pytest.mark.slow


def test_sigterm_stops_the_kept_demo_and_leaves_no_temporary_directory(tmp_path: Path) -> None:
    temp = tmp_path / "tmp"
    temp.mkdir()
    log = tmp_path / "stderr"
    with log.open("w") as stderr, subprocess.Popen(
            [*ARCHITECT, "demo", "--keep"], stdout=subprocess.PIPE, stderr=stderr, text=True,
            env={**os.environ, "TMPDIR": str(temp)}) as proc:
        try:
            shown = read_until(proc, "Ctrl-C stops it")
            assert "The forge keeps running at" in shown, shown
            assert "are temporary" not in shown  # it is not, with --keep
            assert [p.name[:14] for p in temp.iterdir()] == ["architect-demo"]

            proc.send_signal(signal.SIGTERM)
            assert proc.wait(timeout=within(30)) == 0, log.read_text()
            assert proc.stdout is not None and "stopped" in proc.stdout.read()
            assert list(temp.iterdir()) == []
        finally:
            if proc.poll() is None:  # a failed check must not hang on a forge kept running
                proc.kill()
