"""The README's "Commands" and "Configuration" sections name every option the CLI has
and every environment override the configuration reads, so that neither drifts."""

from __future__ import annotations

import re
from pathlib import Path

import typer.main

from architect.app.cli import app
from architect.config import ENV_OVERRIDES

README = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")


def _section(title: str) -> str:
    return README.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def _documented(section: str, command: str, opts: list[str]) -> bool:
    """In the command's table row, or in a paragraph that names the command."""
    rows = [line for line in section.splitlines()
            if line.startswith("| `") and re.search(rf"`(architect )?{command}[ `]", line)]
    paragraphs = [p for p in section.split("\n\n") if not p.startswith("|")
                  and f"`{command}`" in p]
    return any(f"{opt}" in text for text in rows + paragraphs for opt in opts)


def test_every_command_and_option_of_the_cli_is_in_the_commands_section() -> None:
    section = _section("Commands")
    group = typer.main.get_command(app)
    commands = getattr(group, "commands", {})  # typer's own click: no click.Group to check
    assert {"run", "loop", "status", "init", "demo", "forge"} <= set(commands)
    missing = [f"{p.opts[-1]} (the group)" for p in group.params
               if p.param_type_name == "option" and not any(o in section for o in p.opts)]
    for name, command in sorted(commands.items()):
        if not re.search(rf"`(architect )?{name}[ `]", section):
            missing.append(name)
            continue
        missing += [f"{name} {param.opts[-1]}" for param in command.params
                    if param.param_type_name == "option"
                    and not _documented(section, name, list(param.opts))]
    assert missing == []


def test_every_environment_override_is_in_the_configuration_section() -> None:
    section = _section("Configuration")
    assert [v for v in ENV_OVERRIDES if f"`{v}`" not in section] == []
