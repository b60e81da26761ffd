"""`architect forge --seed`: the forge set up for `architect init --example`, so that the
README's commands run against it as printed."""

from __future__ import annotations

import os
import re
import signal
import subprocess
from pathlib import Path

from tests.cli.conftest import ARCHITECT, architect, read_until


def _serve(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([*ARCHITECT, "forge", "--port", "0", "--seed", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _stop(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
    proc.communicate(timeout=10)


def test_the_printed_commands_run_against_the_seeded_forge(tmp_path: Path) -> None:
    proc = _serve()
    try:
        shown = read_until(proc, "--dry-run")
        assert "Admin login: forge-admin" in shown
        exports = dict(re.findall(r"(\w+)=(\S+)", "\n".join(
            line for line in shown.splitlines() if line.strip().startswith("export "))))
        assert set(exports) == {"FORGE_ARCHITECT_TOKEN", "FORGE_URL", "ARCHITECT_MODEL"}
        env = {**os.environ, **exports, "HOME": str(tmp_path)}
        env.pop("FORGE_TOKEN", None)
        env.pop("ARCHITECT_PROJECT", None)
        assert "architect init --example > myproj.toml" in shown
        example = architect("init", "--example", env=env)
        # Not the point here, and the machine may have less memory free than the example asks.
        toml = tmp_path / "myproj.toml"
        toml.write_text(example.stdout.replace("min_available_mb = 2000", "min_available_mb = 0"))

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
    first = _serve("--data", str(data))
    try:
        read_until(first, "--dry-run")
    finally:
        _stop(first)
    again = subprocess.run([*ARCHITECT, "forge", "--port", "0", "--seed", "--data", str(data)],
                           capture_output=True, text=True, timeout=60, check=False)
    assert again.returncode == 2
    assert "--seed: the forge has @architect-bot already (seeded before)" in again.stderr
