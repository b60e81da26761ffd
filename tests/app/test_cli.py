"""`app/cli.py` in-process: every command's `--help` names what each option takes (PORT,
FILE, DURATION …), never a type placeholder such as `<int>`, `<str>`, TEXT or INTEGER;
what a command does when it is interrupted; and the one shape of its error lines."""

from __future__ import annotations

import logging
import os
import re
import signal
import threading
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from architect.app.cli import app, fail, interrupts_logged
from architect.shell.logs import setup_logging, teardown_logging

COMMANDS = sorted(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
PLACEHOLDER = re.compile(r"<[a-z_|]+>|\b(?:TEXT|INTEGER|FLOAT|BOOLEAN|PATH)\b")


def test_every_command_is_checked() -> None:
    assert {"run", "loop", "status", "enable", "disable", "init", "demo", "forge"} <= set(
        COMMANDS)


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_help_shows_no_type_placeholder(command: str) -> None:
    result = CliRunner().invoke(app, [*command.split(), "--help"],
                                env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    options = result.output[result.output.index("Options:"):]
    assert PLACEHOLDER.findall(options) == [], options


def test_forge_help_names_what_each_option_takes() -> None:
    result = CliRunner().invoke(app, ["forge", "--help"], env={"COLUMNS": "200"})
    for option in ("--port PORT", "--host HOST", "--data FILE", "--admin-token TOKEN",
                   "--index-delay DURATION", "--merge-check DURATION",
                   "--dialect [forgejo|github]"):
        assert option in result.output, option


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
