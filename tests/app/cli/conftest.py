"""Shared by the CLI tests: run `architect` as a user would, against a served forge."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from architect.emulator import EmbeddedForge
from architect.emulator.setup import ForgeSetup
from tests.world import VISION_BODY

ARCHITECT = [sys.executable, "-m", "architect"]


def architect(*args: str, env: dict[str, str] | None = None,
              timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*ARCHITECT, *args], capture_output=True, text=True, timeout=timeout,
                          env=env, check=False)


def read_until(proc: subprocess.Popen[str], marker: str) -> str:
    """What a command that keeps running printed, up to the first line with `marker`."""
    assert proc.stdout is not None
    lines: list[str] = []
    for line in proc.stdout:
        lines.append(line)
        if marker in line:
            break
    return "".join(lines)


@dataclass
class Served:
    forge: EmbeddedForge
    url: str
    setup: ForgeSetup
    tokens: dict[str, str]
    toml: Path
    env: dict[str, str]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    with EmbeddedForge() as forge:
        url = forge.start()
        setup = ForgeSetup(httpx.Client(base_url=url), forge.admin_token)
        tokens = {login: setup.create_user(login) for login in ("acme", "architect-bot", "alice")}
        for name in ("shop", "shop-ops"):
            setup.create_repo("acme", name)
            setup.add_collaborator(f"acme/{name}", "architect-bot", "write")
            setup.add_collaborator(f"acme/{name}", "alice", "write")
        toml = tmp_path / "shop.toml"
        toml.write_text(textwrap.dedent(f"""\
            name = "shop"
            repo = "acme/shop"
            ops_repo = "acme/shop-ops"
            forge_url = "{url}"

            [architect]
            model = "offline"
            min_available_mb = 0
            state_dir = "{tmp_path / 'state'}"
            """))
        env = {**os.environ, "FORGE_ARCHITECT_TOKEN": tokens["architect-bot"]}
        env.pop("FORGE_TOKEN", None)
        yield Served(forge, url, setup, tokens, toml, env)


def file_vision(served: Served) -> None:
    """@alice files the vision "Wishlists" on the project repo."""
    served.setup.create_issue("acme/shop", "Wishlists", VISION_BODY, labels=("vision",),
                              token=served.tokens["alice"])


def vision_enabled(served: Served) -> None:
    """A project set up and enabled, with one vision waiting for its pitch."""
    assert architect("init", "-p", str(served.toml), env=served.env).returncode == 0
    file_vision(served)
    assert architect("enable", "-p", str(served.toml), env=served.env).returncode == 0
