"""The CLI as a user meets it: commands, messages and exit codes, in real processes."""

from __future__ import annotations

import json
import signal
import subprocess
from pathlib import Path

import httpx
import pytest

from tests.app.cli.conftest import ARCHITECT, Served, architect, file_vision, vision_enabled
from tests.deadlines import within

# Real processes, servers or fault matrices: out of the fast lane (`-m "not slow"`).
pytestmark = pytest.mark.slow


def test_help_lists_every_command() -> None:
    result = architect("--help")
    assert result.returncode == 0
    for command in ("run", "loop", "status", "enable", "disable", "init", "demo", "forge"):
        assert command in result.stdout


def test_a_typo_in_the_config_exits_2_and_suggests_the_key(tmp_path: Path) -> None:
    toml = tmp_path / "p.toml"
    toml.write_text('name = "p"\nrepo = "a/b"\nops_repo = "a/c"\nforge_url = "http://x"\n'
                    "[architect]\nmax_open_pitch = 3\n")
    result = architect("run", "-p", str(toml))
    assert result.returncode == 2
    assert "unknown key 'max_open_pitch' under [architect]" in result.stderr
    assert "did you mean 'max_open_pitches'?" in result.stderr


def test_a_missing_token_exits_2_naming_the_variable(served: Served) -> None:
    env = {k: v for k, v in served.env.items() if k != "FORGE_ARCHITECT_TOKEN"}
    result = architect("run", "-p", str(served.toml), env=env)
    assert result.returncode == 2
    assert "FORGE_ARCHITECT_TOKEN" in result.stderr


def test_a_wrong_token_names_the_variable(served: Served) -> None:
    env = {**served.env, "FORGE_ARCHITECT_TOKEN": "0" * 40}
    result = architect("status", "-p", str(served.toml), env=env)
    assert result.returncode == 2
    assert "FORGE_ARCHITECT_TOKEN" in result.stderr
    assert "0" * 40 not in result.stderr


def test_init_enable_run_status_on_a_served_forge(served: Served) -> None:
    result = architect("init", "-p", str(served.toml), env=served.env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "created label 'vision'" in result.stdout
    assert "acme/shop-ops: created label 'architect'" in result.stdout  # the dashboard's
    assert "acme/shop-ops: the first tick creates the dashboard issue" in result.stdout
    file_vision(served)

    inactive = architect("run", "-p", str(served.toml), env=served.env)
    assert inactive.returncode == 0
    assert "architect enable" in inactive.stderr

    dry = architect("run", "-p", str(served.toml), "--dry-run", env=served.env)
    assert dry.returncode == 0
    assert "would: vision #1: pitch a sprint → sprints/1-wishlists.md" in dry.stderr

    assert architect("enable", "-p", str(served.toml), env=served.env).returncode == 0
    tick = architect("run", "-p", str(served.toml), env=served.env)
    assert tick.returncode == 0, tick.stderr
    assert "vision #1: pitched as PR #1" in tick.stderr

    status = architect("status", "-p", str(served.toml), "--json", env=served.env)
    assert status.returncode == 0, status.stderr
    rows = json.loads(status.stdout)["items"]
    assert {(r["kind"], r["number"], r["state"]) for r in rows} == {
        ("sprint", 1, "pitch awaiting decision"), ("vision", 1, "in sprint PR #1")}

    again = architect("run", "-p", str(served.toml), "--dry-run", env=served.env)
    assert "would:" not in again.stderr


def test_status_piped_keeps_each_row_on_one_line(served: Served) -> None:
    vision_enabled(served)
    assert architect("run", "-p", str(served.toml), env=served.env).returncode == 0
    env = {k: v for k, v in served.env.items() if k != "COLUMNS"}
    piped = architect("status", "-p", str(served.toml), env=env)  # stdout is a pipe
    assert piped.returncode == 0, piped.stderr
    (row,) = [line for line in piped.stdout.splitlines() if "pitch awaiting" in line]
    assert "architect: Wishlists" in row and "pitch awaiting decision" in row
    assert "a human: ACCEPT, REJECT: <reason>, or a review" in row
    narrow = architect("status", "-p", str(served.toml), env={**env, "COLUMNS": "60"})
    assert max(map(len, narrow.stdout.splitlines())) <= 60  # COLUMNS is obeyed
    title = "Wishlists that people share with friends and family before the holidays begin"
    served.setup.create_issue("acme/shop", title, "Let people share wishlists.",
                              labels=("vision",), token=served.tokens["alice"])
    dry = architect("run", "--dry-run", "-p", str(served.toml), env=env)
    assert "would: vision #2: pitch a sprint → sprints/2-wishlists-that-people-share" in dry.stderr
    assert any(title in line for line in dry.stderr.splitlines()), dry.stderr


def test_forge_command_starts_prints_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    proc = subprocess.Popen([*ARCHITECT, "forge", "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert first.startswith("Embedded forge listening on http://127.0.0.1:")
        url = first.split()[-1]
        token_line = proc.stdout.readline()
        assert token_line.startswith("Admin token: ")
        version = httpx.get(f"{url}/api/v1/version", timeout=5)
        assert version.status_code == 200 and "version" in version.json()
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=within(10)) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.communicate(timeout=within(10))


def test_a_runner_that_is_not_ready_exits_2_naming_what_is_missing(served: Served) -> None:
    toml = served.toml.read_text().replace('model = "offline"', 'model = "anthropic"')
    served.toml.write_text(toml)
    env = {k: v for k, v in served.env.items() if k != "ANTHROPIC_API_KEY"}
    assert architect("enable", "-p", str(served.toml), env=env).returncode == 0
    result = architect("run", "-p", str(served.toml), env=env)
    assert result.returncode == 2
    assert "ANTHROPIC_API_KEY" in result.stderr
