"""The README's "Commands" and "Configuration" sections name every option the CLI has
and every environment override the configuration reads, and the docs they link hold
every option and every key in full, so that none drifts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer.main

from architect.app.cli import app
from architect.config import ENV_OVERRIDES, ArchitectConfig

ROOT = Path(__file__).resolve().parents[3]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _section(title: str) -> str:
    return README.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def _documented(section: str, command: str, opts: list[str]) -> bool:
    """In the command's table row, or in a paragraph that names the command."""
    rows = [line for line in section.splitlines()
            if line.startswith("| `") and re.search(rf"`(architect )?{command}[ `]", line)]
    paragraphs = [p for p in section.split("\n\n") if not p.startswith("|")
                  and f"`{command}`" in p]
    return any(f"{opt}" in text for text in rows + paragraphs for opt in opts)


@pytest.mark.parametrize("where", ["README.md", "docs/commands.md"])
def test_every_command_and_option_of_the_cli_is_in_the_commands_section(where: str) -> None:
    if where == "README.md":
        section = _section("Commands")
        assert "](docs/commands.md)" in section
    else:
        section = (ROOT / where).read_text(encoding="utf-8")
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


def test_every_key_is_in_the_configuration_doc_the_readme_links() -> None:
    assert "](docs/configuration.md)" in _section("Configuration")
    doc = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    # The keys a row of its table is about: the backticked names of its first cell.
    rows = {key for line in doc.splitlines() if line.startswith("| `")
            for key in re.findall(r"`(\w+)`", line.split("|")[1])}
    assert [key for key in ArchitectConfig.model_fields if key not in rows] == []
    assert [v for v in ENV_OVERRIDES if f"`{v}`" not in doc] == []
