"""`app/cli.py` in-process: what a command does when it is interrupted, and the one shape
of its error lines."""

from __future__ import annotations

import logging
import os
import signal
import threading
from pathlib import Path

import pytest
import typer

from architect.app.cli import fail, interrupts_logged
from architect.shell.logs import setup_logging, teardown_logging


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_an_interrupted_run_says_so_in_the_log_with_every_line_stderr_showed(
        tmp_path: Path, sig: signal.Signals, capsys: pytest.CaptureFixture[str]) -> None:
    log_file = tmp_path / "logs" / "architect.log"
    setup_logging(log_file=log_file, json=False, secrets=(), project="shop")
    before = signal.getsignal(sig)
    try:
        arrived = threading.Event()
        with interrupts_logged("run") as code:
            logging.getLogger("architect").info("sprint PR #3: filing 2 sub-issues")
            os.kill(os.getpid(), sig)
            arrived.wait(30)  # the handler raises here, in the main thread
            code.append(0)
    finally:
        teardown_logging()
    assert code == [128 + sig]
    stderr = capsys.readouterr().err.splitlines()
    logged = log_file.read_text(encoding="utf-8").splitlines()
    assert logged == stderr
    assert logged[0].endswith("architect: shop: sprint PR #3: filing 2 sub-issues")
    assert logged[1].endswith(f"architect: shop: warning: run interrupted by {sig.name}: "
                              "stopped mid-tick; the next run takes up what it left")
    assert signal.getsignal(sig) is before  # the command's handler is gone after it


def test_an_error_line_names_its_project_as_the_log_does(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(typer.Exit) as ended:
        fail("error: the state dir /x cannot be made", 2, json=True, project="shop")
    assert ended.value.exit_code == 2
    out, err = capsys.readouterr()
    assert err == "architect: shop: error: the state dir /x cannot be made\n"
    assert out == '{"project": "shop", "error": "the state dir /x cannot be made", "exit": 2}\n'
