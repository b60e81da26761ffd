"""`architect forge --seed`: the forge set up for `architect init --example`, so that the
README's commands run against it as printed."""

from __future__ import annotations

import os
import re
import signal
import subprocess
from pathlib import Path

import pytest

from tests.app.cli.conftest import ARCHITECT, architect, read_until
from tests.deadlines import within

# Real processes, servers or fault matrices: out of the fast lane (`-m "not slow"`).
pytestmark = pytest.mark.slow


def _serve(*args: str, cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([*ARCHITECT, "forge", "--port", "0", "--seed", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd)


def _stop(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=within(10))
        except subprocess.TimeoutExpired:
            proc.kill()
    proc.communicate(timeout=within(10))


def test_the_printed_commands_run_against_the_seeded_forge(tmp_path: Path) -> None:
    proc = _serve(cwd=tmp_path)
    try:
        shown = read_until(proc, "--dry-run")
        assert "Admin login: forge-admin" in shown
        exports = dict(re.findall(r"(\w+)=(\S+)", "\n".join(
            line for line in shown.splitlines() if line.strip().startswith("export "))))
        # The project file names the forge and the model: a shell without ARCHITECT_MODEL
        # runs the offline planner it was seeded for, not the default claude-cli.
        assert set(exports) == {"FORGE_ARCHITECT_TOKEN"}
        env = {**os.environ, **exports, "HOME": str(tmp_path)}
        for name in ("FORGE_TOKEN", "ARCHITECT_PROJECT", "ARCHITECT_MODEL", "FORGE_URL"):
            env.pop(name, None)
        toml = tmp_path / "myproj.toml"
        assert f"wrote {toml}" in shown
        seeded = toml.read_text()
        assert 'model            = "offline"' in seeded
        # Not the point here, and the machine may have less memory free than the example asks.
        toml.write_text(seeded.replace("min_available_mb = 2000", "min_available_mb = 0"))

        check = architect("init", "-p", str(toml), "--check", env=env)
        assert check.returncode == 0, check.stdout + check.stderr
        assert "myproj: ready" in check.stdout
        assert architect("enable", "-p", str(toml), env=env).returncode == 0
        dry = architect("run", "-p", str(toml), "--dry-run", env=env)
        assert dry.returncode == 0, dry.stderr
        assert "would: vision #1: pitch a sprint" in dry.stderr
    finally:
        _stop(proc)


def test_seeding_a_data_file_twice_is_refused_with_exit_2(tmp_path: Path) -> None:
    data = tmp_path / "forge.json"
    first = _serve("--data", str(data), cwd=tmp_path)
    try:
        read_until(first, "--dry-run")
    finally:
        _stop(first)
    again = subprocess.run([*ARCHITECT, "forge", "--port", "0", "--seed", "--data", str(data)],
                           capture_output=True, text=True, timeout=60, check=False, cwd=tmp_path)
    assert again.returncode == 2
    assert "--seed: the forge has @architect-bot already (seeded before)" in again.stderr


def test_a_project_file_that_exists_is_left_alone_and_the_seeded_one_printed(
        tmp_path: Path) -> None:
    mine = tmp_path / "myproj.toml"
    mine.write_text("# mine\n")
    proc = _serve(cwd=tmp_path)
    try:
        shown = read_until(proc, "--dry-run")
    finally:
        _stop(proc)
    assert mine.read_text() == "# mine\n"
    assert f"{mine} exists, left as it is; this is the seeded one:" in shown
    assert '  | model            = "offline"' in shown
