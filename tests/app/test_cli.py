"""Every command's `--help` names what each option takes (PORT, FILE, DURATION …), never
a type placeholder such as `<int>`, `<str>`, TEXT or INTEGER."""

from __future__ import annotations

import re

import pytest
import typer
from typer.testing import CliRunner

from architect.app.cli import app

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
